import Library

/// Draws the date form centred over the screen.
enum DateFormView {
    /// Wide enough for "Last:  " and two dates with zones ("2026-11-25 07:07:09 +00:00") on one line.
    static let width = 66

    /// The preview's lines for an inside `width` wide: a line too long for it breaks before its
    /// "→", the new date under the old one, and each part wraps under itself rather than being cut.
    static func previewLines(_ lines: [String], width: Int) -> [String] {
        let indent = String(repeating: " ", count: "Last:  ".count)
        return lines.flatMap { line -> [String] in
            guard line.displayWidth > width else { return [line] }
            let parts = line.components(separatedBy: " → ")
            let pieces = [parts[0]] + parts.dropFirst().map { "→ " + $0 }
            return pieces.enumerated().flatMap { i, piece in
                if i == 0, piece.displayWidth <= width { return [piece] }
                return PhotoTile.wrap(piece, width: max(1, width - indent.count), maxLines: .max).enumerated()
                    .map { j, part in (i == 0 && j == 0 ? "" : indent) + part }
            }
        }
    }

    static func render(_ form: DateFormState, state: AppState, into grid: inout CellGrid) {
        let count = form.photoIDs.count
        let plan = form.plan(state.library)
        let innerWidth = min(width, state.contentArea.width) - 4
        let preview: [String] = if case let .success(step) = plan {
            previewLines(DateFormState.preview(step, library: state.library), width: innerWidth)
        } else { [] }
        let box = Panel.centered(in: state.contentArea, width: width, height: 11 + max(2, preview.count))
        let inner = Panel.draw(box, title: "Date taken — \(Counted.text(count))", into: &grid)
        let width = inner.width
        var y = inner.y
        func put(_ text: String, _ style: Style = .plain, x: Int = 0) {
            guard y < inner.y + inner.height else { return }
            grid.put(CellGrid.truncated(text, toWidth: width - x), x: inner.x + x, y: y, style: style, maxWidth: width - x)
        }
        put(form.mode == .set ? "[Set]" : " Set ", form.mode == .set ? Theme.selected : Theme.dim)
        put(form.mode == .shift ? "[Shift]" : " Shift ", form.mode == .shift ? Theme.selected : Theme.dim, x: 6)
        put(state.keyMap.hints([.switchMode], in: .dateForm), Theme.dim, x: 15)
        y += 2
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
            for line in preview {
                put(line)
                y += 1
            }
            if step.changes.isEmpty { put("Nothing would change", Theme.dim) }
        }
        y = inner.y + inner.height - 1
        put(state.keyMap.hints([.accept, .cancel, .previousField, .nextField], in: .dateForm), Theme.dim)
    }
}
