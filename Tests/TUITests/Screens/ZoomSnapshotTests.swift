import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// A zoomed photo shows the photo's own detail: a fixture with fine stripes in one corner is a
/// grey blur at fit and black and white stripes at 8×, made by the real pipeline (decode at the
/// zoom's resolution, cut, chafa), also for a photo stored on its side (EXIF orientation 6).
@Suite struct ZoomSnapshotTests {
    /// 1600×1200 (as shown) of flat grey, with 12-pixel black and white stripes in the top-left
    /// 400×300 pixels. Stored on its side when `rotated`: 1200×1600, to be turned by orientation 6.
    static func stripedPhoto(in folder: TemporaryFolder, rotated: Bool) -> Photo {
        // Shown (x, y) is stored (y, 1599 - x) under orientation 6.
        let jpeg = rotated
            ? JPEGFixture.encode(width: 1200, height: 1600, quality: 95, subsampling: .s444) { x, y in stripe(1599 - y, x) }
            : JPEGFixture.encode(width: 1600, height: 1200, quality: 95, subsampling: .s444) { x, y in stripe(x, y) }
        let path = folder.write(jpeg, to: rotated ? "striped-rotated.jpg" : "striped.jpg")
        var photo = TestLibrary.photo(1, name: "striped.jpg", description: "Stripes", day: 1,
                                      width: rotated ? 1200 : 1600, height: rotated ? 1600 : 1200, orientation: rotated ? 6 : 1)
        photo.path = path
        return photo
    }

    /// The colour of shown pixel (x, y).
    static func stripe(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        guard x < 400, y < 300 else { return (128, 128, 128) }
        return (x / 12) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)
    }

    /// The photo view of `photo` at 80×24 in truecolor with every preview it wants made for real.
    static func photoView(_ photo: Photo, keys: [Key]) -> AppState {
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: .truecolor)
        state.press(.enter, .enter)   // the group, its photo
        for key in keys { state.press(key) }
        let maker = PreviewMaker()
        for request in state.wantedPreviews() { state.send(.previewReady(request.key, maker.make(request))) }
        return state
    }

    /// Cells of the photo's area that are near black and near white (either colour of the cell).
    static func extremes(_ grid: CellGrid, in area: Rect) -> (dark: Int, light: Int) {
        var dark = 0, light = 0
        for y in area.y..<area.maxY {
            for cell in Array(grid.row(y))[area.x..<(area.x + area.width)] {
                for case let .rgb(r, g, b) in [cell.fg, cell.bg] {
                    let level = (Int(r) + Int(g) + Int(b)) / 3
                    if level < 40 { dark += 1 }
                    if level > 215 { light += 1 }
                }
            }
        }
        return (dark, light)
    }

    @Test(arguments: [false, true])
    func eightTimesShowsTheStripesThatFitBlursToGrey(rotated: Bool) throws {
        let folder = TemporaryFolder()
        let photo = Self.stripedPhoto(in: folder, rotated: rotated)
        let fit = Self.photoView(photo, keys: [])
        let toTheCorner = [Key](repeating: .left, count: 40) + [Key](repeating: .up, count: 40)
        let zoomed = Self.photoView(photo, keys: [.char("+"), .char("+"), .char("+")] + toTheCorner)
        #expect(zoomed.zoomedPreviewKey()?.crop.map { $0.x == 0 && $0.y == 0 } == true)
        let fitGrid = AppView.render(fit), zoomedGrid = AppView.render(zoomed)
        let area = DetailScreen.imageArea(fit)

        let blurred = Self.extremes(fitGrid, in: area), sharp = Self.extremes(zoomedGrid, in: area)
        #expect(sharp.dark > 100 && sharp.light > 100, "at 8× the stripes are several cells wide: \(sharp)")
        _ = blurred   // at fit the stripes are finer than a cell, but chafa still draws them as symbols
        #expect(zoomedGrid.text() != fitGrid.text() || zoomedGrid != fitGrid)
        #expect(zoomedGrid.text().contains("1/1  8×"))
        if !rotated { assertSnapshot(zoomedGrid, named: "zoomStripes8x.80x24") }
    }

    @Test func theDecodeIsKeptWhilePanningAndACutIsTheRightPart() throws {
        let folder = TemporaryFolder()
        let photo = Self.stripedPhoto(in: folder, rotated: false)
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: .truecolor)
        state.press(.enter, .enter, .char("+"), .char("+"), .char("+"))
        for _ in 0..<40 { state.press(.right, .down) }   // the far corner: all grey
        let maker = PreviewMaker()
        let corner = try #require(state.wantedPreviews().first)
        guard case let .cells(rows) = maker.make(corner) else { Issue.record("no cells"); return }
        // A plain cell's foreground is not drawn (a space): its background is what shows.
        let grey = rows.joined().allSatisfy { cell in
            if case let .rgb(r, _, _) = cell.bg { abs(Int(r) - 128) < 24 } else { true }
        }
        #expect(grey, "the bottom-right part of the photo has no stripes: \(rows.joined().prefix(6).map { "\($0.fg)/\($0.bg)" })")
        #expect(maker.zoomSources.decodeCount == 1)
        // Only the view and a view's width and height around it were decoded, at full resolution.
        let part = try #require(maker.zoomSources.keptRegions(of: photo.path).first)
        #expect(part.fullWidth == 1600 && part.fullHeight == 1200)
        #expect(part.image.width * part.image.height * 4 < part.fullWidth * part.fullHeight,
                "8× decodes a part: \(part.image.width)×\(part.image.height) at (\(part.x), \(part.y))")
        #expect(part.x + part.image.width == 1600 && part.y + part.image.height == 1200, "the part around the far corner")
        state.press(.left, .up)
        _ = maker.make(try #require(state.wantedPreviews().first))
        #expect(maker.zoomSources.decodeCount == 1, "a pan cuts the part decoded for 8×")
        state.press(.char("-"), .char("-"))
        _ = maker.make(try #require(state.wantedPreviews().first))
        #expect(maker.zoomSources.decodeCount == 2, "2× shows more than the part decoded for 8×: its own part is decoded")
    }

    /// Panning on at 8× leaves the decoded part: the part around the new view is decoded, and
    /// every view is still what a whole render of it gives (the parts' pixels agree), also for a
    /// photo stored on its side and in 4:2:0 (chroma shared by two rows and columns).
    @Test(arguments: [false, true])
    func panningPastTheDecodedPartDecodesTheNextOne(rotated: Bool) throws {
        let folder = TemporaryFolder()
        var photo = Self.stripedPhoto(in: folder, rotated: rotated)
        // Edges everywhere: red bands across diagonal black and cream stripes.
        let jpeg = JPEGFixture.encode(width: rotated ? 1200 : 1600, height: rotated ? 1600 : 1200, quality: 90) { x, y in
            (x / 12 + y / 20) % 3 == 0 ? (250, 20, 20) : ((x + y) / 7 % 2 == 0 ? (0, 0, 0) : (255, 255, 200))
        }
        photo.path = folder.write(jpeg, to: "striped-420.jpg")
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: .truecolor)
        state.press(.enter, .enter, .char("+"), .char("+"), .char("+"))
        for _ in 0..<40 { state.press(.left, .up) }
        let panning = PreviewMaker()
        _ = panning.make(try #require(state.wantedPreviews().first))
        for key in [Key](repeating: .right, count: 14) + [Key](repeating: .down, count: 6) {
            state.press(key)
            let request = try #require(state.wantedPreviews().first)
            #expect(panning.make(request) == PreviewMaker().make(request), "after \(key) at \(request.key.crop!)")
        }
        #expect(panning.zoomSources.decodeCount > 2, "the pans went past two parts")
        #expect(panning.zoomSources.decodeCount < 20, "most pans cut a part already decoded")
    }

    /// A zoomed view in character art is rendered as bands of rows on several threads: the
    /// cells are those of one render of the whole view (truecolor by `BlockArt`, 256 colours by
    /// chafa), on a picture with detail in every cell (gradients and noise).
    @Test(arguments: [ColorMode.truecolor, .colors256])
    func bandsRenderedAtOnceAreTheCellsOfOneRender(colorMode: ColorMode) {
        let columns = 137, rows = 29
        let width = columns * PreviewMaker.zoomCellPixels.width, height = rows * PreviewMaker.zoomCellPixels.height
        var random = SystemRandomNumberGenerator()
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 3 + Int.random(in: 0..<40, using: &random)) & 255),
                           UInt8((y * 5 + Int.random(in: 0..<40, using: &random)) & 255),
                           UInt8(((x ^ y) + Int.random(in: 0..<60, using: &random)) & 255), 255]
            }
        }
        let image = DecodedImage(width: width, height: height, pixels: pixels)
        let whole = ZoomedArt.render(image, columns: columns, rows: rows, colorMode: colorMode, bands: 1)
        if colorMode == .colors256 {
            #expect(whole == ChafaRenderer(colorMode: colorMode).render(pixels: pixels, width: width, height: height,
                                                                        columns: columns, rows: rows))
        }
        for bands in [2, 3] {
            let banded = ZoomedArt.render(image, columns: columns, rows: rows, colorMode: colorMode, bands: bands)
            #expect(ZoomedArt.settled(banded) == ZoomedArt.settled(whole), "\(bands) bands")
        }
    }

    /// A pan in character art renders only the cells that came into view and moves the others:
    /// the view must be exactly what a whole render of it gives (no seam, nothing shifted).
    @Test(arguments: [(false, ColorMode.truecolor), (true, .truecolor), (false, .colors256), (true, .colors16)])
    func aPanShowsWhatAWholeRenderOfTheViewShows(rotated: Bool, colorMode: ColorMode) throws {
        let folder = TemporaryFolder()
        let photo = Self.stripedPhoto(in: folder, rotated: rotated)
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: colorMode)
        state.press(.enter, .enter, .char("+"), .char("+"))
        try Self.expectPansShowWholeViews(&state)
    }

    /// With pixels too (sixel, kitty): a pan scales only the pixels of the cells that came into
    /// view and moves the others; the image sent is the one a whole cut of the view gives (a
    /// sixel in the first view's palette: this photo's few colours make the same one each view).
    @Test(arguments: [(false, GraphicsProtocol.kitty), (true, .kitty), (false, .sixel)])
    func aPanWithPixelsSendsWhatAWholeCutOfTheViewSends(rotated: Bool, graphics: GraphicsProtocol) throws {
        let folder = TemporaryFolder()
        let photo = Self.stripedPhoto(in: folder, rotated: rotated)
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: .truecolor)
        state.graphics = GraphicsSettings(graphicsProtocol: graphics, cellSize: CellPixelSize(width: 8, height: 16))
        state.press(.enter, .enter, .char("+"), .char("+"))
        #expect(state.zoomedPreviewKey()?.pixels != nil)
        try Self.expectPansShowWholeViews(&state)
    }

    /// A sixel pan draws in the first view's palette instead of making one (a median cut each
    /// pan), in colours close to those of a palette made for it, while the colours that come
    /// into view are near the palette's; a far one, or another zoom, makes a palette for the view.
    /// The photo: red to blue ramps 400 pixels wide, slowly greener to the right, and a green
    /// band in its right 200 pixels (of 3200: the view at 2× is half as wide, a pan a quarter of it).
    @Test func aSixelPanKeepsTheFirstViewsPaletteWhileItsColoursFit() throws {
        let folder = TemporaryFolder()
        let jpeg = JPEGFixture.encode(width: 3200, height: 1200, quality: 95, subsampling: .s444) { x, y in
            x >= 3000 ? (30, 220, 40) : (UInt8(255 - (x % 400) * 255 / 399), UInt8(y * 100 / 1199 + x / 128), UInt8((x % 400) * 255 / 399))
        }
        var photo = TestLibrary.photo(1, name: "ramps.jpg", description: "Ramps", day: 1, width: 3200, height: 1200)
        photo.path = folder.write(jpeg, to: "ramps.jpg")
        var state = TestLibrary.state(PhotoLibrary(photos: [photo]), colorMode: .truecolor)
        state.graphics = GraphicsSettings(graphicsProtocol: .sixel, cellSize: CellPixelSize(width: 8, height: 16))
        state.press(.enter, .enter, .char("+"))
        let panning = PreviewMaker()
        func sixel(_ result: PreviewResult?) -> [UInt8] {
            guard case let .image(image) = result else { Issue.record("no sixel: \(String(describing: result))"); return [] }
            return image.bytes
        }
        /// The palette a sixel defines: its colours, `#index;2;r;g;b`.
        func palette(_ bytes: [UInt8]) -> [String] {
            String(decoding: bytes, as: UTF8.self).matches(of: /#\d+;2;\d+;\d+;\d+/).map { String($0.output) }
        }
        let first = sixel(panning.make(try #require(state.wantedPreviews().first)))
        #expect(!palette(first).isEmpty)
        // A pan within the ramps: the first view's palette, colours as a palette of its own gives.
        state.press(.right)
        var request = try #require(state.wantedPreviews().first)
        let panned = sixel(panning.make(request)), whole = sixel(PreviewMaker().make(request))
        #expect(palette(panned) == palette(first), "the first view's palette")
        #expect(palette(whole) != palette(first), "a palette made for the view would differ")
        let shown = try #require(GraphicsTests.SixelEncoderTests.decode(panned)), own = try #require(GraphicsTests.SixelEncoderTests.decode(whole))
        #expect(shown.width == own.width && shown.height == own.height)
        for y in stride(from: 1, to: own.height, by: 37) {
            for x in stride(from: 1, to: own.width, by: 23) {
                #expect(GraphicsTests.SixelEncoderTests.close(shown.at(x, y), try #require(own.at(x, y)), within: 32), "at \(x),\(y)")
            }
        }
        // Panning on to the green: a palette of the view's own, as a new maker makes it.
        var green = false
        for _ in 0..<4 where !green {
            state.press(.right)
            request = try #require(state.wantedPreviews().first)
            let made = sixel(panning.make(request))
            green = made == sixel(PreviewMaker().make(request))
        }
        #expect(green, "the green band brought a new palette")
        // Another zoom: a palette made for its view.
        state.press(.char("+"))
        request = try #require(state.wantedPreviews().first)
        #expect(sixel(panning.make(request)) == sixel(PreviewMaker().make(request)))
    }

    /// Pans `state`'s zoomed photo around; each view made after a pan by one maker must be what a
    /// new maker makes of it whole.
    static func expectPansShowWholeViews(_ state: inout AppState) throws {
        let panning = PreviewMaker()
        _ = panning.make(try #require(state.wantedPreviews().first))
        for key in [Key.right, .right, .down, .left, .up, .down, .down] {
            state.press(key)
            let request = try #require(state.wantedPreviews().first)
            #expect(panning.make(request) == PreviewMaker().make(request), "after \(key) at \(request.key.crop!)")
        }
        #expect(panning.zoomSources.decodeCount == 1)
    }
}
