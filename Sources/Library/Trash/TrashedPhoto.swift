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
    public enum TrashChange: Sendable, Equatable {
        /// The photos' files went to the trash: the photos leave, their records kept in `trash`.
        case trashed([TrashedPhoto])
        /// Records leave the trash; with `restored`, their photos come back into the library.
        case untrashed(photoIDs: [String], restored: Bool)
        /// Photos leave the library; their files stay where they are.
        case removed(photoIDs: [String])
    }

    /// Applies `change` (replaying it twice does it once).
    public mutating func apply(_ change: TrashChange) {
        switch change {
        case let .trashed(records):
            let ids = Set(records.map(\.photo.id))
            trash.removeAll { ids.contains($0.photo.id) }
            trash += records
            apply(removing: ids.filter { photo(id: $0) != nil })
        case let .untrashed(ids, restored):
            let leaving = Set(ids)
            let back = trash.filter { leaving.contains($0.photo.id) && photo(id: $0.photo.id) == nil }.map { record in
                var photo = record.photo
                photo.missing = false
                return photo
            }
            trash.removeAll { leaving.contains($0.photo.id) }
            if restored { apply(adding: back) }
        case let .removed(ids):
            apply(removing: Set(ids).filter { photo(id: $0) != nil })
        }
    }

    /// A trashed photo by id or by the path it had.
    public func trashed(idOrPath key: String) -> TrashedPhoto? {
        trash.first { $0.photo.id == key.lowercased() } ?? trash.last { $0.photo.path == key }
    }
}
