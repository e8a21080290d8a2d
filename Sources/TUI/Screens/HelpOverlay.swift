/// `?`: the keys of the current screen.
enum HelpOverlay {
    static func render(_ state: AppState, into grid: inout CellGrid) {
        let title = state.keyContext.helpTitle
        let keys = state.keyMap.helpRows(for: state.keyContext)
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        let keyWidth = (keys.map { $0.0.displayWidth }.max() ?? 0) + 2
        let meaningWidth = keys.map { $0.1.displayWidth }.max() ?? 0
        // Wide enough for the longest line (and at least 66), cut with "…" on narrow terminals.
        // How photos are drawn and why, wrapped under the keys (it can name a tmux setting).
        let width = min(max(66, keyWidth + meaningWidth + 4), area.width)
        let graphics = state.graphics.summary.isEmpty ? []
            : PhotoTile.wrap(state.graphics.summary, width: max(1, width - 4), maxLines: 3)
        let box = Panel.centered(in: area, width: width, height: keys.count + 4 + graphics.count)
        let inner = Panel.draw(box, title: title, into: &grid)
        for (i, (key, meaning)) in keys.enumerated() where i < inner.height - 1 - graphics.count {
            grid.put(CellGrid.truncated(key, toWidth: keyWidth - 1), x: inner.x, y: inner.y + i, style: Theme.title)
            grid.put(CellGrid.truncated(meaning, toWidth: inner.width - keyWidth),
                     x: inner.x + keyWidth, y: inner.y + i)
        }
        for (i, line) in graphics.enumerated() {
            grid.put(line, x: inner.x, y: inner.maxY - 1 - graphics.count + i, style: Theme.dim, maxWidth: inner.width)
        }
        grid.put("Press any key to close", x: inner.x, y: inner.maxY - 1, style: Theme.dim, maxWidth: inner.width)
    }
}
