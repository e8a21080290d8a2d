/// `!`: the line where the user types a shell command to run on the photos (the marked ones,
/// else the one selected), drawn at the bottom like the search line. Enter runs it
/// (`CommandTemplate`: `{}` stands for the paths, else they come at the end), Esc closes.
struct CommandLineLayer: Equatable, Sendable, LayerState {
    var photoIDs: [String]
    var field: TextField

    init(photoIDs: [String], command: String = "") {
        self.photoIDs = photoIDs
        field = TextField(command)
    }

    var keyContext: KeyContext { .commandLine }
    var layer: Layer { .commandLine(self) }
    /// The line takes the two bottom rows, which no image reaches.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept:
            let command = field.text.trimmingCharacters(in: .whitespaces)
            return command.isEmpty ? .close(then: .say("Nothing run")) : .close(then: .runCommand(command, photoIDs: photoIDs))
        case .cancel:
            return .close(then: .say("Nothing run"))
        default:
            _ = field.edit(key, action: action)
            return .consumed()
        }
    }

    func hints(_ state: AppState) -> String? { nil }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let y = state.rows - 2
        guard y > 0 else { return }
        let count = photoIDs.count
        let keys = state.keyMap.hints([.accept, .cancel], in: keyContext)
        let photos = "\(count) photo\(count == 1 ? "" : "s")"
        let message = " A shell command on the path\(count == 1 ? "" : "s") of \(photos): "
            + "{} stands for \(count == 1 ? "it" : "them") (else added at the end) · \(keys)"
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: .plain))
        grid.put(CellGrid.truncated(message, toWidth: state.columns), x: 0, y: y, style: Theme.dim)
        grid.fill(Rect(x: 0, y: state.rows - 1, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let prompt = "!"
        let shown = prompt + field.withCursor(fitting: state.columns - 1 - prompt.count)
        grid.put(CellGrid.truncated(shown, toWidth: state.columns), x: 0, y: state.rows - 1, style: Theme.statusBar)
    }
}
