import Library

/// The label choice box: a coloured dot and the name of each label, the highlighted one reversed.
enum LabelChoiceView {
    static func render(_ choice: LabelChoice, state: AppState, into grid: inout CellGrid) {
        let count = choice.photoIDs.count
        let box = Panel.centered(in: state.contentArea, width: 30, height: LabelChoice.choices.count + 4)
        let inner = Panel.draw(box, title: "Label " + Counted.text(count), into: &grid)
        for (i, label) in LabelChoice.choices.enumerated() where i < inner.height {
            let selected = i == choice.index
            let style = selected ? Theme.selected : Style.plain
            if selected { grid.fill(Rect(x: inner.x, y: inner.y + i, width: inner.width, height: 1), with: Cell(" ", style: style)) }
            let name = label?.rawValue ?? "none"
            grid.put(label == nil ? "○" : "●", x: inner.x, y: inner.y + i, style: PhotoBadges.style(of: label, selected: selected))
            grid.put("\(name.prefix(1))  \(name)", x: inner.x + 2, y: inner.y + i, style: style, maxWidth: inner.width - 2)
        }
        if inner.height > LabelChoice.choices.count + 1 {
            grid.put("Enter set · Esc cancel", x: inner.x, y: inner.y + LabelChoice.choices.count + 1, style: Theme.dim,
                     maxWidth: inner.width)
        }
    }
}
