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
    /// Items that start a new row, the rest of the row before them left empty (the home grid's
    /// Albums section, issue 23); ascending. Empty: items fill every row.
    private(set) var rowStarts: [Int] = []

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

    /// This layout with `items` starting new rows (0 and items past the end change nothing).
    func startingRows(at items: [Int]) -> GridLayout {
        var layout = self
        layout.rowStarts = items.filter { $0 > 0 }.sorted()
        return layout
    }

    // MARK: - Rows and columns of items

    /// Where `item` sits counting the empty places left before each row start.
    private func slot(of item: Int) -> Int {
        var padding = 0
        for start in rowStarts where start <= item {
            let place = start + padding
            if place % columns != 0 { padding += columns - place % columns }
        }
        return item + padding
    }

    /// The grid row of `item`.
    func row(of item: Int) -> Int { slot(of: item) / columns }

    /// The column of `item`.
    func column(of item: Int) -> Int { slot(of: item) % columns }

    /// The items of grid `row` among `count`: an empty range past the last row.
    func items(inRow row: Int, count: Int) -> Range<Int> {
        guard count > 0, row >= 0 else { return 0..<0 }
        if rowStarts.isEmpty { return min(count, row * columns)..<min(count, (row + 1) * columns) }
        // Rows are few on the home grid: found by walking the items' rows.
        var first: Int?
        for item in 0..<count {
            let itemRow = self.row(of: item)
            if itemRow == row, first == nil { first = item }
            if itemRow > row { return (first ?? item)..<item }
        }
        return first.map { $0..<count } ?? count..<count
    }

    /// The item in grid `row` nearest `column` (the row's last when it is shorter), or nil when
    /// the row has none.
    func item(inRow row: Int, column: Int, count: Int) -> Int? {
        let items = items(inRow: row, count: count)
        guard !items.isEmpty else { return nil }
        return items.first { self.column(of: $0) >= column }.map { self.column(of: $0) == column ? $0 : max(items.lowerBound, $0 - 1) }
            ?? items.upperBound - 1
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
        let row = row(of: index) - topRow
        guard row >= 0, row < visibleRows else { return nil }
        if isList { return Rect(x: area.x, y: area.y + 1 + row, width: area.width, height: 1) }
        let used = columns * tileWidth + (columns - 1) * Self.gap
        let left = area.x + max(0, (area.width - used) / 2)
        let spread = visibleRows > 1 ? row * spareLines / (visibleRows - 1) : 0
        return Rect(x: left + column(of: index) * (tileWidth + Self.gap),
                    y: area.y + row * (tileHeight + Self.gap) + spread,
                    width: min(tileWidth, area.width), height: tileHeight)
    }

    /// The item drawn at cell (`x`, `y`) among `count` items scrolled to `topRow`: the tile (or
    /// list row) whose rectangle holds it, as `tileRect` places them; nil between tiles.
    func item(atX x: Int, y: Int, topRow: Int, count: Int) -> Int? {
        let first = items(inRow: topRow, count: count).lowerBound
        return (first..<min(count, first + pageSize)).first { index in
            tileRect(index: index, topRow: topRow)?.contains(x: x, y: y) == true
        }
    }

    /// The preview box inside a tile: all of it but the caption lines.
    static func previewRect(in tile: Rect) -> Rect {
        Rect(x: tile.x, y: tile.y, width: tile.width, height: max(1, tile.height - captionLines))
    }
}
