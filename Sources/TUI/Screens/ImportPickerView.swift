/// Draws the import picker over the screen it was opened from.
enum ImportPickerView {
    static func render(_ picker: ImportPickerState, state: AppState, into grid: inout CellGrid) {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        // The whole width between the title line and the status bar: nothing of the screen
        // below peeks out at the sides.
        let box = Panel.centered(in: area, width: state.columns, height: state.rows - 2)
        let inner = Panel.draw(box, title: "Import photos", into: &grid)
        let marked = picker.marked.isEmpty ? "" : "\(picker.marked.count) marked"
        let folderWidth = marked.isEmpty ? inner.width : max(0, inner.width - marked.displayWidth - 2)
        grid.put(CellGrid.truncated(picker.folder, toWidth: folderWidth), x: inner.x, y: inner.y, style: Theme.folder)
        if !marked.isEmpty, marked.displayWidth <= inner.width {
            grid.put(marked, x: inner.maxX - marked.displayWidth, y: inner.y, style: Theme.marked)
        }
        let listTop = inner.y + 2
        let listHeight = ImportPickerState.listHeight(rows: state.rows)
        if let error = picker.error {
            grid.put(keepingTheEnd(error, width: inner.width), x: inner.x, y: inner.y + 1, style: Theme.error)
        } else if let note = picker.note {
            grid.put(CellGrid.truncated(note, toWidth: inner.width), x: inner.x, y: inner.y + 1, style: Theme.dim)
        }
        if picker.loading {
            grid.put("Reading the folder…", x: inner.x, y: listTop, style: Theme.dim)
        } else if picker.entries.isEmpty, picker.error == nil {
            grid.put("(empty folder)", x: inner.x, y: listTop, style: Theme.dim)
        }
        for row in 0..<listHeight {
            let index = picker.top + row
            guard picker.entries.indices.contains(index), listTop + row < inner.maxY - 1 else { break }
            let entry = picker.entries[index]
            let isMarked = picker.marked.contains(picker.path(of: entry))
            let text = (isMarked ? "[x] " : "[ ] ") + entry.name + (entry.isFolder ? "/" : "")
            var style = entry.isFolder ? Theme.folder : Style.plain
            if isMarked { style = Theme.marked }
            if index == picker.cursor {
                style.attrs.insert(.reverse)
                grid.fill(Rect(x: inner.x, y: listTop + row, width: inner.width, height: 1), with: Cell(" ", style: style))
            }
            grid.put(CellGrid.truncated(text, toWidth: inner.width), x: inner.x, y: listTop + row, style: style)
        }
        let footer: String
        if let field = picker.pathField {
            let label = picker.fieldPurpose == .path ? "Go to: " : "Import from the web: "
            footer = label + field.withCursor(fitting: max(1, inner.width - label.displayWidth))
            if picker.fieldPurpose == .webAddress, picker.error == nil {
                let hint = "A JSON feed, a list of image links or an image · Enter imports · Esc cancels"
                grid.put(CellGrid.truncated(hint, toWidth: inner.width), x: inner.x, y: inner.y + 1, style: Theme.dim)
            }
        } else {
            footer = AppView.wholeHints(state.keyMap.hints(ImportPickerState.footerHints, in: .picker), width: inner.width)
        }
        grid.put(CellGrid.truncated(footer, toWidth: inner.width), x: inner.x, y: inner.maxY - 1,
                 style: picker.typedPath == nil ? Theme.dim : Theme.title)
    }

    /// An error as wide as `width` at most, cut at its start: "…/photos/IMG_1.jpx: no such
    /// folder" keeps the reason and the end of the path, where a typo usually is.
    static func keepingTheEnd(_ text: String, width: Int) -> String {
        let clean = DisplayWidth.sanitized(text)
        guard clean.displayWidth > width, width > 1 else { return CellGrid.truncated(clean, toWidth: width) }
        var tail = ""
        var used = 0
        for character in clean.reversed() {
            let w = character.displayWidth
            if used + w > width - 1 { break }
            tail.insert(character, at: tail.startIndex)
            used += w
        }
        return "…" + tail
    }
}
