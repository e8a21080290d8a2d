/// Something the user did to the library's edits, to be saved: a new step, or undoing or
/// redoing a step already in the history (by id, so it can be replayed on a fresh copy).
public enum LibraryEdit: Sendable, Equatable {
    case apply(EditStep)
    case undo(stepID: String)
    case redo(stepID: String)
    /// The newest step in the file's history (the CLI's `undo` and `redo`).
    case undoLatest
    case redoLatest
    /// Photos went to the trash, came back from it, or left the library (not in the undo history).
    case trash(PhotoLibrary.TrashChange)

    /// Photos leave or join the library (a `trash` line), rather than change.
    public var isTrash: Bool {
        if case .trash = self { return true }
        return false
    }
}

extension PhotoLibrary {
    /// Does what `edit` says on this copy (a step already undone elsewhere is not undone twice);
    /// returns the step done or undone.
    @discardableResult
    public mutating func replay(_ edit: LibraryEdit) -> EditStep? {
        switch edit {
        case let .apply(step):
            apply(step)
            return step
        case let .undo(id): return undo(stepID: id)
        case let .redo(id): return redo(stepID: id)
        case .undoLatest: return undo()
        case .redoLatest: return redo()
        case let .trash(change):
            apply(change)
            return nil
        }
    }

    /// `replay`, except that a step already done or undone here is not applied again: a batch
    /// saved twice (a retry after a write whose failure could not be undone) does it once.
    @discardableResult
    public mutating func replayOnce(_ edit: LibraryEdit) -> EditStep? {
        if case let .apply(step) = edit, history.undo.contains(where: { $0.id == step.id })
            || history.redo.contains(where: { $0.id == step.id }) {
            return nil
        }
        return replay(edit)
    }
}
