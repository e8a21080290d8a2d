import Library
import Testing
@testable import TUI

/// Editing in the photo view never loses the photo: a date that moves it to another folder
/// takes the view along and says where; search results re-sorted by an edit or an undo keep
/// the same photo on screen, not the same position.
@Suite struct EditsMoveTheViewTests {
    /// Grouped by date, the photo view open on the month's photo at `index`.
    static func photoViewByDate(index: Int = 0) throws -> AppState {
        var state = TestLibrary.state(remembered: RememberedState(grouping: .date))
        state.sendWorking(.resized(columns: 80, rows: 24))
        let year = try #require(state.homeFolders.firstIndex { $0.name == "2024" })
        for _ in 0..<year { state.pressWorking(.right) }
        state.pressWorking(.enter, .enter)
        for _ in 0..<index { state.pressWorking(.right) }
        state.pressWorking(.enter)
        return state
    }

    @Test func aNewDateTakesThePhotoViewToTheFolderThePhotoMovedTo() throws {
        var state = try Self.photoViewByDate(index: 1)
        let photo = try #require(state.detailPhoto)
        state.pressWorking(.char("d"))
        state.typeWorking("2019-07-14 10:00")
        state.pressWorking(.enter)
        // Still the same photo, now in July 2019, and the status line says so.
        #expect(state.detailPhoto?.id == photo.id)
        #expect(state.currentGroup?.name == "July 2019")
        #expect(state.status == "Moved to 2019 › July 2019")
        #expect(AppView.render(state).text().contains("Moved to 2019 › July 2019"))
        // Back goes up the photo's new folders: the month with it selected, the year, home.
        state.pressWorking(.escape)
        #expect(state.screen == .group(id: state.currentPage!.group.id))
        #expect(state.selectedPhotoID == photo.id)
        state.pressWorking(.escape)
        #expect(state.currentPage?.group.name == "2019")
        state.pressWorking(.escape)
        #expect(state.screen == .home)
        #expect(state.homeFolders[state.homeCursor.selected].name == "2019")

        // Undo brings it back to May 2024, the view still on it.
        state.pressWorking(.enter, .enter, .enter)
        #expect(state.detailPhoto?.id == photo.id)
        state.pressWorking(.char("u"))
        #expect(state.detailPhoto?.id == photo.id)
        #expect(state.currentGroup?.name == "May 2024")
        #expect(state.status == "Moved to 2024 › May 2024")
    }

    /// A date inside the same folder moves the photo within it: the view stays on it, silently.
    @Test func aNewDateInTheSameFolderKeepsThePhotoWithoutAWord() throws {
        var state = try Self.photoViewByDate(index: 0)
        let photo = try #require(state.detailPhoto)
        state.pressWorking(.char("d"))
        state.typeWorking("2024-05-30 10:00")
        state.pressWorking(.enter)
        #expect(state.detailPhoto?.id == photo.id)
        #expect(state.currentGroup?.name == "May 2024")
        #expect(state.status?.hasPrefix("Moved") == false)
    }

    /// Search results are sorted by date: a shift re-sorts them. The photo view and the grid on
    /// the results stay on the photo, through the edit and its undo.
    @Test func undoInSearchResultsKeepsThePhotoNotTheIndex() throws {
        var state = TestLibrary.state()
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        state.pressWorking(.enter, .enter)
        let first = try #require(state.detailPhoto)
        #expect(first.fileName == "garden-01.jpg")
        state.pressWorking(.char("d"), .tab)
        state.typeWorking("+1d")
        state.pressWorking(.enter)
        #expect(state.detailPhoto?.id == first.id)
        state.pressWorking(.char("u"))
        #expect(state.detailPhoto?.id == first.id)
        state.pressWorking(.char("U"))
        #expect(state.detailPhoto?.id == first.id)

        // The grid below, too.
        state.pressWorking(.escape)
        #expect(state.selectedPhotoID == first.id)
        state.pressWorking(.char("u"))
        #expect(state.selectedPhotoID == first.id)
        #expect(state.currentGroup?.photoIDs.first == first.id)
    }

    /// The results of "garden year:2024", with the grid on the `index`th.
    static func gardenResults(index: Int) throws -> AppState {
        var state = TestLibrary.state()
        state.sendWorking(.resized(columns: 100, rows: 30))
        state.pressWorking(.char("/"))
        state.typeWorking("garden year:2024")
        state.pressWorking(.enter)
        for _ in 0..<index { state.pressWorking(.right) }
        return state
    }

    /// A date that takes the photo on screen out of the search results closes the photo view
    /// on the results, says why, and selects the result that followed it.
    @Test func aPhotoThatNoLongerMatchesTheSearchIsSaidAndTheNextResultSelected() throws {
        var state = try Self.gardenResults(index: 4)
        state.pressWorking(.enter)
        let photo = try #require(state.detailPhoto)
        #expect(photo.fileName == "garden-05.jpg")
        let count = try #require(state.currentGroup?.count)
        state.pressWorking(.char("d"))
        state.typeWorking("2004")
        state.pressWorking(.enter)
        #expect(state.screen == .group(id: SearchState.resultsID))
        #expect(state.currentGroup?.count == count - 1)
        #expect(state.status == "Set date of 1 photo to 2004 — it no longer matches the search")
        #expect(AppView.render(state).text().contains("Set date of 1 photo to 2004 — it no longer matches the search"))
        #expect(state.selectedPhotoID.flatMap(state.library.photo(id:))?.fileName == "garden-06.jpg")
    }

    /// From the results grid too; the last result's nearest is the one before it.
    @Test func theLastResultLeavingSelectsTheOneBefore() throws {
        var state = try Self.gardenResults(index: 0)
        state.pressWorking(.end)
        let last = try #require(state.selectedPhotoID.flatMap(state.library.photo(id:)))
        #expect(last.fileName == "garden-30.jpg")
        state.pressWorking(.char("d"))
        state.typeWorking("2004")
        state.pressWorking(.enter)
        #expect(state.status == "Set date of 1 photo to 2004 — it no longer matches the search")
        #expect(state.selectedPhotoID.flatMap(state.library.photo(id:))?.fileName == "garden-29.jpg")
        // Undo brings it back into the results; the grid stays where it is.
        state.pressWorking(.char("u"))
        #expect(state.currentGroup?.photoIDs.contains(last.id) == true)
    }
}
