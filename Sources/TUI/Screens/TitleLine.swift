/// A line made of parts joined by " · " that fits its width by leaving out whole parts, least
/// important first, rather than cutting the one that matters ("69 mark…"). Only the first part
/// (a name) is cut with "…", and only when nothing else is left to leave out.
struct TitleLine {
    /// One part and how much it matters: higher stays longer.
    struct Part {
        var text: String
        var priority: Int
    }

    var parts: [Part]
    var separator = " · "

    /// The parts that fit `width`, in their order.
    func fitted(width: Int) -> String {
        var shown = parts.filter { !$0.text.isEmpty }
        func joined() -> String { shown.map(\.text).joined(separator: separator) }
        while joined().displayWidth > width, shown.count > 1,
              let weakest = shown.indices.dropFirst().min(by: { shown[$0].priority < shown[$1].priority }) {
            // The name stays; the rest goes by priority unless only the name outranks it.
            if shown[weakest].priority > shown[0].priority, shown[0].text.displayWidth > 8 { break }
            shown.remove(at: weakest)
        }
        let text = joined()
        guard text.displayWidth > width, let first = shown.first else { return text }
        // Still too wide: the name is cut so that the rest shows whole.
        let rest = shown.dropFirst().map { separator + $0.text }.joined()
        let room = width - rest.displayWidth
        guard room >= 4 else { return CellGrid.truncated(text, toWidth: width) }
        return CellGrid.truncated(first.text, toWidth: room) + rest
    }
}
