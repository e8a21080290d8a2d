/// `?`: the keys of the current screen.
enum HelpOverlay {
    static func render(_ state: AppState, into grid: inout CellGrid) {
        let title = state.keyContext.helpTitle
        let keys = state.keyMap.helpRows(for: state.keyContext)
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        let keyWidth = (keys.map { $0.0.displayWidth }.max() ?? 0) + 2
        let meaningWidth = keys.map { $0.1.displayWidth }.max() ?? 0
        // Wide enough for the longest line (and at least 66), cut with "…" on narrow terminals.
        let graphics = state.graphics.summary
        let box = Panel.centered(in: area, width: max(66, keyWidth + meaningWidth + 4, graphics.displayWidth + 4),
                                 height: keys.count + (graphics.isEmpty ? 4 : 5))
        let inner = Panel.draw(box, title: title, into: &grid)
        for (i, (key, meaning)) in keys.enumerated() where i < inner.height - (graphics.isEmpty ? 1 : 2) {
            grid.put(CellGrid.truncated(key, toWidth: keyWidth - 1), x: inner.x, y: inner.y + i, style: Theme.title)
            grid.put(CellGrid.truncated(meaning, toWidth: inner.width - keyWidth),
                     x: inner.x + keyWidth, y: inner.y + i)
        }
        if !graphics.isEmpty {
            grid.put(CellGrid.truncated(graphics, toWidth: inner.width), x: inner.x, y: inner.maxY - 2, style: Theme.dim)
        }
        grid.put("Press any key to close", x: inner.x, y: inner.maxY - 1, style: Theme.dim, maxWidth: inner.width)
    }
}
