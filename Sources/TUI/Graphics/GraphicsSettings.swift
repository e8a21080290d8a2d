/// How the browser draws photos: the protocol found (or forced), the pixel size of a cell, and
/// whether the grids show pixel thumbnails too (`graphics-grid = true` in the config file).
public struct GraphicsSettings: Equatable, Sendable {
    /// `symbols` draws character art everywhere, as before.
    public var graphicsProtocol: GraphicsProtocol
    /// What one cell measures in pixels; pixel previews are sized to it.
    public var cellSize: CellPixelSize
    /// Pixel thumbnails in the home and group grids as well as in the photo view.
    public var grid: Bool
    /// Inside tmux: images go in pieces that each fit its passthrough limit.
    public var tmuxPassthrough: Bool
    /// Why this protocol was chosen ("the terminal's device attributes list sixel"), for the help.
    public var reason: String
    /// The largest image the terminal shows (`PixelFormat.maxImageSize`); nil: no limit.
    public var maxImageSize: TerminalReplies.WindowPixels?

    public init(graphicsProtocol: GraphicsProtocol = .symbols, cellSize: CellPixelSize = .fallback, grid: Bool = false,
                tmuxPassthrough: Bool = false, reason: String = "", maxImageSize: TerminalReplies.WindowPixels? = nil) {
        self.maxImageSize = maxImageSize
        self.graphicsProtocol = graphicsProtocol
        self.cellSize = cellSize
        self.grid = grid
        self.tmuxPassthrough = tmuxPassthrough
        self.reason = reason
    }

    /// "Photos: sixel images, cells of 6×13 px (the terminal's device attributes list sixel)"; empty without a reason.
    var summary: String {
        guard !reason.isEmpty else { return "" }
        let how = graphicsProtocol.drawsPixels ? "\(graphicsProtocol.rawValue) images, cells of \(cellSize) px"
            : "character art"
        return "Photos: \(how) (\(reason))"
    }

    /// Character art only.
    public static let symbols = GraphicsSettings()

    /// The format pixel previews are made in; nil with `symbols`.
    public var pixelFormat: PixelFormat? {
        graphicsProtocol.drawsPixels ? PixelFormat(graphicsProtocol: graphicsProtocol, cellSize: cellSize, tmuxPassthrough: tmuxPassthrough,
                                                        maxImageSize: maxImageSize)
            : nil
    }
}
