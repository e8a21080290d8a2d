import Foundation
import Glibc
import Testing
@testable import TUI

/// A terminal slower than the start-up wait answers after ncurses took over: its string replies
/// (XTVERSION `ESC P > | … ESC \`, the kitty answer `ESC _ G … ESC \`) must do nothing, as unknown
/// escape sequences do, while Alt+P and Alt+_ (no terminator) still reach the keys as before.
@Suite struct LateReplyTests {
    private func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .char($0) }
    }

    @Test func lateStringRepliesAreDropped() {
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}P>|XTerm(379)\u{1B}\\")) == [])
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}_Gi=31;OK\u{1B}\\")) == [])
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\")) == [])
        // All four late answers in one batch, keys around them kept in order.
        let late = "j\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;13;6t\u{1B}[?63;1;2;4c" + "k"
        #expect(Key.droppingUnknownEscapeSequences(keys(late)) == [.char("j"), .char("k")])
    }

    /// A late reply split across two reads (one batch of keys each): its start is held for the
    /// next batch, which finishes it, so none of it reaches the keys (Esc would be "back").
    @Test(arguments: [("\u{1B}P>|XTe", "rm(379)\u{1B}\\"),
                      ("j\u{1B}_Gi=31;O", "K\u{1B}\\k"), ("\u{1B}P", ">|kitty(0.26.5)\u{1B}\\")])
    func aLateReplySplitAcrossTwoReadsStaysOutOfTheKeys(first: String, second: String) {
        var filter = LateReplyFilter()
        let keys = filter.filter(keys(first)) + filter.filter(keys(second))
        #expect(keys.allSatisfy { $0 == .char("j") || $0 == .char("k") },
                "only the user's keys: \(keys)")
        #expect(!keys.contains(.char("X")) && !keys.contains(.char("G")))
    }

    @Test func aHeldStartThatNeverFinishesIsDroppedAndKeysGoOn() {
        var filter = LateReplyFilter()
        #expect(filter.filter(keys("j\u{1B}P>|XT")) == [.char("j")])
        #expect(filter.filter(keys("erm")) == [], "still unfinished: held once, then dropped")
        #expect(filter.filter(keys("k")) == [.char("k")])
    }

    @Test func theUsersEscAndAltKeysAreNotHeld() {
        var filter = LateReplyFilter()
        #expect(filter.filter([.escape]) == [.escape])
        #expect(filter.filter(keys("\u{1B}Pjk")) == [.escape, .char("P"), .char("j"), .char("k")])
    }

    @Test func altPAndAltUnderscoreWithoutATerminatorStay() {
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}P")) == [.escape, .char("P")])
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}_")) == [.escape, .char("_")])
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}Pjk")) == [.escape, .char("P"), .char("j"), .char("k")])
        #expect(Key.droppingUnknownEscapeSequences([.down] + keys("\u{1B}P")) == [.down, .escape, .char("P")])
    }
}

extension OneTerminalAtATime {
    /// Late replies as they really come: through ncurses, mixed with keys.
    @Suite struct LateReplyTerminalTests {
        @Test func lateRepliesReadAsNoKeysAndALateCellSizeIsTaken() throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            let terminal = try Terminal(headlessColumns: 20, rows: 4, termName: "xterm-256color",
                                        inputFileDescriptor: fds[0], colorModeOverride: .colors256, graphics: .sixel)
            defer { terminal.restore(); close(fds[1]) }
            #expect(terminal.cellPixelSize == .fallback)
            let late = "j\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;13;6t\u{1B}[?63;1;2;4ck"
            _ = late.withCString { write(fds[1], $0, strlen($0)) }
            var keys: [Key] = []
            while keys.count < 2 {
                let batch = terminal.readKeys(timeoutMs: 1000)
                if batch.isEmpty { break }
                keys += batch
            }
            #expect(keys == [.char("j"), .char("k")])
            // The answer to the CSI 16 t a resize asks is the new cell size.
            #expect(terminal.cellPixelSize == CellPixelSize(width: 6, height: 13))
        }
    }
}
