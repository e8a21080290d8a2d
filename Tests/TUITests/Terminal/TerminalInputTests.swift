import Testing
@testable import TUI

/// The answers to the cell-size questions asked after a resize, taken out of the keys they came with.
@Suite struct TerminalInputTests {
    private func keys(_ text: String) -> [Key] { text.map { $0 == "\u{1B}" ? Key.escape : .char($0) } }

    @Test func cellSizeAndWindowAnswersAreFoundAmongKeys() {
        let replies = TerminalInput.sizeReplies(in: keys("j\u{1B}[6;20;10tk\u{1B}[4;800;1200t"))
        #expect(replies.map(\.cellSize) == [CellPixelSize(width: 10, height: 20), nil])
        #expect(replies.last?.windowPixels == TerminalReplies.WindowPixels(width: 1200, height: 800))
    }

    @Test func keysAloneHoldNoAnswer() {
        #expect(TerminalInput.sizeReplies(in: keys("hello, photory")).allSatisfy { $0.cellSize == nil && $0.windowPixels == nil })
        #expect(TerminalInput.sizeReplies(in: keys("\u{1B}[A")).isEmpty, "too short to be an answer")
    }
}
