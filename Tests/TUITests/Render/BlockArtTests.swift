import Testing
@testable import TUI

/// A zoomed view's truecolor cells: each 8×8-pixel cell becomes the block symbol whose two
/// parts, in their mean colours, draw its pixels best.
@Suite struct BlockArtTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    /// The cells of one 8×8 cell drawn by `colour(x, y)`.
    static func cell(alpha: UInt8 = 255, _ colour: (Int, Int) -> RGB) -> Cell {
        var pixels: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { let c = colour(x, y); pixels += [c.0, c.1, c.2, alpha] } }
        return pixels.withUnsafeBufferPointer { BlockArt.render(pixels: $0, columns: 1, rows: 1) }[0][0]
    }

    static let red: RGB = (200, 10, 10), blue: RGB = (10, 10, 200)

    @Test func aPlainCellIsASpaceInItsColour() {
        #expect(Self.cell { _, _ in Self.red } == Cell(" ", bg: .rgb(200, 10, 10)))
    }

    @Test func halvesAndEighthsAreTheirBlocks() {
        #expect(Self.cell { _, y in y < 4 ? Self.red : Self.blue } == Cell("▄", fg: .rgb(10, 10, 200), bg: .rgb(200, 10, 10)))
        #expect(Self.cell { _, y in y < 6 ? Self.red : Self.blue } == Cell("▂", fg: .rgb(10, 10, 200), bg: .rgb(200, 10, 10)))
        #expect(Self.cell { x, _ in x < 3 ? Self.red : Self.blue } == Cell("▍", fg: .rgb(200, 10, 10), bg: .rgb(10, 10, 200)))
        #expect(Self.cell { x, _ in x < 7 ? Self.red : Self.blue } == Cell("▉", fg: .rgb(200, 10, 10), bg: .rgb(10, 10, 200)))
    }

    @Test func quadrantsAreTheirBlocks() {
        #expect(Self.cell { x, y in x < 4 && y < 4 ? Self.red : Self.blue } == Cell("▘", fg: .rgb(200, 10, 10), bg: .rgb(10, 10, 200)))
        #expect(Self.cell { x, y in x >= 4 && y >= 4 ? Self.red : Self.blue } == Cell("▗", fg: .rgb(200, 10, 10), bg: .rgb(10, 10, 200)))
        #expect(Self.cell { x, y in (x < 4) == (y < 4) ? Self.red : Self.blue } == Cell("▚", fg: .rgb(200, 10, 10), bg: .rgb(10, 10, 200)))
    }

    @Test func colorsAreThePartsMeans() {
        // Noise on two halves: each half's colour is its mean.
        let cell = Self.cell { x, y in y < 4 ? (UInt8(100 + (x % 2) * 20), 0, 0) : (0, 0, UInt8(50 + (x % 2) * 10)) }
        #expect(cell == Cell("▄", fg: .rgb(0, 0, 55), bg: .rgb(110, 0, 0)))
    }

    @Test func aTransparentCellIsBlank() {
        #expect(Self.cell(alpha: 0) { _, y in y < 4 ? Self.red : Self.blue } == .blank)
    }

    @Test func rowsAndColumnsOfCellsComeFromTheirOwnPixels() {
        // 3×2 cells, each a different plain colour.
        let columns = 3, rows = 2
        var pixels: [UInt8] = []
        for y in 0..<(rows * 8) {
            for x in 0..<(columns * 8) { pixels += [UInt8(x / 8 * 50), UInt8(y / 8 * 100), 7, 255] }
        }
        let cells = pixels.withUnsafeBufferPointer { BlockArt.render(pixels: $0, columns: columns, rows: rows) }
        #expect(cells.count == rows && cells.allSatisfy { $0.count == columns })
        for y in 0..<rows {
            for x in 0..<columns { #expect(cells[y][x] == Cell(" ", bg: .rgb(UInt8(x * 50), UInt8(y * 100), 7))) }
        }
    }
}
