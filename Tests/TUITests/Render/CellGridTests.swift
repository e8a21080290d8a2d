import Testing
@testable import TUI

@Suite struct CellGridTests {
    @Test func putWritesAndReturnsColumnsUsed() {
        var grid = CellGrid(width: 10, height: 2)
        let used = grid.put("hi there", x: 1, y: 0)
        #expect(used == 8)
        #expect(grid.lines() == [" hi there", ""])
        #expect(grid[x: 1, y: 0].text == "h")
    }

    @Test func putAppliesStyle() {
        var grid = CellGrid(width: 4, height: 1)
        let style = Style(fg: .indexed(1), bg: .rgb(1, 2, 3), attrs: [.bold])
        grid.put("ab", x: 0, y: 0, style: style)
        #expect(grid[x: 0, y: 0].style == style)
        #expect(grid[x: 1, y: 0].attrs == [.bold])
        #expect(grid[x: 2, y: 0] == .blank)
    }

    @Test func wideGlyphsTakeTwoCellsWithContinuation() {
        var grid = CellGrid(width: 6, height: 1)
        #expect(grid.put("日本", x: 0, y: 0) == 4)
        #expect(grid[x: 0, y: 0].text == "日")
        #expect(grid[x: 1, y: 0].isContinuation)
        #expect(grid[x: 2, y: 0].text == "本")
        #expect(grid[x: 3, y: 0].isContinuation)
        #expect(grid.text() == "日本")
    }

    @Test func clipsAtGridEdgeWithoutSplittingWideGlyph() {
        var grid = CellGrid(width: 5, height: 1)
        let used = grid.put("ab日本", x: 0, y: 0)   // wants 6 columns, only 5
        #expect(used == 5)
        #expect(grid[x: 4, y: 0].text == " ")
        #expect(!grid[x: 4, y: 0].isContinuation)
        #expect(grid.text() == "ab日")
    }

    @Test func clipsAtMaxWidthWithPadding() {
        var grid = CellGrid(width: 10, height: 1, fill: Cell("."))
        let used = grid.put("😀😀😀", x: 1, y: 0, maxWidth: 5)
        #expect(used == 5)
        #expect(grid.text() == ".😀😀 ....")
    }

    @Test func stripsControlCharacters() {
        var grid = CellGrid(width: 10, height: 1)
        let used = grid.put("a\u{1b}[2Jb\tc\n", x: 0, y: 0)
        #expect(used == 5)
        #expect(grid.text() == "ab c")
        #expect(!grid.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func keepsCombiningMarksInTheirCell() {
        var grid = CellGrid(width: 4, height: 1)
        #expect(grid.put("e\u{301}x", x: 0, y: 0) == 2)
        #expect(grid[x: 0, y: 0].text == "e\u{301}")
        #expect(grid[x: 1, y: 0].text == "x")
    }

    @Test func negativeXClipsOnTheLeft() {
        var grid = CellGrid(width: 4, height: 1)
        #expect(grid.put("日abc", x: -1, y: 0) == 5)
        #expect(grid.text() == " abc")
    }

    @Test func outOfRangeRowsAndColumnsAreIgnored() {
        var grid = CellGrid(width: 3, height: 1)
        #expect(grid.put("x", x: 0, y: 5) == 0)
        #expect(grid.put("x", x: 3, y: 0) == 0)
        grid[x: 9, y: 9] = Cell("z")
        #expect(grid[x: 9, y: 9] == .blank)
        #expect(grid.text() == "")
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("日本", x: 0, y: 0)
        grid[x: 1, y: 0] = Cell("x")        // right half of 日
        #expect(grid.text() == " x本")
        grid[x: 2, y: 0] = Cell("y")        // left half of 本
        #expect(grid.text() == " xy")
        #expect(!grid[x: 3, y: 0].isContinuation)
        grid.put("語", x: 4, y: 0)
        grid.put("a", x: 5, y: 0)           // continuation of 語
        #expect(grid.text() == " xy  a")
    }

    @Test func wideGlyphOverLeftHalfOfAnotherBlanksItsContinuation() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("ab本", x: 0, y: 0)        // 本 at 2–3
        grid.put("日", x: 1, y: 0)          // covers 1–2
        #expect(grid.text() == "a日")
        #expect(grid[x: 3, y: 0] == .blank)
    }

    @Test func truncatedAddsEllipsis() {
        #expect(CellGrid.truncated("hello world", toWidth: 8) == "hello w…")
        #expect(CellGrid.truncated("hello", toWidth: 5) == "hello")
        #expect(CellGrid.truncated("hello", toWidth: 1) == "…")
        #expect(CellGrid.truncated("hello", toWidth: 0) == "")
        #expect(CellGrid.truncated("日本語です", toWidth: 6) == "日本…")
        #expect(CellGrid.truncated("日本語です", toWidth: 5) == "日本…")
        #expect(CellGrid.truncated("ab\u{7}c", toWidth: 3) == "abc")
        for width in 0...12 {
            #expect(CellGrid.truncated("写真 photo 😀 album", toWidth: width).displayWidth <= width)
        }
    }

    @Test func fillClipsToGrid() {
        var grid = CellGrid(width: 4, height: 3)
        grid.fill(Rect(x: 2, y: 1, width: 10, height: 10), with: Cell("#", bg: .indexed(4)))
        #expect(grid.lines() == ["", "  ##", "  ##"])
        #expect(grid[x: 3, y: 2].bg == .indexed(4))
    }

    @Test func fillWithWideCellPadsOddWidth() {
        var grid = CellGrid(width: 5, height: 1)
        grid.fill(grid.bounds, with: Cell("口"))
        #expect(grid.text() == "口口")
        #expect(grid[x: 4, y: 0].text == " ")
    }

    @Test func blitCopiesAndClips() {
        var grid = CellGrid(width: 4, height: 2)
        let red = Cell("▀", fg: .rgb(255, 0, 0), bg: .rgb(0, 0, 0))
        grid.blit([[red, red, red], [red, red, red]], at: 2, y: 1)
        #expect(grid.lines() == ["", "  ▀▀"])
        #expect(grid[x: 3, y: 1] == red)
        grid.blit([[Cell("日"), .continuation(of: Cell("日"))]], at: 3, y: 0)
        #expect(grid[x: 3, y: 0].text == " ")   // wide glyph at the last column becomes a space
    }

    @Test func blitKeepsWideGlyphsWithTheirContinuations() {
        var grid = CellGrid(width: 4, height: 1)
        let wide = Cell("日", fg: .indexed(2))
        grid.blit([[wide, .continuation(of: wide), Cell("x")]], at: 0, y: 0)
        #expect(grid.text() == "日x")
        #expect(grid[x: 1, y: 0].isContinuation)
        var clipped = CellGrid(width: 4, height: 1)
        clipped.blit([[wide, .continuation(of: wide), Cell("x")]], at: -1, y: 0)
        #expect(clipped.text() == " x")
    }

    @Test func textTrimsTrailingSpaces() {
        var grid = CellGrid(width: 6, height: 2)
        grid.put("a b", x: 0, y: 1)
        #expect(grid.text() == "\na b")
    }

    @Test func cellWidth() {
        #expect(Cell("a").width == 1)
        #expect(Cell("日").width == 2)
        #expect(Cell("e\u{301}").width == 1)
        #expect(Cell.continuation(of: Cell("日")).width == 0)
    }

    @Test func rectIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 5)
        #expect(a.intersection(Rect(x: 8, y: 3, width: 5, height: 5)) == Rect(x: 8, y: 3, width: 2, height: 2))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 5, height: 5)).isEmpty)
        #expect(a.insetBy(dx: 1, dy: 1) == Rect(x: 1, y: 1, width: 8, height: 3))
        #expect(a.contains(x: 9, y: 4) && !a.contains(x: 10, y: 4))
    }
}
