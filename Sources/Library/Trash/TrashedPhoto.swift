import Foundation

/// A photo photory moved to the trash: its whole record (edits, ratings and tags included), and
/// where its file and sidecars are in the trash. Kept in the library (`PhotoLibrary.trash`,
/// saved through the journal like every change), so `trash restore` brings the photo back as
/// it was, and `trash list` and the expiry know what photory trashed (and only that).
public struct TrashedPhoto: Sendable, Equatable {
    public var photo: Photo
    /// The photo's file first, then its sidecars.
    public var files: [FreedesktopTrash.Entry]

    public init(photo: Photo, files: [FreedesktopTrash.Entry]) {
        (self.photo, self.files) = (photo, files)
    }

    /// When it was trashed, seconds since 1970.
    public var deletedAt: Double { files.first?.deletedAt ?? 0 }

    /// Bytes it holds in the trash (the photo's file; sidecars are small).
    public var size: Int64 { photo.fileSize }

    /// Whole days left before `trash-days` expires it (0: due).
    public func daysLeft(keeping days: Int, now: Double = Date().timeIntervalSince1970) -> Int {
        max(0, Int(((deletedAt + Double(days) * 86_400 - now) / 86_400).rounded(.up)))
    }
}

extension PhotoLibrary {
    /// What a change of the trash does to the library (a journal line's `trash`, `untrash` or
    /// `remove`): photos leave for the trash, come back from it, or leave the library only.
    ///
    /// A move to the trash is one step of the undo history, like an edit (`EditStep.trashedIDs`,
    /// id `step`): `u` after trashing then rating undoes the rating, then the trash. Undoing it
    /// is an `untrashed` naming it (`undoing`): the step goes to the redo stack; trashing again
    /// with the same `step` (redo) puts it back. A restore or erase that is not an undo takes
    /// its photos out of the steps that moved them.
    public enum TrashChange: Sendable, Equatable {
        /// The photos' files went to the trash: the photos leave, their records kept in `trash`;
        /// `step` is the history step of the move (none in journals from before it was one).
        case trashed([TrashedPhoto], step: String? = nil)
        /// Records leave the trash; with `restored`, their photos come back into the library;
        /// `undoing` is the history step taken back.
        case untrashed(photoIDs: [String], restored: Bool, undoing: String? = nil)
        /// Photos leave the library; their files stay where they are.
        case removed(photoIDs: [String])
    }

    /// What the history calls a move of `count` photos to the trash.
    public static func trashLabel(_ count: Int) -> String {
        "move \(Counted.text(count)) to the trash"
    }

    /// Applies `change` (replaying it twice does it once).
    public mutating func apply(_ change: TrashChange) {
        switch change {
        case let .trashed(records, step):
            let ids = Set(records.map(\.photo.id))
            trash.removeAll { ids.contains($0.photo.id) }
            trash += records
            if let step { history.trashDone(step, photoIDs: records.map(\.photo.id), at: records.first?.deletedAt ?? 0) }
            apply(removing: ids.filter { photo(id: $0) != nil })
        case let .untrashed(ids, restored, undoing):
            let leaving = Set(ids)
            let back = trash.filter { leaving.contains($0.photo.id) && photo(id: $0.photo.id) == nil }.map { record in
                var photo = record.photo
                photo.missing = false
                return photo
            }
            trash.removeAll { leaving.contains($0.photo.id) }
            if let undoing, restored { history.trashUndone(undoing, photoIDs: ids) } else { history.forgetTrashed(leaving) }
            if restored { apply(adding: back) }
            // The Trash smart folder follows the trash even when no photo came back (an erase).
            makeSmartGroups()
        case let .removed(ids):
            apply(removing: Set(ids).filter { photo(id: $0) != nil })
        }
    }

    /// A trashed photo by id or by the path it had.
    public func trashed(idOrPath key: String) -> TrashedPhoto? {
        trash.first { $0.photo.id == key.lowercased() } ?? trash.last { $0.photo.path == key }
    }
}

extension EditHistory {
    /// The move to the trash `step` was done (a new one, or a redo): it is the newest step.
    mutating func trashDone(_ id: String, photoIDs: [String], at: Double) {
        guard !undo.contains(where: { $0.id == id }) else { return }   // replayed twice
        let redone = redo.lastIndex { $0.id == id }.map { redo.remove(at: $0) }
        let label = redone?.label ?? PhotoLibrary.trashLabel(photoIDs.count)
        recordDone(EditStep(id: id, label: label, at: redone?.at ?? at, changes: [], trashedIDs: photoIDs))
        if redone == nil { redo.removeAll() }
    }

    /// The move to the trash `step` was undone for `photoIDs` (those that came back): it can be redone.
    mutating func trashUndone(_ id: String, photoIDs: [String]) {
        guard let index = undo.lastIndex(where: { $0.id == id }) else { return }
        var step = undo.remove(at: index)
        step.trashedIDs = photoIDs
        redo.append(step)
    }

    /// Photos restored or erased outside undo leave the steps that trashed them (a step with
    /// none left goes).
    mutating func forgetTrashed(_ ids: Set<String>) {
        for list in [\EditHistory.undo, \EditHistory.redo] {
            guard self[keyPath: list].contains(where: \.isTrash) else { continue }
            self[keyPath: list] = self[keyPath: list].compactMap { step in
                guard step.isTrash else { return step }
                var kept = step
                kept.trashedIDs.removeAll(where: ids.contains)
                return kept.isTrash ? kept : nil
            }
        }
    }
}
