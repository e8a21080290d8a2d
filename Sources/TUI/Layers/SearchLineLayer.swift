/// The search line while a query is typed (drawn by `SearchLine`). The query and its results
/// live in `AppState.search`, which outlives the line (the results grid stays after Enter):
/// the layer only turns keys into requests. Moving keys are left to the results grid below.
struct SearchLineLayer: Equatable, Sendable, LayerState {
    var keyContext: KeyContext { .search }
    var layer: Layer { .searchLine(self) }
    /// The line takes the two bottom rows, which no image reaches.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept: return .close()
        case .cancel: return .close(then: .leaveSearch)
        case .help: return .consumed(then: .showHelp)
        case .searchScope: return .consumed(then: .toggleSearchScope)
        case let action? where GridCursor.isMovement(action): return .ignored
        default: return .consumed(then: .editQuery(key, action))
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) { SearchLine.render(state, into: &grid) }
}
