import Library
import Testing
@testable import TUI

/// While the photo on screen is encoded as pixels, its character art (made much quicker) stands in.
@Suite struct PixelStandInTests {
    static func sixelState() -> AppState {
        var state = TestLibrary.state(columns: 100, rows: 30)
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: CellPixelSize(width: 8, height: 16))
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.enter)
        return state
    }

    @Test func thePhotoOnScreenAsksForItsPixelsThenItsArtThenTheNeighboursPixels() throws {
        let state = Self.sixelState()
        let keys = state.wantedPreviews().map(\.key)
        try #require(keys.count >= 3)
        #expect(keys[0].pixels != nil && keys[1].pixels == nil && keys[0].photoID == keys[1].photoID)
        #expect(keys.dropFirst(2).allSatisfy { $0.pixels != nil && $0.photoID != keys[0].photoID },
                "only the photo on screen gets a stand-in")
    }

    @Test func theArtShowsUntilThePixelsComeThenOnlyThePixels() throws {
        var state = Self.sixelState()
        let keys = state.wantedPreviews().map(\.key)
        let pixels = keys[0], art = keys[1]
        let artCells = Array(repeating: Array(repeating: Cell("▚", fg: .indexed(1), bg: .indexed(2)), count: art.columns),
                             count: art.rows)
        _ = state.update(.previewReady(art, .cells(artCells)))
        var grid = AppView.render(state)
        #expect(grid.images.isEmpty)
        #expect(grid.cells.contains { $0.text == "▚" }, "the character art stands in")

        _ = state.update(.previewReady(pixels, .image(TerminalImage(bytes: Array("\u{1B}Pq#0~\u{1B}\\".utf8)))))
        grid = AppView.render(state)
        #expect(grid.images.count == 1)
        #expect(!grid.cells.contains { $0.text == "▚" }, "the pixels replace the art, over blank cells")
        #expect(!state.wantedPreviews().contains { $0.key == art }, "no stand-in is asked for once the pixels are in")
    }
}
