/// `?`: the keys of the current screen.
enum HelpOverlay {
    static func keys(for state: AppState) -> (title: String, keys: [(String, String)]) {
        if state.picker != nil { return ("Keys — import picker", ImportPickerState.keys) }
        switch state.screen {
        case .home: return ("Keys — groups", HomeScreen.keys)
        case .group: return ("Keys — photos of a group", GroupScreen.keys)
        case .detail: return ("Keys — photo", DetailScreen.keys)
        }
    }

    static func render(_ state: AppState, into grid: inout CellGrid) {
        let (title, keys) = keys(for: state)
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        let keyWidth = (keys.map { $0.0.displayWidth }.max() ?? 0) + 2
        let box = Panel.centered(in: area, width: 66, height: keys.count + 4)
        let inner = Panel.draw(box, title: title, into: &grid)
        for (i, (key, meaning)) in keys.enumerated() where i < inner.height - 1 {
            grid.put(key, x: inner.x, y: inner.y + i, style: Theme.title, maxWidth: keyWidth)
            grid.put(meaning, x: inner.x + keyWidth, y: inner.y + i, maxWidth: max(0, inner.width - keyWidth))
        }
        grid.put("Press any key to close", x: inner.x, y: inner.maxY - 1, style: Theme.dim, maxWidth: inner.width)
    }
}
