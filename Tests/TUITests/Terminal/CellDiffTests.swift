import Library
import Testing
@testable import TUI

/// `CellDiff` as ratatui tests `Buffer::diff`: tables of an old and a new frame and the runs that
/// must be written, then a check that writing the runs over the old frame always gives the new one.
@Suite struct CellDiffTests {
    /// A 10×3 grid with `lines` written from column 0.
    static func grid(_ lines: [String], width: Int = 10, height: Int = 3) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        for (y, line) in lines.enumerated() { grid.put(line, x: 0, y: y) }
        return grid
    }

    /// The runs of a diff as "y,x:text" (a continuation adds no text).
    static func runs(_ diff: CellDiff) -> [String] {
        diff.rows.flatMap { row in row.runs.map { "\(row.y),\($0.x):\($0.text)" } }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let old: CellGrid
        let new: CellGrid
        /// The runs written, as `runs(_:)` gives them.
        let runs: [String]
        /// The cells handed on (wide glyphs once).
        let glyphs: Int
        var testDescription: String { name }
    }

    static let red = Style(fg: .indexed(196))

    static let cases: [Case] = {
        let base = grid(["abcdef", "ghij"])
        func changed(_ edit: (inout CellGrid) -> Void, from start: CellGrid = base) -> CellGrid {
            var grid = start
            edit(&grid)
            return grid
        }
        let wide = grid(["a日d"])                      // 日 at columns 1–2
        return [
            Case(name: "nothing changed", old: base, new: base, runs: [], glyphs: 0),
            Case(name: "one narrow cell", old: base, new: changed { $0.put("X", x: 1, y: 1) },
                 runs: ["1,1:X"], glyphs: 1),
            Case(name: "adjacent cells are one run", old: base, new: changed { $0.put("XY", x: 2, y: 0) },
                 runs: ["0,2:XY"], glyphs: 2),
            Case(name: "cells apart are two runs", old: base, new: changed { $0.put("X", x: 0, y: 0); $0.put("Y", x: 4, y: 0) },
                 runs: ["0,0:X", "0,4:Y"], glyphs: 2),
            Case(name: "changes on two rows", old: base, new: changed { $0.put("X", x: 5, y: 0); $0.put("Y", x: 9, y: 2) },
                 runs: ["0,5:X", "2,9:Y"], glyphs: 2),
            Case(name: "a narrow cell becomes a wide glyph: one glyph over two columns",
                 old: base, new: changed { $0.put("日", x: 1, y: 0) }, runs: ["0,1:日"], glyphs: 1),
            Case(name: "a wide glyph becomes two narrow cells", old: wide, new: changed({ $0.put("bc", x: 1, y: 0) }, from: wide),
                 runs: ["0,1:bc"], glyphs: 2),
            Case(name: "a wide glyph's second half overwritten: its first half goes blank",
                 old: wide, new: changed({ $0.put("x", x: 2, y: 0) }, from: wide), runs: ["0,1: x"], glyphs: 2),
            Case(name: "a wide glyph's first half overwritten: its second half goes blank",
                 old: wide, new: changed({ $0.put("x", x: 1, y: 0) }, from: wide), runs: ["0,1:x "], glyphs: 2),
            Case(name: "a wide glyph for another: the continuation is unchanged",
                 old: wide, new: changed({ $0.put("本", x: 1, y: 0) }, from: wide), runs: ["0,1:本"], glyphs: 1),
            Case(name: "a wide glyph moved one column", old: wide, new: changed({ $0.put(" 日", x: 1, y: 0) }, from: wide),
                 runs: ["0,1: 日"], glyphs: 2),
            Case(name: "colour only", old: base, new: changed { $0.put("c", x: 2, y: 0, style: red) },
                 runs: ["0,2:c"], glyphs: 1),
            Case(name: "attribute only", old: base, new: changed { $0.put("h", x: 1, y: 1, style: Style(attrs: [.bold])) },
                 runs: ["1,1:h"], glyphs: 1),
            Case(name: "background of a blank only", old: base,
                 new: changed { $0.fill(Rect(x: 8, y: 2, width: 2, height: 1), with: Cell(" ", bg: .rgb(1, 2, 3))) },
                 runs: ["2,8:  "], glyphs: 2),
            Case(name: "a wide glyph's colour: one glyph, both columns",
                 old: wide, new: changed({ $0.put("日", x: 1, y: 0, style: red) }, from: wide), runs: ["0,1:日"], glyphs: 1),
        ]
    }()

    @Test(arguments: cases)
    func writesTheRunsThatChanged(_ test: Case) {
        let diff = CellDiff.between(test.old, test.new)
        #expect(!diff.isFull)
        #expect(Self.runs(diff) == test.runs)
        #expect(diff.glyphCount == test.glyphs)
        for row in diff.rows {
            for run in row.runs {
                #expect(run.replaced == Array(test.old.row(row.y).dropFirst(run.x).prefix(run.cells.count)),
                        "a run knows the cells it replaces")
            }
        }
    }

    @Test func theColourOfAColourOnlyChangeIsInTheRun() throws {
        var new = Self.grid(["abc"])
        new.put("b", x: 1, y: 0, style: Self.red)
        let run = try #require(CellDiff.between(Self.grid(["abc"]), new).rows.first?.runs.first)
        #expect(run.cells == [Cell("b", style: Self.red)])
        #expect(run.replaced == [Cell("b")])
    }

    @Test func noGridBeforeOrAnotherSizeDrawsEverything() {
        let new = Self.grid(["ab", "日"], width: 4, height: 2)
        for old in [nil, Self.grid(["ab"], width: 5, height: 2), Self.grid(["ab"], width: 4, height: 3)] {
            let diff = CellDiff.between(old, new)
            #expect(diff.isFull)
            #expect(Self.runs(diff) == ["0,0:ab  ", "1,0:日  "])
            #expect(diff.glyphCount == 7, "every cell, the wide glyph once")
            #expect(diff.rows.allSatisfy { $0.runs.allSatisfy(\.replaced.isEmpty) })
        }
    }

    @Test func onlyWhatFitsTheScreenCounts() {
        let new = Self.grid(["abcd日", "0123456789", "x"], width: 10, height: 3)
        let diff = CellDiff.between(nil, new, screenColumns: 5, screenRows: 2)
        #expect(Self.runs(diff) == ["0,0:abcd ", "1,0:01234"], "the wide glyph cut by the edge is a space")
        #expect(diff.visibleColumns == 5 && diff.visibleRows == 2)
        #expect(diff.rows[0].runs[0].cells[4] == Cell(" "))

        var styled = new
        styled.put("日", x: 4, y: 0, style: Self.red)
        let cut = CellDiff.between(new, styled, screenColumns: 5, screenRows: 2)
        #expect(cut.rows.first?.runs.first?.cells == [Cell(" ", style: Self.red)], "in the glyph's style")
    }

    // MARK: Image rows

    /// A frame with a line of text on rows 1 and 3 and an image placed as the screens place one.
    static func imageFrame(at cells: Rect?, text row1: String = "caption", _ row3: String = "footer") -> CellGrid {
        var grid = CellGrid(width: 20, height: 6)
        grid.put(row1, x: 0, y: 1)
        grid.put(row3, x: 0, y: 3)
        if let cells {
            PlacedImage(content: "photo", cells: cells, image: TerminalImage(bytes: Array("pixels".utf8))).place(into: &grid)
        }
        return grid
    }

    /// The cells under an image are a letter of their row: an image that moves down one row changes
    /// only the row it left and the row it took, never rows it still covers.
    @Test func anImageMovingDownChangesOnlyTheRowsItLeftAndTook() {
        let before = Self.imageFrame(at: Rect(x: 10, y: 1, width: 4, height: 3))
        let after = Self.imageFrame(at: Rect(x: 10, y: 2, width: 4, height: 3))
        let diff = CellDiff.between(before, after)
        #expect(Self.runs(diff) == ["1,10:    ", "4,10:eeee"])
        #expect(diff.rows.last?.runs.first?.cells.allSatisfy { $0.attrs.contains(.invisible) } == true)
    }

    @Test func anImageMovingSidewaysChangesTheColumnsItLeftAndTook() {
        let before = Self.imageFrame(at: Rect(x: 10, y: 1, width: 4, height: 2))
        let after = Self.imageFrame(at: Rect(x: 12, y: 1, width: 4, height: 2))
        #expect(Self.runs(CellDiff.between(before, after)) == ["1,10:  ", "1,14:bb", "2,10:  ", "2,14:cc"])
    }

    /// What `ImageOutput` reads: the span from the first to the last changed column of a row. Text
    /// changing on both sides of an image spans it (ncurses may rewrite the cells between: the image
    /// is drawn again); text changing beside it only does not.
    @Test(arguments: [("Caption", "footer", true), ("caption     x", "footer", false), ("caption", "Footer", true)])
    func theChangedSpanOfARowTellsWhetherAnImageMayBeWiped(_ row1: String, _ row3: String, wipes: Bool) {
        let image = Rect(x: 8, y: 1, width: 3, height: 3)
        var before = Self.imageFrame(at: image)
        before.put("|", x: 15, y: 1)
        before.put("|", x: 15, y: 3)
        var after = Self.imageFrame(at: image, text: row1, row3)
        after.put(row1 == "Caption" ? "/" : "|", x: 15, y: 1)
        after.put(row3 == "Footer" ? "/" : "|", x: 15, y: 3)
        let diff = CellDiff.between(before, after)
        let mayWipe = diff.rows.contains { row in
            ImageOutput.RowChange(changed: row.changed).mayWipe(image.minX..<image.maxX)
        }
        #expect(mayWipe == wipes)
    }

    // MARK: Any change

    /// Writing the runs over the old frame gives the new one, whatever changed: random frames of
    /// narrow and wide glyphs in a few styles, changed at random.
    @Test func writingTheRunsOverTheOldFrameGivesTheNewOne() {
        var random = SeededRandom(seed: 19)
        let glyphs = ["a", "b", " ", "日", "本", "😀", "é"]
        let styles = [Style.plain, Self.red, Style(bg: .rgb(9, 9, 9)), Style(attrs: [.bold, .underline])]
        func scribble(on grid: inout CellGrid, times: Int) {
            for _ in 0..<times {
                let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in glyphs.randomElement(using: &random)! }.joined()
                grid.put(text, x: Int.random(in: 0..<grid.width, using: &random), y: Int.random(in: 0..<grid.height, using: &random),
                         style: styles.randomElement(using: &random)!)
            }
        }
        for _ in 0..<300 {
            var old = CellGrid(width: 12, height: 4)
            scribble(on: &old, times: 20)
            var new = old
            scribble(on: &new, times: Int.random(in: 0..<6, using: &random))
            var screen = old
            for row in CellDiff.between(old, new).rows {
                for run in row.runs {
                    for (x, cell) in run.glyphs { screen[x: x, y: row.y] = cell }
                }
            }
            #expect(screen.cells == new.cells)
            if screen.cells != new.cells { break }
        }
    }
}
