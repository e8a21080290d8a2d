/// One terminal cell: a grapheme cluster and how to draw it.
///
/// A double-width glyph (CJK, emoji) lives in its left cell; the cell to its right holds a
/// *continuation* marker (``isContinuation``, empty `text`) carrying the same style, so that a
/// grid column always equals a terminal column. ``CellGrid`` keeps that pairing intact on
/// every write.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster with no control characters, or "" for a continuation cell.
    public var text: String
    public var fg: CellColor
    public var bg: CellColor
    public var attrs: CellAttributes

    /// A cell showing `text`, which should be a single displayable grapheme cluster.
    public init(_ text: String, fg: CellColor = .default, bg: CellColor = .default,
                attrs: CellAttributes = []) {
        self.text = text
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
    }

    /// A cell showing `text` in `style`.
    public init(_ text: String, style: Style) {
        self.init(text, fg: style.fg, bg: style.bg, attrs: style.attrs)
    }

    /// A space in default colours.
    public static let blank = Cell(" ")

    /// The right half of a double-width glyph, styled like its left half.
    public static func continuation(of cell: Cell) -> Cell {
        Cell("", fg: cell.fg, bg: cell.bg, attrs: cell.attrs)
    }

    /// True for the right half of a double-width glyph.
    public var isContinuation: Bool { text.isEmpty }

    /// Columns the glyph occupies: 2 for wide glyphs, 1 otherwise, 0 for a continuation.
    public var width: Int {
        if text.isEmpty { return 0 }
        if text.utf8.count == 1 { return 1 }
        // One grapheme cluster: as wide as its first displayable scalar (`DisplayWidth.of`).
        for scalar in text.unicodeScalars where !DisplayWidth.isStripped(scalar) {
            return DisplayWidth.of(scalar) >= 2 ? 2 : 1
        }
        return 1
    }

    /// The style of this cell.
    public var style: Style {
        get { Style(fg: fg, bg: bg, attrs: attrs) }
        set { fg = newValue.fg; bg = newValue.bg; attrs = newValue.attrs }
    }
}
