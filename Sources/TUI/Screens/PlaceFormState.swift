import Library

/// The place form (`L`): coordinates in any common notation, or a city name searched in the
/// offline table as the user types (↑↓ choose, Enter sets). `delete-back` on an empty field
/// offers to clear the place; the question is answered with the write confirmation's keys.
struct PlaceFormState: Equatable, Sendable, LayerState {
    let photoIDs: [String]
    var field = TextField()
    /// The highlighted city in the list of matches.
    var choice = 0
    /// Asking "clear the place?" after Backspace on an empty field.
    var confirmingClear = false

    static let listLength = 6


    /// What the text means now: coordinates, matching cities, or nothing usable.
    enum Reading: Equatable {
        case empty
        case position(GPSPosition)
        case places([Place])
        case problem(String)
    }

    func reading(_ table: PlaceTable?) -> Reading {
        let text = field.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .empty }
        // Digits first means coordinates; a name never starts with one.
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true {
            do {
                return .position(try CoordinateParser.parse(text))
            } catch {
                return .problem(error.description)
            }
        }
        guard let table else { return .problem("the place table is missing: type coordinates instead") }
        let places = table.search(text, limit: Self.listLength)
        return places.isEmpty ? .problem("no city starts with \"\(text)\"") : .places(places)
    }

    var keyContext: KeyContext { .placeForm }
    var layer: Layer { .placeForm(self) }

    func render(_ state: AppState, into grid: inout CellGrid) { PlaceFormView.render(self, state: state, into: &grid) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let planner = EditPlanner(library: state.library)
        let table = try? PlaceTable.shared()
        if confirmingClear {
            guard state.keyMap.action(for: key, in: .writeConfirmation) == .accept else {
                confirmingClear = false
                return .consumed()
            }
            return .close(then: .perform(planner.setLocation(photoIDs, to: nil)))
        }
        switch action {
        case .cancel: return .close()
        case .deleteBack where field.text.isEmpty:
            confirmingClear = true
        case .previousChoice: choice = max(0, choice - 1)
        case .nextChoice: choice += 1
        case .help: return .consumed(then: .showHelp)
        case .accept:
            switch reading(table) {
            case let .position(position):
                return .close(then: .perform(planner.setLocation(photoIDs, to: position,
                                                                 name: table?.nearest(to: position).map { "near " + $0.label })))
            case let .places(places):
                let place = places[min(choice, places.count - 1)]
                return .close(then: .perform(planner.setLocation(photoIDs, to: place.position, name: place.label)))
            case .empty, .problem:
                break
            }
        default:
            if field.edit(key, action: action) { choice = 0 }
        }
        if case let .places(places) = reading(table) { choice = min(choice, places.count - 1) }
        return .consumed()
    }
}
