import Library

/// The album picker box: the line, then the matching albums (folders shown as "Trips › Italy"),
/// the highlighted one reversed, and the keys.
enum AlbumPickerView {
    static func render(_ picker: AlbumPicker, state: AppState, into grid: inout CellGrid) {
        let rows = picker.rows(state.library)
        let box = Panel.centered(in: state.contentArea, width: 60, height: 6 + AlbumPicker.shownAlbums)
        let inner = Panel.draw(box, title: DisplayWidth.sanitized(picker.title), into: &grid)
        guard inner.height > 2, inner.width > 8 else { return }
        grid.put("Album: " + picker.field.withCursor(fitting: inner.width - 7), x: inner.x, y: inner.y, style: Theme.title,
                 maxWidth: inner.width)
        let typed = !picker.field.text.isEmpty
        let heading: String = switch picker.purpose {
        case .rename: "a new name (Trips/Italy 2024 puts it in the album folder Trips)"
        default: rows.isEmpty ? (typed ? "a new album (Enter makes it)" : "no albums yet: type a name (Trips/Italy 2024)")
            : "albums (↑↓ choose, Tab completes; a new name makes one)"
        }
        grid.put(heading, x: inner.x, y: inner.y + 1, style: Theme.dim, maxWidth: inner.width)
        let listHeight = max(0, inner.height - 3)
        for (i, name) in rows.prefix(listHeight).enumerated() {
            let selected = i == picker.index && (picker.chose || !typed)
            let style = selected ? Theme.selected : Style.plain
            let y = inner.y + 2 + i
            if selected { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(" ", style: style)) }
            let count = state.library.album(named: name).map { state.library.albumCount($0.id) } ?? 0
            grid.put(" " + DisplayWidth.sanitized(name.replacingOccurrences(of: "/", with: " › ")) + "  (\(count))",
                     x: inner.x, y: y, style: style, maxWidth: inner.width)
        }
        grid.put("Enter choose · ↑↓ albums · Tab complete · Esc cancel", x: inner.x, y: inner.y + inner.height - 1,
                 style: Theme.dim, maxWidth: inner.width)
    }
}
