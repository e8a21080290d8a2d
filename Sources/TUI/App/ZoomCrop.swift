/// The part of a photo a zoomed preview shows, in cells: the whole photo drawn at the zoom
/// would take `fullColumns × fullRows` cells, and the preview is the key's `columns × rows`
/// of them from column `x`, row `y`. Cells keep it exact (a pan moves whole cells) and make
/// the same view the same key, so a pan back is a cache hit.
public struct ZoomCrop: Hashable, Sendable, CustomStringConvertible {
    public var fullColumns: Int
    public var fullRows: Int
    public var x: Int
    public var y: Int

    public var description: String { "zoom \(fullColumns)×\(fullRows)+\(x)+\(y)" }

    /// The pixels of an image of the whole photo (`width × height`) that `columns × rows` cells
    /// of the crop cover.
    func pixels(ofWidth width: Int, height: Int, columns: Int, rows: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (width * x / fullColumns, height * y / fullRows,
         max(1, width * columns / fullColumns), max(1, height * rows / fullRows))
    }
}
