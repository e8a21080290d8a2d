import Library

/// Draws the feed view (`FeedStream`, issue 24) over the screen's content area: one block per
/// photo, each the photo as large as the block allows (through `PhotoTile`, the photo view's
/// path: pixels where the terminal has them, else character art), its title and its date under
/// it. A block cut by the top or bottom edge shows its character art cut at the edge (a pixel
/// image cannot be cut). After the last photo of a feed: "Loading more…", why it failed and the
/// key that tries again, or the end of the feed (`AppState.feedEndText`).
enum FeedStreamView {
    /// The blocks' sizes for the terminal's size.
    struct Layout {
        /// Where the stream is drawn: between the title line and the status bar.
        let area: Rect
        /// Rows of each photo: about two thirds of the view, so one photo and the top of the next show.
        let imageRows: Int
        /// Rows under each photo: its title, its date, a blank line.
        static let captionRows = 3

        init(_ state: AppState) {
            area = state.contentArea
            imageRows = max(3, area.height * 2 / 3)
        }

        var blockHeight: Int { imageRows + Self.captionRows }

        /// The photo's box in a block whose top is at `y`.
        func imageBox(top y: Int) -> Rect { Rect(x: area.x + 1, y: y, width: max(1, area.width - 2), height: imageRows) }
    }

    /// The photos with a part on screen, in order.
    static func shownIndices(_ stream: FeedStream, state: AppState) -> Range<Int> {
        let layout = Layout(state)
        let count = stream.photoIDs(state).count
        let shown = (stream.offset + layout.area.height + layout.blockHeight - 1) / layout.blockHeight
        let start = min(stream.top, count)
        return start..<min(count, start + max(1, shown))
    }

    /// "Name of the feed · photo 3 of 24".
    static func title(_ stream: FeedStream, state: AppState) -> String {
        let ids = stream.photoIDs(state)
        let name = state.page(id: stream.groupID)?.group.name ?? ""
        return TitleLine(parts: [
            .init(text: name, priority: 1),
            .init(text: ids.isEmpty ? "" : "photo \(min(stream.top, ids.count - 1) + 1) of \(ids.count)", priority: 2),
        ]).fitted(width: state.columns - AppView.titlePrefix.displayWidth)
    }

    static func render(_ stream: FeedStream, state: AppState, into grid: inout CellGrid) {
        let layout = Layout(state)
        let area = layout.area
        // Nothing of the grid under it shows: not its cells, not its images.
        grid.fill(area, with: .blank)
        grid.images.removeAll { !$0.entry.placement.cells.intersection(area).isEmpty }
        let ids = stream.photoIDs(state)
        var y = area.y - stream.offset
        var index = stream.top
        while y < area.maxY, index < ids.count {
            block(state.library.photo(id: ids[index]), top: y, layout: layout, state: state, into: &grid)
            y += layout.blockHeight
            index += 1
        }
        if index >= ids.count, y < area.maxY, let text = state.feedEndText(groupID: stream.groupID) {
            let box = Rect(x: area.x + 1, y: max(y, area.y), width: max(1, area.width - 2), height: min(3, area.maxY - max(y, area.y)))
            PhotoTile.placeholder(text, in: box, into: &grid)
        }
    }

    /// One photo's block with its top at `y` (maybe above the area: then cut).
    private static func block(_ photo: Photo?, top y: Int, layout: Layout, state: AppState, into grid: inout CellGrid) {
        let area = layout.area
        let box = layout.imageBox(top: y)
        if box.minY >= area.minY, box.maxY <= area.maxY {
            PhotoTile.draw(photo, in: box, state: state, inGrid: false, into: &grid)
        } else if let photo, !photo.missing {
            cutArt(photo, in: box, area: area, state: state, into: &grid)
        } else {
            grid.fill(box.intersection(area), with: Theme.placeholder)
        }
        let captionY = y + layout.imageRows
        let width = max(1, area.width - 2)
        if (area.minY..<area.maxY).contains(captionY) {
            let title = photo.map { $0.description ?? $0.name } ?? "no photo"
            grid.put(CellGrid.truncated(title, toWidth: width), x: area.x + 1, y: captionY, style: Theme.title, maxWidth: width)
        }
        if (area.minY..<area.maxY).contains(captionY + 1), let photo {
            let date = photo.isTakenAtKnown ? photo.takenAtShortText : "date not known"
            let name = photo.description == nil ? "" : " · " + photo.name
            grid.put(CellGrid.truncated(date + name, toWidth: width), x: area.x + 1, y: captionY + 1, style: Theme.dim,
                     maxWidth: width)
        }
    }

    /// The character art of a photo whose box is cut by the area's edge: the rows inside it.
    private static func cutArt(_ photo: Photo, in box: Rect, area: Rect, state: AppState, into grid: inout CellGrid) {
        let key = PhotoTile.standInKey(for: photo, maxColumns: box.width, maxRows: box.height, state: state)
        guard case let .cells(rows)? = state.previews.peek(key) else {
            grid.fill(box.intersection(area), with: Theme.placeholder)
            return
        }
        let origin = (x: box.x + (box.width - key.columns) / 2, y: box.y + (box.height - key.rows) / 2)
        let inside = rows.enumerated().filter { area.minY <= origin.y + $0.offset && origin.y + $0.offset < area.maxY }
        guard let first = inside.first?.offset else { return }
        grid.blit(inside.map(\.element), at: origin.x, y: origin.y + first)
    }
}
