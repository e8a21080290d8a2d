import Fixtures
import Foundation
import Testing

/// The edit journal as a user meets it through the real binary: an edit is one synced line
/// beside an untouched library.json, torn and damaged lines are reported, `compact` folds it in.
@Suite struct JournalCLITests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    private func journal(_ sandbox: Sandbox) -> String {
        String(sandbox.library.dropLast(".json".count)) + ".journal.jsonl"
    }

    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func favourites(_ sandbox: Sandbox) throws -> [String] {
        let listed = try run(["list", "--json"], sandbox)
        #expect(listed.status == 0, "\(listed.stderr)")
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return photos.filter { $0["favourite"] as? Bool == true }.compactMap { $0["path"] as? String }.sorted()
    }

    @Test func anEditIsOneJournalLineAndLeavesTheLibraryFileAlone() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        var before = stat()
        #expect(stat(sandbox.library, &before) == 0)
        #expect(try lines(journal(sandbox)).count == 1, "an import leaves a fresh journal: the header")

        let edit = try run(["edit", paths[2], "--favourite"], sandbox)
        #expect(edit.status == 0, "\(edit.stderr)")
        // Once `edit` returned 0 the line is on disk (no process is left to flush it).
        let text = try lines(journal(sandbox))
        #expect(text.count == 2)
        #expect(text[1].hasPrefix("{\"seq\":1,") && text[1].contains("\"after\":{\"favourite\":true}"))
        #expect(try favourites(sandbox) == [paths[2]])

        var after = stat()
        #expect(stat(sandbox.library, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mtim.tv_sec == before.st_mtim.tv_sec
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec, "library.json is not rewritten by an edit")

        #expect(try run(["undo"], sandbox).status == 0)
        #expect(try favourites(sandbox) == [])
        #expect(try lines(journal(sandbox)).last?.contains("{\"undo\":\"") == true)

        let compact = try run(["compact"], sandbox)
        #expect(compact.status == 0 && compact.stdout.contains("folded 2 journal lines into \(sandbox.library)"), "\(compact)")
        #expect(try lines(journal(sandbox)).count == 1)
        #expect(try run(["redo"], sandbox).status == 0, "the history survives compaction")
        #expect(try favourites(sandbox) == [paths[2]])
    }

    @Test func tornAndDamagedLinesAreNamedAndRepairKeepsTheRest() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        for path in paths.prefix(3) { #expect(try run(["edit", path, "--favourite"], sandbox).status == 0) }
        let handle = try #require(FileHandle(forWritingAtPath: journal(sandbox)))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":4,\"at\":17".utf8))
        handle.closeFile()

        let torn = try run(["list"], sandbox)
        #expect(torn.status == 0)
        #expect(torn.stderr.contains("ignored the unfinished last line 5 of the edit journal \(journal(sandbox))"), "\(torn.stderr)")
        #expect(try favourites(sandbox) == Array(paths.prefix(3)).sorted())

        var text = try lines(journal(sandbox))
        text[2] = "{\"seq\":2,\"at\":17,\"edits\":[{\"apply\""
        try Data(text.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: journal(sandbox)))
        for command in [["list"], ["edit", paths[5], "--favourite"], ["compact"]] {
            let refused = try run(command, sandbox)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.stderr.contains("edit journal \(journal(sandbox)) is damaged at line 3"), "\(command): \(refused.stderr)")
        }

        let repaired = try run(["compact", "--repair"], sandbox)
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stderr.contains("dropped journal lines 3, 5: unreadable; the journal as it was is kept as \(journal(sandbox)).damaged"),
                "\(repaired.stderr)")
        #expect(FileManager.default.fileExists(atPath: journal(sandbox) + ".damaged"))
        #expect(try favourites(sandbox) == [paths[0], paths[2]].sorted())
    }

    @Test func theBrowserShowsATornLineOnItsStatusLineAndRefusesADamagedJournal() throws {
        let sandbox = Sandbox()
        try sandbox.importFirstRunPhotos()
        let handle = try #require(FileHandle(forWritingAtPath: journal(sandbox)))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":1,\"at\":17".utf8))
        handle.closeFile()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 160, rows: 40)
        try tmux.waitFor("ignored the unfinished last line 2 of the edit journal")

        let damaged = TmuxSession()
        defer { damaged.kill() }
        // The library's own generation: a journal of another one is stale and never read.
        let generation = try #require(try String(contentsOfFile: sandbox.library, encoding: .utf8)
            .firstMatch(of: /"generation":"([^"]+)"/)?.1)
        try Data("{\"photoryJournal\":1,\"schemaVersion\":3,\"generation\":\"\(generation)\"}\n{\"seq\":1\n{}\n".utf8)
            .write(to: URL(fileURLWithPath: journal(sandbox)))
        try damaged.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 160, rows: 40)
        try damaged.waitFor("EXITED 1")
        #expect(damaged.screen().contains("is damaged at line 2"))
    }

    @Test func twoProcessesEditingAtOnceLoseNothing() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let halves = [Array(paths.prefix(6)), Array(paths.dropFirst(6))]
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { process in
            for path in halves[process] {
                guard let result = try? run(["edit", path, "--favourite"], sandbox), result.status == 0 else {
                    failures.add(path)
                    continue
                }
            }
        }
        #expect(failures.paths.isEmpty)
        #expect(try favourites(sandbox) == paths.sorted())
        let text = try lines(journal(sandbox))
        #expect(text.count == 1 + paths.count, "one line per edit, none twice")
        #expect(Set(text.dropFirst().map { $0.prefix(12) }).count == paths.count, "every seq once")
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ path: String) { lock.withLock { list.append(path) } }
        var paths: [String] { lock.withLock { list } }
    }
}
