import Library

/// One photo as large as the terminal allows, paged left and right through its group.
enum DetailScreen {
    static let hints: [Action] = [.previous, .next, .favourite, .info, .editDate, .map, .back, .help]
    /// While zoomed: the moving keys pan.
    /// A photo of an album: its album keys after moving between photos.
    static let albumHints: [Action] = [.previous, .next, .addToAlbum, .removeFromAlbum, .moveEarlier, .moveLater, .setCover,
                                       .back, .help]
    static let zoomedHints: [Action] = [.left, .right, .zoomIn, .zoomOut, .zoomFit, .info, .back, .help]

    /// The hints for the photo on screen: a video's start with `play`, and while it plays
    /// they are its own (issue 21).
    static func shownHints(_ state: AppState) -> [Action] {
        if state.screenKeyContext == .video { return [.pause, .seekBack, .seekForward, .stop, .help] }
        if state.screenKeyContext == .albumPhoto { return albumHints }   // Albums (issue 23)
        if state.detailPhoto?.stack != nil { return (state.playableVideo?.kind == .video ? [.play] : []) + [.nextStackMember] + hints }
        return state.detailPhoto.map { $0.kind == .video || $0.hasMotion } == true ? [.play] + hints : hints
    }

    static func handle(_ action: Action, state: inout AppState) {
        guard case let .detail(groupID, index) = state.screen, let group = state.page(id: groupID)?.group else { return }
        if state.handleZoom(action) { return }
        var target = index
        switch action {
        case .previous: target -= 1
        case .next: target += 1
        case .first: target = 0
        case .last: target = group.count - 1
        case .back:
            state.culling = false
            state.goBack()
            return
        case .nextStackMember:
            state.showNextStackMember()
            return
        default:
            return
        }
        state.stack[state.stack.count - 1] = .detail(groupID: groupID, index: max(0, min(target, group.count - 1)))
    }

    /// The area the photo is drawn in: everything but the title, the download's lines and the
    /// status line. Narrower when the info panel sits beside the photo (the previews asked for
    /// must be the size drawn).
    static func imageArea(_ state: AppState) -> Rect {
        let beside = state.showInfo ? InfoPanel.besideWidth(columns: state.columns) ?? 0 : 0
        return Rect(x: 0, y: 1, width: state.columns - beside, height: max(1, state.rows - 3 - downloadLines(state).count))
    }

    /// The lines under the photo, for a web photo not downloaded yet: where its download is
    /// (one line, so the photo keeps its size while it runs), or why it failed, wrapped whole.
    static func downloadLines(_ state: AppState) -> [String] {
        guard let photo = state.detailPhoto, let line = downloadLine(photo, state: state) else { return [] }
        let width = max(1, state.columns - 2)
        guard state.originalDownloads[photo.id]?.failure != nil else { return [CellGrid.truncated(line, toWidth: width)] }
        return PhotoTile.wrap(line, width: width, maxLines: max(1, state.rows - 6), breakingLongWords: true)
    }

    /// "IMG_0001.jpg  3/40  4032×3024  2024-05-01 14:03  Canon EOS 6D"; what does not fit
    /// `width` is left out (the camera, the size, the date) before the name and position.
    static func statusLine(_ state: AppState, width: Int = .max) -> String {
        guard case let .detail(_, index) = state.screen, let group = state.currentGroup,
              let photo = state.detailPhoto else { return "" }
        let size = photo.displaySize
        var parts: [TitleLine.Part] = [
            .init(text: (photo.isFavourite ? "★ " : "") + photo.name, priority: 5),
            .init(text: "\(index + 1)/\(state.readingBehind == nil ? group.count : state.currentPage?.totalPhotos ?? group.count)",
                  priority: 4),   // read behind (issue 26): of the folder, not of the photos read
            .init(text: photo.isDownloaded ? "\(size.width)×\(size.height)" : "original not downloaded yet", priority: 1),
        ]
        if let zoom = state.detailZoom?.label { parts.insert(.init(text: zoom, priority: 5), at: 2) }
        if photo.isTakenAtKnown {
            parts.append(.init(text: photo.takenAtShortText + (photo.edits.date == nil ? "" : " ✎"), priority: 2))
        }
        if let camera = photo.camera { parts.append(.init(text: camera, priority: 0)) }
        if photo.missing { parts.append(.init(text: "FILE MISSING", priority: 6)) }
        // Issue 22: the photo's badges, and cull mode.
        let badges = PhotoBadges.text(PhotoBadges.parts(photo))
        if !badges.isEmpty { parts.insert(.init(text: badges, priority: 3), at: 1) }
        if state.isCulling { parts.insert(.init(text: "CULL", priority: 7), at: 0) }
        // Videos (issue 21): the length, or where the video playing is.
        if let playback = state.playback, playback.photoID == state.playableVideo?.id {   // a Live Photo plays its movie
            parts.append(.init(text: playback.statusText, priority: 7))
        } else if let badge = VideoBadge.text(photo) {
            parts.append(.init(text: badge, priority: 3))
        }
        // GIF (issue 20): an animated one shows its first frame, and says so.
        if photo.animated { parts.append(.init(text: "animated: first frame", priority: 3)) }
        return TitleLine(parts: parts, separator: "  ").fitted(width: width)
    }

    /// What the original's download is at, for a web photo not downloaded yet.
    static func downloadLine(_ photo: Photo, state: AppState) -> String? {
        guard !photo.isDownloaded, !photo.missing else { return nil }
        return state.originalDownloads[photo.id]?.line ?? "Waiting to download the original…"
    }

    /// The photo at fit, or the part of it on screen while zoomed: the last zoomed part that
    /// came stands in while the next is made, else the photo at fit.
    static func drawPhoto(_ state: AppState, in area: Rect, into grid: inout CellGrid) {
        if let zoomed = state.zoomedPreviewKey() {
            if PhotoTile.drawReady(zoomed, in: area, state: state, into: &grid) { return }
            if let last = state.photoZoom?.lastReady, PhotoTile.drawReady(last, in: area, state: state, into: &grid) { return }
        }
        PhotoTile.draw(state.detailPhoto, in: area, state: state, inGrid: false, into: &grid)
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        let area = imageArea(state)
        // Videos (issue 21): the frame playing stands where the poster (or the zoomed photo) is.
        if !drawVideoFrame(state, in: area, into: &grid) {
            drawPhoto(state, in: area, into: &grid)
        }
        if let photo = state.detailPhoto {
            // The thumbnail stands in while the original comes: say so under the photo, never
            // over it (nor over the status line).
            let style = state.originalDownloads[photo.id]?.failure == nil ? Theme.downloading : Theme.downloadFailed
            for (i, line) in downloadLines(state).enumerated() {
                let text = " " + line + " "
                grid.put(text, x: max(0, (state.columns - text.displayWidth) / 2), y: area.maxY + i, style: style,
                         maxWidth: state.columns)
            }
        }
        if let (photo, box) = InfoPanel.shown(state) { InfoPanel.render(photo, in: box, state: state, into: &grid) }
        grid.put(CellGrid.truncated(statusLine(state, width: state.columns - 1), toWidth: state.columns - 1), x: 1, y: state.rows - 2,
                 style: Theme.title, maxWidth: state.columns)
    }

    /// Draws the frame of the video playing, centred in `area`; false when there is none yet.
    static func drawVideoFrame(_ state: AppState, in area: Rect, into grid: inout CellGrid) -> Bool {
        guard let playback = state.playback, let frame = playback.frame, playback.photoID == state.playableVideo?.id
        else { return false }
        return drawMovingFrame(frame.content, columns: frame.columns, rows: frame.rows, name: "video \(frame.photoID)",
                               content: "video \(frame.photoID) \(frame.generation) \(frame.time)", in: area, into: &grid)
    }

    /// Draws one frame of moving pictures (a video's, the webcam's), `columns` × `rows` cells,
    /// centred in `area`: its cells, or its pixel image placed as `content` (new for each frame)
    /// under the kitty name `name` (the same for all, so each replaces the last). False when it
    /// failed or was made for a larger screen.
    static func drawMovingFrame(_ frame: PreviewResult, columns: Int, rows: Int, name: String, content: String,
                                in area: Rect, into grid: inout CellGrid) -> Bool {
        if case .failed = frame { return false }
        guard columns <= area.width, rows <= area.height else { return false }   // drawn for a larger screen
        let origin = (x: area.x + (area.width - columns) / 2, y: area.y + (area.height - rows) / 2)
        switch frame {
        case let .cells(cells):
            grid.blit(cells, at: origin.x, y: origin.y)
        case let .image(image):
            PlacedImage(content: content, cells: Rect(x: origin.x, y: origin.y, width: columns, height: rows), image: image,
                        kittyName: name).place(into: &grid)
        case .failed:
            break
        }
        return true
    }
}
