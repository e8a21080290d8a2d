import Library
import Testing
@testable import TUI

/// The home grid's Albums section, after the smart folders, and the album picker at 80×24
/// (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct AlbumSnapshotTests {
    /// Two albums: "Trips/Garden" with three photos, and the empty "Best".
    static func home() -> AppState {
        var state = AlbumKeysTests.withAlbum()
        state.press(.escape, .escape)
        var library = state.library
        library.apply(try! EditPlanner(library: library).createAlbum("Best"))
        state.replaceLibrary(library)
        return state
    }

    /// The albums' own row under its heading, between the smart folders' and the groups'.
    @Test func homeShowsTheAlbumsAfterTheSmartFolders() {
        var state = Self.home()
        state.press(.home)
        assertSnapshot(AppView.render(state), named: "albumsOnHome.80x24")
        // Down from the smart folder goes into the albums' row, down again to the groups' row.
        state.press(.down)
        #expect(state.homeFolders[state.homeCursor.selected].name == "Best")
        state.press(.right, .down)
        #expect(state.homeFolders[state.homeCursor.selected].name == "Garden", "the column kept")
        state.press(.up, .up)
        #expect(state.homeFolders[state.homeCursor.selected].name == "Missing", "the nearest in a shorter row")
    }

    @Test func theAlbumPickerListsTheAlbums() {
        var state = Self.home()
        state.openGroup(at: 4)
        state.press(.char("b"))
        state.type("tr")
        assertSnapshot(AppView.render(state), named: "albumPicker.80x24")
    }
}
