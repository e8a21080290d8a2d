import Testing
@testable import TUI

@Suite struct BrailleCanvasTests {
    @Test func eachDotHasItsBrailleBit() {
        // Dots 1-2-3-7 run down the left column, 4-5-6-8 down the right.
        let expected: [(x: Int, y: Int, character: Character)] = [
            (0, 0, "⠁"), (0, 1, "⠂"), (0, 2, "⠄"), (0, 3, "⡀"),
            (1, 0, "⠈"), (1, 1, "⠐"), (1, 2, "⠠"), (1, 3, "⢀"),
        ]
        for dot in expected {
            var canvas = BrailleCanvas(columns: 1, rows: 1)
            canvas.set(x: dot.x, y: dot.y)
            #expect(canvas.character(column: 0, row: 0) == dot.character, "dot (\(dot.x), \(dot.y))")
            #expect(canvas.isSet(x: dot.x, y: dot.y))
        }
        var full = BrailleCanvas(columns: 1, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.set(x: x, y: y) } }
        #expect(full.character(column: 0, row: 0) == "⣿")
        #expect(BrailleCanvas(columns: 1, rows: 1).character(column: 0, row: 0) == nil)
    }

    @Test func dotsOutsideTheCanvasAreIgnored() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.set(x: -1, y: 0)
        canvas.set(x: 4, y: 0)
        canvas.set(x: 0, y: 4)
        #expect(canvas.character(column: 0, row: 0) == nil && canvas.character(column: 1, row: 0) == nil)
        #expect(!canvas.isSet(x: 4, y: 0))
    }

    @Test func linesJoinTheirEndsWithoutGaps() {
        var canvas = BrailleCanvas(columns: 10, rows: 3)   // 20 × 12 dots
        canvas.line(from: (0, 0), to: (19, 11))
        var previous: (x: Int, y: Int)?
        var count = 0
        for x in 0..<20 {
            for y in 0..<12 where canvas.isSet(x: x, y: y) {
                if let p = previous { #expect(abs(p.x - x) <= 1 && abs(p.y - y) <= 1, "gap before (\(x), \(y))") }
                previous = (x, y)
                count += 1
            }
        }
        #expect(canvas.isSet(x: 0, y: 0) && canvas.isSet(x: 19, y: 11))
        #expect(count == 20)   // one dot a column on a shallow line

        var vertical = BrailleCanvas(columns: 1, rows: 2)
        vertical.line(from: (0, 7), to: (0, 0))
        #expect(vertical.character(column: 0, row: 0) == "⡇" && vertical.character(column: 0, row: 1) == "⡇")
    }

    @Test func linesAreClippedToTheCanvas() {
        var canvas = BrailleCanvas(columns: 4, rows: 2)   // 8 × 8 dots
        canvas.line(from: (-1e9, 3.5), to: (1e9, 3.5))
        #expect((0..<8).allSatisfy { canvas.isSet(x: $0, y: 3) })
        #expect(!(0..<8).contains { canvas.isSet(x: $0, y: 2) || canvas.isSet(x: $0, y: 4) })
        var outside = BrailleCanvas(columns: 4, rows: 2)
        outside.line(from: (-5.0, -5.0), to: (20.0, -1.0))
        outside.line(from: (.nan, 1.0), to: (3.0, 1.0))
        #expect((0..<4).allSatisfy { outside.character(column: $0, row: 0) == nil })
    }

    @Test func drawsOnlyCellsWithDotsInTheLastStyle() {
        var canvas = BrailleCanvas(columns: 3, rows: 1)
        let green = Style(fg: .indexed(2)), red = Style(fg: .indexed(1))
        canvas.set(x: 0, y: 0, style: green)
        canvas.set(x: 1, y: 3, style: red)
        var grid = CellGrid(width: 5, height: 1, fill: Cell("x"))
        canvas.draw(into: &grid, x: 1, y: 0)
        #expect(grid.lines() == ["x⢁xxx"])
        #expect(grid[1, 0].style == red)
        #expect(grid[2, 0] == Cell("x"))
    }
}
