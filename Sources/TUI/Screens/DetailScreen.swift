import Library

/// One photo as large as the terminal allows, paged left and right through its group.
enum DetailScreen {
    static let hints: [Action] = [.previous, .next, .favourite, .info, .editDate, .map, .back, .help]

    static func handle(_ action: Action, state: inout AppState) {
        guard case let .detail(groupID, index) = state.screen, let group = state.page(id: groupID)?.group else { return }
        var target = index
        switch action {
        case .previous: target -= 1
        case .next: target += 1
        case .first: target = 0
        case .last: target = group.count - 1
        case .back:
            state.goBack()
            return
        default:
            return
        }
        state.stack[state.stack.count - 1] = .detail(groupID: groupID, index: max(0, min(target, group.count - 1)))
    }

    /// The area the photo is drawn in: everything but the title and the status line.
    /// Narrower when the info panel sits beside the photo (the previews asked for must be
    /// the size drawn).
    static func imageArea(_ state: AppState) -> Rect {
        let beside = state.showInfo ? InfoPanel.besideWidth(columns: state.columns) ?? 0 : 0
        return Rect(x: 0, y: 1, width: state.columns - beside, height: max(1, state.rows - 3))
    }

    /// "IMG_0001.jpg  3/40  4032×3024  2024-05-01 14:03  Canon EOS 6D"
    static func statusLine(_ state: AppState) -> String {
        guard case let .detail(_, index) = state.screen, let group = state.currentGroup,
              let photo = state.detailPhoto else { return "" }
        let size = photo.displaySize
        var parts = [(photo.isFavourite ? "★ " : "") + photo.name, "\(index + 1)/\(group.count)",
                     photo.isDownloaded ? "\(size.width)×\(size.height)" : "original not downloaded yet"]
        if photo.isTakenAtKnown {
            parts.append(photo.takenAtShortText + (photo.edits.date == nil ? "" : " ✎"))
        }
        if let camera = photo.camera { parts.append(camera) }
        if photo.missing { parts.append("FILE MISSING") }
        // Pixels would cover the line on the photo (and its every update would send the image again).
        if state.pixelFormat(inGrid: false) != nil, let line = downloadLine(photo, state: state) { parts.append(line) }
        return parts.joined(separator: "  ")
    }

    /// What the original's download is at, for a web photo not downloaded yet.
    static func downloadLine(_ photo: Photo, state: AppState) -> String? {
        guard !photo.isDownloaded, !photo.missing else { return nil }
        return state.originalDownloads[photo.id]?.line ?? "Waiting to download the original…"
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        let area = imageArea(state)
        PhotoTile.draw(state.detailPhoto, in: area, state: state, inGrid: false, into: &grid)
        if state.pixelFormat(inGrid: false) == nil, let photo = state.detailPhoto,
           let download = downloadLine(photo, state: state) {
            // The thumbnail stands in while the original comes: say so, on the photo.
            let line = " " + download + " "
            let text = CellGrid.truncated(line, toWidth: area.width)
            let style = state.originalDownloads[photo.id]?.failure == nil ? Theme.downloading : Theme.downloadFailed
            grid.put(text, x: area.x + max(0, (area.width - text.displayWidth) / 2), y: area.maxY - 1, style: style)
        }
        if state.showInfo, let photo = state.detailPhoto {
            // Beside the photo when the image area left room for it, over it otherwise.
            var box = area.width < state.columns
                ? Rect(x: area.width, y: area.y, width: state.columns - area.width, height: area.height)
                : InfoPanel.overlayBox(state, photo: photo)
            box.height = min(box.height, area.height)   // the status line stays visible
            InfoPanel.render(photo, in: box, state: state, into: &grid)
        }
        grid.put(CellGrid.truncated(statusLine(state), toWidth: state.columns - 1), x: 1, y: state.rows - 2,
                 style: Theme.title, maxWidth: state.columns)
    }
}
