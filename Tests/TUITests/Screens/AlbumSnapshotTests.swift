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

    @Test func homeShowsTheAlbumsAfterTheSmartFolders() {
        assertSnapshot(AppView.render(Self.home()), named: "albumsOnHome.80x24")
    }

    @Test func theAlbumPickerListsTheAlbums() {
        var state = Self.home()
        state.openGroup(at: 4)
        state.press(.char("b"))
        state.type("tr")
        assertSnapshot(AppView.render(state), named: "albumPicker.80x24")
    }
}
