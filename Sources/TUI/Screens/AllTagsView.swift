import Library

/// Draws `AllTagsLayer`: a box almost the size of the terminal with the filter line on top,
/// one tag a line (group, name, value: each cleaned of control characters and escape
/// sequences, the value cut with "…" to the box) and a footer saying which tags show.
enum AllTagsView {
    /// The box: the terminal less a margin of 2 columns and 1 row.
    static func box(_ state: AppState) -> Rect {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        return Panel.centered(in: area, width: state.columns - 4, height: state.rows - 2)
    }

    /// How many tag lines fit: the inside less the filter line and the footer.
    static func visibleRows(_ state: AppState) -> Int {
        max(1, box(state).height - 2 - 2)
    }

    static func render(_ layer: AllTagsLayer, state: AppState, into grid: inout CellGrid) {
        let inner = Panel.draw(box(state), title: "All tags — " + layer.fileName.strippingControlCharacters, into: &grid)
        guard inner.width > 0, inner.height > 2 else { return }
        // The filter line.
        if layer.isFiltering || !layer.filter.text.isEmpty {
            let label = "Filter: "
            grid.put(label, x: inner.x, y: inner.y, style: Theme.title)
            let text = CellGrid.truncated(layer.filter.text, toWidth: max(0, inner.width - label.count - 1))
            let end = grid.put(text, x: inner.x + label.count, y: inner.y, maxWidth: inner.width - label.count)
            if layer.isFiltering { grid.put("▏", x: inner.x + label.count + end, y: inner.y, style: Theme.title) }
        }
        let bottom = inner.maxY - 1
        switch layer.tags {
        case nil:
            grid.put("Reading the file's tags…", x: inner.x, y: inner.y + 1, style: Theme.dim, maxWidth: inner.width)
        case let .failure(error)?:
            grid.put(CellGrid.truncated("Cannot read the tags: " + error.reason, toWidth: inner.width),
                     x: inner.x, y: inner.y + 1, style: Theme.error)
        case let .success(all)?:
            let shown = layer.shown
            let visible = visibleRows(state)
            let top = max(0, min(layer.scroll, shown.count - visible))
            let page = shown.dropFirst(top).prefix(visible)
            let groupWidth = min(14, page.map { $0.group.strippingControlCharacters.displayWidth }.max() ?? 0) + 2
            let nameWidth = min(max(10, inner.width / 3), page.map { $0.name.strippingControlCharacters.displayWidth }.max() ?? 0) + 2
            for (row, tag) in page.enumerated() {
                let y = inner.y + 1 + row
                grid.put(CellGrid.truncated(tag.group.strippingControlCharacters, toWidth: groupWidth - 1),
                         x: inner.x, y: y, style: Theme.dim)
                grid.put(CellGrid.truncated(tag.name.strippingControlCharacters, toWidth: nameWidth - 1),
                         x: inner.x + groupWidth, y: y, style: Theme.title)
                let valueWidth = inner.width - groupWidth - nameWidth
                if valueWidth > 0 {
                    grid.put(CellGrid.truncated(tag.value.strippingControlCharacters, toWidth: valueWidth),
                             x: inner.x + groupWidth + nameWidth, y: y)
                }
            }
            let footer: String
            if shown.isEmpty {
                footer = all.isEmpty ? "The file has no tags" : "No tag matches \"\(layer.filter.text.strippingControlCharacters)\""
            } else {
                let range = "\(top + 1)–\(top + page.count) of \(shown.count)"
                footer = shown.count == all.count ? range + " tags" : range + " matching (\(all.count) tags)"
            }
            grid.put(CellGrid.truncated(footer, toWidth: inner.width), x: inner.x, y: bottom, style: Theme.dim)
        }
    }
}
