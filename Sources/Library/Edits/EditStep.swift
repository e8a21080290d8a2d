import Foundation

/// One user action on the library — a batch of photos edited together — and what it undoes to.
/// Undo and redo move whole steps.
public struct EditStep: Sendable, Equatable, Identifiable {
    /// What one photo's edits were before the step and are after it.
    public struct Change: Sendable, Equatable {
        public var photoID: String
        public var before: PhotoEdits
        public var after: PhotoEdits
        /// A write-back wrote a field this change sets into the photo's file since: undoing or
        /// redoing it may show values the file no longer holds, until the next write.
        public var written: Bool

        public init(photoID: String, before: PhotoEdits, after: PhotoEdits, written: Bool = false) {
            self.photoID = photoID
            self.before = before
            self.after = after
            self.written = written
        }
    }

    /// Unique, so a step can be found again in a copy of the library read from disk.
    public var id: String
    /// What the user did, for the status line: "shift date of 3 photos by +3h".
    public var label: String
    /// Seconds since 1970.
    public var at: Double
    public var changes: [Change]
    /// A move to the trash (issue 22): the photos it moved. Undoing it restores their files
    /// (`LibraryTrash.restore(…, undoing:)`), redoing it trashes them again; the library's
    /// `undo`/`redo` never do that alone, since files move. Empty for every other step.
    public var trashedIDs: [String]
    // Albums (issue 23): albums made, deleted, renamed, given a cover or an order.
    public var albumChanges: [AlbumChange]

    public init(id: String = EditStep.newID(), label: String, at: Double = Date().timeIntervalSince1970, changes: [Change],
                trashedIDs: [String] = [], albumChanges: [AlbumChange] = []) {
        self.id = id
        self.label = label
        self.at = at
        self.changes = changes
        self.trashedIDs = trashedIDs
        self.albumChanges = albumChanges
    }

    /// A move of photos to the trash, not any edit of them.
    public var isTrash: Bool { !trashedIDs.isEmpty }

    /// Nothing to do: no photo, trash or album changes.
    public var isEmpty: Bool { changes.isEmpty && trashedIDs.isEmpty && albumChanges.isEmpty }

    /// The step that takes it back.
    public var inverted: EditStep {
        EditStep(id: id, label: label, at: at,
                 changes: changes.map { Change(photoID: $0.photoID, before: $0.after, after: $0.before, written: $0.written) },
                 trashedIDs: trashedIDs, albumChanges: albumChanges.reversed().map(\.inverted))
    }

    /// Steps planned one after another (each on the library the previous one left) as one
    /// step: each photo goes from its first `before` to its last `after`.
    public static func combined(_ steps: [EditStep], label: String) -> EditStep {
        var order: [String] = []
        var merged: [String: Change] = [:]
        for change in steps.flatMap(\.changes) {
            if let earlier = merged[change.photoID] {
                merged[change.photoID] = Change(photoID: change.photoID, before: earlier.before, after: change.after,
                                                written: earlier.written || change.written)
            } else {
                merged[change.photoID] = change
                order.append(change.photoID)
            }
        }
        // Albums (issue 23): each album from its first state to its last.
        var albumOrder: [String] = []
        var albums: [String: AlbumChange] = [:]
        for change in steps.flatMap(\.albumChanges) {
            if let earlier = albums[change.albumID] {
                albums[change.albumID] = AlbumChange(albumID: change.albumID, before: earlier.before, after: change.after)
            } else {
                albums[change.albumID] = change
                albumOrder.append(change.albumID)
            }
        }
        return EditStep(label: label, changes: order.compactMap { merged[$0] }.filter { $0.before != $0.after },
                        albumChanges: albumOrder.compactMap { albums[$0] }.filter { $0.before != $0.after })
    }

    public static func newID() -> String {
        String(UInt64.random(in: 1...UInt64.max), radix: 16)
    }
}
