/// The selection in a grid of items and how far it is scrolled; moves with the keys every
/// grid shares (arrows/hjkl, PgUp/PgDn, Ctrl-b/Ctrl-f, Home/End, g/G).
struct GridCursor: Equatable {
    var selected = 0
    /// The first grid row in view.
    var topRow = 0

    /// Moves for `key`; false when the key is not a movement key.
    mutating func handle(_ key: Key, count: Int, layout: GridLayout) -> Bool {
        let columns = layout.columns
        switch key {
        case .left, .char("h"): selected -= 1
        case .right, .char("l"): selected += 1
        case .up, .char("k"): if selected - columns >= 0 { selected -= columns }
        case .down, .char("j"): if selected + columns < count { selected += columns }
            else if selected / columns < (count - 1) / columns { selected = count - 1 }
        case .pageUp, .ctrl("b"): selected -= layout.pageSize
        case .pageDown, .ctrl("f"): selected += layout.pageSize
        case .home, .char("g"): selected = 0
        case .end, .char("G"): selected = count - 1
        default: return false
        }
        clamp(count: count, layout: layout)
        return true
    }

    /// Keeps the selection inside the items and in view.
    mutating func clamp(count: Int, layout: GridLayout) {
        selected = max(0, min(selected, count - 1))
        let row = selected / layout.columns
        if row < topRow { topRow = row }
        if row >= topRow + layout.visibleRows { topRow = row - layout.visibleRows + 1 }
        let lastRow = max(0, (count - 1) / layout.columns)
        topRow = max(0, min(topRow, max(0, lastRow - layout.visibleRows + 1)))
    }

    /// Items in view, in order.
    func visibleRange(count: Int, layout: GridLayout) -> Range<Int> {
        let start = min(count, topRow * layout.columns)
        return start..<min(count, start + layout.pageSize)
    }
}
