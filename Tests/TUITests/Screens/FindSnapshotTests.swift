import Library
import Testing
@testable import TUI

/// The home grid by date, a year folder, search results and the list view at 80×24 and
/// 200×60 (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct FindSnapshotTests {
    static let sizes = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60)]

    static func byDate(_ size: ScreenSize) -> AppState {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows, remembered: RememberedState(grouping: .date))
        state.sendWorking(.resized(columns: size.columns, rows: size.rows))
        return state
    }

    @Test(arguments: sizes)
    func homeByDate(size: ScreenSize) {
        var state = Self.byDate(size)
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "homeByDate.\(size.name)")
        #expect(grid.text().contains("Home · by date · 1 folder · 39 photos"))
    }

    @Test(arguments: sizes)
    func yearFolder(size: ScreenSize) {
        var state = Self.byDate(size)
        state.pressWorking(.right, .enter)
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "yearFolder.\(size.name)")
        #expect(grid.text().contains("2024 · 1 folder · 39 photos"))
        #expect(grid.text().contains("May 2024") || grid.text().contains("2024-05"))
    }

    @Test(arguments: sizes)
    func searchResults(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.pressWorking(.char("/"))
        state.typeWorking("garden -garden-1")
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "searchResults.\(size.name)")
        #expect(grid.text().contains("/garden -garden-1▏"))
        #expect(grid.text().contains("20 photos · Enter keeps the results"))
    }

    @Test(arguments: sizes)
    func listView(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.pressWorking(.char("t"), .char(" "), .char("f"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "listView.\(size.name)")
        #expect(grid.text().contains("Taken"))
        #expect(grid.text().contains("garden-02.jpg"))
    }
}
