/// Draws the import picker over the screen it was opened from.
enum ImportPickerView {
    static func render(_ picker: ImportPickerState, state: AppState, into grid: inout CellGrid) {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        // The whole width between the title line and the status bar: nothing of the screen
        // below peeks out at the sides.
        let box = Panel.centered(in: area, width: state.columns, height: state.rows - 2)
        let inner = Panel.draw(box, title: picker.camera == nil ? "Import photos" : "Import from the camera", into: &grid)
        let marked = picker.marked.isEmpty ? "" : "\(picker.marked.count) marked"
        let folderWidth = marked.isEmpty ? inner.width : max(0, inner.width - marked.displayWidth - 2)
        // On a camera: "Canon EOS 6D (usb:001,004): /DCIM/100CANON" (issue 25).
        let place = picker.camera.map { DisplayWidth.sanitized($0.name) + ": " + picker.folder } ?? picker.folder
        grid.put(CellGrid.truncated(place, toWidth: folderWidth), x: inner.x, y: inner.y, style: Theme.folder)
        if !marked.isEmpty, marked.displayWidth <= inner.width {
            grid.put(marked, x: inner.maxX - marked.displayWidth, y: inner.y, style: Theme.marked)
        }
        let listTop = inner.y + 2
        let listHeight = ImportPickerState.listHeight(rows: state.rows)
        if let error = picker.error {
            grid.put(CellGrid.keepingTheEnd(error, width: inner.width), x: inner.x, y: inner.y + 1, style: Theme.error)
        } else if let note = picker.note {
            grid.put(CellGrid.truncated(note, toWidth: inner.width), x: inner.x, y: inner.y + 1, style: Theme.dim)
        }
        // A camera's file: its thumbnail on the right (issue 25), the list beside it.
        let thumbnailSize = picker.thumbnail == nil ? (columns: 0, rows: 0)
            : ImportPickerState.thumbnailSize(columns: state.columns, rows: state.rows)
        let listWidth = thumbnailSize.columns > 0 ? inner.width - thumbnailSize.columns - 2 : inner.width
        if let thumbnail = picker.thumbnail, thumbnailSize.columns > 0 {
            let x = inner.maxX - thumbnailSize.columns
            if let cells = thumbnail.cells {
                for (row, line) in cells.prefix(thumbnailSize.rows).enumerated() {
                    for (column, cell) in line.prefix(thumbnailSize.columns).enumerated() {
                        grid[x + column, listTop + row] = cell
                    }
                }
            } else {
                let text = thumbnail.came ? "(no thumbnail on the camera)" : "Thumbnail…"
                grid.put(CellGrid.truncated(text, toWidth: thumbnailSize.columns), x: x, y: listTop, style: Theme.dim)
            }
            let about = [DisplayWidth.sanitized(thumbnail.file.name), thumbnail.file.size.map { AppState.size($0) }]
                .compactMap { $0 }.joined(separator: " · ")
            grid.put(CellGrid.truncated(about, toWidth: thumbnailSize.columns), x: x,
                     y: listTop + max(1, thumbnail.cells?.count ?? 1), style: Theme.dim)
        }
        if picker.loading {
            grid.put(picker.camera == nil ? "Reading the folder…" : "Reading the camera…", x: inner.x, y: listTop, style: Theme.dim)
        } else if picker.entries.isEmpty, picker.error == nil {
            grid.put("(empty folder)", x: inner.x, y: listTop, style: Theme.dim)
        }
        for row in 0..<listHeight {
            let index = picker.top + row
            guard picker.entries.indices.contains(index), listTop + row < inner.maxY - 1 else { break }
            let entry = picker.entries[index]
            let isMarked = picker.marked.contains(picker.path(of: entry))
            let text = entry.camera != nil ? "  ◉ " + DisplayWidth.sanitized(entry.name) + "  (camera)"
                : (isMarked ? "[x] " : "[ ] ") + entry.name + (entry.isFolder ? "/" : "")
            var style = entry.isFolder ? Theme.folder : Style.plain
            if isMarked { style = Theme.marked }
            if index == picker.cursor {
                style.attrs.insert(.reverse)
                grid.fill(Rect(x: inner.x, y: listTop + row, width: listWidth, height: 1), with: Cell(" ", style: style))
            }
            grid.put(CellGrid.truncated(text, toWidth: listWidth), x: inner.x, y: listTop + row, style: style)
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
            footer = AppView.wholeHints(state.keyMap.hints(ImportPickerState.footerHints.filter { $0 != .capture || picker.canCapture }, in: .picker), width: inner.width)
        }
        grid.put(CellGrid.truncated(footer, toWidth: inner.width), x: inner.x, y: inner.maxY - 1,
                 style: picker.typedPath == nil ? Theme.dim : Theme.title)
    }
}
