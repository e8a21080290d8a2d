import Testing
@testable import TUI

/// RGBA pixels, rows packed, every pixel `color`.
private func solid(_ width: Int, _ height: Int, _ color: (UInt8, UInt8, UInt8)) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { pixels += [color.0, color.1, color.2, 255] }
    return pixels
}

@Suite struct ChafaRendererTests {
    @Test func outputHasRequestedSize() {
        let renderer = ChafaRenderer(colorMode: .truecolor)
        let rows = renderer.render(pixels: solid(64, 48, (10, 200, 30)), width: 64, height: 48,
                                   columns: 20, rows: 7)
        #expect(rows.count == 7)
        #expect(rows.allSatisfy { $0.count == 20 })
    }

    @Test func solidRedIsRedInTruecolor() {
        let renderer = ChafaRenderer(colorMode: .truecolor)
        let rows = renderer.render(pixels: solid(16, 16, (230, 10, 20)), width: 16, height: 16,
                                   columns: 4, rows: 2)
        for cell in rows.joined() {
            // A space shows the background, a full block the foreground.
            let shown = cell.text == " " ? cell.bg : cell.fg
            guard case .rgb(let r, let g, let b) = shown else {
                Issue.record("expected rgb, got \(shown) for \(cell.text)")
                continue
            }
            #expect(r > 200 && g < 40 && b < 50)
        }
    }

    @Test func solidRedIsAPaletteRedIn256Colours() {
        let renderer = ChafaRenderer(colorMode: .colors256)
        let rows = renderer.render(pixels: solid(16, 16, (230, 10, 20)), width: 16, height: 16,
                                   columns: 4, rows: 2)
        for cell in rows.joined() {
            let shown = cell.text == " " ? cell.bg : cell.fg
            guard case .indexed(let index) = shown else {
                Issue.record("expected indexed, got \(shown)")
                continue
            }
            #expect(index >= 16)   // 240-colour mode avoids the theme colours
            let (r, g, b) = ColorPalette.rgb(ofIndex: index)
            #expect(r > 150 && g < 60 && b < 60)
        }
    }

    @Test func sixteenAndEightColourModesUsePaletteIndices() {
        for (mode, limit) in [(ColorMode.colors16, 16), (.colors8, 8)] {
            let rows = ChafaRenderer(colorMode: mode).render(
                pixels: solid(8, 8, (0, 0, 255)), width: 8, height: 8, columns: 3, rows: 2)
            for cell in rows.joined() {
                for color in [cell.fg, cell.bg] {
                    if case .indexed(let index) = color { #expect(Int(index) < limit) }
                    #expect(!color.isRGB)
                }
            }
        }
    }

    @Test func monochromeUsesDefaultColours() {
        var pixels = solid(8, 8, (255, 255, 255))
        for i in stride(from: 0, to: pixels.count / 2, by: 4) { pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0 }
        let rows = ChafaRenderer(colorMode: .monochrome).render(
            pixels: pixels, width: 8, height: 8, columns: 2, rows: 2)
        #expect(rows.joined().allSatisfy { $0.fg == .default && $0.bg == .default })
    }

    @Test func twoColourImageUsesBlockSymbols() {
        // Left half white, right half black: expect half/eighth blocks or spaces.
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { pixels += x < 4 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
        let rows = ChafaRenderer(colorMode: .truecolor).render(
            pixels: pixels, width: 8, height: 8, columns: 1, rows: 1)
        let scalar = rows[0][0].text.unicodeScalars.first!.value
        #expect(scalar == 0x20 || (0x2580...0x259F).contains(scalar))
    }

    @Test func transparentPixelsGiveDefaultColours() {
        let pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
        let rows = ChafaRenderer(colorMode: .truecolor).render(
            pixels: pixels, width: 8, height: 8, columns: 2, rows: 1)
        #expect(rows.joined().allSatisfy { $0.bg == .default })
    }

    @Test func badInputGivesBlankCells() {
        let renderer = ChafaRenderer(colorMode: .truecolor)
        let short = renderer.render(pixels: [1, 2, 3], width: 4, height: 4, columns: 3, rows: 2)
        #expect(short == Array(repeating: Array(repeating: Cell.blank, count: 3), count: 2))
        #expect(renderer.render(pixels: [], width: 0, height: 0, columns: 0, rows: 5).isEmpty)
    }

    @Test func isUsableFromManyThreadsAtOnce() async {
        let renderer = ChafaRenderer(colorMode: .colors256)
        let pixels = solid(40, 30, (20, 120, 220))
        let sizes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    renderer.render(pixels: pixels, width: 40, height: 30, columns: 12, rows: 5)
                        .joined().count
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sizes == Array(repeating: 60, count: 8))
    }

    @Test func fittedCellSizeKeepsAspect() {
        // 4:3 landscape, cells twice as tall as wide: 80 cols → 30 rows.
        let landscape = ChafaRenderer.fittedCellSize(imageWidth: 4000, imageHeight: 3000,
                                                     maxCols: 80, maxRows: 40)
        #expect(landscape == (80, 30))
        // Portrait limited by rows.
        let portrait = ChafaRenderer.fittedCellSize(imageWidth: 3000, imageHeight: 4000,
                                                    maxCols: 80, maxRows: 30)
        #expect(portrait.rows == 30)
        #expect(portrait.cols == 45)
        // Square, cell aspect 1.
        let square = ChafaRenderer.fittedCellSize(imageWidth: 10, imageHeight: 10, maxCols: 7,
                                                  maxRows: 9, cellAspect: 1)
        #expect(square == (7, 7))
        // Aspect error stays within rounding for a range of shapes.
        for (w, h) in [(160, 120), (504, 376), (1920, 1080), (1080, 1920), (100, 1), (1, 100)] {
            let (c, r) = ChafaRenderer.fittedCellSize(imageWidth: w, imageHeight: h,
                                                      maxCols: 120, maxRows: 40)
            #expect(c >= 1 && c <= 120 && r >= 1 && r <= 40)
            #expect(c == 120 || r == 40)
            if c > 4 && r > 4 {
                let shown = Double(c) * 0.5 / Double(r)
                let wanted = Double(w) / Double(h)
                #expect(abs(shown - wanted) / wanted < 0.1)
            }
        }
        #expect(ChafaRenderer.fittedCellSize(imageWidth: 0, imageHeight: 10, maxCols: 5,
                                             maxRows: 5) == (5, 5))
    }
}
