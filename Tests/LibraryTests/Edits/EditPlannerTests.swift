import Testing
@testable import Library

@Suite struct EditPlannerTests {
    /// Three photos an hour apart in "Trip", one undated-looking file in "Other".
    func library() -> PhotoLibrary {
        PhotoLibrary(photos: [
            samplePhoto("b", description: "Trip", takenAt: "2024-07-01T11:00:00"),
            samplePhoto("a", description: "Trip", takenAt: "2024-07-01T10:00:00"),
            samplePhoto("c", description: "Trip", takenAt: "2024-07-01T12:30:00+02:00"),
            samplePhoto("d", takenAt: "2024-01-01T00:00:00"),
        ])
    }

    @Test func shiftKeepsTheSpacingExactly() throws {
        var library = library()
        let step = EditPlanner(library: library).shiftDate(["a", "b", "c"], by: try TimeShift(parsing: "+3h"))
        #expect(step.label == "shift date of 3 photos by +3h")
        library.apply(step)
        #expect(library.photo(id: "a")?.takenAt == "2024-07-01T13:00:00")
        #expect(library.photo(id: "b")?.takenAt == "2024-07-01T14:00:00")
        #expect(library.photo(id: "c")?.takenAt == "2024-07-01T15:30:00+02:00")
        #expect(library.photo(id: "a")?.takenAtSource == .edited)
        #expect(library.photo(id: "a")?.fileTakenAt == "2024-07-01T10:00:00")
    }

    @Test func shiftWithATimeZoneSetsTheOffset() throws {
        var library = library()
        library.apply(EditPlanner(library: library).shiftDate(["a"], by: TimeShift(seconds: -1800), offset: "-03:00"))
        #expect(library.photo(id: "a")?.takenAt == "2024-07-01T09:30:00-03:00")
    }

    @Test func settingOneDateKeepsTheOrderASecondApart() throws {
        var library = library()
        let step = EditPlanner(library: library).setDate(["c", "a", "b"], to: try DateInput(parsing: "2004"))
        library.apply(step)
        #expect(library.photo(id: "a")?.takenAt == "2004-01-01T00:00:00")
        #expect(library.photo(id: "b")?.takenAt == "2004-01-01T00:00:01")
        #expect(library.photo(id: "c")?.takenAt == "2004-01-01T00:00:02+02:00")   // keeps its own offset
        #expect(library.photo(id: "a")?.takenAtPrecision == .year)
        #expect(library.groups.first { $0.name == "Trip" }?.photoIDs == ["a", "b", "c"])
    }

    @Test func aChangedDateMovesThePhotoInItsGroup() {
        var library = library()
        library.apply(EditPlanner(library: library).shiftDate(["a"], by: TimeShift(months: 1)))
        #expect(library.groups.first { $0.name == "Trip" }?.photoIDs == ["b", "c", "a"])
    }

    @Test func favouriteTogglesTheWholeBatch() {
        var library = library()
        library.apply(EditPlanner(library: library).toggleFavourite(["a"]))
        let step = EditPlanner(library: library).toggleFavourite(["a", "b"])
        #expect(step.label == "favourite 2 photos")
        #expect(step.changes.map(\.photoID) == ["b"])   // a already is one
        library.apply(step)
        #expect(library.photos.filter(\.isFavourite).map(\.id).sorted() == ["a", "b"])
        library.apply(EditPlanner(library: library).toggleFavourite(["a", "b"]))
        #expect(library.photos.filter(\.isFavourite).isEmpty)
    }

    @Test func locationCanBeSetAndClearedOverTheFile() {
        var photo = samplePhoto("g")
        photo.fileGPS = GPSPosition(latitude: 1, longitude: 2)
        var library = PhotoLibrary(photos: [photo])
        let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729)
        library.apply(EditPlanner(library: library).setLocation(["g"], to: rio, name: "Rio de Janeiro, BR"))
        #expect(library.history.undo.last?.label == "set place of 1 photo to Rio de Janeiro, BR")
        #expect(library.photo(id: "g")?.gps == rio)
        library.apply(EditPlanner(library: library).setLocation(["g"], to: nil))
        #expect(library.photo(id: "g")?.gps == nil)
        #expect(library.photo(id: "g")?.fileGPS == GPSPosition(latitude: 1, longitude: 2))
        #expect(library.photo(id: "g")?.edits.editedFields == ["location"])
    }

    @Test func descriptionRegroupsAndEmptySendsToOther() {
        var library = library()
        library.apply(EditPlanner(library: library).setDescription(["d"], to: "Trip"))
        #expect(library.group(named: "Trip")?.count == 4)
        library.apply(EditPlanner(library: library).setDescription(["a"], to: ""))
        #expect(library.group(named: "Other")?.photoIDs == ["a"])
        #expect(library.photo(id: "a")?.descriptionSource == nil)
    }

    @Test func undoAndRedoMoveWholeSteps() throws {
        var library = library()
        let original = library
        library.apply(EditPlanner(library: library).shiftDate(["a", "b", "c"], by: try TimeShift(parsing: "+3h")))
        library.apply(EditPlanner(library: library).toggleFavourite(["b"]))
        #expect(library.undo()?.label == "favourite 1 photo")
        #expect(library.undo()?.label == "shift date of 3 photos by +3h")
        #expect(library.photos == original.photos)
        #expect(library.groups == original.groups)
        #expect(library.undo() == nil)
        #expect(library.redo()?.label == "shift date of 3 photos by +3h")
        #expect(library.photo(id: "a")?.takenAt == "2024-07-01T13:00:00")
        // A new step drops what could be redone.
        library.apply(EditPlanner(library: library).toggleFavourite(["c"]))
        #expect(library.history.redo.isEmpty)
    }
}
