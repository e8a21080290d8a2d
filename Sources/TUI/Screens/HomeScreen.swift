import Library

/// The grid of groups: each tile shows the group's cover photo, its name, its photo count and
/// its date range.
enum HomeScreen {
    /// The actions the status bar hints at.
    static func hints(_ state: AppState) -> [Action] {
        state.library.homeFolders.isEmpty ? [.importPhotos, .help, .quit] : [.open, .importPhotos, .reload, .help, .quit]
    }

    // Esc and Backspace are not bound here: on the home grid there is nothing to go back to,
    // and an impatient second Esc (after closing the picker or an overlay) must not quit.
    static func handle(_ action: Action, state: inout AppState) {
        if state.homeCursor.handle(action, count: state.library.homeFolders.count, layout: state.gridLayout) { return }
        switch action {
        case .open: state.openSelectedGroup()
        case .quit: state.shouldQuit = true
        default: break
        }
    }

    static func title(_ state: AppState) -> String {
        let photos = state.library.photos.count, groups = state.library.groups.count
        return "Home · \(groups) group\(groups == 1 ? "" : "s") · \(photos) photo\(photos == 1 ? "" : "s")"
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        let area = state.contentArea
        guard !state.library.homeFolders.isEmpty else {
            let lines = ["Your library is empty.", "",
                         "Press a to pick a folder to import,",
                         "or run: photory-tui import FOLDER"]
            let top = area.y + max(0, (area.height - lines.count) / 2)
            for (i, line) in lines.enumerated() {
                grid.put(line, x: area.x + max(0, (area.width - line.displayWidth) / 2), y: top + i,
                         style: i == 0 ? Theme.title : .plain)
            }
            return
        }
        let layout = state.gridLayout
        let groups = state.library.homeFolders
        for index in state.homeCursor.visibleRange(count: groups.count, layout: layout) {
            guard let tile = layout.tileRect(index: index, topRow: state.homeCursor.topRow) else { continue }
            let group = groups[index]
            PhotoTile.draw(state.library.photo(id: group.coverID), in: GridLayout.previewRect(in: tile),
                           state: state, into: &grid)
            let selected = index == state.homeCursor.selected
            let count = "\(group.count) photo\(group.count == 1 ? "" : "s")"
            // The dates that fit: days, else years, else none.
            let detail = [count + " · " + group.dateRange, count + " · " + group.yearRange, count]
                .first { $0.displayWidth <= tile.width } ?? count
            caption(name: group.name, detail: detail, in: tile, selected: selected, into: &grid)
        }
    }

    /// The two caption lines under a tile's preview; reversed when selected.
    static func caption(name: String, detail: String, in tile: Rect, selected: Bool, into grid: inout CellGrid) {
        let y = tile.y + GridLayout.previewHeight
        let nameStyle = selected ? Theme.selected : Theme.title
        let detailStyle = selected ? Style(attrs: [.reverse]) : Theme.dim
        if selected {
            grid.fill(Rect(x: tile.x, y: y, width: tile.width, height: GridLayout.captionLines), with: Cell(" ", style: detailStyle))
        }
        grid.put(CellGrid.truncated(name, toWidth: tile.width), x: tile.x, y: y, style: nameStyle, maxWidth: tile.width)
        grid.put(CellGrid.truncated(detail, toWidth: tile.width), x: tile.x, y: y + 1, style: detailStyle, maxWidth: tile.width)
    }
}
