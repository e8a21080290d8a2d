import Library
import Testing
@testable import TUI

/// Marks, favourites, the date and place forms, the map and undo: pure `update` calls.
@Suite struct OrganiseTests {
    /// The Garden group open (30 photos, 09:01 … 09:30 on 2024-05-10).
    static func garden(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = TestLibrary.state(columns: columns, rows: rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        return state
    }

    func takenAt(_ state: AppState, _ index: Int) -> String? {
        state.currentGroup.flatMap { state.library.photo(id: $0.photoIDs[index])?.takenAt }
    }

    // MARK: - Marks

    @Test func spaceMarksAndMovesOnVMarksARangeAMarksAllEscClearsThenGoesBack() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "))
        #expect(state.marks.count == 2)
        #expect(state.groupCursor.selected == 2)
        state.press(.right, .right, .char("v"))              // from the last mark (1) to 4
        #expect(state.marks.count == 5)
        #expect(AppView.render(state).text().contains("5 marked"))
        state.press(.char(" "))                               // unmark 4, move to 5
        #expect(state.marks.count == 4)
        state.press(.char("A"))
        #expect(state.marks.count == 30)
        state.press(.char("A"))
        #expect(state.marks.isEmpty)
        state.press(.char(" "), .escape)
        #expect(state.marks.isEmpty)
        #expect(state.screen == .group(id: state.groupID(at: TestLibrary.gardenIndex)))
        state.press(.escape)
        #expect(state.screen == .home)
    }

    @Test func leavingTheGroupDropsTheMarks() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "))
        state.press(.backspace)   // clears
        state.press(.char(" "))
        state.goBack()
        #expect(state.marks.isEmpty)
    }

    // MARK: - Favourites

    @Test func favouriteTogglesTheSelectedPhotoOrEveryMarkedOneAndMakesAFavouritesFolder() {
        var state = Self.garden()
        let effects = state.press(.char("f"))
        #expect(state.library.photos.filter(\.isFavourite).count == 1)
        guard case .saveEdits(.apply, _)? = effects.first else {
            Issue.record("favourite must be saved: \(effects)")
            return
        }
        #expect(state.status == "Favourite 1 photo")
        #expect(AppView.render(state).text().contains("★ garden-01.jpg"))
        state.press(.right, .char(" "), .char(" "), .char("f"))   // marks 2 and 3
        #expect(state.library.photos.filter(\.isFavourite).count == 3)
        state.press(.escape, .escape)
        #expect(state.library.homeFolders.first?.name == "Favourites")
        #expect(state.library.homeFolders.first?.count == 3)
        #expect(AppView.render(state).text().contains("Favourites"))
    }

    @Test func favouriteInTheDetailViewShowsAStarInTheStatusLine() {
        var state = Self.garden()
        state.press(.enter, .char("f"))
        #expect(DetailScreen.statusLine(state).hasPrefix("★ garden-01.jpg"))
    }

    // MARK: - Undo

    @Test func undoAndRedoWorkAcrossScreensAndSayWhatTheyDid() {
        var state = Self.garden()
        state.press(.char("f"))
        state.press(.escape)
        #expect(state.screen == .home)
        let effects = state.press(.char("u"))
        #expect(state.status == "Undid: favourite 1 photo")
        #expect(state.library.photos.allSatisfy { !$0.isFavourite })
        guard case .saveEdits(.undo, _)? = effects.first else {
            Issue.record("undo must be saved: \(effects)")
            return
        }
        state.press(.ctrl("r"))
        #expect(state.status == "Redid: favourite 1 photo")
        state.press(.char("u"), .char("U"))
        #expect(state.library.photos.filter(\.isFavourite).count == 1)
        state.press(.char("u"), .char("u"))
        #expect(state.status == "Nothing to undo")
    }

    // MARK: - The date form

    @Test func shiftingThreeMarkedPhotosKeepsTheirSpacingAndTheCursorFollowsThePhoto() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "), .char(" "), .left)   // marks 1–3, selects 3
        state.press(.char("d"), .tab)
        state.type("+3h")
        let text = AppView.render(state).text()
        #expect(text.contains("First: 2024-05-10 09:01:00 → 2024-05-10 12:01:00"))
        #expect(text.contains("Last:  2024-05-10 09:03:00 → 2024-05-10 12:03:00"))
        state.press(.enter)
        #expect(state.dateForm == nil)
        #expect(state.status == "Shift date of 3 photos by +3h")
        // They now come after the other 27 (09:04 … 09:30), in the same order.
        #expect(takenAt(state, 27) == "2024-05-10T12:01:00")
        #expect(takenAt(state, 29) == "2024-05-10T12:03:00")
        #expect(state.groupCursor.selected == 29)
        state.press(.char("u"))
        #expect(takenAt(state, 0) == "2024-05-10T09:01:00")
    }

    @Test func settingAYearDatesAScannedPrintAndKeepsTheOrder() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "), .char("d"))
        state.type("1987")
        state.press(.enter)
        #expect(takenAt(state, 0) == "1987-01-01T00:00:00")
        #expect(takenAt(state, 1) == "1987-01-01T00:00:01")
        #expect(state.library.photo(id: state.currentGroup!.photoIDs[0])?.takenAtText == "1987")
    }

    @Test func badInputSaysWhatIsWrongAndChangesNothing() {
        var state = Self.garden()
        let before = state.library
        state.press(.char("d"))
        state.type("2019-13")
        #expect(AppView.render(state).text().contains("month 13 is not 1–12"))
        state.press(.enter)
        #expect(state.dateForm != nil)
        state.press(.down)
        state.type("+2")
        #expect(AppView.render(state).text().contains("a time zone is an offset like +02:00"))
        state.press(.escape)
        #expect(state.dateForm == nil)
        #expect(state.library == before)
    }

    @Test func aZoneAloneSetsTheOffset() {
        var state = Self.garden()
        state.press(.char("d"), .tab, .down)
        state.type("-03:00")
        state.press(.enter)
        #expect(takenAt(state, 0) == "2024-05-10T09:01:00-03:00")
    }

    // MARK: - The place form and the map

    @Test func coordinatesSetThePlaceAndTheMapShowsIt() {
        var state = Self.garden()
        state.press(.char("L"))
        state.type("22°54'24\"S 43°10'22\"W")
        #expect(AppView.render(state).text().contains("→ -22.90667, -43.17278"))
        state.press(.enter)
        let photo = state.library.photo(id: state.currentGroup!.photoIDs[0])
        #expect(abs((photo?.gps?.latitude ?? 0) + 22.90667) < 0.0001)
        state.press(.char("m"))
        #expect(state.keyContext == .map)
        #expect(AppView.render(state).text().contains("Map · garden-01.jpg"))
        state.press(.char("+"), .left, .escape)
        #expect(state.map == nil)
        #expect(state.screen == .group(id: state.groupID(at: TestLibrary.gardenIndex)))
    }

    @Test func aCityIsFoundAsYouTypeAndBackspaceOnEmptyOffersToClear() throws {
        guard (try? PlaceTable.shared()) != nil else { return }   // the table ships with the build
        var state = Self.garden()
        state.press(.char("L"))
        state.type("rio de j")
        #expect(AppView.render(state).text().contains("Rio de Janeiro, Brazil"))
        state.press(.enter)
        #expect(state.status == "Set place of 1 photo to Rio de Janeiro, BR")
        state.press(.char("L"), .backspace)
        #expect(AppView.render(state).text().contains("Clear the place of 1 photo?"))
        state.press(.enter)
        let photo = try #require(state.library.photo(id: state.currentGroup!.photoIDs[0]))
        #expect(photo.gps == nil && photo.edits.location == .cleared)
    }

    @Test func theMapNeedsAPlace() {
        var state = Self.garden()
        state.press(.char("m"))
        #expect(state.map == nil)
        #expect(state.status?.contains("No place to show") == true)
    }

    // MARK: - Saving

    @Test func aSaveKeepsTheScreensLibraryAndOnlyMarksItsEditsSaved() {
        var state = Self.garden()
        state.press(.char("f"))                       // sequence 1
        state.press(.right, .char("f"))               // sequence 2
        let shown = state.library
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 7)), through: 1))
        #expect(state.library == shown)
        #expect(state.unsaved.map(\.sequence) == [2])
        state.send(.editsSaved(.failure(Failure("Edits not saved yet (locked); trying again")), through: 2))
        #expect(state.status?.contains("not saved yet") == true)
        #expect(state.unsaved.count == 1)
        let note = "cut off the unfinished last line 3 of the edit journal /x/library.journal.jsonl"
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 8, notes: [note])), through: 2))
        #expect(state.unsaved.isEmpty)
        #expect(state.library == shown)
        #expect(state.status == note)
    }

    @Test func aLibraryOutOfReachIsSaidUntilTheEditThatWaitedIsSaved() {
        var state = Self.garden(columns: 120, rows: 30)
        state.press(.char("f"))
        let shown = state.library
        let notSaved = "Not saved: 1 edit, trying again — the PostgreSQL library postgresql://anna@nas/photos failed: cannot connect"
        state.send(.editsSaved(.failure(Failure(notSaved)), through: 1))
        state.send(.libraryLoaded(.failure(Failure("Cannot follow changes to the library: …")), byAnotherWriter: true))
        state.press(.right)   // a key clears other messages, not this one
        #expect(AppView.render(state).text().contains("Not saved: 1 edit, trying again"))
        #expect(state.library == shown, "the edit stays on screen")
        state.send(.libraryReachable)   // following works again, but the edit still waits
        #expect(AppView.render(state).text().contains("Not saved: 1 edit"))
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 3)), through: 1))
        #expect(state.status == "Saved now: 1 edit that waited; the library answers again")
        state.press(.right)
        #expect(!AppView.render(state).text().contains("Not saved"), "over once saved")
    }

    @Test func anotherWritersEditsArriveAsEditsAndThePendingOnesStay() throws {
        var state = Self.garden()
        let ids = try #require(state.currentGroup).photoIDs
        let elsewhere = EditPlanner(library: state.library).setDescription([ids[1]], to: "Lisbon")
        state.send(.editsAppendedElsewhere([.apply(elsewhere)]))
        #expect(state.library.photo(id: ids[1])?.description == "Lisbon")
        #expect(state.library.history.undo.last == elsewhere)
        #expect(state.status?.contains("another photory-tui") == true)
        // With an edit of its own pending, which lands after theirs on disk, the browser reads
        // the library again (quietly) and replays its pending edit on top.
        state.press(.char("f"))
        let other = EditPlanner(library: state.library).setDescription([ids[2]], to: "Porto")
        #expect(state.send(.editsAppendedElsewhere([.apply(other)])) == [.catchUpWithDisk])
        var fromDisk = TestLibrary.standard()
        fromDisk.apply(elsewhere)
        fromDisk.apply(other)
        state.send(.libraryLoaded(.success(fromDisk), byAnotherWriter: true))
        #expect(state.library.photo(id: ids[0])?.isFavourite == true)
        #expect(state.library.photo(id: ids[2])?.description == "Porto")
        #expect(state.library.history.undo.suffix(2).first == other)
        #expect(state.unsaved.count == 1)
        #expect(state.status?.contains("reloaded") != true)
    }

    // MARK: - Info panel

    @Test func infoPanelShowsTheEditedValueAndTheFilesAndAsksForTheFileDetails() {
        var state = Self.garden()
        let effects = state.press(.char("i"))
        guard case .readDetails? = effects.first else {
            Issue.record("the panel must ask for the file's details: \(effects)")
            return
        }
        state.press(.char("d"))
        state.type("2004-12-25 18:30")
        state.press(.enter)
        let text = AppView.render(state).text()
        #expect(text.contains("2004-12-25 18:30 ✎ edited"))
        #expect(text.contains("file: 2024-05-10 09:01:00"))
    }

    /// At 30×12 the panel is taller than the screen: its border says there is more, ↑ and ↓
    /// scroll it to its last line, ← and → still page, and the next photo's panel starts at its top.
    @Test func aPanelTallerThanTheScreenSaysSoAndScrolls() throws {
        var state = Self.garden(columns: 30, rows: 12)
        state.press(.enter, .char("i"))
        let photo = try #require(state.detailPhoto)
        var text = AppView.render(state).text()
        #expect(text.contains("↓ more"), "\(text)")
        #expect(!text.contains("Favourite"))
        for _ in 0..<30 { state.press(.down) }
        #expect(state.detailPhoto?.id == photo.id, "↓ scrolls the panel, it does not page")
        text = AppView.render(state).text()
        #expect(text.contains("Favourite") && text.contains("no"), "\(text)")
        #expect(!text.contains("↓ more") && text.contains("↑"))
        state.press(.up)
        #expect(AppView.render(state).text().contains("↓ more"))
        state.press(.right)
        #expect(state.detailPhoto?.id != photo.id)
        text = AppView.render(state).text()
        #expect(text.contains("Name") && text.contains("↓ more"), "\(text)")

        // Over the grid too.
        state.press(.escape)
        text = AppView.render(state).text()
        #expect(text.contains("↓ more"), "\(text)")
        for _ in 0..<30 { state.press(.down) }
        #expect(AppView.render(state).text().contains("Favourite"))
    }

    /// Where the panel fits, ↑ and ↓ do what they did: page in the photo view.
    @Test func aPanelThatFitsLeavesTheArrowsAlone() throws {
        var state = Self.garden(columns: 200, rows: 60)
        state.press(.enter, .char("i"))
        let photo = try #require(state.detailPhoto)
        #expect(!AppView.render(state).text().contains("↓ more"))
        state.press(.down)
        #expect(state.detailPhoto?.id != photo.id)
    }
}
