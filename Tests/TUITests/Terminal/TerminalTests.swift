import Foundation
import Glibc
import Testing
@testable import TUI

extension OneTerminalAtATime {
    @Suite struct HeadlessTerminalTests {
        private func grid(_ width: Int, _ height: Int, _ lines: [String]) -> CellGrid {
            var grid = CellGrid(width: width, height: height)
            for (y, line) in lines.enumerated() { grid.put(line, x: 0, y: y) }
            return grid
        }

        @Test func drawThenReadBack() throws {
            let terminal = try Terminal(headlessColumns: 40, rows: 5, colorModeOverride: .colors256)
            defer { terminal.restore() }
            #expect(terminal.size == (40, 5))
            terminal.draw(grid(40, 5, ["Hello, photory", "", "  indented"]))
            #expect(terminal.readBack(row: 0) == "Hello, photory")
            #expect(terminal.readBack(row: 1) == "")
            #expect(terminal.readBack(row: 2) == "  indented")
        }

        @Test func wideCharactersStayAligned() throws {
            let terminal = try Terminal(headlessColumns: 20, rows: 3, colorModeOverride: .colors256)
            defer { terminal.restore() }
            terminal.draw(grid(20, 3, ["日x本y😀z", "é\u{301}|ab"]))
            #expect(terminal.readBack(row: 0) == "日x本y😀z")
            #expect(terminal.inspectCell(x: 2, y: 0)?.text == "x")
            #expect(terminal.inspectCell(x: 3, y: 0)?.text == "本")
            #expect(terminal.inspectCell(x: 5, y: 0)?.text == "y")
            #expect(terminal.inspectCell(x: 8, y: 0)?.text == "z")
            #expect(terminal.inspectCell(x: 0, y: 1)?.text == "é\u{301}")
            #expect(terminal.inspectCell(x: 1, y: 1)?.text == "|")
        }

        @Test func diffDrawWritesOnlyChangedCells() throws {
            let terminal = try Terminal(headlessColumns: 10, rows: 4, colorModeOverride: .colors256)
            defer { terminal.restore() }
            var screen = grid(10, 4, ["abc", "def"])
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 40)   // first draw: everything
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 0)
            screen.put("X", x: 1, y: 1)
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 1)
            #expect(terminal.readBack(row: 1) == "dXf")
            screen.put("日", x: 4, y: 3)                    // a wide glyph is one write
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 1)
            #expect(terminal.readBack(row: 3) == "    日")
            screen.put("ab", x: 4, y: 3)                    // replacing it writes both halves
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 2)
            #expect(terminal.readBack(row: 3) == "    ab")
            screen.put("E", x: 2, y: 0, style: Style(attrs: [.bold]))   // style-only change
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 1)
            #expect(terminal.inspectCell(x: 2, y: 0)?.bold == true)
        }

        @Test func coloursGoThroughExtendedPairs() throws {
            let terminal = try Terminal(headlessColumns: 10, rows: 2, colorModeOverride: .colors256)
            defer { terminal.restore() }
            var screen = CellGrid(width: 10, height: 2)
            screen[x: 0, y: 0] = Cell("a", fg: .indexed(196))
            screen[x: 1, y: 0] = Cell("b", fg: .rgb(250, 0, 0), bg: .indexed(21))
            screen[x: 2, y: 0] = Cell("c", bg: .indexed(4))
            // Many distinct pairs: more than COLOR_PAIR()'s 8 bits can hold.
            for i in 0..<10 {
                screen[x: i, y: 1] = Cell("p", fg: .indexed(UInt8(16 + i * 20)), bg: .indexed(UInt8(255 - i)))
            }
            terminal.draw(screen)
            let a = try #require(terminal.inspectCell(x: 0, y: 0))
            #expect(a.fg == 196 && a.bg == -1)
            let b = try #require(terminal.inspectCell(x: 1, y: 0))
            #expect(b.fg == 196 && b.bg == 21)
            let c = try #require(terminal.inspectCell(x: 2, y: 0))
            #expect(c.fg == -1 && c.bg == 4)
            #expect(terminal.inspectCell(x: 3, y: 0).map { ($0.fg, $0.bg) } ?? (0, 0) == (-1, -1))
            for i in 0..<10 {
                let p = try #require(terminal.inspectCell(x: i, y: 1))
                #expect(p.fg == 16 + i * 20 && p.bg == 255 - i)
            }
            #expect(terminal.truecolorCellsLastDraw == 0)   // 256 mode: ncurses only
        }

        @Test func sixteenColourModeMapsDown() throws {
            let terminal = try Terminal(headlessColumns: 4, rows: 1, colorModeOverride: .colors16)
            defer { terminal.restore() }
            var screen = CellGrid(width: 4, height: 1)
            screen[x: 0, y: 0] = Cell("a", fg: .rgb(250, 0, 0), bg: .indexed(196))
            terminal.draw(screen)
            let a = try #require(terminal.inspectCell(x: 0, y: 0))
            #expect(a.fg == 9 && a.bg == 9)
        }

        /// `--colors 256` under a stock `TERM=xterm` (terminfo: 8 colours): ncurses holds the nearest
        /// of 8, and the cells get their 256-palette colours as SGR written after it; an rgb colour
        /// goes as its nearest palette entry. Colours of the first 8 stay with ncurses alone.
        @Test func paletteColoursBeyondTerminfoAreWrittenAsSGR() throws {
            let terminal = try Terminal(headlessColumns: 6, rows: 2, termName: "xterm", colorModeOverride: .colors256)
            defer { terminal.restore() }
            var screen = CellGrid(width: 6, height: 2)
            screen[x: 0, y: 0] = Cell("a", fg: .indexed(196), bg: .indexed(21))
            screen[x: 1, y: 0] = Cell("b", fg: .rgb(250, 0, 0))
            screen[x: 0, y: 1] = Cell("c", fg: .indexed(1), bg: .indexed(4))
            terminal.draw(screen)
            let bytes = String(decoding: terminal.lastTruecolorOutput, as: UTF8.self)
            #expect(terminal.truecolorCellsLastDraw == 2)
            #expect(bytes.contains("\u{1b}[1;1H\u{1b}[0;38;5;196;48;5;21ma"))
            #expect(bytes.contains("\u{1b}[0;38;5;196mb"))
            #expect(!bytes.contains("c"), "palette colours terminfo has stay with ncurses")
            let a = try #require(terminal.inspectCell(x: 0, y: 0))
            #expect(a.fg == 1 && a.bg == 4, "ncurses holds the nearest of its 8")

            screen[x: 0, y: 0] = Cell("a")                                   // back to default colours
            terminal.draw(screen)
            #expect(terminal.repaintedRowsLastDraw == [0], "no stale 256-colour cell left")
        }

        /// A forced truecolor under `TERM=xterm`: the interface's own palette colours past 8 are
        /// written too, as `38;5`.
        @Test func truecolorUnderAPoorTerminfoWritesPaletteColoursToo() throws {
            let terminal = try Terminal(headlessColumns: 4, rows: 1, termName: "xterm", colorModeOverride: .truecolor)
            defer { terminal.restore() }
            var screen = CellGrid(width: 4, height: 1)
            screen[x: 0, y: 0] = Cell("a", fg: .indexed(244))
            screen[x: 1, y: 0] = Cell("b", fg: .rgb(1, 2, 3))
            terminal.draw(screen)
            let bytes = String(decoding: terminal.lastTruecolorOutput, as: UTF8.self)
            #expect(bytes.contains("38;5;244ma") && bytes.contains("38;2;1;2;3mb"))
        }

        @Test func truecolorCellsAreWrittenAsSGRAfterNcurses() throws {
            let terminal = try Terminal(headlessColumns: 8, rows: 3, colorModeOverride: .truecolor)
            defer { terminal.restore() }
            var screen = CellGrid(width: 8, height: 3)
            screen.put("label", x: 0, y: 0)
            screen.blit([[Cell("▀", fg: .rgb(250, 0, 0), bg: .rgb(0, 0, 250)),
                          Cell("▀", fg: .rgb(250, 0, 0), bg: .rgb(0, 0, 250))]], at: 2, y: 1)
            terminal.draw(screen)
            #expect(terminal.truecolorCellsLastDraw == 2)
            let bytes = String(decoding: terminal.lastTruecolorOutput, as: UTF8.self)
            #expect(bytes.hasPrefix("\u{1b}7"))
            #expect(bytes.hasSuffix("\u{1b}8"))
            #expect(bytes.contains("\u{1b}[2;3H"))                          // row 2, column 3
            #expect(bytes.contains("38;2;250;0;0;48;2;0;0;250m▀▀"))          // one SGR, two cells
            // ncurses holds the nearest palette colour.
            let cell = try #require(terminal.inspectCell(x: 2, y: 1))
            #expect(cell.fg == 196 && cell.bg == 21)

            terminal.draw(screen)                                            // nothing changed
            #expect(terminal.truecolorCellsLastDraw == 0)
            #expect(terminal.lastTruecolorOutput.isEmpty)

            screen.put("x", x: 0, y: 1)                                      // same row changes
            terminal.draw(screen)
            #expect(terminal.cellsWrittenLastDraw == 1)
            #expect(terminal.truecolorCellsLastDraw == 2)                    // row rewritten
            #expect(terminal.repaintedRowsLastDraw.isEmpty)

            screen.put("x", x: 0, y: 2)                                      // other row only
            terminal.draw(screen)
            #expect(terminal.truecolorCellsLastDraw == 0)
        }

        @Test func rgbCellTurningIntoPaletteCellRepaintsTheRow() throws {
            let terminal = try Terminal(headlessColumns: 6, rows: 2, colorModeOverride: .truecolor)
            defer { terminal.restore() }
            var screen = CellGrid(width: 6, height: 2)
            screen[x: 1, y: 1] = Cell("▀", fg: .rgb(250, 0, 0))
            screen[x: 3, y: 1] = Cell("▀", fg: .rgb(0, 250, 0))
            terminal.draw(screen)
            // The nearest palette colour of rgb(250,0,0) is 196: ncurses alone would see no change.
            screen[x: 1, y: 1] = Cell("▀", fg: .indexed(196))
            terminal.draw(screen)
            #expect(terminal.repaintedRowsLastDraw == [1])
            #expect(terminal.truecolorCellsLastDraw == 1)                    // the green one again
            let cell = try #require(terminal.inspectCell(x: 1, y: 1))
            #expect(cell.fg == 196)
        }

        @Test func resizeForcesFullRedraw() throws {
            let terminal = try Terminal(headlessColumns: 10, rows: 4, colorModeOverride: .colors256)
            defer { terminal.restore() }
            terminal.draw(grid(10, 4, ["one"]))
            terminal.resizeHeadless(columns: 6, rows: 2)
            #expect(terminal.size == (6, 2))
            terminal.draw(grid(6, 2, ["one"]))
            #expect(terminal.cellsWrittenLastDraw == 12)
            #expect(terminal.readBack(row: 0) == "one")
            // A grid larger than the terminal is clipped.
            terminal.draw(grid(10, 4, ["0123456789", "日本語です"]))
            #expect(terminal.readBack(row: 0) == "012345")
            #expect(terminal.readBack(row: 1) == "日本語")
        }

        @Test func wideGlyphInLastTerminalColumnBecomesSpace() throws {
            let terminal = try Terminal(headlessColumns: 5, rows: 1, colorModeOverride: .colors256)
            defer { terminal.restore() }
            var screen = CellGrid(width: 6, height: 1)
            screen.put("abcd日", x: 0, y: 0)
            terminal.draw(screen)
            #expect(terminal.readBack(row: 0) == "abcd")
        }

        @Test func readsKeysFromInputInOneBatch() throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let terminal = try Terminal(headlessColumns: 10, rows: 2, termName: "xterm-256color",
                                        inputFileDescriptor: fds[0], colorModeOverride: .colors256)
            defer { terminal.restore() }
            #expect(terminal.readKeys(timeoutMs: 0).isEmpty)
            let input = "a\u{1}\r\u{7f}日\u{1b}OA\u{1b}[6~\u{1b}OP\t"
            _ = input.withCString { write(fds[1], $0, strlen($0)) }
            let keys = terminal.readKeys(timeoutMs: 1000)
            #expect(keys == [.char("a"), .ctrl("a"), .enter, .backspace, .char("日"), .up, .pageDown,
                             .function(1), .tab])
            _ = "\u{1b}".withCString { write(fds[1], $0, 1) }    // a lone Esc, after the Esc delay
            #expect(terminal.readKeys(timeoutMs: 1000) == [.escape])
            // Home and End however the terminal (or tmux) sends them.
            let homeEnd = "\u{1b}[1~\u{1b}[4~\u{1b}[H\u{1b}[F\u{1b}OH\u{1b}OF\u{1b}[7~\u{1b}[8~"
            _ = homeEnd.withCString { write(fds[1], $0, strlen($0)) }
            let got = terminal.readKeys(timeoutMs: 1000)
            let more = terminal.readKeys(timeoutMs: 200)
            #expect(got + more == [.home, .end, .home, .end, .home, .end, .home, .end])
            close(fds[1])
        }

        /// The loop's wait: woken by a key, by the wake pipe from another thread, and told when
        /// the input is gone; an Esc sequence whose rest comes after the wake-up is still one key.
        @Test func waitForInputWakesOnKeysTheWakePipeAndHangUp() throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let terminal = try Terminal(headlessColumns: 10, rows: 2, termName: "xterm-256color",
                                        inputFileDescriptor: fds[0], colorModeOverride: .colors256)
            defer { terminal.restore() }
            let wake = WakePipe()
            #expect(terminal.waitForInput(orWake: wake, timeoutMs: 0) == .timeout)

            DispatchQueue.global().async { wake.wake() }
            #expect(terminal.waitForInput(orWake: wake) == .wake)   // no timeout: only the wake ends it
            wake.drain()
            #expect(terminal.waitForInput(orWake: wake, timeoutMs: 0) == .timeout, "drained")

            _ = "\u{1b}".withCString { write(fds[1], $0, 1) }
            #expect(terminal.waitForInput(orWake: wake) == .input)
            _ = "OA".withCString { write(fds[1], $0, 2) }   // the rest of ↑, after the wake-up
            #expect(terminal.readKeys(timeoutMs: 0) == [.up])

            close(fds[1])
            #expect(terminal.waitForInput(orWake: wake).contains(.hangup))
            #expect(terminal.readKeys(timeoutMs: 0).isEmpty)
        }

        @Test func restoreIsIdempotentAndTerminalsCanFollowEachOther() throws {
            for _ in 0..<3 {
                let terminal = try Terminal(headlessColumns: 12, rows: 2)
                terminal.draw(grid(12, 2, ["again"]))
                #expect(terminal.readBack(row: 0) == "again")
                terminal.restore()
                terminal.restore()
                terminal.draw(grid(12, 2, ["ignored"]))   // no-op after restore
                #expect(terminal.readKeys(timeoutMs: 0).isEmpty)
            }
        }

        @Test func unknownTerminalTypeThrows() {
            #expect(throws: TerminalError.self) {
                _ = try Terminal(headlessColumns: 10, rows: 2, termName: "no-such-terminal-xyz")
            }
            // and releases the slot for the next one
            #expect(throws: Never.self) {
                let terminal = try Terminal(headlessColumns: 10, rows: 2)
                terminal.restore()
            }
        }
    }
}
