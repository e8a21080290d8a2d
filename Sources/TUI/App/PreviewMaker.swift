import Library

/// Makes one preview on a worker thread: pixels just big enough for the cell area (see
/// `PreviewImage`), then character art from chafa.
public struct PreviewMaker: Sendable {
    /// Pixels asked for per cell: 4 across and 8 down is twice what quadrant symbols resolve.
    static let pixelsPerCell = (x: 4, y: 8)

    public init() {}

    public func make(_ request: PreviewRequest) -> PreviewResult {
        let key = request.key
        do {
            let image = try PreviewImage.load(
                path: request.path, minWidth: key.columns * Self.pixelsPerCell.x,
                minHeight: key.rows * Self.pixelsPerCell.y, orientation: request.orientation)
            let renderer = ChafaRenderer(colorMode: key.colorMode)
            return .cells(renderer.render(pixels: image.pixels, width: image.width, height: image.height,
                                          columns: key.columns, rows: key.rows))
        } catch {
            return .failed(error.description)
        }
    }
}
