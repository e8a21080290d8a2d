import Library

/// The delete confirmation's box: the question naming the count (a stack once, with its files) and size, what it means, the keys.
enum DeleteConfirmationView {
    /// The question and what follows from it, as paragraphs.
    static func paragraphs(_ confirmation: DeleteConfirmation, library: PhotoLibrary, keyMap: KeyMap = KeyMap()) -> [(String, Style)] {
        let context = confirmation.context.map { [(DisplayWidth.sanitized($0), Theme.dim)] } ?? []
        return context + question(confirmation, library: library, keyMap: keyMap)
    }

    /// The question itself, and what it means.
    private static func question(_ confirmation: DeleteConfirmation, library: PhotoLibrary, keyMap: KeyMap) -> [(String, Style)] {
        let what = library.counted(confirmation.photoIDs, detail: AppState.size(confirmation.bytes))   // a stack once (issue 21)
        let yes = keyMap.label(.accept, in: .deleteConfirmation)
        switch confirmation.purpose {
        case .trash:
            return [("Move \(what) to the trash? \(yes)/n", Theme.title),
                    ("Their sidecars go with them; the desktop's file manager sees them too. u brings them back.", Theme.dim)]
        case let .noTrash(reason):
            return [(DisplayWidth.sanitized(reason), Theme.error),
                    ("Delete \(what) for good instead? \(yes)/n", Theme.title),
                    ("This cannot be undone.", Theme.error)]
        case .erase:
            return [("Delete \(what) from the trash for good? \(yes)/n", Theme.title), ("This cannot be undone.", Theme.error)]
        case let .fromCamera(camera, files):   // cameras (issue 25)
            let count = Counted.text(files.count, "file")
            return [("Delete \(count) from \(DisplayWidth.sanitized(camera.name))? \(yes)/n", Theme.title),
                    ("Only files copied whole and imported (or already in the library) are deleted. "
                     + "This cannot be undone on the camera.", Theme.dim)]
        }
    }

    static func render(_ confirmation: DeleteConfirmation, state: AppState, into grid: inout CellGrid) {
        let title = switch confirmation.purpose {
        case .trash: "Move to the trash"
        case .fromCamera: "Delete from the camera"
        default: "Delete for good"
        }
        Panel.drawParagraphs(paragraphs(confirmation, library: state.library, keyMap: state.keyMap), title: title,
                             state: state, into: &grid)
    }
}
