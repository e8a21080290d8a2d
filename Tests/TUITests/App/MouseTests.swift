import Library
import Testing
@testable import TUI

/// The mouse as pure updates: a click selects the tile or row under it, a double-click opens,
/// the wheel scrolls grids and lists and pages photos; layers take it sensibly or ignore it.
@Suite struct MouseTests {
    /// The centre cell of item `index`'s tile as the screen draws it now.
    static func centre(of index: Int, in state: AppState, layout: GridLayout, topRow: Int) throws -> (x: Int, y: Int) {
        let rect = try #require(layout.tileRect(index: index, topRow: topRow))
        return (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    @Test(arguments: TileSize.allCases)
    func clickSelectsAndDoubleClickOpensAtEverySize(size: TileSize) throws {
        var state = TestLibrary.state(columns: 160, rows: 50, remembered: RememberedState(tileSize: size))
        let garden = try Self.centre(of: TestLibrary.gardenIndex, in: state, layout: state.gridLayout, topRow: 0)
        state.send(.mouse(MouseEvent(.click, x: garden.x, y: garden.y)))
        #expect(state.homeCursor.selected == TestLibrary.gardenIndex)
        #expect(state.screen == .home, "a click only selects")
        state.send(.mouse(MouseEvent(.doubleClick, x: garden.x, y: garden.y)))
        #expect(state.currentGroup?.name == TestLibrary.gardenName)
        let fourth = try Self.centre(of: 3, in: state, layout: state.gridLayout, topRow: 0)
        state.send(.mouse(MouseEvent(.click, x: fourth.x, y: fourth.y)))
        #expect(state.groupCursor.selected == 3)
        state.send(.mouse(MouseEvent(.doubleClick, x: fourth.x, y: fourth.y)))
        #expect(state.detailPhoto?.fileName == "garden-04.jpg")
        // The wheel pages photos in the photo view.
        state.send(.mouse(MouseEvent(.wheelDown, x: 10, y: 10)))
        #expect(state.detailPhoto?.fileName == "garden-05.jpg")
        state.send(.mouse(MouseEvent(.wheelUp, x: 10, y: 10)))
        state.send(.mouse(MouseEvent(.wheelUp, x: 10, y: 10)))
        #expect(state.detailPhoto?.fileName == "garden-03.jpg")
        state.send(.mouse(MouseEvent(.doubleClick, x: 10, y: 10)))
        #expect(state.detailPhoto?.fileName == "garden-03.jpg", "clicks on the photo do nothing")
    }

    @Test func clicksBetweenTilesAndOnTheBarsDoNothing() {
        var state = TestLibrary.state(columns: 80, rows: 24)
        state.press(.right)
        for (x, y) in [(0, 0), (40, 23), (26, 5)] {   // title, status bar, the gap between two tiles
            state.send(.mouse(MouseEvent(.doubleClick, x: x, y: y)))
        }
        #expect(state.homeCursor.selected == 1)
        #expect(state.screen == .home)
    }

    @Test func theWheelScrollsTheGridTheSelectionStaysWhileInView() {
        var state = TestLibrary.state(columns: 80, rows: 24)
        state.openGroup(at: TestLibrary.gardenIndex)
        let layout = state.gridLayout
        #expect(layout.columns == 3 && layout.visibleRows == 2)
        state.press(.right)   // item 1, row 0
        state.send(.mouse(MouseEvent(.wheelDown, x: 30, y: 10)))
        #expect(state.groupCursor.topRow == 1)
        #expect(state.groupCursor.selected == 4, "row 0 left the view: the selection came along, same column")
        state.send(.mouse(MouseEvent(.wheelDown, x: 30, y: 10)))
        state.send(.mouse(MouseEvent(.wheelUp, x: 30, y: 10)))
        #expect(state.groupCursor.topRow == 1)
        #expect(state.groupCursor.selected == 7, "still in view: it stays")
        for _ in 0..<20 { state.send(.mouse(MouseEvent(.wheelDown, x: 30, y: 10))) }
        #expect(state.groupCursor.topRow == 8, "no further than the last row (30 photos, 10 rows of 3)")
        for _ in 0..<20 { state.send(.mouse(MouseEvent(.wheelUp, x: 30, y: 10))) }
        #expect(state.groupCursor.topRow == 0)
    }

    @Test func theListTakesClicksOnItsRowsAndScrollsThreeLines() {
        var state = TestLibrary.state(columns: 100, rows: 24)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("t"))
        let y = state.contentArea.y + 1 + 4
        state.send(.mouse(MouseEvent(.click, x: 30, y: y)))
        #expect(state.groupCursor.selected == 4)
        state.send(.mouse(MouseEvent(.wheelDown, x: 30, y: y)))
        #expect(state.groupCursor.topRow == 3)
        state.send(.mouse(MouseEvent(.doubleClick, x: 30, y: y)))
        #expect(state.detailPhoto?.fileName == "garden-08.jpg", "the row drawn there now")
    }

    @Test func theHelpScrollsWithTheWheelThePickerAndFormsIgnoreClicks() {
        var state = TestLibrary.state(columns: 80, rows: 14)
        state.press(.char("?"))
        state.send(.mouse(MouseEvent(.wheelDown, x: 40, y: 7)))
        #expect(state.helpScroll == 3)
        state.send(.mouse(MouseEvent(.wheelUp, x: 40, y: 7)))
        #expect(state.helpScroll == 0)
        state.send(.mouse(MouseEvent(.doubleClick, x: 40, y: 7)))
        #expect(state.showHelp, "a click does not close the help")
        state.press(.escape)

        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("d"))   // the date form
        let selected = state.groupCursor.selected
        state.send(.mouse(MouseEvent(.doubleClick, x: 30, y: 5)))
        #expect(state.dateForm != nil && state.groupCursor.selected == selected, "the form keeps the screen")
    }

    @Test func theSearchLineLetsClicksThroughADoubleClickKeepsTheResultsAndOpens() throws {
        var state = TestLibrary.state(columns: 80, rows: 24)
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        let second = try Self.centre(of: 1, in: state, layout: state.gridLayout, topRow: 0)
        state.sendWorking(.mouse(MouseEvent(.click, x: second.x, y: second.y)))
        #expect(state.isSearchLineOpen)
        #expect(state.groupCursor.selected == 1)
        state.sendWorking(.mouse(MouseEvent(.doubleClick, x: second.x, y: second.y)))
        #expect(!state.isSearchLineOpen)
        #expect(state.detailPhoto?.fileName == "garden-02.jpg")
        state.pressWorking(.escape)
        #expect(state.screen == .group(id: SearchState.resultsID), "back to the results kept")
    }
}
