import Library

/// The colour label choice (`C`): the six colours and none, ↑/↓ and Enter, or a colour's first
/// letter (`n` none). Drawn by `LabelChoiceView`; the label goes to the photos the key applied
/// to (`AppState.markTargets`, unchanged while the layer shows).
struct LabelChoice: Equatable, Sendable, LayerState {
    /// The colours in Lightroom's order, then none.
    static let choices: [ColourLabel?] = ColourLabel.allCases.map { Optional($0) } + [nil]

    var photoIDs: [String]
    /// The highlighted choice (an index of `choices`).
    var index: Int

    init(photoIDs: [String], selected: ColourLabel?) {
        self.photoIDs = photoIDs
        index = Self.choices.firstIndex(of: selected) ?? 0
    }

    var keyContext: KeyContext { .labelChoice }
    var layer: Layer { .labelChoice(self) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .up: index = (index + Self.choices.count - 1) % Self.choices.count
        case .down: index = (index + 1) % Self.choices.count
        case .accept: return .close(then: .setLabel(Self.choices[index]))
        case .cancel: return .close(then: .say("No label set"))
        case .help: return .consumed(then: .showHelp)
        default:
            guard case let .char(c) = key, let choice = Self.choice(typed: c) else { return .consumed() }
            return .close(then: .setLabel(choice))
        }
        return .consumed()
    }

    /// The choice whose name starts with `c` ("r" red, "n" none); nil when none does.
    static func choice(typed c: Character) -> ColourLabel?? {
        let letter = String(c).lowercased()
        if letter == "n" { return .some(nil) }
        return ColourLabel.allCases.first { $0.rawValue.hasPrefix(letter) }.map { .some($0) }
    }

    func render(_ state: AppState, into grid: inout CellGrid) { LabelChoiceView.render(self, state: state, into: &grid) }
}
