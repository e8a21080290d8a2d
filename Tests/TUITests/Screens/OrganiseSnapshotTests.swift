import Library
import Testing
@testable import TUI

/// The info panel, the date and place forms, the map and the write confirmation at 80×24 and
/// 200×60 (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct OrganiseSnapshotTests {
    /// The Garden group open with its first photo given an edited date, a place and a star.
    static func edited(_ size: ScreenSize) -> AppState {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("d"))
        state.type("2004-12-25 18:30")
        state.press(.enter, .char("L"))
        state.type("-22.9068, -43.1729")
        state.press(.enter, .char("f"))
        state.send(.detailsRead(photoID: state.selectedPhotoID!, .success({
            var metadata = Metadata()
            metadata.lensModel = "EF24-105mm f/4L IS USM"
            metadata.exposureTime = 1.0 / 250
            metadata.fNumber = 8
            metadata.isoSpeed = 100
            metadata.focalLength = 50
            return metadata
        }())))
        return state
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func infoPanelOverTheGrid(size: ScreenSize) {
        var state = Self.edited(size)
        state.showInfo = true
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "infoPanelGrid.\(size.name)")
        let text = grid.text()
        #expect(text.contains("2004-12-25 18:30 ✎ edited"))
        #expect(text.contains("1/250 s · f/8 · ISO 100 · 50 mm"))
        #expect(text.contains("-22.90680, -43.17290"))
        #expect(text.contains("★ yes"))
    }

    /// Beside the photo at 200×60, over it at 80×24.
    @Test(arguments: ScreenSize.smallAndLarge)
    func infoPanelInThePhotoView(size: ScreenSize) {
        var state = Self.edited(size)
        state.press(.enter)
        state.showInfo = true
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "infoPanelDetail.\(size.name)")
        // The preview asked for is the size drawn: the photo shows beside the panel too.
        #expect(grid.text().contains("████"))
        #expect(grid.text().contains("near Rio de Janeiro, BR") == ((try? PlaceTable.shared()) != nil))
    }

    /// At 30×12 the panel is taller than the photo area: its bottom border says there is more
    /// and how to scroll; scrolled, its top border shows "↑".
    @Test func infoPanelScrollsAt30x12() {
        let size = ScreenSize(columns: 30, rows: 12)
        var state = Self.edited(size)
        state.press(.enter, .char("i"))
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        assertSnapshot(AppView.render(state), named: "infoPanelMore.\(size.name)")
        state.press(.down, .down, .down)
        assertSnapshot(AppView.render(state), named: "infoPanelScrolled.\(size.name)")
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func dateFormShift(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char(" "), .char(" "), .char(" "), .char("d"), .tab)
        state.type("-1d 2h")
        ScreenSnapshotTests.fillPreviews(&state)
        assertSnapshot(AppView.render(state), named: "dateFormShift.\(size.name)")
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func dateFormError(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("d"))
        state.type("2019-13")
        assertSnapshot(AppView.render(state), named: "dateFormError.\(size.name)")
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func placeFormSearch(size: ScreenSize) throws {
        try #require((try? PlaceTable.shared()) != nil, "the place table ships with the build")
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("L"))
        state.type("rio")
        assertSnapshot(AppView.render(state), named: "placeFormSearch.\(size.name)")
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func mapWithPins(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char(" "), .char(" "), .char(" "), .char("L"))   // three marked photos
        state.type("-22.9068, -43.1729")
        state.press(.enter, .char("A"), .char("A"), .home, .char(" "), .char("L"))
        state.type("-23.5505, -46.6333")                              // São Paulo for the first
        state.press(.enter, .right, .char(" "), .char(" "), .home, .char("m"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "mapWithPins.\(size.name)")
        #expect(grid.text().contains("●"))
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func writeConfirmation(size: ScreenSize) {
        var state = Self.edited(size)
        state.press(.char("W"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "writeConfirmation.\(size.name)")
        #expect(FitSnapshotTests.boxed(grid).contains("Write the edited date and place of 1 photo into its file"))
    }
}
