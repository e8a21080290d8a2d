/// The help (`?`): the keys of the layer or screen it was opened over, scrolled when taller
/// than the terminal (drawn by `HelpOverlay`).
struct HelpState: Equatable, Sendable, LayerState {
    /// Whose keys it lists.
    var context: KeyContext
    /// The first line shown.
    var scroll = 0

    var keyContext: KeyContext { .help }
    var layer: Layer { .help(self) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        HelpOverlay.scroll(action, help: &self, state: state) ? .consumed() : .close()
    }

    func render(_ state: AppState, into grid: inout CellGrid) { HelpOverlay.render(self, state: state, into: &grid) }
}
