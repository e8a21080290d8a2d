import Library

/// The tag editor box: the line, then the matching library tags (or the photos' own tags while
/// the line is empty), the highlighted one reversed, and the keys.
enum TagEditorView {
    static func render(_ editor: TagEditor, state: AppState, into grid: inout CellGrid) {
        let rows = editor.rows(state.library)
        let typing = !editor.field.text.isEmpty
        let height = 4 + max(1, TagEditor.shownSuggestions) + 2
        let box = Panel.centered(in: state.contentArea, width: 60, height: height)
        let inner = Panel.draw(box, title: "Tags of " + Counted.text(editor.photoIDs.count), into: &grid)
        guard inner.height > 2, inner.width > 4 else { return }
        grid.put("Tag: " + editor.field.withCursor(fitting: inner.width - 5), x: inner.x, y: inner.y, style: Theme.title,
                 maxWidth: inner.width)
        let heading = typing ? (rows.isEmpty ? "a new tag (Enter adds it)" : "tags of the library (Tab completes)")
            : (rows.isEmpty ? "no tags yet: type one (Places/Italy/Rome)" : "their tags (Backspace removes the highlighted one)")
        grid.put(heading, x: inner.x, y: inner.y + 1, style: Theme.dim, maxWidth: inner.width)
        let listHeight = max(0, inner.height - 3)
        for (i, tag) in rows.prefix(listHeight).enumerated() {
            let selected = i == editor.index
            let style = selected ? Theme.selected : Style.plain
            let y = inner.y + 2 + i
            if selected { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(" ", style: style)) }
            grid.put(" " + DisplayWidth.sanitized(tag.replacingOccurrences(of: "/", with: " › ")), x: inner.x, y: y, style: style,
                     maxWidth: inner.width)
        }
        grid.put("Enter add · ↑↓ choose · Tab complete · Esc close", x: inner.x, y: inner.y + inner.height - 1,
                 style: Theme.dim, maxWidth: inner.width)
    }
}
