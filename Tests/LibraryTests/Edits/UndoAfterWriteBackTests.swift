import Fixtures
import Foundation
import Testing
@testable import Library

/// Undo and redo after a write-back folded the edits into the files: undoing a written step
/// brings back what the photos showed before (as edits waiting to be written, since the files
/// now hold the new values), redoing it brings back "what the file says", and the library
/// file keeps what the history learnt.
@Suite struct UndoAfterWriteBackTests {
    static let florence = GPSPosition(latitude: 43.468365, longitude: 11.881635)
    static let saoPaulo = GPSPosition(latitude: -23.5505, longitude: -46.6333)

    static func library() -> PhotoLibrary {
        var a = samplePhoto("a", description: "Trip", takenAt: "2008-10-22T16:43:21")
        a.fileGPS = florence
        return PhotoLibrary(photos: [a, samplePhoto("b", description: "Trip"), samplePhoto("c")])
    }

    /// What `LibraryWriteBack` does to a photo whose file took its edits: the effective
    /// values become the file's, the edits are cleared (the favourite stays).
    static func writeBack(_ library: inout PhotoLibrary, _ ids: [String]) {
        let rewritten = ids.compactMap { library.photo(id: $0) }.map { old in
            var new = old
            new.fileTakenAt = old.takenAt
            new.fileTakenAtSource = .dateTimeOriginal
            new.fileGPS = old.gps
            new.fileDescription = old.description
            new.edits = PhotoEdits(favourite: old.edits.favourite)
            return (before: old, after: new)
        }
        library.filesRewritten(rewritten)
    }

    @Test func undoingAWrittenDateBringsTheOldDateBackAsAnEditToWrite() throws {
        var library = Self.library()
        let step = EditPlanner(library: library).setDate(["a"], to: try DateInput(parsing: "2001-02-03 04:05"))
        library.apply(step)
        Self.writeBack(&library, ["a"])
        #expect(library.photo(id: "a")?.edits.isEmpty == true, "written: not an edit any more")

        let undoneStep = library.undo()
        let undone = try #require(undoneStep)
        let a = try #require(library.photo(id: "a"))
        #expect(a.takenAt == "2008-10-22T16:43:21" && a.takenAtSource == .edited)
        #expect(a.fileTakenAt == "2001-02-03T04:05:00")
        #expect(a.edits.editedFields == ["takenAt"], "counts as edited: the next write puts the old date back")
        #expect(library.unwrittenNote(for: undone) == "the file still holds 2001-02-03 04:05:00 until you write again")

        let redoneStep = library.redo()
        let redone = try #require(redoneStep)
        #expect(library.photo(id: "a")?.edits.isEmpty == true, "redo: the file holds the step's value again")
        #expect(library.photo(id: "a")?.takenAt == "2001-02-03T04:05:00")
        #expect(library.unwrittenNote(for: redone) == nil)
    }

    @Test func undoingTwiceWalksBackThroughEveryValueTheFileWasGiven() throws {
        var library = Self.library()
        let planner = { EditPlanner(library: library) }
        library.apply(planner().setDate(["a"], to: try DateInput(parsing: "2001-02-03 04:05")))
        library.apply(planner().setDate(["a"], to: try DateInput(parsing: "1999-12-31 23:59")))
        Self.writeBack(&library, ["a"])

        library.undo()
        #expect(library.photo(id: "a")?.takenAt == "2001-02-03T04:05:00")
        let firstStep = library.undo()
        let first = try #require(firstStep)
        #expect(library.photo(id: "a")?.takenAt == "2008-10-22T16:43:21")
        #expect(library.photo(id: "a")?.edits.date != nil)
        #expect(library.unwrittenNote(for: first) == "the file still holds 1999-12-31 23:59:00 until you write again")
        #expect(library.undo() == nil)

        library.redo()
        #expect(library.photo(id: "a")?.takenAt == "2001-02-03T04:05:00")
        library.redo()
        #expect(library.photo(id: "a")?.edits.isEmpty == true)
        #expect(library.photo(id: "a")?.takenAt == "1999-12-31T23:59:00")
    }

    @Test func writingTheUndoneValueAndRedoingShowsTheStepsValueAsAnEditAgain() throws {
        var library = Self.library()
        library.apply(EditPlanner(library: library).setDate(["a"], to: try DateInput(parsing: "2001-02-03 04:05")))
        Self.writeBack(&library, ["a"])
        library.undo()
        Self.writeBack(&library, ["a"])          // the old date goes back into the file
        #expect(library.photo(id: "a")?.edits.isEmpty == true)
        #expect(library.photo(id: "a")?.fileTakenAt == "2008-10-22T16:43:21")

        let redoneStep = library.redo()
        let redone = try #require(redoneStep)
        #expect(library.photo(id: "a")?.edits.date?.value == "2001-02-03T04:05:00")
        #expect(library.unwrittenNote(for: redone) == "the file still holds 2008-10-22 16:43:21 until you write again")
        library.undo()
        #expect(library.photo(id: "a")?.edits.isEmpty == true, "back to what the file holds")
    }

    @Test func aPlaceWrittenForSomePhotosOnlyIsUndoneForEachAsItsFileNeeds() throws {
        var library = Self.library()
        let step = EditPlanner(library: library).setLocation(["a", "b", "c"], to: Self.saoPaulo, name: "São Paulo, BR")
        library.apply(step)
        Self.writeBack(&library, ["a", "b"])     // c's file was refused: its edit is still waiting

        let undoneStep = library.undo()
        let undone = try #require(undoneStep)
        #expect(library.photo(id: "a")?.gps == Self.florence, "a's file had Florence")
        #expect(library.photo(id: "a")?.edits.location == .set(Self.florence))
        #expect(library.photo(id: "b")?.gps == nil, "b's file had no place: the edit clears the written one")
        #expect(library.photo(id: "b")?.edits.location == .cleared)
        #expect(library.photo(id: "c")?.edits.isEmpty == true, "c was never written: plain undo")
        #expect(library.unwrittenNote(for: undone) == "2 files still hold the written place until you write again")

        library.redo()
        #expect(library.photos.map(\.gps) == [Self.saoPaulo, Self.saoPaulo, Self.saoPaulo])
        #expect(library.photo(id: "a")?.edits.isEmpty == true)
        #expect(library.photo(id: "c")?.edits.location == .set(Self.saoPaulo), "c still waits to be written")
    }

    @Test func undoingALaterStepKeepsTheWrittenValueAsTheFilesOwn() throws {
        var library = Self.library()
        let planner = { EditPlanner(library: library) }
        library.apply(planner().setDescription(["a"], to: "Siena"))
        library.apply(planner().toggleFavourite(["a"]))
        Self.writeBack(&library, ["a"])

        let undoneStep = library.undo()
        let undone = try #require(undoneStep)
        let a = try #require(library.photo(id: "a"))
        #expect(!a.isFavourite && a.description == "Siena" && a.edits.isEmpty)
        #expect(library.unwrittenNote(for: undone) == nil)
        library.undo()
        #expect(library.photo(id: "a")?.description == "Trip")
        #expect(library.photo(id: "a")?.edits.description == "Trip")
    }

    @Test func theHistoryKeepsWhatItLearntInTheLibraryFileAndOlderFilesStillLoad() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        var library = Self.library()
        library.apply(EditPlanner(library: library).setDate(["a"], to: try DateInput(parsing: "2001-02-03 04:05")))
        Self.writeBack(&library, ["a"])
        try store.save(library)

        let loaded = try store.load()
        #expect(loaded == library)
        #expect(loaded.history.undo.first?.changes.first?.written == true)
        var undone = loaded
        let stepStep = undone.undo()
        let step = try #require(stepStep)
        #expect(undone.photo(id: "a")?.takenAt == "2008-10-22T16:43:21")
        #expect(undone.unwrittenNote(for: step) != nil)

        // A file written before "written" existed: its steps load as not written.
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains(",\"written\":true}"))
        try text.replacingOccurrences(of: ",\"written\":true", with: "").write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.load().history.undo.first?.changes.first?.written == false)
    }
}
