import Fixtures
import Foundation
import Testing
@testable import Library

/// The edit journal beside the library file: replay, torn and damaged lines, compaction (and a
/// crash in the middle of one), newer schemas, and appenders racing each other.
@Suite struct LibraryJournalTests {
    private func makeStore(_ folder: TemporaryFolder, photos count: Int = 4) throws -> LibraryStore {
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: (0..<count).map { samplePhoto("p\($0)") }))
        return store
    }

    private func favourite(_ ids: [String], in store: LibraryStore) throws -> LibraryEdit {
        .apply(EditPlanner(library: try store.load()).setFavourite(ids, true))
    }

    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func snapshotGeneration(_ store: LibraryStore) throws -> String? {
        try store.readSnapshot().generation
    }

    @Test func replayingTheJournalGivesTheLibraryTheEditsMade() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var expected = try store.load()
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let edits: [[LibraryEdit]] = [
            [try favourite(["p0", "p1"], in: store)],
            [.apply(EditPlanner(library: try store.load()).setDescription(["p2"], to: "Beach \"day\"\n2"))],
            [.undoLatest],
            [.redoLatest, .undoLatest],
            [.undoLatest, .undoLatest],  // the second finds nothing: not written
        ]
        for batch in edits {
            try store.append(batch, lockTimeout: 1)
            for edit in batch { expected.replay(edit) }
        }
        #expect(try store.load() == expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == snapshot, "an edit does not rewrite library.json")

        let text = try lines(store.journal.path)
        #expect(text.count == 7 && text.last == "", "header, five lines, final newline: \(text)")
        let generation = try #require(try snapshotGeneration(store))
        #expect(text[0] == "{\"photoryJournal\":\(LibraryJournal.format),\"schemaVersion\":\(LibraryStore.schemaVersion),\"generation\":\"\(generation)\"}")
        #expect(text[3].contains("\"seq\":3") && text[3].contains("{\"undo\":\""), "undoLatest is written as the step it undid")
        #expect(!text.joined().contains("Latest"))
        #expect(text.dropFirst().dropLast().allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil },
                "each line is plain JSON")
    }

    @Test func aTornLastLineIsDroppedWithAMessageAndTheNextAppendCutsItOff() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite(["p0"], in: store)], lockTimeout: 1)
        let good = try store.load()
        let handle = try #require(FileHandle(forWritingAtPath: store.journal.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":2,\"at\":1,\"edits\":[{\"apply\":{\"id\":\"x\",\"lab".utf8))
        handle.closeFile()

        let loaded = try store.loadWithNotes()
        #expect(loaded.library == good, "nothing before the torn line is lost")
        #expect(loaded.notes == ["ignored the unfinished last line 3 of the edit journal \(store.journal.path) (an edit interrupted while it was being saved)"])

        let saved = try store.append([try favourite(["p1"], in: store)], lockTimeout: 1)
        #expect(saved.notes.count == 1 && saved.notes[0].hasPrefix("cut off the unfinished last line 3 of the edit journal \(store.journal.path)"))
        #expect(saved.sequence == 2)
        let text = try lines(store.journal.path)
        #expect(text.count == 4 && text[2].hasPrefix("{\"seq\":2,") && !text.joined().contains("\"id\":\"x\""))
        let after = try store.loadWithNotes()
        #expect(after.notes.isEmpty)
        #expect(after.library.photos.filter(\.isFavourite).map(\.id) == ["p0", "p1"])
    }

    @Test func aDamagedMiddleLineRefusesWithItsNumberAndRepairKeepsTheRest() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        for id in ["p0", "p1", "p2"] { try store.append([try favourite([id], in: store)], lockTimeout: 1) }
        var text = try lines(store.journal.path)
        text[2] = String(text[2].prefix(40)) + "#" + String(text[2].dropFirst(41))
        let damaged = Data(text.joined(separator: "\n").utf8)
        try damaged.write(to: URL(fileURLWithPath: store.journal.path))

        for attempt in [{ _ = try store.load() }, { _ = try store.append([.undoLatest], lockTimeout: 1) },
                        { _ = try store.compact(lockTimeout: 1, repair: false) }] {
            let error = try #require(throws: LibraryStoreError.self, performing: attempt)
            guard case let .damagedJournal(path, line, _) = error else { Issue.record("\(error)"); continue }
            #expect(path == store.journal.path && line == 3)
            #expect(error.description.contains("damaged at line 3") && error.description.contains("compact --repair"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.journal.path)) == damaged, "refusing changes nothing")

        let repaired = try store.compact(lockTimeout: 1, repair: true)
        #expect(repaired == Compaction(foldedLines: 2, droppedLines: [3], damagedCopy: store.journal.damagedCopyPath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.journal.damagedCopyPath)) == damaged)
        #expect(try store.load().photos.filter(\.isFavourite).map(\.id) == ["p0", "p2"])
        #expect(try lines(store.journal.path).count == 2, "a fresh journal: the header only")
    }

    /// A second repair keeps its own copy: the first copy holds the only trace of the lines
    /// the first repair dropped.
    @Test func aSecondRepairDoesNotReplaceTheFirstOnesCopy() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var copies: [Data] = []
        for round in 0..<2 {
            for id in ["p0", "p1", "p2"] { try store.append([try favourite([id], in: store)], lockTimeout: 1) }
            var text = try lines(store.journal.path)
            text[2] = String(text[2].prefix(40)) + "#\(round)" + String(text[2].dropFirst(42))
            let damaged = Data((text.joined(separator: "\n") + "\n").utf8)
            try damaged.write(to: URL(fileURLWithPath: store.journal.path))
            copies.append(damaged)
            let repaired = try store.compact(lockTimeout: 1, repair: true)
            #expect(repaired.droppedLines == [3])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.journal.damagedCopyPath)) == copies[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.journal.damagedCopyPath + ".2")) == copies[1])
    }

    @Test func compactionFoldsTheJournalIntoANewSnapshot() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite(["p0"], in: store)], lockTimeout: 1)
        try store.append([try favourite(["p3"], in: store)], lockTimeout: 1)
        let before = try store.load()
        let oldGeneration = try snapshotGeneration(store)

        #expect(try store.compact(lockTimeout: 1, repair: false).foldedLines == 2)
        let newGeneration = try #require(try snapshotGeneration(store))
        #expect(newGeneration != oldGeneration)
        #expect(try store.readSnapshot().library == before, "the snapshot alone holds the edits now")
        #expect(try lines(store.journal.path) == ["{\"photoryJournal\":\(LibraryJournal.format),\"schemaVersion\":\(LibraryStore.schemaVersion),\"generation\":\"\(newGeneration)\"}", ""])
        #expect(try store.load() == before)
        #expect(FileManager.default.fileExists(atPath: store.backupPath))
    }

    @Test func aWholeLibrarySaveFoldsTheJournalIn() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite(["p1"], in: store)], lockTimeout: 1)
        let generation = try snapshotGeneration(store)
        // An import, a write-back or a download: `update` saves the library whole.
        let saved = try store.update(lockTimeout: 1) { library in
            library.apply(adding: [samplePhoto("new")])
            return true
        }
        #expect(saved.photo(id: "p1")?.isFavourite == true, "the change works on the library with the journal replayed")
        #expect(try snapshotGeneration(store) != generation)
        #expect(try lines(store.journal.path).count == 2)
        #expect(try store.readSnapshot().library == saved)
    }

    @Test func aCrashBetweenTheNewSnapshotAndTheNewJournalAppliesNothingTwice() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([try favourite(["p0"], in: store)], lockTimeout: 1)
        try store.append([.undoLatest], lockTimeout: 1)
        try store.append([.redoLatest], lockTimeout: 1)
        let expected = try store.load()
        let oldJournal = try Data(contentsOf: URL(fileURLWithPath: store.journal.path))
        try store.compact(lockTimeout: 1, repair: false)
        // The crash: the new snapshot is in place, the old journal was never replaced.
        try oldJournal.write(to: URL(fileURLWithPath: store.journal.path))

        let loaded = try store.loadWithNotes()
        #expect(loaded.library == expected)
        #expect(loaded.library.history.undo.count == 1, "the step is not done twice")
        #expect(loaded.notes.isEmpty)

        // The next append starts a journal of the new generation instead of adding to the stale one.
        try store.append([try favourite(["p1"], in: store)], lockTimeout: 1)
        let text = try lines(store.journal.path)
        let generation = try #require(try snapshotGeneration(store))
        #expect(text.count == 3 && text[0].contains(generation) && text[1].hasPrefix("{\"seq\":1,"))
        #expect(try store.load().photos.filter(\.isFavourite).map(\.id) == ["p0", "p1"])
        #expect(try store.load().history.undo.count == 2)
    }

    @Test func aJournalFromANewerSchemaIsRefusedNotDropped() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        let generation = try #require(try snapshotGeneration(store))
        for header in ["{\"photoryJournal\":1,\"schemaVersion\":99,\"generation\":\"\(generation)\"}",
                       "{\"photoryJournal\":1,\"schemaVersion\":99,\"generation\":\"another\"}"] {
            let newer = Data((header + "\n{\"seq\":1,\"at\":1,\"edits\":[{\"rate\":5}]}\n").utf8)
            try newer.write(to: URL(fileURLWithPath: store.journal.path))
            let refusal = LibraryStoreError.unsupportedVersion(path: store.journal.path, found: 99, supported: LibraryStore.schemaVersion)
            #expect(throws: refusal) { _ = try store.load() }
            #expect(throws: refusal) { _ = try store.append([.undoLatest], lockTimeout: 1) }
            #expect(throws: refusal) { _ = try store.update(lockTimeout: 1) { _ in true } }
            #expect(try Data(contentsOf: URL(fileURLWithPath: store.journal.path)) == newer)
        }
    }

    @Test func aSchema2LibraryLoadsAndItsFirstEditWritesItWithAGeneration() throws {
        let folder = TemporaryFolder()
        let old = LibraryJSON.encode(schemaVersion: 2, photos: [samplePhoto("a"), samplePhoto("b")])
        let store = LibraryStore(path: folder.write(Data(old), to: "library.json"))
        #expect(try store.load().photos.map(\.id) == ["a", "b"])
        #expect(try snapshotGeneration(store) == nil)

        try store.append([try favourite(["b"], in: store)], lockTimeout: 1)
        #expect(try String(contentsOfFile: store.path, encoding: .utf8).hasPrefix("{\"schemaVersion\":\(LibraryStore.schemaVersion),\"generation\":"))
        #expect(try store.readSnapshot().library.photo(id: "b")?.isFavourite == true)
        #expect(try lines(store.journal.path).count == 2, "a fresh journal for the new snapshot")
        #expect(try store.load().photo(id: "b")?.isFavourite == true)
    }

    /// Schema 4 (albums, the trash list, perceptual hashes): a build that knew only 3 read past
    /// the album list and dropped it when it folded its journal in. A library written by 3 is
    /// written whole in 4 at its first edit, so the older build refuses it instead.
    @Test func aSchema3LibraryIsWrittenInTheNewSchemaAtItsFirstEditSoAnOlderBuildRefusesIt() throws {
        let folder = TemporaryFolder()
        let old = LibraryJSON.encode(schemaVersion: 3, photos: [samplePhoto("a"), samplePhoto("b")], generation: "g3")
        let store = LibraryStore(path: folder.write(Data(old), to: "library.json"))
        let header = "{\"photoryJournal\":\(LibraryJournal.format),\"schemaVersion\":3,\"generation\":\"g3\"}\n"
        _ = folder.write(Data(header.utf8), to: "library.journal.jsonl")
        #expect(try store.load().photos.map(\.id) == ["a", "b"], "an older schema is read")

        let make = try EditPlanner(library: try store.load()).addToAlbum(["a", "b"], named: "Trips/Italy", creating: true)
        try store.append([.apply(make)], lockTimeout: 10)
        #expect(try String(contentsOfFile: store.path, encoding: .utf8).hasPrefix("{\"schemaVersion\":4,"))
        #expect(try lines(store.journal.path).first?.contains("\"schemaVersion\":4,") == true)
        // What a schema-3 build does with these files: it refuses both (it never drops the albums).
        let asSchema3 = try #require(try LibraryJSON.readFile(store.path, supported: 3)).get()
        #expect(asSchema3.schemaVersion == 4 && asSchema3.photos == nil, "a schema-3 build reads no photos: it refuses the file")
        // This build reads the albums back, after another edit and after a compaction.
        try store.append([try favourite(["a"], in: store)], lockTimeout: 10)
        _ = try store.compact(lockTimeout: 10, repair: false)
        let loaded = try store.load()
        let italy = try #require(loaded.album(named: "Trips/Italy"))
        #expect(loaded.photoIDs(inAlbum: italy.id) == ["a", "b"] && loaded.photo(id: "a")?.isFavourite == true)
    }

    @Test func aJournalGrownPastItsShareIsFoldedInAfterTheAppend() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        let generation = try snapshotGeneration(store)
        let long = String(repeating: "sea and sky ", count: LibraryStore.compactionFloor / 12 + 1)
        let saved = try store.append([.apply(EditPlanner(library: try store.load()).setDescription(["p1"], to: long))], lockTimeout: 1)
        #expect(saved.sequence == 1 && saved.notes.isEmpty)
        #expect(try snapshotGeneration(store) != generation, "compacted before append returned")
        #expect(try lines(store.journal.path).count == 2)
        #expect(try store.readSnapshot().library.photo(id: "p1")?.description == long)
    }

    @Test func appendersRacingEachOtherEachLandOnce() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder, photos: 24)
        let planner = EditPlanner(library: try store.load())
        let steps = (0..<24).map { planner.setFavourite(["p\($0)"], true) }
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in stride(from: worker, to: 24, by: 4) {
                do {
                    try store.append([.apply(steps[index])], lockTimeout: 30)
                } catch {
                    Issue.record("append \(index): \(error)")
                }
            }
        }
        let library = try store.load()
        #expect(library.photos.allSatisfy { $0.isFavourite })
        #expect(Set(library.history.undo.map(\.id)) == Set(steps.map(\.id)))
        #expect(library.history.undo.count == 24, "each edit once")
        let entries = try store.journal.parse(try store.journal.readBytes(), generation: try snapshotGeneration(store)).entries
        #expect(entries.map(\.seq) == Array(1...24))
    }
}
