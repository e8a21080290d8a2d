/// `?`: the keys of the current screen, how photos are drawn, and the config file's problems.
/// Nothing is cut: a meaning too long for its line wraps under itself, and when the whole does
/// not fit the terminal (30×12) the arrows scroll it.
enum HelpOverlay {
    /// One line of the help: a key (or nothing, for a continuation) and its text.
    struct Line: Equatable {
        var key = ""
        var text: String
        var style: Style = .plain
        /// Where the text starts, from the left of the box's inside.
        var column = 0
    }

    /// The box the help is drawn in: between the title and the status bar, which stay in view
    /// (a help longer than that scrolls).
    static func box(_ state: AppState, lineCount: Int) -> Rect {
        let area = Rect(x: 0, y: 1, width: state.columns, height: max(1, state.rows - 2))
        return Panel.centered(in: area, width: width(state), height: lineCount + 4)
    }

    /// Wide enough for the longest key line (and at least 66), at most the terminal.
    static func width(_ state: AppState) -> Int {
        let keys = state.keyMap.helpRows(for: state.helpContext)
        let keyWidth = (keys.map { $0.keys.displayWidth }.max() ?? 0) + 2
        let meaningWidth = keys.map { $0.help.displayWidth }.max() ?? 0
        return min(max(66, keyWidth + meaningWidth + 4), state.columns)
    }

    /// Every line of the help for the inner width `width`.
    static func lines(_ state: AppState) -> [Line] {
        let inner = max(1, width(state) - 4)
        let keys = state.keyMap.helpRows(for: state.helpContext)
        let keyWidth = (keys.map { $0.keys.displayWidth }.max() ?? 0) + 2
        // Narrow: each key on its own line, its meaning indented under it.
        let beside = inner - keyWidth >= 16
        var lines: [Line] = []
        for (key, meaning) in keys {
            if beside {
                let wrapped = PhotoTile.wrap(meaning, width: inner - keyWidth, maxLines: .max)
                for (i, part) in wrapped.enumerated() { lines.append(Line(key: i == 0 ? key : "", text: part, column: keyWidth)) }
            } else {
                lines.append(Line(key: CellGrid.truncated(key, toWidth: inner), text: ""))
                lines += PhotoTile.wrap(meaning, width: max(1, inner - 2), maxLines: .max).map { Line(text: $0, column: 2) }
            }
        }
        if !state.graphics.summary.isEmpty {
            lines.append(Line(text: ""))
            lines += PhotoTile.wrap(state.graphics.summary, width: inner, maxLines: .max).map { Line(text: $0, style: Theme.dim) }
        }
        if !state.configProblems.isEmpty {
            lines.append(Line(text: ""))
            lines += PhotoTile.wrap("The config file has problems (defaults kept for those settings):", width: inner, maxLines: .max)
                .map { Line(text: $0, style: Theme.error) }
            for problem in state.configProblems {
                let wrapped = PhotoTile.wrap(problem, width: max(1, inner - 2), maxLines: .max)
                for (i, part) in wrapped.enumerated() { lines.append(Line(key: i == 0 ? "•" : "", text: part, column: 2)) }
            }
        }
        return lines
    }

    /// How many lines show at once, and the most the help can scroll.
    static func visibleLines(_ state: AppState) -> (count: Int, maxScroll: Int) {
        let all = lines(state)
        let inner = box(state, lineCount: all.count).height - 2
        // The last line is the footer, and a blank line sits above it when there is room.
        let visible = max(1, all.count + 2 <= inner ? all.count : inner - 1)
        return (visible, max(0, all.count - visible))
    }

    /// A key while the help shows: the help's scrolling actions scroll a help taller than the
    /// terminal; any other key closes it. Returns false when the help closes.
    static func scroll(_ action: Action?, help: inout HelpState, state: AppState) -> Bool {
        let (visible, maxScroll) = visibleLines(state)
        guard maxScroll > 0,
              let moved = Scrolling.scrolled(help.scroll, by: action, page: max(1, visible - 1), last: maxScroll) else { return false }
        help.scroll = moved
        return true
    }

    static func render(_ help: HelpState, state: AppState, into grid: inout CellGrid) {
        let all = lines(state)
        let box = box(state, lineCount: all.count)
        let inner = Panel.draw(box, title: help.context.helpTitle, into: &grid)
        let (visible, maxScroll) = visibleLines(state)
        let top = max(0, min(help.scroll, maxScroll))
        for (row, line) in all.dropFirst(top).prefix(visible).enumerated() {
            let y = inner.y + row
            if !line.key.isEmpty {
                grid.put(line.key, x: inner.x, y: y, style: Theme.title, maxWidth: inner.width)
            }
            grid.put(line.text, x: inner.x + line.column, y: y, style: line.style, maxWidth: max(0, inner.width - line.column))
        }
        // The longest wording that fits.
        // The help's own scrolling keys, as the key table has them ("↑↓").
        let arrows = state.keyMap.hints([.up, .down], in: .help).split(separator: " ").first.map(String.init) ?? "↑↓"
        let footers = maxScroll == 0 ? ["Press any key to close", "Any key closes"]
            : ["\(arrows) scroll (\(top + visible) of \(all.count)) · other keys close", "\(arrows) \(top + visible)/\(all.count) · other keys close",
               "\(arrows) scroll · other keys close", "\(arrows) \(top + visible)/\(all.count)"]
        let footer = footers.first { $0.displayWidth <= inner.width } ?? footers[footers.count - 1]
        grid.put(CellGrid.truncated(footer, toWidth: inner.width), x: inner.x, y: inner.maxY - 1, style: Theme.dim)
    }
}
