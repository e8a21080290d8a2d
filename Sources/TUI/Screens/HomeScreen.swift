import Library

/// The grid of groups: each tile shows the group's cover photo, its name, its photo count and
/// its date range.
enum HomeScreen {
    /// The actions the status bar hints at.
    static func hints(_ state: AppState) -> [Action] {
        if state.homeFolders.isEmpty { return [.importPhotos, .help, .quit] }
        let refresh: [Action] = state.hasFeeds ? [.refreshFeeds] : []
        let folders = state.homeFolders
        let onMemory = folders.indices.contains(state.homeCursor.selected)
            && folders[state.homeCursor.selected].id.hasPrefix(OnThisDay.Memory.idPrefix)
        return [.open] + (onMemory ? [.dismissMemory] : []) + [.search, .grouping, .importPhotos] + refresh + [.reload, .help, .quit]
    }

    // Esc and Backspace are not bound here: on the home grid there is nothing to go back to,
    // and an impatient second Esc (after closing the picker or an overlay) must not quit.
    static func handle(_ action: Action, state: inout AppState) {
        if state.homeCursor.handle(action, count: state.homeFolders.count, layout: state.homeLayout) { return }
        switch action {
        case .open: state.openSelectedGroup()
        case .quit: state.shouldQuit = true
        default: break
        }
    }

    /// "Home · by date · 12 folders · 3400 photos"; "(grouping…)" while the tree is built.
    static func title(_ state: AppState, width: Int = .max) -> String {
        // Read behind (issue 26): the aggregate's counts until every photo is in.
        let photos = state.readingBehind?.total ?? state.library.itemCount   // a stack once (issue 21)
        let by = "by " + state.grouping.title.lowercased() + (state.isGroupingPending ? " (grouping…)" : "")
        let count: String
        if let folders = state.readingFolders {
            count = folders.isEmpty ? "reading…" : Counted.text(folders.count, "group")
        } else if let tree = state.activeTree {
            count = Counted.text(tree.folders.count, "folder")
        } else {
            let groups = state.library.groups.count
            count = Counted.text(groups, "group")
        }
        // Narrow: the counts go before the grouping's name.
        // Read behind (issue 26): said until every photo is in (the status line's note goes with the next key).
        let reading = state.readingBehind == nil || state.grouping != .description ? "" : "reading…"
        return TitleLine(parts: [.init(text: "Home", priority: 3), .init(text: by, priority: 2), .init(text: count, priority: 0),
                                 .init(text: Counted.text(photos), priority: 1), .init(text: reading, priority: 4)])
            .fitted(width: width)
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        let area = state.contentArea
        guard !state.homeFolders.isEmpty else {
            let lines = state.readingLines ?? ["Your library is empty.", "",
                                               "Press a to pick a folder to import,",
                                               "or run: photory-tui import FOLDER"]
            let top = area.y + max(0, (area.height - lines.count) / 2)
            for (i, line) in lines.enumerated() {
                grid.put(line, x: area.x + max(0, (area.width - line.displayWidth) / 2), y: top + i,
                         style: i == 0 ? Theme.title : .plain)
            }
            return
        }
        let layout = state.homeLayout
        let groups = state.homeFolders
        for index in state.homeCursor.visibleRange(count: groups.count, layout: layout) {
            guard let tile = layout.tileRect(index: index, topRow: state.homeCursor.topRow) else { continue }
            folderTile(groups[index], in: tile, selected: index == state.homeCursor.selected, state: state, into: &grid)
        }
        albumsHeading(groups, layout: layout, state: state, into: &grid)
    }

    /// Albums (issue 23): the Albums section (after the smart folders) starts a row of its own
    /// (`AppState.homeLayout`) headed "Albums (3) ───" on the free line above it; when that row is
    /// the first in view there is no line above it, and each tile's caption ("album · …") says
    /// what it is.
    static func albumsHeading(_ groups: [PhotoGroup], layout: GridLayout, state: AppState, into grid: inout CellGrid) {
        guard let first = albumsStart(groups),
              let tile = layout.tileRect(index: first, topRow: state.homeCursor.topRow), tile.y - 1 >= layout.area.y
        else { return }
        let used = layout.columns * layout.tileWidth + (layout.columns - 1) * GridLayout.gap
        let width = max(0, min(used, layout.area.maxX - tile.x))
        let count = groups.count { Album.albumID(ofGroup: $0.id) != nil }
        let label = "Albums (\(count)) "
        grid.put(label + String(repeating: "─", count: max(0, width - label.displayWidth)), x: tile.x, y: tile.y - 1,
                 style: Theme.title, maxWidth: width)
    }

    /// Where the Albums section starts among the home grid's folders, when there are albums.
    static func albumsStart(_ groups: [PhotoGroup]) -> Int? {
        groups.firstIndex { Album.albumID(ofGroup: $0.id) != nil }
    }

    /// The folders that start a row: the first album and the first folder after the albums.
    static func albumRows(_ groups: [PhotoGroup]) -> [Int] {
        guard let start = albumsStart(groups) else { return [] }
        let end = groups[start...].firstIndex { Album.albumID(ofGroup: $0.id) == nil }
        return [start] + (end.map { [$0] } ?? [])
    }

    /// A folder's tile: its cover, name, photo count (as many as opening it shows) and the
    /// dates that fit. The Trash's tile says what it holds instead of a cover (its photos'
    /// files are in the trash).
    static func folderTile(_ group: PhotoGroup, in tile: Rect, selected: Bool, state: AppState, into grid: inout CellGrid) {
        if group.id == SmartFolder.trash.id {   // a stack once, its files said (issue 21)
            let bytes = state.bytes(of: group.photoIDs)
            let items = state.library.itemCount(of: group.photoIDs)
            let files = items < group.photoIDs.count ? " (\(group.photoIDs.count) files)" : ""
            PhotoTile.placeholder("\(AppState.size(bytes))\(files) in the trash; Enter lists them",
                                  in: GridLayout.previewRect(in: tile), into: &grid)
            caption(name: group.name, detail: Counted.text(items) + " · kept \(state.trashDays) days", in: tile,
                    selected: selected, into: &grid)
            return
        }
        // A folder from an aggregate (issue 26) tells its count before its photos are read.
        let count = group.summaryCount ?? state.shownCount(group.photoIDs, in: group.id)
        PhotoTile.draw(state.library.photo(id: group.coverID), in: GridLayout.previewRect(in: tile),
                       state: state, inGrid: true, into: &grid)
        caption(name: group.name, detail: folderDetail(group, count: count, width: tile.width), in: tile, selected: selected,
                into: &grid)
    }

    /// "40 photos · 2023-04-01 – 2023-04-09": the dates that fit (days, else years, else none).
    static func folderDetail(_ group: PhotoGroup, count: Int, width: Int) -> String {
        // Albums (issue 23): "album · 12 photos · …", "album · empty".
        if Album.albumID(ofGroup: group.id) != nil {
            let shown = count == 0 ? "album · empty" : "album · " + Counted.text(count)
            return [shown + " · " + group.yearRange, shown].first { $0.displayWidth <= width || count == 0 } ?? shown
        }
        // Paged feeds (issue 24): "feed · 24 photos · …".
        let count = (LibraryFeed.isFeedGroup(group.id) ? "feed · " : "") + Counted.text(count, Counted.noun(ofGroup: group.id))
        return [count + " · " + group.dateRange, count + " · " + group.yearRange, count]
            .first { $0.displayWidth <= width } ?? count
    }

    /// The two caption lines under a tile's preview; reversed when selected.
    static func caption(name: String, detail: String, in tile: Rect, selected: Bool, into grid: inout CellGrid) {
        let y = tile.maxY - GridLayout.captionLines
        let nameStyle = selected ? Theme.selected : Theme.title
        let detailStyle = selected ? Style(attrs: [.reverse]) : Theme.dim
        if selected {
            grid.fill(Rect(x: tile.x, y: y, width: tile.width, height: GridLayout.captionLines), with: Cell(" ", style: detailStyle))
        }
        grid.put(CellGrid.truncated(name, toWidth: tile.width), x: tile.x, y: y, style: nameStyle, maxWidth: tile.width)
        grid.put(CellGrid.truncated(detail, toWidth: tile.width), x: tile.x, y: y + 1, style: detailStyle, maxWidth: tile.width)
    }
}
