/// What a pixel preview is made for: the image protocol it is encoded in and the cell size it is
/// sized to. Part of the preview's cache key, so a new cell size (a font change) never shows stale pixels.
public struct PixelFormat: Hashable, Sendable {
    /// The protocol the image is encoded in.
    public var graphicsProtocol: GraphicsProtocol
    /// The pixel size of one cell the image is sized to.
    public var cellSize: CellPixelSize
    /// Inside tmux: the image goes in pieces that each fit tmux's limit (`TmuxPassthrough.sequenceLimit`).
    public var tmuxPassthrough: Bool

    public init(graphicsProtocol: GraphicsProtocol, cellSize: CellPixelSize, tmuxPassthrough: Bool = false) {
        self.graphicsProtocol = graphicsProtocol
        self.cellSize = cellSize
        self.tmuxPassthrough = tmuxPassthrough
    }

    /// How wide a cell is for its height (0.5 for a 10×20 cell): what fits a photo into whole cells.
    public var cellAspect: Double { Double(cellSize.width) / Double(cellSize.height) }
}
