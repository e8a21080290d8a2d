import Library

/// Separates the terminal's replies to the start-up queries from the keys the user types meanwhile.
///
/// Feed it the raw bytes read from the terminal, in any pieces: a reply may be split across reads,
/// keys may come between replies, and a broken reply may arrive. `feed` returns, in order, every byte
/// that is not part of a reply, so the key decoder gets the keys typed meanwhile and never a reply
/// (whose leading ESC would read as "back"). A reply that is recognised but malformed is dropped.
/// The DA1 reply (`CSI ? … c`) is asked last, so its arrival ends the exchange (`isComplete`).
/// When the wait times out, `finish()` hands back what was held for a sequence that never completed.
public struct TerminalReplyParser: Sendable {
    /// The queries, sent once at start-up in this order: XTVERSION (`CSI > 0 q`), the kitty graphics
    /// query (image 31, one RGB pixel), the cell size in pixels (`CSI 16 t`), the text area in pixels
    /// (`CSI 14 t`), the largest sixel image (`sixelSizeQueries`), and DA1 (`CSI c`) last.
    public static let startupQueries: [UInt8] = Array(
        "\u{1B}[>0q\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8) + sizeQueries + sixelSizeQueries
        + Array("\u{1B}[c".utf8)

    /// XTSMGRAPHICS for the sixel geometry: its current value (`CSI ? 2 ; 1 ; 0 S`: the window,
    /// bounded by the maximum) and its maximum (`CSI ? 2 ; 4 ; 0 S`). xterm answers only with all
    /// three parameters, and only as a VT340 (`-ti vt340`); the larger answer is kept.
    public static let sixelSizeQueries: [UInt8] = Array("\u{1B}[?2;1;0S\u{1B}[?2;4;0S".utf8)

    /// Inside a multiplexer, without the kitty query: tmux takes its APC for a window title (shown
    /// in its status line). tmux answers XTVERSION itself, which tells it apart from GNU screen.
    public static let multiplexerQueries: [UInt8] = Array("\u{1B}[>0q".utf8) + sizeQueries + Array("\u{1B}[c".utf8)

    /// The cell size and the text area in pixels, asked again after a resize (a font change).
    public static let sizeQueries: [UInt8] = Array("\u{1B}[16t\u{1B}[14t".utf8)

    /// The replies recognised so far.
    public private(set) var replies = TerminalReplies()
    /// Bytes held because they may begin a reply; always empty or starting with ESC.
    private var pending: [UInt8] = []

    /// The longest sequence held: a longer one is not a reply we asked for.
    static let longestReply = 512
    /// The longest text kept from a reply (terminal name, kitty error message).
    static let longestText = 80

    public init() {}

    /// True once the DA1 reply arrived: every earlier reply has been seen (or will never come).
    public var isComplete: Bool { replies.deviceAttributes != nil }

    /// Takes the next bytes read from the terminal; returns the bytes that are user input, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var input: [UInt8] = []
        for byte in bytes {
            take(byte, into: &input)
        }
        return input
    }

    /// Ends the exchange (the wait timed out, or DA1 came): returns the held bytes as user input
    /// unless they began a reply, which is then dropped as incomplete.
    public mutating func finish() -> [UInt8] {
        defer { pending = [] }
        return Self.beginsReply(pending) ? [] : pending
    }

    // MARK: - Deciding, byte by byte

    /// What the held bytes are, now that one more byte joined them.
    enum Verdict: Equatable {
        /// Could still become a reply: keep holding.
        case needMore
        /// A complete reply: consumed.
        case reply
        /// The first `count` bytes are user input; the rest is looked at again.
        case input(count: Int)
        /// The first `count` bytes were a broken reply: dropped; the rest is looked at again.
        case garbage(count: Int)
    }

    private mutating func take(_ byte: UInt8, into input: inout [UInt8]) {
        if pending.isEmpty && byte != Self.escape {
            input.append(byte)
            return
        }
        pending.append(byte)
        while !pending.isEmpty {
            switch examine(pending) {
            case .needMore:
                return
            case .reply:
                pending = []
            case .input(let count):
                input += pending.prefix(count)
                pending.removeFirst(count)
            case .garbage(let count):
                pending.removeFirst(count)
            }
            // What is left over is looked at again; plain bytes go straight to the input.
            while let first = pending.first, first != Self.escape {
                input.append(first)
                pending.removeFirst()
            }
        }
    }

    static let escape: UInt8 = 0x1B
    static let backslash = UInt8(ascii: "\\")

    /// Classifies `bytes`, which start with ESC and were `.needMore` without their last byte.
    private mutating func examine(_ bytes: [UInt8]) -> Verdict {
        guard bytes.count >= 2 else { return .needMore }
        switch bytes[1] {
        case UInt8(ascii: "["): return examineCSI(bytes)
        case UInt8(ascii: "P"): return examineString(bytes, introducer: Array(">|".utf8))
        case UInt8(ascii: "_"): return examineString(bytes, introducer: Array("G".utf8))
        default: return .input(count: 1)   // a lone Esc, Alt+key, SS3 keys: the key decoder's business
        }
    }

    /// `ESC [ params final`: DA1 and the cell size are replies; anything else (arrows, mouse…) is input.
    private mutating func examineCSI(_ bytes: [UInt8]) -> Verdict {
        let last = bytes[bytes.count - 1]
        if bytes.count == 2 { return .needMore }
        if (0x20...0x3F).contains(last) {
            return bytes.count > Self.longestReply ? .input(count: bytes.count) : .needMore
        }
        guard (0x40...0x7E).contains(last) else {
            // Not a CSI after all (a control byte or ESC inside): the bytes before it are input.
            return .input(count: bytes.count - 1)
        }
        let parameters = String(decoding: bytes[2..<(bytes.count - 1)], as: UTF8.self)
        if last == UInt8(ascii: "c"), parameters.hasPrefix("?") {
            replies.deviceAttributes = Self.numbers(parameters.dropFirst()) ?? []
            return .reply
        }
        if last == UInt8(ascii: "S"), parameters.hasPrefix("?") {
            // XTSMGRAPHICS: item 2 (sixel geometry), status 0 (success), width, height.
            if let numbers = Self.numbers(parameters.dropFirst()), numbers.count == 4, numbers[0] == 2, numbers[1] == 0,
               numbers[2] > 0, numbers[3] > 0 {
                let size = TerminalReplies.WindowPixels(width: numbers[2], height: numbers[3])
                let kept = replies.sixelMaxSize
                replies.sixelMaxSize = TerminalReplies.WindowPixels(width: max(size.width, kept?.width ?? 0),
                                                                    height: max(size.height, kept?.height ?? 0))
            }
            return .reply
        }
        if last == UInt8(ascii: "t"), let numbers = Self.numbers(Substring(parameters)),
           numbers.count == 3, numbers[0] == 6 || numbers[0] == 4 {
            if numbers[0] == 6 {
                let size = CellPixelSize(width: numbers[2], height: numbers[1])
                if size.isPlausible { replies.cellSize = size }
            } else if numbers[1] > 0, numbers[2] > 0 {
                replies.windowPixels = TerminalReplies.WindowPixels(width: numbers[2], height: numbers[1])
            }
            return .reply
        }
        return .input(count: bytes.count)
    }

    /// `ESC P > | text ESC \` (XTVERSION) or `ESC _ G keys ; message ESC \` (kitty graphics).
    private mutating func examineString(_ bytes: [UInt8], introducer: [UInt8]) -> Verdict {
        let body = bytes.dropFirst(2)
        let introduced = min(body.count, introducer.count)
        guard body.prefix(introduced).elementsEqual(introducer.prefix(introduced)) else {
            return .input(count: 2)   // Alt+P or Alt+_ followed by a key
        }
        if body.count <= introducer.count { return .needMore }
        let last = bytes[bytes.count - 1]
        let previous = bytes[bytes.count - 2]
        if previous == Self.escape {
            guard last == Self.backslash else {
                // Broken off: the reply is dropped. Its ESC begins whatever follows (the next reply,
                // `ESC [ 6 ; 13 ; 6 t`), which is looked at again with it; a stray ESC before another ESC goes too.
                return .garbage(count: bytes.count - (last == Self.escape ? 1 : 2))
            }
            let text = bytes[(2 + introducer.count)..<(bytes.count - 2)]
            record(String(decoding: text, as: UTF8.self), kitty: bytes[1] == UInt8(ascii: "_"))
            return .reply
        }
        if bytes.count > Self.longestReply { return .garbage(count: bytes.count) }
        return .needMore
    }

    /// Keeps a string reply: XTVERSION's text, or the kitty answer for our image 31.
    private mutating func record(_ text: String, kitty: Bool) {
        guard kitty else {
            replies.terminalVersion = Self.cleaned(text)
            return
        }
        guard let semicolon = text.firstIndex(of: ";") else { return }
        let keys = text[..<semicolon].split(separator: ",")
        guard keys.contains("i=31") else { return }   // someone else's image
        let message = text[text.index(after: semicolon)...]
        replies.kittyGraphics = message == "OK" ? .ok : .error(Self.cleaned(String(message)))
    }

    // MARK: - Helpers

    /// Whether held bytes had started a reply (so they are dropped, not handed back, when cut off).
    static func beginsReply(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3, bytes[0] == escape else { return false }
        switch (bytes[1], bytes[2]) {
        case (UInt8(ascii: "["), UInt8(ascii: "?")): return true
        case (UInt8(ascii: "P"), UInt8(ascii: ">")): return bytes.count >= 4 && bytes[3] == UInt8(ascii: "|")
        case (UInt8(ascii: "_"), UInt8(ascii: "G")): return true
        default: return false
        }
    }

    /// `1;2;4` → [1, 2, 4]; nil when anything but digits and semicolons is present.
    static func numbers(_ text: Substring) -> [Int]? {
        var result: [Int] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.count <= 6, let value = Int(part) else { return nil }
            result.append(value)
        }
        return result
    }

    /// Text from the terminal is untrusted: no controls or escape sequences, and not too long.
    static func cleaned(_ text: String) -> String {
        String(text.strippingControlCharacters.prefix(longestText))
    }
}
