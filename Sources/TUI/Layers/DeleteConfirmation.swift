import Library

/// Asking before photos leave: "Move 3 photos (12.4 MB) to the trash? y/n" (`Delete`), "No trash
/// can hold them … delete them for good?" when none can be made (a second question, after the
/// first), and "Delete 2 photos from the trash for good?" (`Delete` in the Trash). Only `y`
/// goes ahead; any other key but help cancels, and nothing is touched. Drawn by
/// `DeleteConfirmationView`.
struct DeleteConfirmation: Equatable, Sendable, LayerState {
    enum Purpose: Equatable, Sendable {
        /// To the freedesktop trash (undoable).
        case trash
        /// No trash can be made for them (`reason` says why): delete for good.
        case noTrash(reason: String)
        /// Trashed photos, deleted from the trash for good.
        case erase
        /// Files copied from a camera and verified, deleted from the camera (issue 25).
        case fromCamera(CameraAddress, [CameraFile])
    }

    var photoIDs: [String]
    /// The size of their files.
    var bytes: Int64
    var purpose: Purpose
    /// What was done before the question, said first (the duplicates review's merge).
    var context: String?

    var keyContext: KeyContext { .deleteConfirmation }
    var layer: Layer { .deleteConfirmation(self) }

    /// What `y` does.
    var work: TrashWork {
        switch purpose {
        case .trash: .trash
        case .noTrash: .deletePermanently
        case .erase, .fromCamera: .erase
        }
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept:
            if case let .fromCamera(camera, files) = purpose { .close(then: .deleteFromCamera(camera, files)) }
            else { .close(then: .changeTrash(work, photoIDs)) }
        case .help: .consumed(then: .showHelp)
        default: .close(then: .say(nothingDone))
        }
    }

    /// What the status line says when the answer is no.
    private var nothingDone: String {
        switch purpose {
        case .trash: "Nothing moved to the trash"
        case .fromCamera: "Nothing deleted from the camera"
        case .noTrash, .erase: "Nothing deleted"
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) { DeleteConfirmationView.render(self, state: state, into: &grid) }
}
