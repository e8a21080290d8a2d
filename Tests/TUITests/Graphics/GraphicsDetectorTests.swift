import Testing
@testable import TUI

extension GraphicsTests {
/// Which protocol each terminal gets: a table of environments and replies, as terminals really send them.
@Suite struct GraphicsDetectorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var choice: GraphicsChoice = .auto
        var environment: [String: String]
        var replies = TerminalReplies()
        var expected: GraphicsProtocol
        var passthrough = false
        var testDescription: String { name }
    }

    static let sixelDA1 = [63, 1, 2, 4, 6, 9, 15, 22]
    static let plainDA1 = [65, 1, 9]

    static let rows: [Row] = [
        Row(name: "kitty by its variables, no reply yet",
            environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], expected: .kitty),
        Row(name: "kitty over ssh: only the replies",
            environment: ["TERM": "xterm-256color"],
            replies: .init(terminalVersion: "kitty(0.26.5)", kittyGraphics: .ok, deviceAttributes: [62, 52]),
            expected: .kitty),
        Row(name: "Ghostty", environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], expected: .kitty),
        Row(name: "WezTerm prefers iTerm2 images",
            environment: ["TERM": "xterm-256color", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
            replies: .init(terminalVersion: "WezTerm 20230712", deviceAttributes: sixelDA1), expected: .iterm2),
        Row(name: "iTerm2", environment: ["TERM_PROGRAM": "iTerm.app"], expected: .iterm2),
        Row(name: "Konsole answering the kitty query",
            environment: ["KONSOLE_VERSION": "220401"],
            replies: .init(kittyGraphics: .ok, deviceAttributes: [62, 1, 4]), expected: .kitty),
        Row(name: "old Konsole: the variable alone does not switch",
            environment: ["KONSOLE_VERSION": "180800"], replies: .init(deviceAttributes: [62, 1]), expected: .symbols),
        Row(name: "Windows Terminal with sixel",
            environment: ["WT_SESSION": "abc"], replies: .init(deviceAttributes: [61, 4, 6, 7]), expected: .sixel),
        Row(name: "xterm -ti vt340",
            environment: ["TERM": "xterm"],
            replies: .init(terminalVersion: "XTerm(379)", cellSize: .init(width: 6, height: 13),
                           deviceAttributes: sixelDA1), expected: .sixel),
        Row(name: "plain xterm", environment: ["TERM": "xterm"],
            replies: .init(terminalVersion: "XTerm(379)", deviceAttributes: plainDA1), expected: .symbols),
        Row(name: "xterm started from kitty: XTVERSION beats the inherited variable",
            environment: ["TERM": "xterm", "KITTY_WINDOW_ID": "3"],
            replies: .init(terminalVersion: "XTerm(379)", deviceAttributes: plainDA1), expected: .symbols),
        Row(name: "kitty that refused the query falls back", environment: ["TERM": "xterm-kitty"],
            replies: .init(kittyGraphics: .error("EINVAL"), deviceAttributes: [62]), expected: .symbols),
        Row(name: "no reply at all", environment: ["TERM": "linux"], expected: .symbols),
        Row(name: "tmux in kitty: symbols unless forced",
            environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0", "KITTY_WINDOW_ID": "1"],
            replies: .init(kittyGraphics: .ok, deviceAttributes: sixelDA1), expected: .symbols),
        Row(name: "tmux with --graphics kitty: wrapped for passthrough", choice: .forced(.kitty),
            environment: ["TMUX": "/tmp/tmux-1000/default,1,0"], expected: .kitty, passthrough: true),
        Row(name: "tmux with --graphics symbols needs no passthrough", choice: .forced(.symbols),
            environment: ["TMUX": "/tmp/tmux-1000/default,1,0"], expected: .symbols),
        Row(name: "GNU screen", environment: ["TERM": "screen.xterm-256color"],
            replies: .init(deviceAttributes: sixelDA1), expected: .symbols),
        Row(name: "--graphics sixel is obeyed whatever the terminal says", choice: .forced(.sixel),
            environment: ["TERM": "xterm-kitty"], replies: .init(kittyGraphics: .ok), expected: .sixel),
        Row(name: "--graphics symbols in kitty", choice: .forced(.symbols),
            environment: ["KITTY_WINDOW_ID": "1"], expected: .symbols),
        Row(name: "a terminal started from kitty that answers DA1 but not the kitty query",
            environment: ["TERM": "rxvt-unicode-256color", "KITTY_WINDOW_ID": "3"],
            replies: .init(deviceAttributes: sixelDA1), expected: .sixel),
        Row(name: "started from WezTerm, answering DA1 but not XTVERSION: not WezTerm",
            environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
            replies: .init(deviceAttributes: plainDA1), expected: .symbols),
        Row(name: "ssh from inside tmux: TERM says tmux, no TMUX variable",
            environment: ["TERM": "tmux-256color"], replies: .init(deviceAttributes: sixelDA1), expected: .symbols),
        Row(name: "ssh from inside tmux with TERM=screen: tmux names itself, so --graphics is passed through",
            choice: .forced(.sixel), environment: ["TERM": "screen"],
            replies: .init(terminalVersion: "tmux 3.3a", deviceAttributes: [84, 0]), expected: .sixel, passthrough: true),
    ]

    @Test func sixelOnAGuessedCellSizeWouldOverflowItsCells() {
        let replies = TerminalReplies(deviceAttributes: Self.sixelDA1)
        let guessed = GraphicsDetector.detect(.auto, environment: ["TERM": "xterm"], replies: replies, cellSizeKnown: false)
        #expect(guessed.graphicsProtocol == .symbols)
        #expect(guessed.reason.contains("cell size"))
        let forced = GraphicsDetector.detect(.forced(.sixel), environment: ["TERM": "xterm"], replies: replies,
                                             cellSizeKnown: false)
        #expect(forced.graphicsProtocol == .sixel, "the user asked for it")
        #expect(forced.reason.contains("guessed"))
    }

    @Test func needsRepliesOnlyWhenTheyCanChangeSomething() {
        #expect(GraphicsDetector.needsReplies(.auto, environment: ["TERM": "xterm"]))
        #expect(!GraphicsDetector.needsReplies(.auto, environment: ["TERM": "tmux-256color"]))
        #expect(!GraphicsDetector.needsReplies(.auto, environment: ["TERM": "screen", "TMUX": "x"]))
        #expect(GraphicsDetector.needsReplies(.forced(.kitty), environment: ["TMUX": "x"]), "for the cell size")
        #expect(!GraphicsDetector.needsReplies(.forced(.symbols), environment: ["TERM": "xterm"]))
    }

    @Test(arguments: rows)
    func chooses(row: Row) {
        let detection = GraphicsDetector.detect(row.choice, environment: row.environment, replies: row.replies)
        #expect(detection.graphicsProtocol == row.expected)
        #expect(detection.tmuxPassthrough == row.passthrough)
        #expect(!detection.reason.isEmpty)
    }

    @Test func theReasonSaysWhyTmuxGotSymbols() {
        let detection = GraphicsDetector.detect(.auto, environment: ["TMUX": "x"], replies: TerminalReplies())
        #expect(detection.reason.contains("tmux"))
        #expect(detection.reason.contains("--graphics"))
    }
}
}
