import Library

/// A group's photos as a grid of thumbnails captioned with file name and date.
enum GroupScreen {
    static let hints: [Action] = [.open, .mark, .favourite, .info, .editDate, .back, .help]

    static func handle(_ action: Action, state: inout AppState) {
        guard case let .group(groupID) = state.screen, let group = state.library.group(id: groupID) else { return }
        if state.groupCursor.handle(action, count: group.count, layout: state.gridLayout) { return }
        let selected = state.groupCursor.selected
        switch action {
        case .open where group.count > 0:
            state.push(.detail(groupID: groupID, index: selected))
        case .mark where group.count > 0:
            let id = group.photoIDs[selected]
            if state.marks.remove(id) == nil { state.marks.insert(id) }
            state.markAnchor = selected
            _ = state.groupCursor.handle(.right, count: group.count, layout: state.gridLayout)
        case .markRange where group.count > 0:
            let anchor = min(state.markAnchor ?? selected, group.count - 1)
            state.marks.formUnion(group.photoIDs[min(anchor, selected)...max(anchor, selected)])
            state.markAnchor = selected
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

    /// "Name · 40 photos · dates · photo 12 of 40": where the selection is, last.
    static func title(_ group: PhotoGroup, selected: Int, marked: Int = 0) -> String {
        "\(group.name) · \(group.count) photo\(group.count == 1 ? "" : "s") · \(group.dateRange) · photo \(selected + 1) of \(group.count)"
            + (marked > 0 ? " · \(marked) marked" : "")
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        guard let group = state.currentGroup else { return }
        let layout = state.gridLayout
        for index in state.groupCursor.visibleRange(count: group.count, layout: layout) {
            guard let tile = layout.tileRect(index: index, topRow: state.groupCursor.topRow) else { continue }
            let photo = state.library.photo(id: group.photoIDs[index])
            PhotoTile.draw(photo, in: GridLayout.previewRect(in: tile), state: state, into: &grid)
            let when = photo?.takenAtShortText ?? ""
            let marked = state.marks.contains(group.photoIDs[index])
            let flags = (marked ? "✓ " : "") + (photo?.isFavourite == true ? "★ " : "")
            HomeScreen.caption(name: flags + (photo?.fileName ?? "?"), detail: when, in: tile,
                               selected: index == state.groupCursor.selected, into: &grid)
            if marked { markFrame(tile, into: &grid) }
        }
    }
}

extension GroupScreen {
    /// A marked tile's preview gets a coloured corner mark, visible even on a busy photo.
    static func markFrame(_ tile: Rect, into grid: inout CellGrid) {
        let preview = GridLayout.previewRect(in: tile)
        guard preview.width > 2, preview.height > 0 else { return }
        grid.put(" ✓ ", x: preview.x, y: preview.y, style: Theme.markBadge)
    }
}
