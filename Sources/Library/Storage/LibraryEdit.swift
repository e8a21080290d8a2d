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

    /// Replays `requested` (`replayOnce`) and says what a store saves of it: the concrete edits
    /// (`undoLatest`/`redoLatest` resolved to their step ids; what did nothing left out), and
    /// the step each requested edit did.
    mutating func replayForSaving(_ requested: [LibraryEdit]) -> (steps: [EditStep?], concrete: [LibraryEdit]) {
        var steps: [EditStep?] = []
        var concrete: [LibraryEdit] = []
        for edit in requested {
            let step = replayOnce(edit)
            steps.append(step)
            if case .trash = edit { concrete.append(edit) }
            guard let step else { continue }
            switch edit {
            case .undoLatest: concrete.append(.undo(stepID: step.id))
            case .redoLatest: concrete.append(.redo(stepID: step.id))
            default: concrete.append(edit)
            }
        }
        return (steps, concrete)
    }

    /// Replays one saved line: its edits (each once), or an import's batch of photos.
    mutating func replay(lineEdits edits: [LibraryEdit], photos: ImportedPhotos?) {
        for edit in edits { replayOnce(edit) }
        if let photos { insert(photos) }
    }

    /// Replays saved lines in order, regrouping once.
    mutating func replay(lines: [LibraryJournal.Entry]) {
        deferringGroups { library in
            for line in lines { library.replay(lineEdits: line.edits, photos: line.photos) }
        }
    }
}
