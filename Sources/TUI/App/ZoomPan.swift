/// A pan from one zoomed view to the next by whole cells, straight across or up and down by less
/// than the view: what of the last view is still on screen and which cells are new. The last
/// view's content (character art in `ZoomedArt`, pixels in `ZoomedPixels`) moves by `dx`, `dy`
/// cells, and only `missing` is made (a cell of a zoomed view depends only on its place in the
/// zoomed photo, `ZoomSources.part`, so that is what a whole view would show).
struct ZoomPan: Equatable, Sendable {
    /// How far the view moved, in cells (one of them is 0).
    var dx: Int
    var dy: Int
    /// The cells that came into view, in the new view's cells from its top-left.
    var missing: (x: Int, y: Int, columns: Int, rows: Int)

    /// The pan from the view `old` to `key`; nil when it is not one (another photo, zoom, size,
    /// orientation or protocol, a diagonal or longer jump, no move at all).
    init?(from old: PreviewKey, to key: PreviewKey) {
        guard let crop = key.crop, let oldCrop = old.crop, old.photoID == key.photoID,
              old.colorMode == key.colorMode, old.orientation == key.orientation, old.fromThumbnail == key.fromThumbnail,
              old.pixels == key.pixels, old.dimmed == key.dimmed, old.columns == key.columns, old.rows == key.rows,
              oldCrop.fullColumns == crop.fullColumns, oldCrop.fullRows == crop.fullRows else { return nil }
        let dx = crop.x - oldCrop.x, dy = crop.y - oldCrop.y
        guard (dx == 0) != (dy == 0), abs(dx) < key.columns, abs(dy) < key.rows else { return nil }
        (self.dx, self.dy) = (dx, dy)
        missing = dx > 0 ? (x: key.columns - dx, y: 0, columns: dx, rows: key.rows)
            : dx < 0 ? (x: 0, y: 0, columns: -dx, rows: key.rows)
            : dy > 0 ? (x: 0, y: key.rows - dy, columns: key.columns, rows: dy)
            : (x: 0, y: 0, columns: key.columns, rows: -dy)
    }

    static func == (a: ZoomPan, b: ZoomPan) -> Bool {
        a.dx == b.dx && a.dy == b.dy && a.missing == b.missing
    }

    /// Whether cell (`x`, `y`) of the new view is one that came into view.
    func isMissing(x: Int, y: Int) -> Bool {
        x >= missing.x && x < missing.x + missing.columns && y >= missing.y && y < missing.y + missing.rows
    }
}
