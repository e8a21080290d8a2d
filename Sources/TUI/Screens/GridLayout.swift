/// Where the tiles of a thumbnail grid go inside an area: how many fit across and down, and
/// each tile's rectangle. Home and group screens share it.
struct GridLayout: Equatable {
    /// A tile's preview box and caption lines, and the gap between tiles.
    static let tileWidth = 25
    static let previewHeight = 8
    static let captionLines = 2
    static let gap = 1
    static var tileHeight: Int { previewHeight + captionLines }

    let area: Rect
    let columns: Int
    let visibleRows: Int

    init(area: Rect) {
        self.area = area
        columns = max(1, (area.width + Self.gap) / (Self.tileWidth + Self.gap))
        visibleRows = max(1, (area.height + Self.gap) / (Self.tileHeight + Self.gap))
    }

    /// A list: one item a row under a header line.
    init(listArea area: Rect) {
        self.area = area
        columns = 1
        visibleRows = max(1, area.height - 1)
    }

    /// Tiles per screenful.
    var pageSize: Int { columns * visibleRows }

    /// The rectangle of item `index` when the grid is scrolled so that `topRow` is first.
    func tileRect(index: Int, topRow: Int) -> Rect? {
        let row = index / columns - topRow
        guard row >= 0, row < visibleRows else { return nil }
        let used = columns * Self.tileWidth + (columns - 1) * Self.gap
        let left = area.x + max(0, (area.width - used) / 2)
        return Rect(x: left + (index % columns) * (Self.tileWidth + Self.gap),
                    y: area.y + row * (Self.tileHeight + Self.gap),
                    width: min(Self.tileWidth, area.width), height: Self.tileHeight)
    }

    /// The preview box inside a tile.
    static func previewRect(in tile: Rect) -> Rect {
        Rect(x: tile.x, y: tile.y, width: tile.width, height: previewHeight)
    }
}
