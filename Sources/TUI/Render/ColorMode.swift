/// How many colours the terminal can show, best first. Chooses the chafa canvas mode and how
/// the terminal layer maps ``CellColor``s.
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour, written by the terminal layer as SGR `38;2`/`48;2` sequences.
    case truecolor
    case colors256
    case colors16
    case colors8
    /// No colour: images use the terminal's default foreground and background only.
    case monochrome

    /// The colour mode for a terminal: truecolor when `COLORTERM` is `truecolor` or `24bit`
    /// (terminfo rarely says so: `xterm-256color` + `COLORTERM=truecolor` is the usual setup),
    /// otherwise from the terminfo colour count (`tigetnum("colors")`, or ncurses' `COLORS`) — or
    /// from what the terminal says it is (XTVERSION, `terminalVersion`) when that can do more: a
    /// stock `TERM=xterm` says 8 colours of terminals that all do 256 or 24-bit colour.
    public static func detect(environment: [String: String], terminfoColors: Int, terminalVersion: String? = nil) -> ColorMode {
        if let colorterm = environment["COLORTERM"]?.lowercased(),
           colorterm == "truecolor" || colorterm == "24bit" {
            return .truecolor
        }
        let fromTerminfo: ColorMode
        switch terminfoColors {
        case 256...: fromTerminfo = .colors256
        case 16...: fromTerminfo = .colors16
        case 8...: fromTerminfo = .colors8
        default: fromTerminfo = .monochrome
        }
        guard let known = terminalVersion.flatMap(knownTerminalColors) else { return fromTerminfo }
        return allCases.first { $0 == known || $0 == fromTerminfo } ?? fromTerminfo   // the better one
    }

    /// What a terminal named by XTVERSION can show for sure: kitty, WezTerm, foot, Ghostty, iTerm2,
    /// Konsole and contour take 24-bit colour; xterm (whose 24-bit colour depends on how it was
    /// built) and mlterm 256 colours. Nil for others, tmux and screen among them (what they show
    /// depends on the terminal outside).
    static func knownTerminalColors(_ version: String) -> ColorMode? {
        let name = version.lowercased()
        let direct = ["kitty", "wezterm", "foot", "ghostty", "iterm2", "konsole", "contour"]
        if direct.contains(where: { name.hasPrefix($0) }) { return .truecolor }
        if name.hasPrefix("xterm") || name.hasPrefix("mlterm") { return .colors256 }
        return nil
    }

    /// Palette entries available in this mode (0 for monochrome; truecolor also has 256).
    public var paletteSize: Int {
        switch self {
        case .truecolor, .colors256: return 256
        case .colors16: return 16
        case .colors8: return 8
        case .monochrome: return 0
        }
    }
}
