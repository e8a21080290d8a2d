import Foundation
import Glibc
import Testing
@testable import TUI

/// The terminal's mouse reports among the keys become clicks, double-clicks and wheel turns.
@Suite struct MouseReaderTests {
    private func keys(_ text: String) -> [Key] { text.map { $0 == "\u{1B}" ? Key.escape : .char($0) } }

    @Test func anSGRPressAndReleaseOnOneCellIsAClickTheKeysAroundStay() {
        var reader = MouseReader()
        let got = reader.take(keys("j\u{1B}[<0;10;5M\u{1B}[<0;10;5mk"), now: 0)
        #expect(got == [.char("j"), .mouse(MouseEvent(.click, x: 9, y: 4)), .char("k")])
    }

    @Test func aSecondClickSoonOnTheSameCellIsADoubleClick() {
        var reader = MouseReader()
        let click = keys("\u{1B}[<0;300;70M\u{1B}[<0;300;70m")
        #expect(reader.take(click, now: 10) == [.mouse(MouseEvent(.click, x: 299, y: 69))], "past column 223")
        #expect(reader.take(click, now: 10.2) == [.mouse(MouseEvent(.doubleClick, x: 299, y: 69))])
        #expect(reader.take(click, now: 10.3) == [.mouse(MouseEvent(.click, x: 299, y: 69))], "a third starts again")
        #expect(reader.take(click, now: 11) == [.mouse(MouseEvent(.click, x: 299, y: 69))], "too late for a double")
        let elsewhere = keys("\u{1B}[<0;3;7M\u{1B}[<0;3;7m")
        #expect(reader.take(elsewhere, now: 11.1) == [.mouse(MouseEvent(.click, x: 2, y: 6))], "another cell")
    }

    @Test func theWheelDragsOtherButtonsAndModifiers() {
        var reader = MouseReader()
        #expect(reader.take(keys("\u{1B}[<64;4;4M\u{1B}[<65;4;4M\u{1B}[<81;4;4M"), now: 0)
            == [.mouse(MouseEvent(.wheelUp, x: 3, y: 3)), .mouse(MouseEvent(.wheelDown, x: 3, y: 3)),
                .mouse(MouseEvent(.wheelDown, x: 3, y: 3))], "Ctrl+wheel still scrolls")
        // Pressed on one cell and released on another (a drag) is no click; right and middle buttons do nothing.
        #expect(reader.take(keys("\u{1B}[<0;1;1M\u{1B}[<32;2;1M\u{1B}[<0;2;1m\u{1B}[<2;5;5M\u{1B}[<2;5;5m"), now: 0).isEmpty)
    }

    @Test func x10ReportsFromATerminalWithoutSGR() {
        var reader = MouseReader()
        // Button, column and row offset by 32 (1-based): press at (10, 5), release (3), wheel down (65).
        func report(_ codes: [UInt8]) -> String { "\u{1B}[M" + String(decoding: codes, as: UTF8.self) }
        let x10: String = report([32, 42, 37]) + report([35, 42, 37]) + report([97, 42, 37])
        #expect(reader.take(keys(x10), now: 0) == [.mouse(MouseEvent(.click, x: 9, y: 4)), .mouse(MouseEvent(.wheelDown, x: 9, y: 4))])
    }

    @Test func aReportCutAtTheEndOfABatchWaitsForTheRest() {
        var reader = MouseReader()
        #expect(reader.take(keys("a\u{1B}[<0;12"), now: 0) == [.char("a")])
        #expect(reader.take(keys(";3M\u{1B}[<0;12;3mb"), now: 0) == [.mouse(MouseEvent(.click, x: 11, y: 2)), .char("b")])
        // Other escape sequences and a lone Esc are left alone.
        #expect(reader.take([.escape], now: 0) == [.escape])
        #expect(reader.take(keys("\u{1B}[6;20;10t"), now: 0) == keys("\u{1B}[6;20;10t"))
    }
}

extension OneTerminalAtATime {
    /// The real terminal layer: with the mouse on, SGR reports written to the input come out of
    /// `readKeys` as mouse keys (ncurses' own decoding of them is off); with it off they are
    /// dropped as unknown sequences, never read as Esc and letters.
    @Suite struct TerminalMouseTests {
        @Test(arguments: [true, false])
        func sgrReportsBecomeMouseKeysWhenTheMouseIsOn(mouse: Bool) throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let terminal = try Terminal(headlessColumns: 80, rows: 24, termName: "xterm-256color",
                                        inputFileDescriptor: fds[0], colorModeOverride: .colors256, mouse: mouse)
            defer { terminal.restore(); close(fds[1]) }
            let input = "j\u{1b}[<0;10;5M\u{1b}[<0;10;5m\u{1b}[<65;3;3Mk"
            _ = input.withCString { write(fds[1], $0, strlen($0)) }
            var keys: [Key] = []
            while !keys.contains(.char("k")) {
                let batch = terminal.readKeys(timeoutMs: 1000)
                if batch.isEmpty { break }
                keys += batch
            }
            if mouse {
                #expect(keys == [.char("j"), .mouse(MouseEvent(.click, x: 9, y: 4)), .mouse(MouseEvent(.wheelDown, x: 2, y: 2)), .char("k")])
            } else {
                #expect(keys == [.char("j"), .char("k")])
            }
        }
    }
}
