/// Something the user did to the library's edits, to be saved: a new step, or undoing or
/// redoing a step already in the history (by id, so it can be replayed on a fresh copy).
public enum LibraryEdit: Sendable, Equatable {
    case apply(EditStep)
    case undo(stepID: String)
    case redo(stepID: String)
    /// The newest step in the file's history (the CLI's `undo` and `redo`).
    case undoLatest
    case redoLatest
}

/// Saves edits without ever writing the library from a stale copy: under the library lock it
/// reads the file again (another process may have imported or edited meanwhile), replays the
/// edits on what it read, and writes that atomically.
public struct LibraryEditor: Sendable {
    public let store: LibraryStore
    public var lockTimeout: Double

    public init(store: LibraryStore, lockTimeout: Double = 10) {
        self.store = store
        self.lockTimeout = lockTimeout
    }

    /// What a save wrote: the library as saved, and the step each edit did (nil for an undo or
    /// redo that found nothing to do).
    public struct Saved: Sendable {
        public var library: PhotoLibrary
        public var steps: [EditStep?]
    }

    /// Replays `edits` in order on the library as it is on disk and saves it. Throws (and
    /// writes nothing) when the lock, the read or the write fails.
    @discardableResult
    public func save(_ edits: [LibraryEdit]) throws(LibraryStoreError) -> Saved {
        var steps: [EditStep?] = []
        let library = try store.update(lockTimeout: lockTimeout) { library in
            steps = edits.map { library.replay($0) }
            return steps.contains { $0 != nil }
        }
        return Saved(library: library, steps: steps)
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
        }
    }
}
