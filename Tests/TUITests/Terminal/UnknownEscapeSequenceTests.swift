import Testing
@testable import TUI

/// With a wrong TERM, keys terminfo does not know arrive as raw escape sequences; they must do
/// nothing rather than act as Esc followed by letters.
@Suite struct UnknownEscapeSequenceTests {
    private func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .char($0) }
    }

    @Test func csiAndSs3SequencesAreDropped() {
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}[F")) == [])           // End, xterm style
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}[1;5Cj")) == [.char("j")])  // Ctrl-Right, then j
        #expect(Key.droppingUnknownEscapeSequences(keys("\u{1B}OHk")) == [.char("k")])      // Home, SS3 style
        #expect(Key.droppingUnknownEscapeSequences(keys("l\u{1B}[4~l")) == [.char("l"), .char("l")])
    }

    @Test func aPlainEscIsKept() {
        #expect(Key.droppingUnknownEscapeSequences([.escape]) == [.escape])
        #expect(Key.droppingUnknownEscapeSequences([.escape, .char("q")]) == [.escape, .char("q")])
        #expect(Key.droppingUnknownEscapeSequences([.down, .escape]) == [.down, .escape])
    }
}
