/// How the terminal is asked to draw a photo: real pixels through one of three image protocols,
/// or today's character art (`symbols`), which works everywhere and is the fallback for any failure.
public enum GraphicsProtocol: String, Sendable, Equatable, CaseIterable {
    /// DEC sixel graphics (xterm `-ti vt340`, foot, WezTerm, mlterm, Konsole, Windows Terminal).
    case sixel
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole).
    case kitty
    /// iTerm2's inline images (`OSC 1337 ; File=`), also spoken by WezTerm.
    case iterm2
    /// Character art from chafa: no pixels, works in any terminal.
    case symbols

    /// True when this protocol draws pixels (everything but `symbols`).
    public var drawsPixels: Bool { self != .symbols }
}
