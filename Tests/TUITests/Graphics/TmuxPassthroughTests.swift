import Testing
@testable import TUI

extension GraphicsTests {
/// tmux's passthrough wrapper: `ESC P tmux ; … ESC \` with the ESCs inside doubled.
@Suite struct TmuxPassthroughTests {
    /// What tmux does with a wrapper: the inner bytes, or nil when the wrapper is malformed
    /// (a lone ESC inside, which would end it early).
    static func unwrap(_ bytes: [UInt8]) -> [UInt8]? {
        let opening = Array("\u{1B}Ptmux;".utf8)
        guard bytes.starts(with: opening), bytes.count >= opening.count + 2,
              bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { return nil }
        var inner: [UInt8] = []
        var index = opening.count
        let end = bytes.count - 2
        while index < end {
            if bytes[index] == 0x1B {
                guard index + 1 < end, bytes[index + 1] == 0x1B else { return nil }
                index += 1
            }
            inner.append(bytes[index])
            index += 1
        }
        return inner
    }

    @Test func escapesAreDoubledAndTheWrapperClosesOnce() {
        let sixel = Array("\u{1B}7\u{1B}[5;10H\u{1B}Pq#0;2;0;0;0~~\u{1B}\\\u{1B}8".utf8)
        let wrapped = TmuxPassthrough.wrap(sixel)
        #expect(String(decoding: wrapped, as: UTF8.self) ==
            "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[5;10H\u{1B}\u{1B}Pq#0;2;0;0;0~~\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\")
        #expect(Self.unwrap(wrapped) == sixel)
    }

    @Test func plainAndEmptyBytesAreWrappedUnchanged() {
        #expect(TmuxPassthrough.wrap([]) == Array("\u{1B}Ptmux;\u{1B}\\".utf8))
        #expect(Self.unwrap(TmuxPassthrough.wrap(Array("abc".utf8))) == Array("abc".utf8))
    }
}
}
