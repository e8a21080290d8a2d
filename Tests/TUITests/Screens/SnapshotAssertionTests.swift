import Fixtures
import Foundation
import Testing
@testable import TUI

/// The snapshot comparison itself: styles count, a missing snapshot fails, recording is asked for.
@Suite struct SnapshotAssertionTests {
    /// The home screen with its selected group, as a user sees it.
    static func home() -> CellGrid {
        var state = TestLibrary.state(columns: 80, rows: 24)
        state.press(.right)
        ScreenSnapshotTests.fillPreviews(&state)
        return AppView.render(state)
    }

    @Test func aStyleOnlyChangeFailsTheComparison() throws {
        let folder = TemporaryFolder("photory-snapshots")
        let url = URL(fileURLWithPath: folder.path)
        let grid = Self.home()
        #expect(snapshotProblem(grid, named: "home", record: true, folder: url) == nil)
        #expect(snapshotProblem(grid, named: "home", record: false, folder: url) == nil, "the same grid matches")

        // The selection drawn in blue instead of reversed: same text, other colours.
        var recoloured = grid
        var changed = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].style == Theme.selected {
                recoloured[x, y].style = Style(fg: .indexed(4), attrs: [.bold])
                changed += 1
            }
        }
        #expect(changed > 0, "the home screen shows a selected group")
        #expect(recoloured.text() == grid.text())
        let problem = try #require(snapshotProblem(recoloured, named: "home", record: false, folder: url))
        #expect(problem.contains("styles only"))
        #expect(problem.contains("fg 4 blue, bold"), "the diff shows the new style in the legend")
    }

    @Test func aMissingSnapshotFailsAndIsNotWritten() {
        let folder = TemporaryFolder("photory-snapshots")
        let url = URL(fileURLWithPath: folder.path)
        let problem = snapshotProblem(Self.home(), named: "never-recorded", record: false, folder: url)
        #expect(problem?.contains("RECORD_SNAPSHOTS=1") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/never-recorded.txt"))
    }

    @Test func theStyleMapLinesUpWithTheTextAndNamesEachStyle() {
        var grid = CellGrid(width: 8, height: 3)
        grid.put("日本", x: 0, y: 0, style: Theme.error)
        grid.put("ok", x: 5, y: 0, style: Theme.dim)
        grid.put("picture", x: 0, y: 1, style: Style(fg: .rgb(1, 2, 3), bg: .rgb(200, 100, 0)))
        grid.put("x", x: 7, y: 1, style: Style(fg: .rgb(9, 9, 9), bg: .rgb(0, 0, 0)))
        #expect(StyledSnapshot(grid).text == """
            日本 ok
            picturex

            \(StyledSnapshot.stylesHeader)
            AAAA.BB
            CCCCCCCC

            \(StyledSnapshot.legendHeader)
            A  fg 1 red, bold
            B  dim
            C  fg rgb, bg rgb

            """)
    }
}
