/// Where the tiles of a thumbnail grid go inside an area: how many fit across and down, and
/// each tile's rectangle. Home and group screens share it.
///
/// The grid uses the rows it has: as many rows of tiles as fit with a preview of at least
/// `minimumPreviewHeight` lines, each preview as tall as the rows allow, and the few lines
/// left over (fewer than the rows) spread between the rows rather than left empty at the bottom
/// (all but one).
struct GridLayout: Equatable {
    /// A tile's caption lines, and the gap between tiles.
    static let captionLines = 2
    static let gap = 1

    let area: Rect
    let columns: Int
    let visibleRows: Int
    /// The width of every tile (`TileSize.width`).
    let tileWidth: Int
    /// The height of every tile: preview and caption.
    let tileHeight: Int
    /// A list (one item a row under a header line), not tiles.
    let isList: Bool

    init(area: Rect, tileSize: TileSize = .standard) {
        self.area = area
        isList = false
        tileWidth = tileSize.width
        columns = max(1, (area.width + Self.gap) / (tileWidth + Self.gap))
        let smallest = tileSize.minimumPreviewHeight + Self.captionLines
        let rows = max(1, (area.height + Self.gap) / (smallest + Self.gap))
        visibleRows = rows
        tileHeight = max(smallest, (area.height + Self.gap) / rows - Self.gap)
    }

    /// A list: one item a row under a header line.
    init(listArea area: Rect) {
        self.area = area
        isList = true
        columns = 1
        visibleRows = max(1, area.height - 1)
        tileWidth = area.width
        tileHeight = 1
    }

    /// The preview box of every tile.
    var previewHeight: Int { max(1, tileHeight - Self.captionLines) }

    /// Tiles per screenful.
    var pageSize: Int { columns * visibleRows }

    /// The lines left below the last row, spread between the rows but one: the last line stays
    /// free for what may cover it (the search line, a status message on two lines).
    private var spareLines: Int { max(0, area.height - visibleRows * (tileHeight + Self.gap) + Self.gap - 1) }

    /// The rectangle of item `index` when the grid is scrolled so that `topRow` is first; in a
    /// list, its row under the header line.
    func tileRect(index: Int, topRow: Int) -> Rect? {
        let row = index / columns - topRow
        guard row >= 0, row < visibleRows else { return nil }
        if isList { return Rect(x: area.x, y: area.y + 1 + row, width: area.width, height: 1) }
        let used = columns * tileWidth + (columns - 1) * Self.gap
        let left = area.x + max(0, (area.width - used) / 2)
        let spread = visibleRows > 1 ? row * spareLines / (visibleRows - 1) : 0
        return Rect(x: left + (index % columns) * (tileWidth + Self.gap),
                    y: area.y + row * (tileHeight + Self.gap) + spread,
                    width: min(tileWidth, area.width), height: tileHeight)
    }

    /// The item drawn at cell (`x`, `y`) among `count` items scrolled to `topRow`: the tile (or
    /// list row) whose rectangle holds it, as `tileRect` places them; nil between tiles.
    func item(atX x: Int, y: Int, topRow: Int, count: Int) -> Int? {
        let first = topRow * columns
        return (first..<min(count, first + pageSize)).first { index in
            tileRect(index: index, topRow: topRow)?.contains(x: x, y: y) == true
        }
    }

    /// The preview box inside a tile: all of it but the caption lines.
    static func previewRect(in tile: Rect) -> Rect {
        Rect(x: tile.x, y: tile.y, width: tile.width, height: max(1, tile.height - captionLines))
    }
}
