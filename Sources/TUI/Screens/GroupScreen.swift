import Library

/// A group's photos as a grid of thumbnails captioned with file name and date.
enum GroupScreen {
    static let hints: [Action] = [.open, .back, .importPhotos, .help]

    static func handle(_ action: Action, state: inout AppState) {
        guard case let .group(groupID) = state.screen, let group = state.library.group(id: groupID) else { return }
        if state.groupCursor.handle(action, count: group.count, layout: state.gridLayout) { return }
        switch action {
        case .open where group.count > 0:
            state.push(.detail(groupID: groupID, index: state.groupCursor.selected))
        case .back:
            state.goBack()
        default:
            break
        }
    }

    /// "Name · 40 photos · dates · photo 12 of 40": where the selection is, last.
    static func title(_ group: PhotoGroup, selected: Int) -> String {
        "\(group.name) · \(group.count) photo\(group.count == 1 ? "" : "s") · \(group.dateRange) · photo \(selected + 1) of \(group.count)"
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        guard let group = state.currentGroup else { return }
        let layout = state.gridLayout
        for index in state.groupCursor.visibleRange(count: group.count, layout: layout) {
            guard let tile = layout.tileRect(index: index, topRow: state.groupCursor.topRow) else { continue }
            let photo = state.library.photo(id: group.photoIDs[index])
            PhotoTile.draw(photo, in: GridLayout.previewRect(in: tile), state: state, into: &grid)
            let when = photo.map { $0.takenAt.prefix(16).replacingOccurrences(of: "T", with: " ") } ?? ""
            HomeScreen.caption(name: photo?.fileName ?? "?", detail: when, in: tile,
                               selected: index == state.groupCursor.selected, into: &grid)
        }
    }
}
