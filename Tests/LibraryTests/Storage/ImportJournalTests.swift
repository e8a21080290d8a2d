import Fixtures
import Foundation
import Testing
@testable import Library

/// An import's batches in the journal (`photos` lines): replayed by inserting or replacing
/// photos by id, keeping the edits already on disk; news to a follower as the photos themselves.
@Suite struct ImportJournalTests {
    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func makeStore(_ folder: TemporaryFolder) throws -> LibraryStore {
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: (0..<4).map { samplePhoto("p\($0)") }))
        return store
    }

    @Test func photosLinesInsertOrReplaceByIdAndKeepTheEditsOnDisk() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([.apply(EditPlanner(library: try store.load()).setFavourite(["p1", "p2"], true))], lockTimeout: 1)
        let loaded = try store.loadWithNotes()
        let position = try #require(loaded.position)
        let loadedBefore = loaded.library

        var moved = samplePhoto("p1")
        moved.path = "/elsewhere/p1 \"moved\".jpg"
        var replacement = samplePhoto("p7")  // p2's file, changed since it was imported
        replacement.path = try store.load().photo(id: "p2")!.path
        try store.appendPhotos(ImportedPhotos(photos: [moved, samplePhoto("p9"), replacement],
                                              renamed: [.init(from: "p2", to: "p7")]), lockTimeout: 1)
        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p9")]), lockTimeout: 1)  // again: no duplicate

        let text = try lines(store.journal.path)
        #expect(text.count == 4, "header, the edit, two photos lines: \(text)")
        #expect(text[2].hasPrefix("{\"seq\":2,") && text[2].contains("\"photos\":[{\"id\":\"p1\""))
        #expect(text[2].contains("\"renamed\":[{\"from\":\"p2\",\"to\":\"p7\"}]"))
        #expect(text.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "each line is plain JSON")

        let library = try store.load()
        #expect(library.photos.map(\.id) == ["p0", "p1", "p3", "p9", "p7"], "replaced in place, new ones at the end")
        #expect(library.photo(id: "p1")?.path == moved.path)
        #expect(library.photos.filter(\.isFavourite).map(\.id) == ["p1", "p7"], "the favourites made before stay")
        #expect(library.history.undo.last?.changes.map(\.photoID).sorted() == ["p1", "p7"], "the history follows the rename")

        // A follower gets the photos lines as the photos themselves; inserting them gives the disk's library.
        guard case let .appended(news, next) = try store.news(since: position) else {
            Issue.record("a photos line is news of its photos, not of a new library to read")
            return
        }
        #expect(news.map(\.sequence) == [2, 3] && news.allSatisfy { $0.edits.isEmpty })
        var followed = loadedBefore
        for line in news { followed.insert(try #require(line.photos)) }
        #expect(followed == library)
        #expect(next.sequence == 3)
        try store.compact(lockTimeout: 1, repair: false)
        #expect(try store.load() == library)
        #expect(try lines(store.journal.path).count == 1)
    }

    @Test func aJournalAnOlderBuildMayReadIsFoldedInBeforeAPhotosLine() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([.apply(EditPlanner(library: try store.load()).setFavourite(["p0"], true))], lockTimeout: 1)
        var text = try lines(store.journal.path)
        text[0] = text[0].replacingOccurrences(of: "\"photoryJournal\":\(LibraryJournal.format)", with: "\"photoryJournal\":1")
        try Data((text.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: store.journal.path))
        #expect(try store.load().photo(id: "p0")?.isFavourite == true, "format 1 still reads")

        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p5")]), lockTimeout: 1)
        let after = try lines(store.journal.path)
        #expect(after.count == 1 && after[0].hasPrefix("{\"photoryJournal\":\(LibraryJournal.format),"),
                "a build that reads only format 1 refuses the journal rather than cut a photos line off")
        let library = try store.load()
        #expect(library.photos.map(\.id) == ["p0", "p1", "p2", "p3", "p5"])
        #expect(library.photo(id: "p0")?.isFavourite == true)
    }

    @Test func theFirstBatchOfANewLibraryWritesItsSnapshot() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("a")]), lockTimeout: 1)
        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("b")]), lockTimeout: 1)
        #expect(try store.readSnapshot().library.photos.map(\.id) == ["a"])
        #expect(try store.load().photos.map(\.id) == ["a", "b"])
    }

    /// A long import appends hundreds of batches: after the first, each reads only what other
    /// writers appended since the last (the snapshot unreadable meanwhile does not matter), so
    /// the last batch costs what the first did.
    @Test func laterBatchesReadOnlyTheJournalsTail() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var position: JournalPosition?
        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p5")]), lockTimeout: 1, after: &position)
        #expect(position != nil)
        try store.append([.apply(EditPlanner(library: try store.load()).setFavourite(["p5"], true))], lockTimeout: 1)
        try LibraryCopyTests().withSnapshotUnreadable(store) {
            try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p6")]), lockTimeout: 1, after: &position)
            try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p7")]), lockTimeout: 1, after: &position)
        }
        let library = try store.load()
        #expect(library.photos.map(\.id) == ["p0", "p1", "p2", "p3", "p5", "p6", "p7"])
        #expect(library.photo(id: "p5")?.isFavourite == true, "the other writer's edit between the batches is kept")
        let text = try lines(store.journal.path)
        #expect(text.count == 5, "header, p5, the edit, p6, p7: \(text)")

        // Another snapshot since (a compaction): the next batch reads the library again.
        try store.compact(lockTimeout: 1, repair: false)
        try store.appendPhotos(ImportedPhotos(photos: [samplePhoto("p8")]), lockTimeout: 1, after: &position)
        #expect(try store.load().photos.map(\.id) == ["p0", "p1", "p2", "p3", "p5", "p6", "p7", "p8"])
    }
}
