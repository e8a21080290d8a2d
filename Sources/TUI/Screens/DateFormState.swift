import Library

/// The date form (`d`): set a date at the precision known, or shift dates by an offset,
/// optionally with a UTC offset; shows first and last result before anything is applied.
struct DateFormState: Equatable, Sendable, LayerState {
    enum Mode: Equatable, Sendable { case set, shift }
    enum Field: Equatable, Sendable { case value, zone }

    /// The photos it applies to, in the order of their group.
    let photoIDs: [String]
    var mode = Mode.set
    var field = Field.value
    var value = TextField()
    var zone = TextField()


    /// The step the input asks for, or what is wrong with it (and in which field).
    func plan(_ library: PhotoLibrary) -> Result<EditStep, FormProblem> {
        let planner = EditPlanner(library: library)
        var offset: String?
        let zoneText = zone.text.trimmingCharacters(in: .whitespaces)
        if !zoneText.isEmpty {
            guard TakenAt.isValidOffset(zoneText) else {
                return .failure(FormProblem(field: .zone, message: "a time zone is an offset like +02:00 or -03:30"))
            }
            if let problem = UTCOffset.problem(zoneText) { return .failure(FormProblem(field: .zone, message: problem)) }
            offset = zoneText
        }
        // A zone alone sets the UTC offset, whichever mode is showing.
        if let offset, value.text.trimmingCharacters(in: .whitespaces).isEmpty {
            return .success(planner.shiftDate(photoIDs, by: TimeShift(), offset: offset))
        }
        switch mode {
        case .set:
            do {
                var date = try DateInput(parsing: value.text)
                if let offset { date.clock.offset = offset }
                return .success(planner.setDate(photoIDs, to: date))
            } catch {
                return .failure(FormProblem(field: .value, message: error.description))
            }
        case .shift:
            do {
                return .success(planner.shiftDate(photoIDs, by: try TimeShift(parsing: value.text), offset: offset))
            } catch {
                return .failure(FormProblem(field: .value, message: error.description))
            }
        }
    }

    var keyContext: KeyContext { .dateForm }
    var layer: Layer { .dateForm(self) }

    func render(_ state: AppState, into grid: inout CellGrid) { DateFormView.render(self, state: state, into: &grid) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .cancel: return .close()
        case .switchMode:
            mode = mode == .set ? .shift : .set
            value = TextField()
        case .previousField, .nextField: field = field == .value ? .zone : .value
        case .accept:
            if case let .success(step) = plan(state.library) { return .close(then: .perform(step)) }
        case .help: return .consumed(then: .showHelp)
        default:
            switch field {
            case .value: _ = value.edit(key, action: action)
            case .zone: _ = zone.edit(key, action: action)
            }
        }
        return .consumed()
    }

    /// "First: 1998-01-01 00:00:00 → 2004", "Last: …" for the planned step.
    static func preview(_ step: EditStep, library: PhotoLibrary) -> [String] {
        var changed = library
        changed.apply(step)
        func line(_ label: String, _ change: EditStep.Change?) -> String? {
            guard let change, let old = library.photo(id: change.photoID), let new = changed.photo(id: change.photoID) else { return nil }
            return "\(label)\(old.takenAtText) → \(new.takenAtText)"
        }
        let ordered = step.changes.sorted {
            TakenAt.sortKey(changed.photo(id: $0.photoID)?.takenAt ?? "") < TakenAt.sortKey(changed.photo(id: $1.photoID)?.takenAt ?? "")
        }
        if ordered.count == 1 { return [line("", ordered.first)].compactMap { $0 } }
        return [line("First: ", ordered.first), line("Last:  ", ordered.last)].compactMap { $0 }
    }
}

/// What is wrong with a form's input, shown under the field it concerns.
struct FormProblem: Error, Equatable, Sendable {
    var field: DateFormState.Field
    var message: String
}
