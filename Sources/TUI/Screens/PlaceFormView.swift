import Library

/// Draws the place form centred over the screen.
enum PlaceFormView {
    static func render(_ form: PlaceFormState, state: AppState, into grid: inout CellGrid) {
        let count = form.photoIDs.count
        let box = Panel.centered(in: state.contentArea, width: 64, height: 8 + PlaceFormState.listLength)
        let inner = Panel.draw(box, title: "Place — \(Counted.text(count))", into: &grid)
        var y = inner.y
        func put(_ text: String, _ style: Style = .plain, x: Int = 0) {
            guard y < inner.y + inner.height else { return }
            grid.put(CellGrid.truncated(text, toWidth: inner.width - x), x: inner.x + x, y: y, style: style,
                     maxWidth: inner.width - x)
        }
        if form.confirmingClear {
            put("Clear the place of \(Counted.text(count))?", Theme.title)
            y += 1
            put("Their files' GPS, if any, will be ignored (undo with u).", Theme.dim)
            y += 2
            put(state.keyMap.label(.accept, in: .writeConfirmation) + " clear · any other key keeps it", Theme.dim)
            return
        }
        put("Place: ", Theme.title)
        put(form.field.withCursor(fitting: inner.width - 7), .plain, x: 7)
        y += 1
        let table = try? PlaceTable.shared()
        switch form.reading(table) {
        case .empty:
            put("a city (\"rio\"), or -22.9068, -43.1729 or 22°54'24\"S 43°10'22\"W", Theme.dim, x: 7)
            y += 1
            put(state.keyMap.label(.deleteBack, in: .placeForm) + " on the empty field clears the place", Theme.dim, x: 7)
        case let .problem(message):
            put(message, Theme.error, x: 7)
        case let .position(position):
            put("→ " + CoordinateFormat.decimal(position)
                + (table?.nearest(to: position).map { "  near " + $0.label } ?? ""), Theme.title, x: 7)
        case let .places(places):
            y += 1
            for (i, place) in places.enumerated() {
                let text = "\(place.name), \(place.countryName)  " + CoordinateFormat.decimal(place.position)
                put(text, i == min(form.choice, places.count - 1) ? Theme.selected : .plain, x: 2)
                y += 1
            }
        }
        y = inner.y + inner.height - 1
        put(state.keyMap.hints([.accept, .previousChoice, .nextChoice, .cancel], in: .placeForm), Theme.dim)
    }
}
