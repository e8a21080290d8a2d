import Library

/// Draws the slideshow (`Slideshow`): the photo as large as the whole terminal allows, through
/// the photo view's own path (`PhotoTile`: pixels where the terminal has them, else character
/// art), and under it the caption line unless hidden.
enum SlideshowView {
    /// The area the photo is drawn in: the whole screen, less the caption line when it shows.
    static func imageArea(_ show: Slideshow, state: AppState) -> Rect {
        Rect(x: 0, y: 0, width: state.columns, height: max(1, state.rows - (show.captionShown ? 1 : 0)))
    }

    static func render(_ show: Slideshow, state: AppState, into grid: inout CellGrid) {
        // Nothing of the screen under it shows: not its cells, not its images.
        grid = CellGrid(width: grid.width, height: grid.height)
        let area = imageArea(show, state: state)
        PhotoTile.draw(state.library.photo(id: show.photoID), in: area, state: state, inGrid: false, into: &grid)
        guard show.captionShown else { return }
        let y = state.rows - 1
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let text = state.status ?? caption(show, state: state, width: state.columns - 2)
        grid.put(CellGrid.truncated(text, toWidth: state.columns - 1), x: 1, y: y, style: Theme.statusBar,
                 maxWidth: state.columns - 1)
    }

    /// "IMG_0001.jpg · 3/40 · 2024-05-01 14:03 · paused · shuffled · every 5 s · Space pause · i caption";
    /// what does not fit `width` is left out, the hints and the date first.
    static func caption(_ show: Slideshow, state: AppState, width: Int) -> String {
        let photo = state.library.photo(id: show.photoID)
        let keys = state.keyMap.hints([.pause, .previous, .next, .shuffle, .caption, .close, .help], in: .slideshow)
        return TitleLine(parts: [
            .init(text: photo?.name ?? "", priority: 5),
            .init(text: "\(show.position + 1)/\(show.order.count)", priority: 6),
            .init(text: photo.map { $0.isTakenAtKnown ? $0.takenAtShortText : "" } ?? "", priority: 2),
            .init(text: show.paused ? "paused" : "", priority: 7),
            .init(text: show.shuffled ? "shuffled" : "", priority: 4),
            .init(text: "every \(seconds(show.interval))", priority: 3),
            .init(text: keys, priority: 1),
        ]).fitted(width: width)
    }

    /// "5 s", "2.5 s".
    static func seconds(_ interval: Double) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
