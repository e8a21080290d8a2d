/// Photos an import added or changed since its last journal line: what one
/// `{"seq":n,"at":…,"photos":[…],"renamed":[…]}` line carries, so a long import is saved in
/// small appends (`LibraryStore.appendPhotos`) instead of whole-library rewrites.
public struct ImportedPhotos: Sendable, Equatable {
    /// A photo whose file changed content since it was imported: its record moves to a new id.
    public struct Rename: Sendable, Equatable {
        public var from: String
        public var to: String
    }

    /// New photos, and changed records of photos already in the library (same id).
    public var photos: [Photo] = []
    public var renamed: [Rename] = []

    public init(photos: [Photo] = [], renamed: [Rename] = []) {
        (self.photos, self.renamed) = (photos, renamed)
    }

    public var isEmpty: Bool { photos.isEmpty && renamed.isEmpty }

    /// `later` after these (a photo in both keeps its later record).
    public mutating func add(_ later: ImportedPhotos) {
        let replaced = Set(later.photos.map(\.id))
        photos = photos.filter { !replaced.contains($0.id) } + later.photos
        renamed += later.renamed
    }
}

extension PhotoLibrary {
    /// Replays an import's line: a photo whose id is in the library replaces its record, a new
    /// one is added at the end (the import's order), a renamed photo's old record goes. The
    /// user's edits on disk win over the importer's copy (another writer may have edited the
    /// photo while the import ran), so replaying never undoes an edit and never duplicates a photo.
    public mutating func insert(_ imported: ImportedPhotos) {
        guard !imported.isEmpty else { return }
        var removed: Set<String> = []
        var editsOfRenamed: [String: PhotoEdits] = [:]
        for rename in imported.renamed where rename.from != rename.to {
            if let old = photo(id: rename.from) {
                editsOfRenamed[rename.to] = old.edits
                renameInHistory(rename.from, to: rename.to)
            }
            removed.insert(rename.from)
        }
        var added: [Photo] = []
        var updated: [Photo] = []
        var seen: Set<String> = []
        for var photo in imported.photos where seen.insert(photo.id).inserted {
            if let existing = self.photo(id: photo.id) {
                photo.edits = existing.edits
                updated.append(photo)
            } else {
                if let edits = editsOfRenamed[photo.id] { photo.edits = edits }
                added.append(photo)
            }
        }
        apply(adding: added, updating: updated, removing: removed.subtracting(seen))
    }
}
