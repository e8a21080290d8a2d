/// A bordered, cleared box drawn over whatever is below it (pickers, overlays, help).
enum Panel {
    /// A rectangle of at most `width` × `height`, centred in `area`.
    static func centered(in area: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, area.width), h = min(height, area.height)
        return Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
    }

    /// Clears `rect`, draws its border and a title in the top edge; returns the inner area.
    @discardableResult
    static func draw(_ rect: Rect, title: String, into grid: inout CellGrid) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        grid.fill(rect, with: .blank)
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        for x in rect.x...right {
            grid.put("─", x: x, y: rect.y, style: Theme.border)
            grid.put("─", x: x, y: bottom, style: Theme.border)
        }
        for y in rect.y...bottom {
            grid.put("│", x: rect.x, y: y, style: Theme.border)
            grid.put("│", x: right, y: y, style: Theme.border)
        }
        grid.put("┌", x: rect.x, y: rect.y, style: Theme.border)
        grid.put("┐", x: right, y: rect.y, style: Theme.border)
        grid.put("└", x: rect.x, y: bottom, style: Theme.border)
        grid.put("┘", x: right, y: bottom, style: Theme.border)
        if rect.width > 6 {
            grid.put(" " + CellGrid.truncated(title, toWidth: rect.width - 6) + " ", x: rect.x + 2, y: rect.y, style: Theme.title)
        }
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// A question box: `paragraphs` wrapped to a box of at most 66 columns (a blank line
    /// between two; at most `maxLines` lines each), centred in the content area, titled `title`.
    static func drawParagraphs(_ paragraphs: [(String, Style)], title: String, maxLines: Int = 4,
                               state: AppState, into grid: inout CellGrid) {
        let width = min(66, state.contentArea.width)
        var lines: [(String, Style)] = []
        for (i, (text, style)) in paragraphs.enumerated() {
            if i > 0 { lines.append(("", .plain)) }
            lines += PhotoTile.wrap(text, width: max(1, width - 4), maxLines: maxLines).map { ($0, style) }
        }
        let box = centered(in: state.contentArea, width: width, height: lines.count + 2)
        let inner = draw(box, title: title, into: &grid)
        for (i, line) in lines.enumerated() where i < inner.height {
            grid.put(line.0, x: inner.x, y: inner.y + i, style: line.1, maxWidth: inner.width)
        }
    }
}
