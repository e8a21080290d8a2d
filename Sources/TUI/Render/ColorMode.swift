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
    /// otherwise from the terminfo colour count (`tigetnum("colors")`, or ncurses' `COLORS`).
    public static func detect(environment: [String: String], terminfoColors: Int) -> ColorMode {
        if let colorterm = environment["COLORTERM"]?.lowercased(),
           colorterm == "truecolor" || colorterm == "24bit" {
            return .truecolor
        }
        switch terminfoColors {
        case 256...: return .colors256
        case 16...: return .colors16
        case 8...: return .colors8
        default: return .monochrome
        }
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
