/// Something the user did to the library's edits, to be saved: a new step, or undoing or
/// redoing a step already in the history (by id, so it can be replayed on a fresh copy).
public enum LibraryEdit: Sendable, Equatable {
    case apply(EditStep)
    case undo(stepID: String)
    case redo(stepID: String)
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

    /// Replays `edits` in order on the library as it is on disk and saves it; returns what
    /// was saved. Throws (and writes nothing) when the lock, the read or the write fails.
    @discardableResult
    public func save(_ edits: [LibraryEdit]) throws -> PhotoLibrary {
        let lock = try LibraryLock(libraryPath: store.path, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var library = try store.load()
        for edit in edits { library.replay(edit) }
        try store.save(library)
        return library
    }
}

extension PhotoLibrary {
    /// Does what `edit` says on this copy (a step already undone elsewhere is not undone twice).
    public mutating func replay(_ edit: LibraryEdit) {
        switch edit {
        case let .apply(step): apply(step)
        case let .undo(id): undo(stepID: id)
        case let .redo(id): redo(stepID: id)
        }
    }
}
