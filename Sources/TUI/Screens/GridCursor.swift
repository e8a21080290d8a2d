/// The selection in a grid of items and how far it is scrolled; moves with the actions every
/// grid shares (left/right/up/down, page up/down, first/last).
struct GridCursor: Equatable, Sendable {
    var selected = 0
    /// The first grid row in view.
    var topRow = 0

    /// Moves for `action`; false when it is not a movement. Up and down keep the column (the
    /// nearest item of a shorter row); rows may start early (`GridLayout.startingRows`).
    mutating func handle(_ action: Action, count: Int, layout: GridLayout) -> Bool {
        let row = layout.row(of: selected), column = layout.column(of: selected)
        switch action {
        case .left: selected -= 1
        case .right: selected += 1
        case .up: if row > 0, let above = layout.item(inRow: row - 1, column: column, count: count) { selected = above }
        case .down: if let below = layout.item(inRow: row + 1, column: column, count: count) { selected = below }
        case .pageUp: selected -= layout.pageSize
        case .pageDown: selected += layout.pageSize
        case .first: selected = 0
        case .last: selected = count - 1
        default: return false
        }
        clamp(count: count, layout: layout)
        return true
    }

    /// Whether `action` is one of the moves `handle` makes.
    static func isMovement(_ action: Action) -> Bool {
        [.left, .right, .up, .down, .pageUp, .pageDown, .first, .last].contains(action)
    }

    /// Keeps the selection inside the items and in view.
    mutating func clamp(count: Int, layout: GridLayout) {
        selected = max(0, min(selected, count - 1))
        let row = layout.row(of: selected)
        if row < topRow { topRow = row }
        if row >= topRow + layout.visibleRows { topRow = row - layout.visibleRows + 1 }
        let lastRow = max(0, layout.row(of: count - 1))
        topRow = max(0, min(topRow, max(0, lastRow - layout.visibleRows + 1)))
    }

    /// Paged feeds (issue 24): with the selection on the last row, scrolls so the tile after the
    /// last item (index `count`: a feed's "Loading more…") shows too, when a new row holds it.
    mutating func revealTrailingTile(count: Int, layout: GridLayout) {
        let tileRow = layout.row(of: count)
        guard count > 0, layout.visibleRows > 1, layout.row(of: selected) == layout.row(of: count - 1),
              tileRow >= topRow + layout.visibleRows else { return }
        topRow = tileRow - layout.visibleRows + 1
    }

    /// Scrolls the view by `rows` grid rows (negative: up), as the mouse wheel does; the
    /// selection moves along, in its column, only when it would leave the view.
    mutating func scroll(rows: Int, count: Int, layout: GridLayout) {
        let lastRow = max(0, layout.row(of: count - 1))
        topRow = max(0, min(topRow + rows, lastRow - layout.visibleRows + 1))
        let row = layout.row(of: selected)
        let shownRow = min(max(row, topRow), topRow + layout.visibleRows - 1)
        if shownRow != row {
            selected = layout.item(inRow: shownRow, column: layout.column(of: selected), count: count) ?? selected
        }
        clamp(count: count, layout: layout)
    }

    /// Items in view, in order.
    func visibleRange(count: Int, layout: GridLayout) -> Range<Int> {
        let start = layout.items(inRow: topRow, count: count).lowerBound
        let end = layout.items(inRow: topRow + layout.visibleRows - 1, count: count).upperBound
        return start..<max(start, end)
    }
}
