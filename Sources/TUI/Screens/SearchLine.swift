import Library

/// The search line at the bottom of the screen while typing a query, with what is wrong with
/// it (a bad filter) or how many photos match on the line above, after where it searches when
/// it began in a group ("in 2019-06 · Tab: whole library · 12 photos · …").
enum SearchLine {
    static func render(_ state: AppState, into grid: inout CellGrid) {
        let search = state.search
        let y = state.rows - 2
        guard y > 0 else { return }
        let message: String
        let style: Style
        if let note = state.status {
            message = note   // what the last key said (Tab with nothing to widen)
            style = Theme.dim
        } else if let error = search.error {
            message = error
            style = Theme.error
        } else if search.results == nil {
            message = "Indexing the library…"
            style = Theme.dim
        } else if search.field.text.contains(where: { $0 != " " }) {
            let count = search.results?.count ?? 0
            message = "\(Counted.text(count)) · \(state.keyMap.label(.accept, in: .search)) keeps the results · "
                + "\(state.keyMap.label(.cancel, in: .search)) goes back"
            style = Theme.dim
        } else {
            message = "Words, -word, year:2019, date:2019-07, camera:canon, place:rio, fav, is:missing, group:\"…\""
            style = Theme.dim
        }
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: .plain))
        var x = 0
        if let scope = scopeNote(state) {
            x = grid.put(CellGrid.truncated(" " + scope, toWidth: state.columns), x: 0, y: y, style: Theme.title)
        }
        grid.put(CellGrid.truncated(" " + message, toWidth: max(0, state.columns - x)), x: x, y: y, style: style)
        grid.fill(Rect(x: 0, y: state.rows - 1, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        // The cursor (at the end of a long query) stays in view.
        let shown = "/" + search.field.withCursor(fitting: state.columns - 2)
        grid.put(CellGrid.truncated(shown, toWidth: state.columns), x: 0, y: state.rows - 1, style: Theme.statusBar)
    }

    /// "in 2019-06 · Tab: whole library ·": where the search looks and the key that changes it;
    /// nil when it began at home (the whole library, nothing to change).
    static func scopeNote(_ state: AppState) -> String? {
        guard let scope = state.search.scope else { return nil }
        let key = state.keyMap.label(.searchScope, in: .search, fallback: "")
        return scope.label + (key.isEmpty ? "" : " · \(key): " + scope.otherLabel) + " ·"
    }
}
