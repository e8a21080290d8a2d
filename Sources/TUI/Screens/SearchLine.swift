import Library

/// The search line at the bottom of the screen while typing a query, with what is wrong with
/// it (a bad filter) or how many photos match on the line above.
enum SearchLine {
    static func render(_ state: AppState, into grid: inout CellGrid) {
        let search = state.search
        let y = state.rows - 2
        guard y > 0 else { return }
        let message: String
        let style: Style
        if let error = search.error {
            message = error
            style = Theme.error
        } else if search.results == nil {
            message = "Indexing the library…"
            style = Theme.dim
        } else if search.field.text.contains(where: { $0 != " " }) {
            let count = search.results?.count ?? 0
            message = "\(count) photo\(count == 1 ? "" : "s") · \(state.keyMap.label(.accept, in: .search)) keeps the results · "
                + "\(state.keyMap.label(.cancel, in: .search)) goes back"
            style = Theme.dim
        } else {
            message = "Words, -word, year:2019, date:2019-07, camera:canon, place:rio, fav, is:missing, group:\"…\""
            style = Theme.dim
        }
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: .plain))
        grid.put(CellGrid.truncated(" " + message, toWidth: state.columns), x: 0, y: y, style: style)
        grid.fill(Rect(x: 0, y: state.rows - 1, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        // The cursor (at the end of a long query) stays in view.
        let shown = "/" + search.field.withCursor(fitting: state.columns - 2)
        grid.put(CellGrid.truncated(shown, toWidth: state.columns), x: 0, y: state.rows - 1, style: Theme.statusBar)
    }
}
