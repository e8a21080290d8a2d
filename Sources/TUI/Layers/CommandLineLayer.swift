import Library

/// `!`: the line where the user types a shell command to run on the photos (the marked ones,
/// else the one selected), drawn at the bottom like the search line. Enter runs it
/// (`CommandTemplate`: `{}` stands for the paths, else they come at the end), Esc closes.
/// The same line asks, on the first camera import, the folder the camera's files are copied into
/// (issue 25). Export (`X`, issue 23) has its own form, `ExportForm`.
struct CommandLineLayer: Equatable, Sendable, LayerState {
    /// What the line is typed for.
    enum Purpose: Equatable, Sendable {
        /// A shell command on the photos' paths (`!`).
        case command
        /// The folder a camera's files are copied into (asked once, then remembered).
        case cameraFolder(CameraImportRequest)
    }

    var photoIDs: [String]
    var field: TextField
    var purpose = Purpose.command

    init(photoIDs: [String], command: String = "", purpose: Purpose = .command) {
        self.photoIDs = photoIDs
        field = TextField(command)
        self.purpose = purpose
    }

    /// The camera folder's line answers only Enter and Esc, like the export form's context.
    var keyContext: KeyContext { purpose == .command ? .commandLine : .exportLine }
    var layer: Layer { .commandLine(self) }
    /// The line takes the two bottom rows, which no image reaches.
    var coversPhotos: Bool { false }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept:
            if case let .cameraFolder(request) = purpose {
                let folder = field.text.trimmingCharacters(in: .whitespaces)
                return folder.isEmpty ? .close(then: .say("Nothing imported")) : .close(then: .cameraFolderChosen(request, folder))
            }
            let command = field.text.trimmingCharacters(in: .whitespaces)
            return command.isEmpty ? .close(then: .say("Nothing run")) : .close(then: .runCommand(command, photoIDs: photoIDs))
        case .cancel:
            return .close(then: .say(nothingDone))
        default:
            _ = field.edit(key, action: action)
            return .consumed()
        }
    }

    /// What the status line says when Esc closes the line.
    private var nothingDone: String {
        switch purpose {
        case .command: "Nothing run"
        case .cameraFolder: "Nothing imported"
        }
    }

    func hints(_ state: AppState) -> String? { nil }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let y = state.rows - 2
        guard y > 0 else { return }
        let count = photoIDs.count
        let keys = state.keyMap.hints([.accept, .cancel], in: keyContext)
        let photos = Counted.text(count)
        let message = switch purpose {
        case .command: " A shell command on the path\(count == 1 ? "" : "s") of \(photos): "
            + "{} stands for \(count == 1 ? "it" : "them") (else added at the end) · \(keys)"
        case .cameraFolder: " Where camera photos are copied (into YYYY/YYYY-MM-DD folders; asked once, remembered) · "
            + "\(state.keyMap.label(.accept, in: keyContext)) imports · \(state.keyMap.label(.cancel, in: keyContext)) cancels"
        }
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: .plain))
        grid.put(CellGrid.truncated(message, toWidth: state.columns), x: 0, y: y, style: Theme.dim)
        grid.fill(Rect(x: 0, y: state.rows - 1, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let prompt = switch purpose {
        case .command: "!"
        case .cameraFolder: "Copy into: "
        }
        let shown = prompt + field.withCursor(fitting: state.columns - 1 - prompt.count)
        grid.put(CellGrid.truncated(shown, toWidth: state.columns), x: 0, y: state.rows - 1, style: Theme.statusBar)
    }
}
