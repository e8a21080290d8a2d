/// The colour of a cell's foreground or background.
///
/// The grid stores what a screen asked for; the terminal layer maps it to what the terminal can
/// show (see ``ColorPalette``): `.rgb` is written as 24-bit SGR in truecolor mode and as the
/// nearest palette entry otherwise.
public enum CellColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// An entry of the terminal palette (0–15 the user-configurable ANSI colours,
    /// 16–231 the 6×6×6 cube, 232–255 the grey ramp).
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// A colour from a packed `0xRRGGBB` value (as libchafa reports it).
    public init(packedRGB value: UInt32) {
        self = .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }

    /// True for `.rgb`.
    public var isRGB: Bool {
        if case .rgb = self { return true }
        return false
    }
}
