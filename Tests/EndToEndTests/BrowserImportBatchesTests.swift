import Fixtures
import Foundation
import Testing

/// Imports and quitting in the real browser (issue 18, point 8): quitting while another
/// photory-tui imports keeps the favourite just made, a quit that must wait for the library says
/// "Saving…" and waits, and an import started in the browser keeps every batch written when it
/// is interrupted (Ctrl-C, kill -9), with a CLI edit getting in between its batches.
@Suite(.serialized) struct BrowserImportBatchesTests {
    typealias Batches = ImportBatchesTests

    /// Six described photos, imported, and the browser open on their group.
    private func openTrip(_ sandbox: Sandbox, _ tmux: TmuxSession) throws {
        PhotoFixtures.write(PhotoFixtures.series(6, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        try tmux.waitFor("6 photos")
        tmux.send("Enter")
        try tmux.waitFor("photo-01.jpg")
    }

    private func favourites(_ sandbox: Sandbox) throws -> [String] {
        try Batches.listed(sandbox).filter { $0["favourite"] as? Bool == true }
            .compactMap { (($0["path"] as? String) ?? "") as NSString }.map(\.lastPathComponent)
    }

    /// The scenario: the browser open, a long CLI import in another process, `f`, quit.
    @Test func aFavouriteMadeWhileTheCLIImportsIsOnDiskAfterQuitting() throws {
        let sandbox = Sandbox()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try openTrip(sandbox, tmux)
        let folder = Batches.writePhotos(sandbox)
        let process = try Batches.startImport(folder, sandbox)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = try Batches.firstPhotosLine(sandbox)

        tmux.send("f")
        try tmux.waitFor("★ photo-01.jpg")
        tmux.send("Escape")
        try tmux.waitFor("Home")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")
        #expect(process.isRunning, "the browser quit while the import still ran")

        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try Batches.listed(sandbox).count == 6 + Batches.count)
        #expect(try favourites(sandbox) == ["photo-01.jpg"], "the favourite survives the import's end")
    }

    /// Another writer holds the library's lock (flock is per open file: this process excludes
    /// the browser); the browser on Trip favourites its first photo and quits. Returns the
    /// lock's descriptor, for the caller to close.
    private func favouriteAndQuitWithTheLibraryLocked(_ sandbox: Sandbox, _ tmux: TmuxSession) throws -> Int32 {
        try openTrip(sandbox, tmux)
        let lock = open(sandbox.library + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        tmux.send("f")
        try tmux.waitFor("★ photo-01.jpg")
        tmux.send("Escape")
        try tmux.waitFor("Home")
        tmux.send("q")
        return lock
    }

    /// A quit that cannot save at once (the library locked by another writer) says so and waits.
    @Test func quittingWhileTheLibraryIsLockedSaysSavingAndWaits() throws {
        let sandbox = Sandbox()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let lock = try favouriteAndQuitWithTheLibraryLocked(sandbox, tmux)
        var held = true
        defer { if held { close(lock) } }
        try tmux.waitFor("Saving 1 edit…")
        #expect(!tmux.screen().contains("EXITED"), "still waiting for the library")
        close(lock)
        held = false
        try tmux.waitFor("EXITED 0")
        #expect(try favourites(sandbox) == ["photo-01.jpg"])
    }

    /// Quitting again while it waits (a library that will not answer) quits at once and says
    /// which edits were not saved (exit 1): nothing is lost without being said.
    @Test func quittingAgainWhileItWaitsQuitsAndSaysWhatWasNotSaved() throws {
        let sandbox = Sandbox()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let lock = try favouriteAndQuitWithTheLibraryLocked(sandbox, tmux)
        defer { close(lock) }
        try tmux.waitFor("q again quits without them")
        tmux.send("q")
        try tmux.waitFor("EXITED 1")
        #expect(tmux.screen().contains("1 edit could not be saved"))
        #expect(try favourites(sandbox).isEmpty)
    }

    /// An import started in the browser (the picker's `i`), interrupted by Ctrl-C or kill -9 once
    /// batches are written: every photo of every batch written is in the library afterwards, and a
    /// CLI edit made while the import ran is there too.
    @Test(arguments: ["C-c", "kill -9"])
    func aBrowserImportInterruptedKeepsEveryBatchWritten(_ interruption: String) throws {
        let sandbox = Sandbox()
        let start = sandbox.root.path + "/start"
        _ = Batches.writePhotos(sandbox, in: start)
        let run = try BrowserRun.empty(sandbox, cwd: start)
        let tmux = run.tmux
        tmux.send("a")
        try tmux.waitFor("many/")
        tmux.send("i")
        try tmux.waitFor("Importing")
        let first = try Batches.firstPhotosLine(sandbox)

        let edit = try E2E.cli(["edit", try #require(first.first), "--favourite", "--library", sandbox.library],
                               sandbox: sandbox)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(tmux.screen().contains("Importing"), "the edit got in while the browser's import ran")

        if interruption == "C-c" {
            tmux.send("C-c")
            try tmux.waitFor("EXITED 130")
        } else {
            let pid = try #require(tmux.programPID())
            kill(pid, SIGKILL)
            try tmux.waitFor("EXITED 137")
        }
        let written = Set(try Batches.writtenBatches(sandbox).joined())
        let kept = try Batches.listed(sandbox)
        let paths = Set(kept.compactMap { $0["path"] as? String })
        #expect(written.count >= first.count && written.isSubset(of: paths), "every photo of every batch written is kept")
        #expect(paths.count < Batches.count, "interrupted before the end")
        #expect(kept.filter { $0["favourite"] as? Bool == true }.compactMap { $0["path"] as? String } == [first[0]])
    }
}
