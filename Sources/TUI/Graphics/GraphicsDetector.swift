/// Chooses how photos are drawn, from the user's choice, environment hints and the terminal's replies.
///
/// A pure function, so every terminal is a row in a table test. The rules, in order:
/// - a forced protocol (`--graphics kitty`) is used as asked; inside tmux it is wrapped for passthrough;
/// - inside tmux or GNU screen, `auto` gives symbols (tmux 3.3a has no sixel, and passthrough needs
///   `allow-passthrough on`, which we cannot see);
/// - the terminal confirming the kitty query (`i=31;OK`) gives kitty;
/// - a terminal known by name — XTVERSION's text first (it survives ssh), then `TERM`, `TERM_PROGRAM`,
///   `KITTY_WINDOW_ID`, `WEZTERM_EXECUTABLE` — gives its best protocol: kitty and Ghostty kitty,
///   iTerm2 and WezTerm iTerm2 images (unless the kitty query was refused);
/// - `4` in DA1 gives sixel (Konsole, Windows Terminal, foot, xterm `-ti vt340`, mlterm: their support
///   depends on version and settings, so `KONSOLE_VERSION` and `WT_SESSION` alone never switch);
/// - anything else, including no reply at all, gives symbols: the fallback is never worse than today.
public enum GraphicsDetector {
    /// What was chosen, and why (for `--verbose` diagnostics and the README's troubleshooting).
    public struct Detection: Equatable, Sendable {
        /// The protocol to draw with.
        public var graphicsProtocol: GraphicsProtocol
        /// True when output must be wrapped with `TmuxPassthrough` (a forced protocol inside tmux).
        public var tmuxPassthrough: Bool
        /// A short reason, e.g. "the terminal answered the kitty query".
        public var reason: String
    }

    /// Terminals recognised by name, and the protocol each draws best.
    enum KnownTerminal: Equatable {
        case kitty, ghostty, wezterm, iterm2

        var best: GraphicsProtocol {
            switch self {
            case .kitty, .ghostty: .kitty
            case .wezterm, .iterm2: .iterm2
            }
        }
    }

    /// The environment variables the rules look at.
    public static let environmentNames = ["TERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE",
                                          "WT_SESSION", "KONSOLE_VERSION", "TMUX"]

    /// Whether asking the terminal can change the outcome (or give the cell size a forced protocol
    /// needs): not for `symbols`, nor for `auto` inside tmux or screen, which gives symbols anyway.
    public static func needsReplies(_ choice: GraphicsChoice, environment: [String: String]) -> Bool {
        switch choice {
        case .forced(let forced): return forced.drawsPixels
        case .auto: return multiplexer(environment: environment, version: nil) == nil
        }
    }

    /// The terminal multiplexers that stand between us and the terminal.
    public enum Multiplexer: Equatable, Sendable {
        case tmux, screen
    }

    /// tmux when `TMUX` is set, `TERM` starts with `tmux` or XTVERSION says `tmux` (tmux answers it
    /// itself, also after ssh from inside tmux, where `TMUX` is not set and `TERM` is often `screen`);
    /// else screen when `TERM` starts with `screen`; else none.
    public static func multiplexer(environment: [String: String], version: String?) -> Multiplexer? {
        let term = environment["TERM"] ?? ""
        if !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux") || version?.lowercased().hasPrefix("tmux") == true {
            return .tmux
        }
        return term.hasPrefix("screen") ? .screen : nil
    }

    /// The protocol to use for `choice` in a terminal with this environment and these replies.
    /// - Parameter cellSizeKnown: whether the cell's pixel size was measured (reply or kernel), not
    ///   guessed: a sixel is drawn at its pixel size, so on a guess it could overflow its cells and
    ///   scroll the screen; `auto` then keeps to character art.
    public static func detect(_ choice: GraphicsChoice, environment: [String: String],
                              replies: TerminalReplies, cellSizeKnown: Bool = true) -> Detection {
        let multiplexer = multiplexer(environment: environment, version: replies.terminalVersion)
        if case .forced(let forced) = choice {
            return Detection(graphicsProtocol: forced, tmuxPassthrough: multiplexer == .tmux && forced.drawsPixels,
                             reason: "--graphics \(forced.rawValue)" + (cellSizeKnown ? "" : ", cell size guessed"))
        }
        switch multiplexer {
        case .tmux: return symbols("inside tmux; --graphics sixel, kitty or iterm2 passes images through it")
        case .screen: return symbols("inside GNU screen")
        case nil: break
        }
        if replies.kittyGraphics == .ok {
            return pixels(.kitty, "the terminal answered the kitty graphics query")
        }
        // A terminal that answered DA1 and not the kitty query has no kitty graphics, whatever
        // variables it inherited from the terminal it was started in.
        let answered = replies.deviceAttributes != nil || replies.kittyGraphics != nil
        if let known = knownTerminal(environment: environment, version: replies.terminalVersion,
                                     answeredWithoutName: replies.deviceAttributes != nil),
           !(known.best == .kitty && answered) {
            return pixels(known.best, "the terminal is \(known)")
        }
        if replies.sixel {
            return cellSizeKnown ? pixels(.sixel, "the terminal's device attributes list sixel")
                : symbols("sixel, but the terminal does not tell its cell size in pixels")
        }
        return symbols(replies.deviceAttributes == nil ? "no reply from the terminal" : "no image protocol found")
    }

    /// The terminal's name from XTVERSION (`kitty(0.26.5)`, `WezTerm 20230712`, `iTerm2 3.5.0`,
    /// `ghostty 1.0.1`), else from the environment; nil for any other terminal. The environment is
    /// not trusted when the terminal answered DA1 but not XTVERSION (`answeredWithoutName`): every
    /// terminal named there answers XTVERSION, so the variables were inherited from another one.
    static func knownTerminal(environment: [String: String], version: String?,
                              answeredWithoutName: Bool = false) -> KnownTerminal? {
        if let version = version?.lowercased() {
            let names: [(String, KnownTerminal)] = [("kitty", .kitty), ("ghostty", .ghostty),
                                                    ("wezterm", .wezterm), ("iterm2", .iterm2)]
            if let match = names.first(where: { version.hasPrefix($0.0) }) { return match.1 }
            return nil   // the terminal named itself: trust that over inherited variables
        }
        if answeredWithoutName { return nil }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
        if term == "xterm-ghostty" || program == "ghostty" { return .ghostty }
        if environment["WEZTERM_EXECUTABLE"] != nil || program == "WezTerm" { return .wezterm }
        if program == "iTerm.app" { return .iterm2 }
        return nil
    }

    private static func pixels(_ graphicsProtocol: GraphicsProtocol, _ reason: String) -> Detection {
        Detection(graphicsProtocol: graphicsProtocol, tmuxPassthrough: false, reason: reason)
    }

    private static func symbols(_ reason: String) -> Detection {
        Detection(graphicsProtocol: .symbols, tmuxPassthrough: false, reason: reason)
    }
}
