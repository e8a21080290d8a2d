import Testing
@testable import TUI

/// Snapshots compare styles, not only text: a change of selection colour alone must show.
@Suite struct SnapshotStyleTests {
    @Test func aStyleOnlyChangeChangesTheSnapshot() {
        var state = TestLibrary.state()
        state.press(.right)
        let grid = AppView.render(state)
        var restyled = grid
        // The selected tile's caption, drawn without its reverse video.
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].style == Theme.selected {
                var cell = grid[x, y]
                cell.style = Theme.title
                restyled[x: x, y: y] = cell
            }
        }
        #expect(restyled.text() == grid.text())
        #expect(SnapshotText.of(restyled) != SnapshotText.of(grid))
    }

    @Test func theLegendNamesEachStyleOnce() {
        var grid = CellGrid(width: 6, height: 2)
        grid.put("ab", x: 0, y: 0, style: Theme.error)
        grid.put("cd", x: 0, y: 1, style: Theme.error)
        grid.put("e", x: 3, y: 1, style: Theme.selected)
        let text = SnapshotText.of(grid)
        #expect(text == "ab\ncd e\n── styles ──\naa....\naa.b..\n── legend ──\na  fg=1 bold\nb  bold reverse\n")
    }
}
