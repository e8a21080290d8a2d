import Library

/// What a `!` command printed (its output and errors together), in a box over the screen,
/// scrolled with the moving keys; any other key closes it. The text is the program's, so each
/// line is cleaned before it is shown (`DisplayWidth.sanitized`).
struct CommandOutputLayer: Equatable, Sendable, LayerState {
    /// The command as typed.
    var command: String
    /// The output's lines, cleaned.
    var lines: [String]
    /// What went wrong ("sh failed: exited with status 1"), or nil.
    var failure: String?
    /// The first line shown.
    var scroll = 0

    init(command: String, outcome: ExternalProgram.Outcome) {
        self.command = command
        var text = String(decoding: outcome.output, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayWidth.sanitized(String($0).replacingOccurrences(of: "\t", with: "    ")) }
        if outcome.truncated { lines.append("… (more than \(ExternalProgram.Outcome.outputLimit >> 20) MB: the rest is not shown)") }
        failure = outcome.failure.map { "exited: \($0)" }
    }

    var keyContext: KeyContext { .commandOutput }
    var layer: Layer { .commandOutput(self) }

    /// The box: most of the screen.
    static func box(_ state: AppState) -> Rect {
        let area = state.contentArea
        return Panel.centered(in: area, width: area.width - 2, height: area.height)
    }

    /// Lines that fit in the box (the footer takes one).
    static func visible(_ state: AppState) -> Int { max(1, box(state).height - 3) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let visible = Self.visible(state), last = max(0, lines.count - visible)
        switch action {
        case .up: scroll -= 1
        case .down: scroll += 1
        case .pageUp: scroll -= max(1, visible - 1)
        case .pageDown: scroll += max(1, visible - 1)
        case .first: scroll = 0
        case .last: scroll = last
        default: return .close()
        }
        scroll = max(0, min(scroll, last))
        return .consumed()
    }

    func hints(_ state: AppState) -> String? {
        state.keyMap.hints([.up, .down, .pageDown, .close], in: .commandOutput)
    }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let box = Self.box(state)
        let inner = Panel.draw(box, title: "! " + DisplayWidth.sanitized(command), into: &grid)
        guard inner.height > 1 else { return }
        let visible = Self.visible(state)
        let top = max(0, min(scroll, max(0, lines.count - visible)))
        if lines.isEmpty {
            grid.put("(no output)", x: inner.x, y: inner.y, style: Theme.dim, maxWidth: inner.width)
        }
        for (row, line) in lines.dropFirst(top).prefix(visible).enumerated() {
            grid.put(CellGrid.truncated(line, toWidth: inner.width), x: inner.x, y: inner.y + row, maxWidth: inner.width)
        }
        let place = lines.count > visible ? "lines \(top + 1)–\(min(lines.count, top + visible)) of \(lines.count) · " : ""
        let footer = (failure.map { $0 + " · " } ?? "") + place + "any other key closes"
        grid.put(CellGrid.truncated(footer, toWidth: inner.width), x: inner.x, y: inner.maxY - 1,
                 style: failure == nil ? Theme.dim : Theme.error)
    }
}
