import Library

/// Draws a frame of the opening animation (`PhotoTransition`): the grid the photo comes from or
/// goes back to, with the photo over it at the animation's rectangle.
///
/// Only what is in memory is drawn: the photo's character art for its tile or for the photo view
/// (whichever is cached and nearer the size), resampled to the rectangle by picking the nearest
/// cell, which costs microseconds where chafa would take tens of milliseconds a frame.
enum TransitionView {
    /// The frame, or nil when the state has moved on from what the animation shows (then the
    /// screen is drawn as usual).
    static func render(_ state: AppState, _ transition: PhotoTransition) -> CellGrid? {
        var below = state
        below.transition = nil
        switch (transition.direction, state.screen) {
        case (.opening, .detail): below.stack.removeLast()
        case (.closing, .group): break
        default: return nil
        }
        guard case .group = below.screen, let photo = state.library.photo(id: transition.photoID),
              let art = art(of: photo, for: transition, state: below) else { return nil }
        var grid = AppView.render(below)
        let rect = transition.rect
        grid.blit(resampled(art, width: rect.width, height: rect.height), at: rect.x, y: rect.y)
        return grid
    }

    /// The cached character art to draw the frame from: the photo view's when the frame is
    /// larger than the tile's, else the tile's, else whichever is there.
    static func art(of photo: Photo, for transition: PhotoTransition, state: AppState) -> [[Cell]]? {
        let rect = transition.rect
        let keys = [state.artRect(photo, in: transition.view).key, state.artRect(photo, in: transition.tile).key]
        let cached: [[[Cell]]] = keys.compactMap { key in
            guard case let .cells(rows)? = state.previews.peek(key) else { return nil }
            return rows
        }
        let tileSized = rect.width <= transition.tile.width && rect.height <= transition.tile.height
        return (tileSized ? cached.last : cached.first) ?? cached.first
    }

    /// `rows` stretched or shrunk to `width` × `height` cells, each taking the nearest cell of
    /// the original. Half of a wide glyph becomes a space in its colours.
    static func resampled(_ rows: [[Cell]], width: Int, height: Int) -> [[Cell]] {
        guard !rows.isEmpty, width > 0, height > 0 else { return [] }
        return (0..<height).map { y in
            let source = rows[min(rows.count - 1, y * rows.count / height)]
            guard !source.isEmpty else { return [] }
            return (0..<width).map { x in
                let cell = source[min(source.count - 1, x * source.count / width)]
                return cell.width == 1 ? cell : Cell(" ", style: cell.style)
            }
        }
    }
}
