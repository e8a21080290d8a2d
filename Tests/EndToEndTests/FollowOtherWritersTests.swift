import Fixtures
import Foundation
import Testing

/// A browser open while a CLI `edit` changes the same library: the change reaches the screen
/// without a key, and edits made at once in both land on disk exactly once.
@Suite("The browser follows other writers")
struct FollowOtherWritersTests {
    func journalEntries(_ sandbox: Sandbox) throws -> [String] {
        let path = String(sandbox.library.dropLast(".json".count)) + ".journal.jsonl"
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.hasPrefix("{\"seq\"") }
    }

    @Test("a CLI edit shows in the open browser without a key; both writers' edits land once")
    func cliEditsReachTheOpenBrowser() throws {
        let run = try BrowserRun()
        let (sandbox, tmux, paths) = (run.sandbox, run.tmux, run.paths)

        let edit = try sandbox.cli(["edit", paths[2], "--favourite"])
        #expect(edit.status == 0, "\(edit.stderr)")
        try tmux.waitFor("★ photo-03.jpg")
        try tmux.waitFor("Changed by another photory-tui: 1 edit")

        // A favourite in the browser and a description from the CLI at the same moment.
        tmux.send("f")
        let describe = try sandbox.cli(["edit", paths[4], "--description", "From the CLI"])
        #expect(describe.status == 0, "\(describe.stderr)")
        try tmux.waitFor("★ photo-01.jpg")
        // The described photo leaves the Trip group on screen, without a key.
        try tmux.waitFor("Trip · 5 photos")
        try sandbox.waitForSavedEdits(1)
        let entries = try journalEntries(sandbox)
        #expect(entries.count == 3, "three edits, one line each: \(entries)")
        let onDisk = try sandbox.photosByName()
        #expect(onDisk["photo-01.jpg"]?["favourite"] as? Bool == true)
        #expect(onDisk["photo-03.jpg"]?["favourite"] as? Bool == true)
        #expect(onDisk["photo-05.jpg"]?["description"] as? String == "From the CLI")

        // The browser's history holds each of the three steps once: three undos, then nothing.
        func edited() throws -> Int {
            let now = try sandbox.photosByName()
            return now.values.filter { $0["favourite"] as? Bool == true }.count
                + (now["photo-05.jpg"]?["description"] as? String == "From the CLI" ? 1 : 0)
        }
        for (undos, left) in [(1, 2), (2, 1), (3, 0)] {
            tmux.send("u")
            try sandbox.waitForSavedEdits(1 + undos)
            let entries = try journalEntries(sandbox).joined(separator: "\n")
            #expect(try edited() == left, "\(tmux.screen())\n\(entries)")
        }
        tmux.send("u")
        try tmux.waitFor("Nothing to undo")
        tmux.send("Escape")
        try tmux.waitFor("Home")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")
    }
}
