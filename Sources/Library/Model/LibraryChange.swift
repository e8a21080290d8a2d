/// What a change of the library touched (gitui's `NeedsUpdate`), so what is made from the
/// library (a folder tree, the search index) is made again only when what it reads changed:
/// a favourite touches `favourites` only, and no folder tree reads that.
///
/// Every path that changes the browser's library says what it touched: an edit, an undo or
/// another writer's journal line (`init(from:to:)` on the photos before and after), an original
/// downloaded (the same), the missing-file check (`missing`), an import's batch (`photosAdded`),
/// a library read again (`newLibrary`: everything).
public struct LibraryChange: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Photos joined the library (or an import replaced their records).
    public static let photosAdded = LibraryChange(rawValue: 1 << 0)
    /// Photos left the library.
    public static let photosRemoved = LibraryChange(rawValue: 1 << 1)
    /// When photos were taken (an edited date, or a downloaded file's own).
    public static let dates = LibraryChange(rawValue: 1 << 2)
    public static let descriptions = LibraryChange(rawValue: 1 << 3)
    /// Where photos were taken.
    public static let places = LibraryChange(rawValue: 1 << 4)
    /// Flags only: a favourite set or cleared.
    public static let favourites = LibraryChange(rawValue: 1 << 5)
    /// Which file a photo is and what the file says of itself (path, size, camera): an
    /// original downloaded.
    public static let files = LibraryChange(rawValue: 1 << 6)
    /// Whether photos' files are there (the missing-file check).
    public static let missing = LibraryChange(rawValue: 1 << 7)
    /// Which of a photo's values are the user's edits rather than its file's (`is:edited`),
    /// even when the value stays the same.
    public static let edits = LibraryChange(rawValue: 1 << 8)
    /// A photo's stars, reject, pick or colour label (flags only, like `favourites`).
    public static let marks = LibraryChange(rawValue: 1 << 9)
    /// A photo's tags (the tag grouping's folders).
    public static let tags = LibraryChange(rawValue: 1 << 10)

    /// How photos are turned (a rotation or flip): their shape on screen and their previews.
    public static let orientations = LibraryChange(rawValue: 1 << 11)

    // Albums (issue 23): which albums photos are in, or the albums themselves (names, order).
    public static let albums = LibraryChange(rawValue: 1 << 12)

    /// A whole library installed (read again, an import's end): everything may have changed.
    public static let newLibrary = LibraryChange(rawValue: (1 << 13) - 1)

    /// What changed between `old` and `new`, the same photos before and after (by position).
    public init(from old: [Photo], to new: [Photo]) {
        self = []
        for (before, after) in zip(old, new) { formUnion(LibraryChange(from: before, to: after)) }
        if new.count > old.count { insert(.photosAdded) }
        if new.count < old.count { insert(.photosRemoved) }
    }

    /// What changed between `old` and `new`, one photo before and after.
    public init(from old: Photo, to new: Photo) {
        self = []
        if old.takenAt != new.takenAt { insert(.dates) }
        if old.description != new.description { insert(.descriptions) }
        if old.gps != new.gps { insert(.places) }
        if old.isFavourite != new.isFavourite { insert(.favourites) }
        if old.rating != new.rating || old.isRejected != new.isRejected || old.isPicked != new.isPicked
            || old.label != new.label { insert(.marks) }
        if old.tags != new.tags { insert(.tags) }
        if old.orientation != new.orientation { insert(.orientations) }
        if old.path != new.path || old.camera != new.camera || old.isDownloaded != new.isDownloaded
            || old.fileSize != new.fileSize || old.fileModified != new.fileModified { insert(.files) }
        if old.missing != new.missing { insert(.missing) }
        if old.edits.editedFields != new.edits.editedFields { insert(.edits) }
        if old.edits.albums != new.edits.albums { insert(.albums) }
    }

    public var description: String {
        let names: [(LibraryChange, String)] = [
            (.photosAdded, "photos added"), (.photosRemoved, "photos removed"), (.dates, "dates"),
            (.descriptions, "descriptions"), (.places, "places"), (.favourites, "favourites"), (.files, "files"),
            (.missing, "missing"), (.edits, "edits"), (.marks, "marks"), (.tags, "tags"),
            (.orientations, "orientations"), (.albums, "albums"),
        ]
        let named = names.filter { contains($0.0) }.map(\.1)
        return named.isEmpty ? "nothing" : named.joined(separator: ", ")
    }
}

extension GroupingKind {
    /// What a folder tree of this grouping reads: which photos there are and their dates (the
    /// order in a folder, a folder's dates) for every grouping, and what the grouping sorts by.
    public var treeInputs: LibraryChange {
        let every: LibraryChange = [.photosAdded, .photosRemoved, .dates]
        switch self {
        case .description: return every.union(.descriptions)
        case .date: return every
        case .camera: return every.union(.files)
        case .place: return every.union(.places)
        case .folder: return every.union(.files)
        case .tag: return every.union(.tags)
        case .album: return every.union(.albums)
        }
    }
}

extension SearchIndex {
    /// What the index reads: every photo's texts, date and flags (`is:favourite`,
    /// `is:missing`, `is:edited`).
    public static let inputs: LibraryChange = .newLibrary

    /// What `update(_:in:)` follows photo by photo; anything else needs a new index.
    public static let followsInStep: LibraryChange = [.dates, .descriptions, .places, .favourites, .edits, .marks, .tags,
                                                      .orientations, .albums]
}

extension OnThisDay {
    /// What the memories read: which photos there are, their dates, and the rejects left out.
    public static let inputs: LibraryChange = [.photosAdded, .photosRemoved, .dates, .marks]
}
