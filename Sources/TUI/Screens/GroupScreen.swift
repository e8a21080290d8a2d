import Library

/// A grid of photos (a group, a folder, a smart folder, search results) as thumbnails
/// captioned with file name and date, or as a list (`PhotoListView`); a folder's subfolders
/// come first as folder tiles.
enum GroupScreen {
    static let hints: [Action] = [.open, .mark, .favourite, .search, .sort, .listView, .back, .help]
    /// Albums (issue 23): inside an album.
    static let albumHints: [Action] = [.open, .mark, .addToAlbum, .removeFromAlbum, .moveEarlier, .moveLater, .setCover,
                                       .albumSort, .renameAlbum, .deleteAlbum, .back, .help]

    /// The hints of the grid on screen: an album's, a feed's (`M` loads more, issue 24), or the plain ones.
    static func shownHints(_ state: AppState) -> [Action] {
        if state.screenKeyContext == .album { return albumHints }
        return state.feedOnScreen == nil ? hints : [.open, .loadMore] + hints.dropFirst()
    }

    static func handle(_ action: Action, state: inout AppState) {
        guard case let .group(groupID) = state.screen, let page = state.page(id: groupID) else { return }
        let group = page.group
        if state.groupCursor.handle(action, count: page.count, layout: state.photoLayout) {
            if state.feedEndText(groupID: groupID, saysEnd: false) != nil {
                state.groupCursor.revealTrailingTile(count: page.count, layout: state.photoLayout)
            }
            return
        }
        let selected = state.groupCursor.selected
        let photo = page.photoIndex(ofItem: selected)
        switch action {
        case .open where selected < page.folders.count:
            state.push(.group(id: page.folders[selected].id, cursor: GridCursor()))
        case .open:
            if let photo { state.push(.detail(groupID: groupID, index: photo)) }
        case .mark:
            guard let photo else { return }
            let id = group.photoIDs[photo]
            if state.marks.remove(id) == nil { state.marks.insert(id) }
            state.markAnchor = photo
            _ = state.groupCursor.handle(.right, count: page.count, layout: state.photoLayout)
        case .markRange:
            guard let photo else { return }
            let anchor = min(state.markAnchor ?? photo, group.count - 1)
            state.marks.formUnion(group.photoIDs[min(anchor, photo)...max(anchor, photo)])
            state.markAnchor = photo
        case .markAll:
            let all = Set(group.photoIDs)
            state.marks = state.marks.isSuperset(of: all) ? [] : all
        case .back where !state.marks.isEmpty:
            state.marks = []
            state.markAnchor = nil
        case .back:
            state.goBack()
        default:
            break
        }
    }

    /// "Name · 40 photos · dates · photo 12 of 40": where the selection is, last; a folder with
    /// subfolders counts items; the order is named when it is not the default; the marks are
    /// counted. Parts that do not fit `width` are left out, least useful first (the dates, the
    /// folder count, the photo count), and the name is cut last.
    static func title(_ page: FolderPage, selected: Int, marked: Int = 0, sort: PhotoSort = .dateTaken,
                      width: Int = .max) -> String {
        let group = page.group
        let photos = Counted.text(page.totalPhotos, Counted.noun(ofGroup: group.id))
        let folders = page.folders.isEmpty ? "" : Counted.text(page.folders.count, "folder")
        let position = page.folders.isEmpty ? "\(Counted.noun(ofGroup: group.id)) \(selected + 1) of \(page.totalPhotos)" : "item \(selected + 1) of \(page.count)"
        return TitleLine(parts: [
            .init(text: group.name, priority: 3),
            .init(text: folders, priority: 1),
            .init(text: photos, priority: 2),
            .init(text: group.firstTakenAt.isEmpty ? "" : group.dateRange, priority: 0),
            .init(text: page.count == 0 ? "" : position, priority: 5),
            .init(text: sort == .dateTaken ? "" : "sorted by \(sort.title)", priority: 4),
            .init(text: marked > 0 ? "\(marked) marked" : "", priority: 6),
        ]).fitted(width: width)
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        guard let page = state.currentPage else { return }
        // Read behind (issue 26): a folder whose first screen is on its way says so.
        if page.count == 0, let reading = state.readingLine(folder: page.group.id) {
            let area = state.contentArea
            grid.put(reading, x: area.x + max(0, (area.width - reading.displayWidth) / 2), y: area.y + area.height / 2,
                     style: .plain, maxWidth: area.width)
            return
        }
        if state.listView {
            PhotoListView.render(page, state: state, into: &grid)
            return
        }
        let layout = state.gridLayout
        for index in state.groupCursor.visibleRange(count: page.count, layout: layout) {
            guard let tile = layout.tileRect(index: index, topRow: state.groupCursor.topRow) else { continue }
            let selected = index == state.groupCursor.selected
            guard let photoIndex = page.photoIndex(ofItem: index) else {
                HomeScreen.folderTile(page.folders[index].group, in: tile, selected: selected, state: state, into: &grid)
                continue
            }
            let id = page.group.photoIDs[photoIndex]
            let photo = state.library.photo(id: id)
            PhotoTile.draw(photo, in: GridLayout.previewRect(in: tile), state: state, inGrid: true, into: &grid)
            // Badges (✗ P ● ★★★★☆) after the date; it gives up its time when they need the room.
            let badges = photo.map { PhotoBadges.parts($0, width: max(tile.width - 11, tile.width / 2)) } ?? []
            let badgesWidth = PhotoBadges.width(badges)
            // A missing photo shows its last known path, so it can be found and relinked.
            var when = photo.map {
                $0.missing || badges.isEmpty ? ($0.missing ? $0.path : $0.takenAtShortText)
                    : PhotoListView.fitted(date: $0.takenAtShortText, width: tile.width - badgesWidth - 1)
            } ?? ""
            // Videos (issue 21): ▶ and the length over the preview, else in the caption.
            let art = photo.map { state.artRect($0, in: GridLayout.previewRect(in: tile)).rect } ?? tile
            if !VideoBadge.draw(photo, over: art, into: &grid), let badge = VideoBadge.text(photo) { when = badge + "  " + when }
            let marked = state.marks.contains(id)
            HomeScreen.caption(name: flags(photo, marked: marked) + (photo?.name ?? "?"), detail: when, in: tile,
                               selected: selected, into: &grid)
            PhotoBadges.draw(badges, x: tile.x + when.displayWidth + 1, y: tile.maxY - 1, into: &grid)
            if marked { markFrame(tile, into: &grid) }
        }
        feedEndTile(page, state: state, into: &grid)   // Paged feeds (issue 24)
    }

    /// Paged feeds (issue 24): a tile after a feed's last photo while its next page comes
    /// ("Loading more…"), or saying why it failed and the key that tries again.
    static func feedEndTile(_ page: FolderPage, state: AppState, into grid: inout CellGrid) {
        let layout = state.gridLayout
        guard let text = state.feedEndText(groupID: page.group.id, saysEnd: false),
              state.groupCursor.visibleRange(count: page.count + 1, layout: layout).contains(page.count),
              let tile = layout.tileRect(index: page.count, topRow: state.groupCursor.topRow) else { return }
        PhotoTile.placeholder(text, in: GridLayout.previewRect(in: tile), into: &grid)
    }

    /// "✓ ★ " for a marked favourite.
    static func flags(_ photo: Photo?, marked: Bool) -> String {
        (marked ? "✓ " : "") + (photo?.isFavourite == true ? "★ " : "")
    }
}

extension GroupScreen {
    /// A marked tile's preview gets a coloured corner mark, visible even on a busy photo. Not on
    /// a pixel image, which is drawn over the cells (a sliver would show): the caption's ✓ says it.
    static func markFrame(_ tile: Rect, into grid: inout CellGrid) {
        let preview = GridLayout.previewRect(in: tile)
        let badge = Rect(x: preview.x, y: preview.y, width: 3, height: 1)
        guard preview.width > 2, preview.height > 0,
              !grid.images.contains(where: { !$0.entry.placement.cells.intersection(badge).isEmpty }) else { return }
        grid.put(" ✓ ", x: preview.x, y: preview.y, style: Theme.markBadge)
    }
}
