/// Colours and attributes for text written into a ``CellGrid``.
public struct Style: Hashable, Sendable {
    public var fg: CellColor
    public var bg: CellColor
    public var attrs: CellAttributes

    public init(fg: CellColor = .default, bg: CellColor = .default, attrs: CellAttributes = []) {
        self.fg = fg
        self.bg = bg
        self.attrs = attrs
    }

    /// Default colours, no attributes.
    public static let plain = Style()
}
