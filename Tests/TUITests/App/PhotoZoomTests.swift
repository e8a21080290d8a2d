import Library
import Testing
@testable import TUI

/// Zoom and pan in the photo view: `+`/`=` and `-` step through fit, 2×, 4× and 8×, `z` goes
/// back to fit; the arrows (and hjkl) page at fit and pan while zoomed, never past an edge;
/// another photo, or leaving the photo view, is at fit again.
@Suite struct PhotoZoomTests {
    /// The photo view on the first Garden photo (4032×3024), 80×24, character art.
    static func photoView() -> AppState {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter)
        return state
    }

    static func zoomedKey(_ state: AppState) -> PreviewKey? { state.zoomedPreviewKey() }

    @Test func plusStepsThroughTheLevelsAndMinusBack() {
        var state = Self.photoView()
        #expect(state.detailZoom == nil && state.screenKeyContext == .detail)
        var levels: [String?] = []
        for key: Key in [.char("+"), .char("="), .char("+"), .char("+"), .char("-"), .char("-"), .char("-"), .char("-")] {
            state.press(key)
            levels.append(state.detailZoom?.label)
        }
        #expect(levels == ["2×", "4×", "8×", "8×", "4×", "2×", nil, nil])
        #expect(state.screenKeyContext == .detail)
    }

    @Test func zBringsBackTheWholePhoto() {
        var state = Self.photoView()
        state.press(.char("+"), .char("+"), .right, .down)
        #expect(state.detailZoom?.label == "4×")
        state.press(.char("z"))
        #expect(state.detailZoom == nil && state.zoomedPreviewKey() == nil)
        // At fit `z` does nothing (it is not a photo-view key).
        state.press(.char("z"))
        #expect(state.screen == .detail(groupID: state.currentPage!.group.id, index: 0))
    }

    @Test func theStatusLineSaysTheZoom() {
        var state = Self.photoView()
        #expect(!DetailScreen.statusLine(state).contains("×1") && !AppView.render(state).text().contains(" 2× "))
        state.press(.char("+"))
        #expect(DetailScreen.statusLine(state).contains("1/30  2×"))
        state.press(.char("+"))
        let screen = AppView.render(state).text()
        #expect(screen.contains("4×"))
        #expect(screen.contains("pan") && screen.contains("fit"), "the hints say the arrows pan and z fits")
    }

    @Test func arrowsPageAtFitAndPanWhenZoomed() throws {
        var state = Self.photoView()
        state.press(.right)
        #expect(state.detailPhoto?.fileName == "garden-02.jpg", "at fit → pages")
        state.press(.left, .char("+"))
        let start = try #require(Self.zoomedKey(state)?.crop)
        for key: Key in [.right, .char("l"), .down, .char("j")] { state.press(key) }
        #expect(state.detailPhoto?.fileName == "garden-01.jpg", "zoomed, the arrows and hjkl pan")
        let moved = try #require(Self.zoomedKey(state)?.crop)
        #expect(moved.x > start.x && moved.y > start.y)
        state.press(.left, .char("h"), .up, .char("k"))
        let back = try #require(Self.zoomedKey(state)?.crop)
        #expect(back.x < moved.x && back.y < moved.y)
        // Away from the edges, a step there and back returns to the same cells (the same preview).
        state.press(.char("+"), .char("+"))
        let middle = try #require(Self.zoomedKey(state)?.crop)
        state.press(.right, .down, .left, .up)
        #expect(Self.zoomedKey(state)?.crop == middle)
    }

    @Test func panningStopsAtEachEdgeAndComesBackAtOnce() throws {
        var state = Self.photoView()
        state.press(.char("+"), .char("+"), .char("+"))   // 8×
        for _ in 0..<200 { state.press(.left, .up) }
        let corner = try #require(Self.zoomedKey(state))
        #expect(corner.crop?.x == 0 && corner.crop?.y == 0)
        state.press(.right)
        #expect(try #require(Self.zoomedKey(state)?.crop).x > 0, "one step back from the edge moves at once")
        for _ in 0..<200 { state.press(.right, .down) }
        let far = try #require(Self.zoomedKey(state))
        let crop = try #require(far.crop)
        #expect(crop.x == crop.fullColumns - far.columns && crop.y == crop.fullRows - far.rows)
        state.press(.left)
        #expect(try #require(Self.zoomedKey(state)?.crop).x < crop.x)
    }

    @Test func theZoomedKeyShowsAPartOfThePhotoZoomTimesTheFit() throws {
        var state = Self.photoView()
        let area = DetailScreen.imageArea(state)
        let fit = state.wantedPreviews()[0].key
        #expect(fit.crop == nil)
        state.press(.char("+"))
        let requests = state.wantedPreviews()
        let zoomed = try #require(requests.first?.key)
        let crop = try #require(zoomed.crop)
        #expect(crop.fullColumns == fit.columns * 2 && crop.fullRows == fit.rows * 2)
        #expect(zoomed.columns == min(area.width, crop.fullColumns) && zoomed.rows == min(area.height, crop.fullRows))
        #expect(requests.dropFirst().first?.key == fit, "the photo at fit stays wanted, for zooming out")
        #expect(zoomed.photoID == fit.photoID && zoomed.imageContent != fit.imageContent)
        // Centred at first.
        #expect(abs((crop.x + zoomed.columns / 2) - crop.fullColumns / 2) <= 1)
    }

    @Test func anotherPhotoOrLeavingShowsTheWholePhotoAgain() {
        var state = Self.photoView()
        state.press(.char("+"), .pageDown)
        #expect(state.detailPhoto?.fileName == "garden-02.jpg", "PgDn still pages while zoomed")
        #expect(state.detailZoom == nil && state.photoZoom == nil)
        state.press(.char("+"), .char(" "))
        #expect(state.detailZoom == nil, "Space pages too, to a photo at fit")
        state.press(.char("+"), .escape)
        #expect(state.screen == .group(id: state.currentPage!.group.id))
        state.press(.enter)
        #expect(state.detailZoom == nil, "the photo opened again is at fit")
    }

    @Test func aRotatedPhotoZoomsInItsUprightShape() throws {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.right, .right, .right, .enter)   // tokyo-4: 3000×4000 stored, orientation 6 (landscape shown)
        #expect(state.detailPhoto?.fileName == "tokyo-4.jpg")
        state.press(.char("+"))
        let crop = try #require(state.zoomedPreviewKey()?.crop)
        // Landscape on screen: the zoomed whole is wider than tall, in cells of 1:2.
        #expect(Double(crop.fullColumns) * 0.5 > Double(crop.fullRows))
    }

    @Test func pixelsZoomToo() throws {
        var state = TestLibrary.state(columns: 100, rows: 30)
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: CellPixelSize(width: 8, height: 16))
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter, .char("+"), .char("+"))
        let key = try #require(state.zoomedPreviewKey())
        #expect(key.pixels != nil && key.crop != nil)
        #expect(state.wantedPreviews().first?.key == key)
        // A zoomed sixel that cannot be made falls back to zoomed character art.
        state.send(.previewReady(key, .failed("too large")))
        let art = try #require(state.zoomedPreviewKey())
        #expect(art.pixels == nil && art.crop != nil)
    }

    @Test func theLastZoomedPartStaysWhileTheNextIsMade() throws {
        var state = Self.photoView()
        state.press(.char("+"))
        let first = try #require(state.zoomedPreviewKey())
        let cells = Array(repeating: Array(repeating: Cell("▚", fg: .indexed(1), bg: .indexed(2)), count: first.columns),
                          count: first.rows)
        state.send(.previewReady(first, .cells(cells)))
        state.press(.right)
        #expect(state.zoomedPreviewKey() != first)
        #expect(AppView.render(state).text().contains("▚"), "the previous part stands in: no empty box while panning")
    }

    /// xterm leaves a sixel larger than its `maxGraphicSize` blank: at fit and zoomed, in a
    /// window of 1200×1027 pixels, a sixel photo is kept within the 1000×1000 it reported.
    @Test func aSixelNeverExceedsTheLargestImageTheTerminalShows() throws {
        var state = TestLibrary.state(columns: 200, rows: 79)
        let cell = CellPixelSize(width: 6, height: 13)
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: cell,
                                          maxImageSize: TerminalReplies.WindowPixels(width: 1000, height: 1000))
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter)
        func within(_ key: PreviewKey?) -> Bool {
            guard let key, key.pixels != nil else { return false }
            return key.columns * cell.width <= 1000 && key.rows * cell.height <= 1000
        }
        let fit = try #require(state.wantedPreviews().first?.key)
        #expect(within(fit), "at fit: \(fit.columns)×\(fit.rows) cells")
        #expect(fit.columns * cell.width > 900, "as large as the limit lets it be")
        for key: Key in [.char("+"), .right, .down, .char("+"), .char("+"), .left] {
            state.press(key)
            let zoomed = try #require(state.zoomedPreviewKey())
            #expect(within(zoomed), "after \(key): \(zoomed.columns)×\(zoomed.rows) cells")
        }
        // Without a limit (kitty) the zoomed view fills the whole area.
        state.graphics.maxImageSize = nil
        #expect(state.zoomedPreviewKey()?.columns == DetailScreen.imageArea(state).width)
    }

    /// GIF (issue 20): an animated GIF shows its first frame, and the status line says so.
    @Test func anAnimatedGIFSaysItShowsItsFirstFrame() {
        var state = Self.photoView()
        let first = state.detailPhoto?.id
        var photos = TestLibrary.standard().photos
        for index in photos.indices where photos[index].id == first { photos[index].animated = true }
        state = TestLibrary.state(PhotoLibrary(photos: photos))
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter)
        #expect(state.detailPhoto?.id == first)
        #expect(DetailScreen.statusLine(state).contains("animated: first frame"))
        state.press(.right)
        #expect(!DetailScreen.statusLine(state).contains("animated"))
        // In the grid and the list, its tile and row say GIF.
        #expect(VideoBadge.text(state.library.photo(id: first ?? "")) == "GIF")
        state.press(.escape)
        #expect(AppView.render(state).text().contains("GIF"), "\(AppView.render(state).text())")
    }

    @Test func theKeyTableHasAZoomedPhotoContextOverThePhotoView() {
        let keys = KeyMap()
        #expect(keys.action(for: .left, in: .zoomedPhoto) == .left)
        #expect(keys.action(for: .char("k"), in: .zoomedPhoto) == .up)
        #expect(keys.action(for: .pageDown, in: .zoomedPhoto) == .next)
        #expect(keys.action(for: .char("f"), in: .zoomedPhoto) == .favourite)
        #expect(keys.action(for: .char("="), in: .detail) == .zoomIn)
        #expect(keys.action(for: .char("-"), in: .detail) == .zoomOut)
        #expect(keys.action(for: .char("z"), in: .zoomedPhoto) == .zoomFit)
        let rows = keys.helpRows(for: .zoomedPhoto)
        #expect(rows.contains { $0.help == "pan" && $0.keys.contains("←") })
        let previous = rows.first { $0.help == "previous photo" }
        #expect(previous != nil && previous?.keys.contains("←") == false, "← pans here: help does not say it pages")
    }
}
