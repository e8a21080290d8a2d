import Fixtures
import Foundation
import Testing
@testable import Library

/// `LibraryStore.news(since:)`: what a reader that loaded the library earlier learns of the
/// lines other writers appended, of an append under way, and of a new snapshot.
@Suite struct JournalNewsTests {
    private func makeStore(_ folder: TemporaryFolder) throws -> LibraryStore {
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: (0..<4).map { samplePhoto("p\($0)") }))
        return store
    }

    private func favourite(_ id: String, in store: LibraryStore) throws -> LibraryEdit {
        .apply(EditPlanner(library: try store.load()).setFavourite([id], true))
    }

    @Test func linesAppendedAfterTheLoadAreTheNewsOnceEach() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite("p0", in: store)], lockTimeout: 1)
        let loaded = try store.loadWithNotes()
        let position = try #require(loaded.position)
        #expect(position.sequence == 1)
        guard case .unchanged = try store.news(since: position) else {
            Issue.record("nothing was appended")
            return
        }
        let second = try favourite("p1", in: store), third = try favourite("p2", in: store)
        try store.append([second], lockTimeout: 1)
        try store.append([third], lockTimeout: 1)
        guard case let .appended(lines, next) = try store.news(since: position) else {
            Issue.record("two lines were appended")
            return
        }
        #expect(lines.map(\.sequence) == [2, 3])
        #expect(lines.map(\.edits) == [[second], [third]])
        guard case .unchanged = try store.news(since: next) else {
            Issue.record("the news are not told twice")
            return
        }
        // The reader's copy with the news replayed is the library on disk.
        var library = loaded.library
        for line in lines { for edit in line.edits { library.replay(edit) } }
        #expect(library == (try store.load()))
    }

    @Test func anAppendUnderWayIsLeftForTheNextLook() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        let position = try #require(try store.loadWithNotes().position)
        let edit = try favourite("p3", in: store)
        try store.append([edit], lockTimeout: 1)
        let journal = LibraryJournal(libraryPath: store.path)
        let whole = try FileBytes.read(journal.path)
        let lastLineStart = try #require(whole.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
        // The line half written, as a reader may catch it mid-append.
        try journal.write(Array(whole[..<(lastLineStart + 10)]))
        guard case let .appended(none, halfway) = try store.news(since: position) else {
            Issue.record("the journal changed")
            return
        }
        #expect(none.isEmpty)
        try journal.write(whole)
        guard case let .appended(lines, _) = try store.news(since: halfway) else {
            Issue.record("the line is whole now")
            return
        }
        #expect(lines.map(\.edits) == [[edit]])
    }

    @Test func aDamagedLineBeforeTheLastIsNamedByItsNumber() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite("p0", in: store)], lockTimeout: 1)
        let position = try #require(try store.loadWithNotes().position)
        let journal = LibraryJournal(libraryPath: store.path)
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":2,\"edits\":[{\"apply\"\n".utf8))
        // Last, the line may be torn (loading drops it too): left for the next look.
        guard case let .appended(none, _) = try store.news(since: position) else {
            Issue.record("the journal grew")
            return
        }
        #expect(none.isEmpty)
        handle.write(Data(LibraryJournal.encode(LibraryJournal.Entry(seq: 3, at: 0, edits: [try favourite("p1", in: store)]))))
        handle.closeFile()
        #expect {
            try store.news(since: position)
        } throws: { error in
            guard case let .damagedJournal(path, line, _) = error as? LibraryStoreError else { return false }
            return path == journal.path && line == 3
        }
    }

    @Test func aCompactionOrAnImportElsewhereIsANewSnapshotToReadAgain() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite("p0", in: store)], lockTimeout: 1)
        let position = try #require(try store.loadWithNotes().position)
        try store.compact(lockTimeout: 1, repair: false)
        guard case .rewritten = try store.news(since: position) else {
            Issue.record("the journal was folded into a new snapshot")
            return
        }
        // From a fresh read, lines appended to the new generation are news again.
        let fresh = try #require(try store.loadWithNotes().position)
        try store.append([try favourite("p1", in: store)], lockTimeout: 1)
        guard case let .appended(lines, _) = try store.news(since: fresh) else {
            Issue.record("a line was appended to the new journal")
            return
        }
        #expect(lines.map(\.sequence) == [1])
    }

    @Test func aLibraryWithoutAJournalYetHearsOfItsFirstSnapshot() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        let position = try #require(try store.loadWithNotes().position)
        guard case .unchanged = try store.news(since: position) else {
            Issue.record("there is still no library")
            return
        }
        try store.save(PhotoLibrary(photos: [samplePhoto("p0")]))
        guard case .rewritten = try store.news(since: position) else {
            Issue.record("an import wrote the first snapshot")
            return
        }
    }
}
