import Library
import Testing
@testable import TUI

/// Typing a search keeps the pixel thumbnails of `graphics-grid`: the search line takes the two
/// bottom rows, which no image reaches.
@Suite struct SearchKeepsPixelThumbnailsTests {
    @Test func theSearchLineCoversNoThumbnail() throws {
        var state = TestLibrary.state(columns: 100, rows: 30)
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: CellPixelSize(width: 8, height: 16), grid: true)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.pressWorking(.char("/"))
        state.pressWorking(.char("g"))
        #expect(state.isSearchLineOpen)
        let keys = state.wantedPreviews().map(\.key)
        try #require(!keys.isEmpty)
        #expect(keys.allSatisfy { $0.pixels != nil })
        for key in keys.prefix(state.visiblePreviewCount) {
            _ = state.update(.previewReady(key, .image(TerminalImage(bytes: Array("\u{1B}Pq\u{1B}\\".utf8)))))
        }
        let grid = AppView.render(state)
        #expect(!grid.images.isEmpty)
        #expect(grid.images.allSatisfy { $0.entry.placement.cells.maxY <= state.rows - 2 })
    }
}
