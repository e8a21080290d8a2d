import Library
import Testing
@testable import TUI

/// Stars, reject, pick and label badges on tiles, in the list and the info panel, and rejected
/// photos dimmed (or hidden), as styled cell grids (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct BadgeSnapshotTests {
    /// The Garden group with its first photos marked: 1 ★★★★☆ red, 2 rejected, 4 picked ★★★★★
    /// blue rejected, 5 tagged.
    static func marked(_ size: ScreenSize, list: Bool = false) -> AppState {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows,
                                      remembered: RememberedState(listView: list))
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("4"), .char("6"), .right, .char("x"), .right, .right, .char("5"), .char("P"), .char("9"), .char("x"))
        state.press(.right, .char("T"))
        state.type("Places/Italy/Rome")
        state.press(.enter, .escape, .home)
        // Coloured previews, so the dimming of the rejected ones shows in the styles.
        for request in state.wantedPreviews() {
            let cell = Cell("▒", fg: .rgb(210, 150, 90), bg: .rgb(60, 90, 120))
            state.send(.previewReady(request.key, .cells(Array(repeating: Array(repeating: cell, count: request.key.columns),
                                                                 count: request.key.rows))))
        }
        state.status = nil
        return state
    }

    @Test(arguments: ScreenSize.both + [ScreenSize(columns: 30, rows: 12)])
    func tilesShowTheBadgesAndRejectsDimmed(size: ScreenSize) {
        let state = Self.marked(size)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "badgesGrid.\(size.name)")
        assertWellFormed(grid)
        #expect(grid.text().contains("★★★★☆") || size.columns < 50)
        // A rejected tile's preview is darkened; the others keep their colours.
        let layout = state.gridLayout
        let first = GridLayout.previewRect(in: layout.tileRect(index: 0, topRow: 0)!)
        #expect(grid[first.x + first.width / 2, first.y + first.height / 2].bg == .rgb(60, 90, 120))
        if let second = layout.tileRect(index: 1, topRow: 0).map(GridLayout.previewRect(in:)) {
            #expect(grid[second.x + second.width / 2, second.y + second.height / 2].bg == .rgb(20, 30, 40))
        }
    }

    @Test(arguments: ScreenSize.both)
    func theListHasABadgeColumn(size: ScreenSize) {
        let grid = AppView.render(Self.marked(size, list: true))
        assertSnapshot(grid, named: "badgesList.\(size.name)")
        #expect(grid.text().contains("✗ P ● ★★★★★") || grid.text().contains("✗ P ● 5★"))
    }

    @Test func theInfoPanelNamesRatingRejectPickLabelAndTags() {
        var state = Self.marked(ScreenSize(columns: 80, rows: 24))
        state.press(.right, .right, .right, .char("i"))
        var text = AppView.render(state).text()
        for line in ["★★★★★ ✎", "✗ yes ✎", "P yes", "● blue ✎"] { #expect(text.contains(line), "\(line)") }
        state.press(.right)
        text = AppView.render(state).text()
        #expect(text.contains("Places › Italy › Rome"))
    }

    @Test func hiddenRejectsLeaveTheGrid() {
        var state = Self.marked(ScreenSize(columns: 80, rows: 24))
        state.rejectedDisplay = .hide
        state.invalidatePages()
        #expect(state.currentGroup?.count == 28)
        #expect(!AppView.render(state).text().contains("garden-02.jpg"))
    }

    @Test func badgesShrinkToFit() {
        var photo = TestLibrary.photo(1, name: "a.jpg", description: nil, day: 1)
        var edits = photo.edits
        (edits.rating, edits.rejected, edits.picked, edits.label) = (4, true, true, .set(.green))
        photo.edits = edits
        #expect(PhotoBadges.text(PhotoBadges.parts(photo)) == "✗ P ● ★★★★☆")
        #expect(PhotoBadges.text(PhotoBadges.parts(photo, width: 10)) == "✗ P ● 4★")
        #expect(PhotoBadges.text(PhotoBadges.parts(photo, width: 5)) == "✗ P ●")
        #expect(PhotoBadges.parts(photo, width: 0).isEmpty)
    }
}
