import Library

/// Draws the whole state into a cell grid: the base screen, its title line and status bar,
/// then the layers (`AppState.layers`) bottom-up; the top layer's title and hints show.
public enum AppView {
    static let titlePrefix = "photory · "

    public static func render(_ state: AppState) -> CellGrid {
        var grid = CellGrid(width: max(0, state.columns), height: max(0, state.rows))
        guard state.columns > 0, state.rows > 0 else { return grid }
        if state.isTooSmall {
            let need = "\(AppState.minimumSize.columns)×\(AppState.minimumSize.rows)"
            let have = "\(state.columns)×\(state.rows)"
            // The longest wording that fits, so the size needed is shown whenever possible.
            let messages = ["Terminal too small: \(have), need \(need)", "Too small: \(have), need \(need)",
                            "Too small, need \(need)", "Need at least \(need)", "Need \(need)"]
            let message = messages.first { $0.displayWidth <= state.columns } ?? messages[0]
            grid.put(CellGrid.truncated(message, toWidth: state.columns), x: 0, y: 0, style: Theme.error)
            return grid
        }
        if let transition = state.transition, let frame = TransitionView.render(state, transition) { return frame }
        // Slideshow (issue 23), the webcam preview (issue 25): drawn alone, full screen, with only
        // the layers opened over it.
        if let show = state.layers.lastIndex(where: { $0.state is Slideshow || $0.state is WebcamPreview }) {
            for layer in state.layers[show...] { layer.state.render(state, into: &grid) }
            return grid
        }
        let title: String
        let titleWidth = state.columns - Self.titlePrefix.displayWidth
        switch state.screen {
        case .home:
            title = HomeScreen.title(state, width: titleWidth)
            HomeScreen.render(state, into: &grid)
        case .group:
            title = state.currentPage.map {
                GroupScreen.title($0, selected: state.groupCursor.selected, marked: state.marks.count, sort: state.sortShown,
                                  width: titleWidth)
            } ?? ""
            GroupScreen.render(state, into: &grid)
            if let (photo, box) = InfoPanel.shown(state) { InfoPanel.render(photo, in: box, state: state, into: &grid) }
        case .detail:
            title = TitleLine(parts: [.init(text: state.currentGroup?.name ?? "", priority: 0),
                                      .init(text: state.marks.isEmpty ? "" : "\(state.marks.count) marked", priority: 1)])
                .fitted(width: titleWidth)
            DetailScreen.render(state, into: &grid)
        }
        let shownTitle = state.layers.reversed().lazy.compactMap { $0.state.title(state) }.first ?? title
        grid.put(CellGrid.truncated(Self.titlePrefix + shownTitle, toWidth: state.columns), x: 0, y: 0, style: Theme.title)
        statusBar(state, into: &grid)
        // The layers bottom-up, the same stack the keys go through top-down.
        for layer in state.layers { layer.state.render(state, into: &grid) }
        return grid
    }

    private static func statusBar(_ state: AppState, into grid: inout CellGrid) {
        let y = state.rows - 1
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let hints = state.layers.reversed().lazy.compactMap { $0.state.hints(state) }.first ?? screenHints(state)
        // The library out of reach (issue 26) stays said until it answers again.
        guard let status = state.status ?? state.libraryTrouble else {
            grid.put(CellGrid.truncated(" " + wholeHints(hints, width: state.columns - 1), toWidth: state.columns), x: 0, y: y,
                     style: Theme.statusBar)
            return
        }
        // A message too long for the line (an error naming a file, a server's answer) takes
        // the line above too, rather than losing its end.
        let style = Style(attrs: [.reverse, .bold])
        let lines = statusLines(status, width: state.columns)
        for (i, line) in lines.enumerated() {
            let row = y - (lines.count - 1) + i
            grid.fill(Rect(x: 0, y: row, width: state.columns, height: 1), with: Cell(" ", style: style))
            grid.put(line, x: 0, y: row, style: style, maxWidth: state.columns)
        }
    }

    /// The hints of the screen under the layers.
    private static func screenHints(_ state: AppState) -> String {
        let context = state.screenKeyContext
        switch state.screen {
        case .home: return state.keyMap.hints(HomeScreen.hints(state), in: context)
        case .group: return state.keyMap.hints(GroupScreen.shownHints(state), in: context)
        case .detail: return state.keyMap.hints(state.detailZoom == nil ? DetailScreen.shownHints(state) : DetailScreen.zoomedHints, in: context)
        }
    }

    /// Whole hints ("Enter view · Space mark"), as many as fit `width`, rather than one cut in
    /// the middle ("f …").
    static func wholeHints(_ hints: String, width: Int) -> String {
        var shown = hints.components(separatedBy: " · ")
        while shown.count > 1, shown.joined(separator: " · ").displayWidth > width { shown.removeLast() }
        return shown.joined(separator: " · ")
    }

    /// A status message as one line, or two when it does not fit (cut only past two lines).
    static func statusLines(_ status: String, width: Int) -> [String] {
        let clean = DisplayWidth.sanitized(status)
        if clean.displayWidth + 1 <= width { return [" " + clean] }
        return PhotoTile.wrap(clean, width: max(1, width - 2), maxLines: 2).map { " " + $0 }
    }
}
