/// What a pixel preview is made for: the image protocol it is encoded in and the cell size it is
/// sized to. Part of the preview's cache key, so a new cell size (a font change) never shows stale pixels.
public struct PixelFormat: Hashable, Sendable {
    /// The protocol the image is encoded in.
    public var graphicsProtocol: GraphicsProtocol
    /// The pixel size of one cell the image is sized to.
    public var cellSize: CellPixelSize
    /// Inside tmux: the image goes in pieces that each fit tmux's limit (`TmuxPassthrough.sequenceLimit`).
    public var tmuxPassthrough: Bool
    /// The largest image the terminal shows (sixel: XTSMGRAPHICS, see `TerminalCapabilities`); nil
    /// when there is no limit. xterm leaves a larger sixel blank.
    public var maxImageSize: TerminalReplies.WindowPixels?

    public init(graphicsProtocol: GraphicsProtocol, cellSize: CellPixelSize, tmuxPassthrough: Bool = false,
                maxImageSize: TerminalReplies.WindowPixels? = nil) {
        self.graphicsProtocol = graphicsProtocol
        self.cellSize = cellSize
        self.tmuxPassthrough = tmuxPassthrough
        self.maxImageSize = maxImageSize
    }

    /// The sixel size limit when the terminal does not tell it: xterm's default `maxGraphicSize`.
    public static let safeSixelSize = TerminalReplies.WindowPixels(width: 1000, height: 1000)

    /// The most of `columns × rows` cells an image may take: all of them, or as many whole cells
    /// as `maxImageSize` holds (at least one).
    public func cellsWithinLimit(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard let limit = maxImageSize else { return (columns, rows) }
        return (min(columns, max(1, limit.width / cellSize.width)), min(rows, max(1, limit.height / cellSize.height)))
    }

    /// How wide a cell is for its height (0.5 for a 10×20 cell): what fits a photo into whole cells.
    public var cellAspect: Double { Double(cellSize.width) / Double(cellSize.height) }
}
