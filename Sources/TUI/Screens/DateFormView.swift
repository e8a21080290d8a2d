import Library

/// Draws the date form centred over the screen.
enum DateFormView {
    static func render(_ form: DateFormState, state: AppState, into grid: inout CellGrid) {
        let count = form.photoIDs.count
        let box = Panel.centered(in: state.contentArea, width: 64, height: 13)
        let inner = Panel.draw(box, title: "Date taken — \(count) photo\(count == 1 ? "" : "s")", into: &grid)
        let width = inner.width
        var y = inner.y
        func put(_ text: String, _ style: Style = .plain, x: Int = 0) {
            guard y < inner.y + inner.height else { return }
            grid.put(CellGrid.truncated(text, toWidth: width - x), x: inner.x + x, y: y, style: style, maxWidth: width - x)
        }
        put(form.mode == .set ? "[Set]" : " Set ", form.mode == .set ? Theme.selected : Theme.dim)
        put(form.mode == .shift ? "[Shift]" : " Shift ", form.mode == .shift ? Theme.selected : Theme.dim, x: 6)
        put("Tab switches", Theme.dim, x: 15)
        y += 2
        let plan = form.plan(state.library)
        let problem: FormProblem? = if case let .failure(problem) = plan { problem } else { nil }
        let valueLabel = form.mode == .set ? "Date:   " : "Offset: "
        put(valueLabel, Theme.title)
        put(form.field == .value ? form.value.withCursor(fitting: width - 8) : form.value.text, .plain, x: 8)
        y += 1
        if let problem, problem.field == .value, !form.value.text.isEmpty {
            put(problem.message, Theme.error, x: 8)
        } else {
            put(form.mode == .set ? "2004 · 2004-12 · 2004-12-25 · 2004-12-25 18:30" : "+3h · -1d 2h · +1y · -0:30", Theme.dim, x: 8)
        }
        y += 1
        put("Zone:   ", Theme.title)
        put(form.field == .zone ? form.zone.withCursor(fitting: width - 8) : form.zone.text, .plain, x: 8)
        y += 1
        if let problem, problem.field == .zone {
            put(problem.message, Theme.error, x: 8)
        } else {
            put("optional: +02:00 sets the UTC offset", Theme.dim, x: 8)
        }
        y += 2
        if case let .success(step) = plan {
            for line in DateFormState.preview(step, library: state.library) {
                put(line)
                y += 1
            }
            if step.changes.isEmpty { put("Nothing would change", Theme.dim) }
        }
        y = inner.y + inner.height - 1
        put("Enter apply · Esc cancel · ↑↓ date / zone", Theme.dim)
    }
}
