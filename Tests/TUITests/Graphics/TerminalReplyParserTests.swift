import Testing
@testable import TUI

extension GraphicsTests {
/// The start-up replies are taken out of the terminal's bytes; the keys typed meanwhile are kept, in order.
@Suite struct TerminalReplyParserTests {
    static let xtversion = "\u{1B}P>|XTerm(379)\u{1B}\\"
    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let cellSize = "\u{1B}[6;20;10t"
    static let da1Sixel = "\u{1B}[?63;1;2;4;6;9;15;22c"
    static let allReplies = xtversion + kittyOK + cellSize + da1Sixel

    static let expected = TerminalReplies(terminalVersion: "XTerm(379)", kittyGraphics: .ok,
                                          cellSize: .init(width: 10, height: 20),
                                          deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 22])

    /// Feeds `text` in pieces of `size` bytes; returns the parser and all the input handed back.
    static func parse(_ text: String, piecesOf size: Int) -> (TerminalReplyParser, [UInt8]) {
        var parser = TerminalReplyParser()
        var input: [UInt8] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            input += parser.feed(bytes[start..<min(start + size, bytes.count)])
        }
        input += parser.finish()
        return (parser, input)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 1000])
    func repliesSplitAcrossReadsAreAllRecognised(pieceSize: Int) {
        let (parser, input) = Self.parse(Self.allReplies, piecesOf: pieceSize)
        #expect(parser.replies == Self.expected)
        #expect(parser.replies.sixel)
        #expect(parser.isComplete)
        #expect(input == [])
    }

    @Test(arguments: [1, 4, 1000])
    func keysTypedBetweenRepliesComeBackInOrder(pieceSize: Int) {
        // j, an up arrow, Esc+x (Alt-x), a UTF-8 letter, Alt-P then >, a lone Esc at the very end.
        let text = "j" + Self.xtversion + "\u{1B}[A" + Self.kittyOK + "\u{1B}xé" + Self.cellSize
            + "\u{1B}P>" + Self.da1Sixel + "\u{1B}"
        let (parser, input) = Self.parse(text, piecesOf: pieceSize)
        #expect(parser.replies == Self.expected)
        #expect(String(decoding: input, as: UTF8.self) == "j\u{1B}[A\u{1B}xé\u{1B}P>\u{1B}")
    }

    /// Many shuffles of replies and keys, cut at every kind of boundary: the replies are always found
    /// and the keys always come back whole and in order.
    @Test func anyMixOfRepliesAndKeysSeparates() {
        let replies = [Self.xtversion, Self.kittyOK, Self.cellSize]
        let keys = ["q", "\u{1B}[A", "\u{1B}", "\u{1B}OB", "\u{1B}[<35;4;9M", "\u{1B}\u{1B}", "ä", "\u{1B}[15~"]
        var generator = SplitMix(seed: 12)
        for _ in 0..<300 {
            var pieces: [(String, isKey: Bool)] = replies.map { ($0, false) }
            for _ in 0..<Int(generator.next() % 4) {
                pieces.append((keys[Int(generator.next() % UInt64(keys.count))], true))
            }
            pieces.shuffle(using: &generator)
            let text = pieces.map(\.0).joined() + Self.da1Sixel
            let (parser, input) = Self.parse(text, piecesOf: 1 + Int(generator.next() % 9))
            #expect(parser.replies == Self.expected)
            #expect(String(decoding: input, as: UTF8.self) == pieces.filter(\.isKey).map(\.0).joined())
        }
    }

    /// A small deterministic generator, so a failure repeats.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func mouseAndFunctionKeysAreInputNotReplies() {
        let keys = "\u{1B}[<0;12;5M\u{1B}[15~\u{1B}OP\u{1B}[1;5C"
        let (parser, input) = Self.parse(keys + Self.da1Sixel, piecesOf: 1)
        #expect(String(decoding: input, as: UTF8.self) == keys)
        #expect(parser.replies.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 22])
    }

    @Test func noReplyGivesEveryByteBackAndNothingDetected() {
        let (parser, input) = Self.parse("hello\u{1B}[B\u{1B}", piecesOf: 2)
        #expect(parser.replies == TerminalReplies())
        #expect(!parser.isComplete)
        #expect(String(decoding: input, as: UTF8.self) == "hello\u{1B}[B\u{1B}")
    }

    @Test func aReplyCutOffByTheTimeoutIsDroppedNotTypedAsKeys() {
        let (parser, input) = Self.parse("q" + Self.xtversion + "\u{1B}_Gi=31;O", piecesOf: 3)
        #expect(parser.replies.terminalVersion == "XTerm(379)")
        #expect(parser.replies.kittyGraphics == nil)
        #expect(input == Array("q".utf8))
    }

    @Test func garbageIsDroppedAndLaterRepliesStillCount() {
        // A kitty reply broken off by a new sequence, then the DA1 without sixel.
        let text = "\u{1B}_Gi=31;OK\u{1B}" + "\u{1B}P>|foot(1.13.1)\u{1B}\\" + "\u{1B}[?62;22c"
        let (parser, input) = Self.parse(text, piecesOf: 1)
        #expect(parser.replies.kittyGraphics == nil)
        #expect(parser.replies.terminalVersion == "foot(1.13.1)")
        #expect(parser.replies.deviceAttributes == [62, 22])
        #expect(!parser.replies.sixel)
        #expect(input == [])
    }

    @Test func anEndlessReplyIsDroppedWithoutHoldingEverything() {
        let endless = "\u{1B}P>|" + String(repeating: "x", count: 2000)
        let (parser, input) = Self.parse(endless + "\u{1B}[?1;2c", piecesOf: 64)
        #expect(parser.replies.terminalVersion == nil)
        #expect(parser.replies.deviceAttributes == [1, 2])
        #expect(!input.contains(0x1B))
    }

    @Test func kittyErrorsAndOtherImagesAreToldApart() {
        var parser = TerminalReplyParser()
        #expect(parser.feed(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8)) == [])
        #expect(parser.replies.kittyGraphics == nil)
        #expect(parser.feed(Array("\u{1B}_Gi=31;ENOTSUPPORTED:\u{7}no\u{1B}\\".utf8)) == [])
        #expect(parser.replies.kittyGraphics == .error("ENOTSUPPORTED:no"))
    }

    @Test func terminalTextIsCleaned() {
        let (parser, _) = Self.parse("\u{1B}P>|evil\u{7}\u{9B}2J" + String(repeating: "y", count: 200) + "\u{1B}\\",
                                     piecesOf: 10)
        let version = try! #require(parser.replies.terminalVersion)
        #expect(version.hasPrefix("evilyyy"), "the C1 CSI went whole")
        #expect(version.count == TerminalReplyParser.longestText)
    }

    @Test func implausibleCellSizesAreIgnored() {
        let (parser, input) = Self.parse("\u{1B}[6;0;10t\u{1B}[6;20;99999t", piecesOf: 1)
        #expect(parser.replies.cellSize == nil)
        #expect(input == [])
    }

    @Test func theQueriesEndWithDA1() {
        let queries = String(decoding: TerminalReplyParser.startupQueries, as: UTF8.self)
        #expect(queries.hasPrefix("\u{1B}[>0q"))
        #expect(queries.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
        #expect(queries.hasSuffix("\u{1B}[16t\u{1B}[14t\u{1B}[?2;1;0S\u{1B}[?2;4;0S\u{1B}[c"))
        let multiplexer = String(decoding: TerminalReplyParser.multiplexerQueries, as: UTF8.self)
        #expect(!multiplexer.contains("\u{1B}_G"), "tmux would take the kitty query for a window title")
        #expect(multiplexer.hasPrefix("\u{1B}[>0q") && multiplexer.hasSuffix("\u{1B}[c"))
    }

    @Test func theTextAreaInPixelsIsAReplyToo() {
        var parser = TerminalReplyParser()
        let input = parser.feed(Array("\u{1B}[4;780;1200tj\u{1B}[?63;4c".utf8))
        #expect(parser.replies.windowPixels == TerminalReplies.WindowPixels(width: 1200, height: 780))
        #expect(input == Array("j".utf8))
        #expect(parser.isComplete)
    }

    /// xterm as a VT340 answers both sixel-geometry questions (the window bounded by the maximum,
    /// then the maximum); a plain xterm answers "failure" (status 3), which tells nothing.
    @Test(arguments: [1, 3, 1000])
    func theLargestSixelIsAReply(pieceSize: Int) {
        let answers = "\u{1B}[?2;0;600;390S" + "k" + "\u{1B}[?2;0;1000;1000S" + Self.da1Sixel
        let (parser, input) = Self.parse(answers, piecesOf: pieceSize)
        #expect(parser.replies.sixelMaxSize == TerminalReplies.WindowPixels(width: 1000, height: 1000))
        #expect(input == Array("k".utf8))
        let (failed, nothing) = Self.parse("\u{1B}[?2;3S" + Self.da1Sixel, piecesOf: pieceSize)
        #expect(failed.replies.sixelMaxSize == nil)
        #expect(nothing == [])
    }
}
}
