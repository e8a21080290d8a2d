import Foundation

/// Moves library photos to the freedesktop.org Trash and back (`FreedesktopTrash`), and keeps
/// the library in step through its journal: a trashed photo leaves the library with its record
/// (edits, ratings, tags) kept in `PhotoLibrary.trash`; a restored one comes back as it was.
///
/// Files move first, then one journal line says so (`LibraryEdit.trash`): a failed save puts
/// the files back. Each photo goes on its own: one that cannot be moved is reported with its
/// reason and the others go on.
///
/// A move to the trash is one step of the undo history (`EditStep.trashedIDs`): `restore(…,
/// undoing: step)` undoes it, `trash(…, step:)` with its id redoes it.
public struct LibraryTrash: Sendable {
    public let store: any LibraryStoring
    public var environment: [String: String]
    public var lockTimeout: Double

    public init(store: any LibraryStoring, environment: [String: String] = ProcessInfo.processInfo.environment,
                lockTimeout: Double = 10) {
        (self.store, self.environment, self.lockTimeout) = (store, environment, lockTimeout)
    }

    /// What happened to one photo.
    public struct Outcome: Sendable, Equatable {
        public var photoID: String
        public var path: String
        /// Where its files went (trash), or came back from (restore).
        public var files: [String] = []
        /// Why nothing happened to it.
        public var problem: String?
        /// True when the problem is that no trash can be made (permanent deletion is the only way).
        public var noTrash = false

        public init(photoID: String, path: String, files: [String] = [], problem: String? = nil, noTrash: Bool = false) {
            (self.photoID, self.path, self.files, self.problem, self.noTrash) = (photoID, path, files, problem, noTrash)
        }
    }

    /// The sidecars beside `path` that exist (`photo.jpg.xmp`, `photo.xmp`).
    public static func sidecars(of path: String) -> [String] {
        XMPFacts.sidecarPaths(forPhoto: path).filter(PathBytes.exists)
    }

    /// `keys` (ids or paths of trashed photos) with the trashed members of their stacks after
    /// each (found among the trashed photos as among the library's, `StackFinder`).
    static func withTrashedStackMembers(_ keys: [String], in library: PhotoLibrary) -> [String] {
        let stacks = library.trashedStacks
        guard !stacks.isEmpty else { return keys }
        var seen = Set<String>()
        var all: [String] = []
        for key in keys {
            let id = library.trashed(idOrPath: key)?.photo.id
            let members = id.flatMap { id in stacks.first { $0.memberIDs.contains(id) }?.memberIDs } ?? [key]
            for member in members where seen.insert(member).inserted { all.append(member) }
        }
        return all
    }

    /// The photos of `ids` in `library`; an unknown id gets its outcome saying so.
    private static func photos(_ ids: [String], in library: PhotoLibrary, outcomes: inout [Outcome]) -> [Photo] {
        ids.compactMap { id in
            if let photo = library.photo(id: id) { return photo }
            outcomes.append(Outcome(photoID: id, path: "", problem: "no photo with id \(id) in the library"))
            return nil
        }
    }

    /// Moves the files of `ids` (with their sidecars, and the other members of their stacks) to
    /// the trash and takes the photos out of the library, as the history step `step` (a new one,
    /// or the id of an undone move: redo).
    public func trash(_ ids: [String], now: Date = Date(), step: String = EditStep.newID())
        throws(LibraryStoreError) -> (library: PhotoLibrary, outcomes: [Outcome]) {
        let library = try store.load()
        var records: [TrashedPhoto] = []
        var outcomes: [Outcome] = []
        for photo in Self.photos(library.withStackMembers(ids), in: library, outcomes: &outcomes) {
            var outcome = Outcome(photoID: photo.id, path: photo.path)
            do throws(FreedesktopTrash.Failure) {
                var entries: [FreedesktopTrash.Entry] = []
                for path in [photo.path] + Self.sidecars(of: photo.path) {
                    do throws(FreedesktopTrash.Failure) {
                        let trash = try FreedesktopTrash.forFile(path, environment: environment)
                        entries.append(try trash.move(path, now: now))
                    } catch {
                        entries.reversed().forEach { try? FreedesktopTrash.restore($0) }   // all or nothing
                        throw error
                    }
                }
                outcome.files = entries.map(\.filePath)
                records.append(TrashedPhoto(photo: photo, files: entries))
            } catch {
                outcome.problem = error.description
                if case .noTrash = error { outcome.noTrash = true }
            }
            outcomes.append(outcome)
        }
        guard !records.isEmpty else { return (library, outcomes) }
        do {
            let saved = try store.append([.trash(.trashed(records, step: step))], lockTimeout: lockTimeout)
            return (saved.library, outcomes)
        } catch {
            for record in records { record.files.reversed().forEach { try? FreedesktopTrash.restore($0) } }
            throw error
        }
    }

    /// Deletes the files of `ids` for good (no trash), with their sidecars, and takes the
    /// photos out of the library: only for a place where no trash can be made, after the
    /// user said so.
    public func deletePermanently(_ ids: [String]) throws(LibraryStoreError) -> (library: PhotoLibrary, outcomes: [Outcome]) {
        let library = try store.load()
        var gone: [String] = []
        var outcomes: [Outcome] = []
        for photo in Self.photos(library.withStackMembers(ids), in: library, outcomes: &outcomes) {
            var outcome = Outcome(photoID: photo.id, path: photo.path)
            if PathBytes.withCString(photo.path, { unlink($0) }) == 0 || errno == ENOENT {
                Self.sidecars(of: photo.path).forEach { path in _ = PathBytes.withCString(path) { unlink($0) } }
                gone.append(photo.id)
            } else {
                outcome.problem = "\(PathBytes.display(photo.path)): not deleted: \(FileBytes.errnoReason())"
            }
            outcomes.append(outcome)
        }
        guard !gone.isEmpty else { return (library, outcomes) }
        return (try store.append([.trash(.removed(photoIDs: gone))], lockTimeout: lockTimeout).library, outcomes)
    }

    /// Brings trashed photos (by id, or by the path they had) back: their files byte for byte
    /// where they were (refused, with the reason, when something is there now) and the photos
    /// into the library with their edits; the other members of their stacks come back with them.
    /// `undoing`: the history step of their move, undone.
    public func restore(_ keys: [String], undoing: String? = nil) throws(LibraryStoreError) -> (library: PhotoLibrary, outcomes: [Outcome]) {
        let library = try store.load()
        var back: [String] = []
        var outcomes: [Outcome] = []
        for key in Self.withTrashedStackMembers(keys, in: library) {
            guard let record = library.trashed(idOrPath: key) else {
                outcomes.append(Outcome(photoID: key, path: key, problem: "\(PathBytes.display(key)): not among the photos photory trashed"))
                continue
            }
            var outcome = Outcome(photoID: record.photo.id, path: record.photo.path)
            if let occupied = record.files.first(where: { PathBytes.exists($0.originalPath) }) {
                outcome.problem = FreedesktopTrash.Failure.occupied(path: occupied.originalPath).description
            } else {
                do throws(FreedesktopTrash.Failure) {
                    for entry in record.files {
                        try FreedesktopTrash.restore(entry)
                        outcome.files.append(entry.originalPath)
                    }
                    back.append(record.photo.id)
                } catch {
                    outcome.problem = error.description
                    if !outcome.files.isEmpty { back.append(record.photo.id) }   // the photo's file is back
                }
            }
            outcomes.append(outcome)
        }
        guard !back.isEmpty else { return (library, outcomes) }
        return (try store.append([.trash(.untrashed(photoIDs: back, restored: true, undoing: undoing))], lockTimeout: lockTimeout).library, outcomes)
    }

    /// Deletes for good what photory trashed before `cutoff` (seconds since 1970; everything
    /// when nil), files and records; what other programs trashed is never touched.
    public func empty(before cutoff: Double?) throws(LibraryStoreError) -> (library: PhotoLibrary, erased: [TrashedPhoto]) {
        try erase(where: { cutoff == nil || $0.deletedAt < cutoff! })
    }

    /// Deletes for good the trashed photos of `keys` (ids, or the paths they had), files and records.
    public func erase(_ keys: [String]) throws(LibraryStoreError) -> (library: PhotoLibrary, erased: [TrashedPhoto]) {
        try erase(where: { record in keys.contains { record.photo.id == $0.lowercased() || record.photo.path == $0 } })
    }

    private func erase(where chosen: (TrashedPhoto) -> Bool) throws(LibraryStoreError) -> (library: PhotoLibrary, erased: [TrashedPhoto]) {
        let library = try store.load()
        let due = library.trash.filter(chosen)
        guard !due.isEmpty else { return (library, []) }
        for record in due { record.files.forEach(FreedesktopTrash.erase) }
        let saved = try store.append([.trash(.untrashed(photoIDs: due.map(\.photo.id), restored: false))], lockTimeout: lockTimeout)
        return (saved.library, due)
    }
}
