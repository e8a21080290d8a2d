/// Asking before `W` writes edits into the files: the photos it would write (drawn by
/// `WriteConfirmationView`). `accept` writes; any other key but help cancels.
struct WriteConfirmation: Equatable, Sendable, LayerState {
    var photoIDs: [String]

    var keyContext: KeyContext { .writeConfirmation }
    var layer: Layer { .writeConfirmation(self) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept: .close(then: .writeBack(photoIDs))
        case .help: .consumed(then: .showHelp)
        default: .close(then: .say("Nothing written"))
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) {
        WriteConfirmationView.render(photoIDs, state: state, into: &grid)
    }
}
