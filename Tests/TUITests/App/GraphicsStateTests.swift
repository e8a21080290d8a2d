import Library
import Testing
@testable import TUI

/// Which previews the browser asks for on a terminal that shows pixels, and where the view puts them:
/// pixel images in the photo view sized to the real cell shape, character art in the grids (unless
/// `graphics-grid`) and whenever something is drawn over the photo, and after a photo fails to encode.
@Suite struct GraphicsStateTests {
    static let cell = CellPixelSize(width: 6, height: 13)
    static let sixel = PixelFormat(graphicsProtocol: .sixel, cellSize: cell)

    static func state(columns: Int = 80, rows: Int = 24, grid: Bool = false) -> AppState {
        AppState(library: TestLibrary.standard(), columns: columns, rows: rows, colorMode: .colors256,
                 startFolder: "/home/ana/Pictures", homeFolder: "/home/ana",
                 graphics: GraphicsSettings(graphicsProtocol: .sixel, cellSize: cell, grid: grid))
    }

    /// The photo view on tokyo-1 (3000×4000, portrait), or the photo at `photo` in group `group`.
    static func detail(columns: Int = 80, rows: Int = 24, group: Int = TestLibrary.tokyoIndex, photo: Int = 0) -> AppState {
        var state = state(columns: columns, rows: rows)
        state.openGroup(at: group)
        for _ in 0..<photo { state.press(.right) }
        state.press(.enter)
        return state
    }

    /// The key the photo view asks for first: the photo shown.
    static func shownKey(_ state: AppState) -> PreviewKey? { state.wantedPreviews().first?.key }

    // MARK: - What is asked for

    @Test func thePhotoViewAsksForPixelsShapedByTheRealCell() throws {
        let state = Self.detail()
        let key = try #require(Self.shownKey(state))
        #expect(key.pixels == Self.sixel)
        let neighbours = state.wantedPreviews().filter { $0.key.photoID != key.photoID }
        #expect(!neighbours.isEmpty && neighbours.allSatisfy { $0.key.pixels == Self.sixel }, "the neighbours too")
        // 3:4 in pixels: columns × 6 against rows × 13, to the nearest column; the height is what limits it.
        #expect(key.rows == DetailScreen.imageArea(state).height)
        #expect(abs(Double(key.columns) - Double(key.rows * 13) * 0.75 / 6) <= 0.5)
        // Character art's cells are half as wide as tall: another width for the same photo.
        var symbols = state
        symbols.graphics = .symbols
        let art = try #require(Self.shownKey(symbols))
        #expect(art.pixels == nil)
        #expect(art.columns != key.columns)
    }

    @Test func gridsAskForCharacterArtUnlessGraphicsGridIsOn() {
        var home = Self.state()
        #expect(!home.wantedPreviews().isEmpty)
        #expect(home.wantedPreviews().allSatisfy { $0.key.pixels == nil })
        home.openGroup(at: TestLibrary.gardenIndex)
        #expect(home.wantedPreviews().allSatisfy { $0.key.pixels == nil })

        var grid = Self.state(grid: true)
        #expect(grid.wantedPreviews().allSatisfy { $0.key.pixels == Self.sixel })
        grid.openGroup(at: TestLibrary.gardenIndex)
        #expect(!grid.wantedPreviews().isEmpty)
        #expect(grid.wantedPreviews().allSatisfy { $0.key.pixels == Self.sixel })
    }

    @Test func helpOverThePhotoBringsBackCharacterArt() {
        var state = Self.detail()
        state.press(.char("?"))
        #expect(state.showHelp)
        #expect(Self.shownKey(state)?.pixels == nil)
        state.press(.escape)
        #expect(!state.showHelp)
        #expect(Self.shownKey(state)?.pixels == Self.sixel)
    }

    @Test func theDateFormOverThePhotoBringsBackCharacterArt() {
        var state = Self.detail()
        state.press(.char("d"))
        #expect(state.dateForm != nil)
        #expect(Self.shownKey(state)?.pixels == nil)
        state.press(.escape)
        #expect(Self.shownKey(state)?.pixels == Self.sixel)
    }

    @Test func theMapOverThePhotoBringsBackCharacterArt() {
        var state = Self.detail()
        state.press(.char("L"))
        state.type("22°54'24\"S 43°10'22\"W")
        state.press(.enter)
        #expect(Self.shownKey(state)?.pixels == Self.sixel, "the place form is closed")
        state.press(.char("m"))
        #expect(state.map != nil)
        #expect(Self.shownKey(state)?.pixels == nil)
        state.press(.escape)
        #expect(Self.shownKey(state)?.pixels == Self.sixel)
    }

    @Test func theInfoPanelOverThePhotoBringsBackCharacterArtButBesideItDoesNot() throws {
        var narrow = Self.detail(columns: 119, rows: 40)
        narrow.press(.char("i"))
        #expect(narrow.showInfo)
        #expect(Self.shownKey(narrow)?.pixels == nil, "below 120 columns the panel is drawn over the photo")

        var wide = Self.detail(columns: 120, rows: 40)
        let before = try #require(Self.shownKey(wide))
        wide.press(.char("i"))
        let beside = try #require(Self.shownKey(wide))
        #expect(beside.pixels == Self.sixel)
        #expect(beside.columns <= DetailScreen.imageArea(wide).width)
        #expect(DetailScreen.imageArea(wide).width < 120)
        #expect(beside.rows <= before.rows)
    }

    @Test func aPhotoThatCannotBeEncodedFallsBackToCharacterArt() throws {
        var state = Self.detail()
        let wanted = state.wantedPreviews()
        let pixelKey = try #require(wanted.first?.key)
        state.send(.previewReady(pixelKey, .failed("the sixel encoder gave nothing")))
        let fallback = try #require(Self.shownKey(state))
        #expect(fallback.photoID == pixelKey.photoID)
        #expect(fallback.pixels == nil)
        #expect(state.wantedPreviews().dropFirst().allSatisfy { $0.key.pixels == Self.sixel }, "only that photo")
        // What is drawn then is not the failure but the character art, once it comes.
        state.send(.previewReady(fallback, .cells([[Cell("▀", fg: .indexed(196))]])))
        #expect(AppView.render(state).images.isEmpty)
    }

    @Test func anotherCellSizeAsksForOtherPreviews() throws {
        var state = Self.detail()
        let before = try #require(Self.shownKey(state))
        state.send(.cellSizeChanged(CellPixelSize(width: 10, height: 20)))
        let after = try #require(Self.shownKey(state))
        #expect(after.pixels == PixelFormat(graphicsProtocol: .sixel, cellSize: CellPixelSize(width: 10, height: 20)))
        #expect(after != before)
        #expect(after.columns != before.columns, "a 10×20 cell is narrower for its height than 6×13")
    }

    // MARK: - Where the image goes

    /// The photo view with its shown preview ready as a pixel image.
    static func rendered(_ state: AppState) throws -> (CellGrid, PreviewKey) {
        var state = state
        let key = try #require(shownKey(state))
        try #require(key.pixels != nil)
        state.send(.previewReady(key, .image(TerminalImage(bytes: Array("\u{1B}Pq~\u{1B}\\".utf8)))))
        return (AppView.render(state), key)
    }

    @Test(arguments: [(80, 24, TestLibrary.tokyoIndex, 0), (200, 60, TestLibrary.tokyoIndex, 0),
                      (80, 24, TestLibrary.otherIndex, 0), (200, 60, TestLibrary.otherIndex, 0),
                      (60, 16, TestLibrary.tokyoIndex, 3), (150, 20, TestLibrary.otherIndex, 0)])
    func theImageSitsCentredOverBlankCellsAboveTheLastTwoRows(columns: Int, rows: Int, group: Int, photo: Int) throws {
        let state = Self.detail(columns: columns, rows: rows, group: group, photo: photo)
        let (grid, key) = try Self.rendered(state)
        #expect(grid.images.count == 1)
        let placed = try #require(grid.images.first)
        let area = DetailScreen.imageArea(state)
        let expected = Rect(x: area.x + (area.width - key.columns) / 2, y: area.y + (area.height - key.rows) / 2,
                            width: key.columns, height: key.rows)
        #expect(placed.entry.placement.cells == expected)
        #expect(expected.maxY <= rows - 2, "the status line and the row above it stay text")
        #expect(placed.entry.placement.fits(screenColumns: columns, screenRows: rows))
        for y in expected.minY..<expected.maxY {
            for x in expected.minX..<expected.maxX {
                #expect(grid[x: x, y: y] == PlacedImage.cellUnder(row: y), "cell \(x),\(y) under the image")
            }
        }
        // The text around it is still there.
        #expect(grid.lines()[0].hasPrefix("photory"))
        #expect(!grid.lines()[rows - 1].trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func withGraphicsGridEveryTileGetsItsImageAboveTheStatusLine() throws {
        var state = Self.state(columns: 120, rows: 40, grid: true)
        state.openGroup(at: TestLibrary.gardenIndex)
        for request in state.wantedPreviews() {
            state.send(.previewReady(request.key, .image(TerminalImage(bytes: [0x1B, 0x50, 0x71, 0x1B, 0x5C]))))
        }
        let grid = AppView.render(state)
        #expect(!grid.images.isEmpty)
        for placed in grid.images {
            #expect(placed.entry.placement.fits(screenColumns: 120, screenRows: 40))
            #expect(placed.entry.placement.cells.maxY <= 38)
        }
    }

    /// A web photo whose original has not come yet says so: under pixels not on the photo,
    /// where the terminal would cover the line with the image, but on the status line.
    @Test func theDownloadLineOfAWebPhotoIsNotUnderItsImage() throws {
        var (state, _) = try WebPhotoTests.detail()
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: Self.cell)
        let (grid, _) = try Self.rendered(state)
        let placed = try #require(grid.images.first)
        let lineRow = try #require(grid.lines().firstIndex { $0.contains("the original") })
        #expect(!(placed.entry.placement.cells.minY..<placed.entry.placement.cells.maxY).contains(lineRow))
    }
}
