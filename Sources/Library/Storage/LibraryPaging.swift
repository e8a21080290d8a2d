/// A store that can show a library without reading it whole (issue 26, "Scale"): the home
/// grid's folders from aggregate queries, a folder's photos a screen at a time, and an edit
/// committed by reading only the photos it names. `PostgresStore` is the conformer: a JSON
/// file has to be read whole anyway, so `LibraryStore` is not one.
///
/// Recipe for a conformer:
/// 1. `folderSummaries()` gives every folder (the text of a photo's path before its last `/`)
///    with its count, its earliest and latest `takenAt` and its cover (its first photo), in
///    byte order of the folder; the time must not grow with the photos read, only with the
///    folders (an index, not the rows). Photos a stack hides are left out (see 3).
/// 2. `photos(inFolder:after:limit:)` gives up to `limit` photos of one folder after a key, in
///    the order `FolderPageKey` defines (date taken, unknown first; then path; then id: byte
///    order), and the key to go on from; a screen costs the same at the first page and the last
///    (keyset pagination on an index, never OFFSET), without the photos a stack hides.
/// 3. `descriptionSummaries()` gives the default grouping's folders (by description, "Other"
///    for photos without one) the same way, and `photos(withDescriptionKey:after:limit:)` one
///    of them a screen at a time, in the same page order; both leave out the photos a stack
///    hides behind its cover, as the browser's grids do (`Photo.isHiddenInStack`).
/// 4. `photos(ids:)` reads the photos named (the home grid's covers), and no others.
/// 5. `commit(photoIDs:lockTimeout:_:)` saves edits as `append` does (one transaction, the
///    line other writers follow, concrete edits only), reading under the lock only the photos
///    `photoIDs` names and those the planned edits name, plus the history and albums.
public protocol LibraryPaging: LibraryStoring {
    func folderSummaries() throws(LibraryStoreError) -> [FolderSummary]
    func photos(inFolder folder: String, after key: FolderPageKey?, limit: Int) throws(LibraryStoreError) -> FolderPage
    func descriptionSummaries() throws(LibraryStoreError) -> [DescriptionSummary]
    func photos(withDescriptionKey key: String, after: FolderPageKey?, limit: Int) throws(LibraryStoreError) -> FolderPage
    func photos(ids: [String]) throws(LibraryStoreError) -> [Photo]
    @discardableResult
    func commit(photoIDs: [String], lockTimeout: Double,
                _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits
}

/// One folder of the home grid, from an aggregate: what a tile needs without the photos.
public struct FolderSummary: Sendable, Equatable {
    /// The text of the photos' paths before the last `/` ("" for a path without one).
    public var folder: String
    public var count: Int
    /// Earliest and latest known `takenAt`; "" when none is known.
    public var firstTakenAt: String
    public var lastTakenAt: String
    /// The folder's first photo in page order.
    public var coverID: String

    public init(folder: String, count: Int, firstTakenAt: String, lastTakenAt: String, coverID: String) {
        self.folder = folder
        self.count = count
        self.firstTakenAt = firstTakenAt
        self.lastTakenAt = lastTakenAt
        self.coverID = coverID
    }
}

/// One folder of the default grouping (by description) from an aggregate: what a home-grid
/// tile needs without the photos. The same folder, id, name and count as `PhotoLibrary.groups`
/// gives once every photo is read.
public struct DescriptionSummary: Sendable, Equatable {
    /// `DescriptionResolver.groupKey` of the description; "" for the photos without one ("Other").
    public var key: String
    /// As the first photo in library order writes it; "Other" for the key "".
    public var name: String
    public var count: Int
    /// Earliest and latest known `takenAt`; "" when none is known.
    public var firstTakenAt: String
    public var lastTakenAt: String
    /// The folder's first photo in page order.
    public var coverID: String

    public init(key: String, name: String, count: Int, firstTakenAt: String, lastTakenAt: String, coverID: String) {
        self.key = key
        self.name = name
        self.count = count
        self.firstTakenAt = firstTakenAt
        self.lastTakenAt = lastTakenAt
        self.coverID = coverID
    }

    /// The id of the folder `PhotoLibrary.groups` gives for it.
    public var groupID: String { key.isEmpty ? PhotoGroup.otherID : PhotoGroup.id(forKey: key) }

    /// The home grid's tile for it, before its photos are read: no photo ids, the count told.
    public var group: PhotoGroup {
        PhotoGroup(id: groupID, name: name, photoIDs: [], coverID: coverID,
                   firstTakenAt: firstTakenAt, lastTakenAt: lastTakenAt, summaryCount: count)
    }
}

/// Where a page of a folder ends: the last photo's sort key. Photos sort by `takenAt` ("" when
/// unknown, so those come first), then path, then id, each by bytes.
public struct FolderPageKey: Sendable, Hashable, Comparable {
    public var takenAt: String
    public var path: String
    public var id: String

    public init(_ photo: Photo) {
        self.init(takenAt: photo.takenAt ?? "", path: photo.path, id: photo.id)
    }

    public init(takenAt: String, path: String, id: String) {
        self.takenAt = takenAt
        self.path = path
        self.id = id
    }

    public static func < (left: Self, right: Self) -> Bool {
        let l = (Array(left.takenAt.utf8), Array(left.path.utf8), Array(left.id.utf8))
        let r = (Array(right.takenAt.utf8), Array(right.path.utf8), Array(right.id.utf8))
        if l.0 != r.0 { return l.0.lexicographicallyPrecedes(r.0) }
        if l.1 != r.1 { return l.1.lexicographicallyPrecedes(r.1) }
        return l.2.lexicographicallyPrecedes(r.2)
    }

    /// The folder a path belongs to: the text before its last `/` ("" for none).
    public static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }
}

/// A screen of one folder's photos, and where the next one starts (nil after the last).
public struct FolderPage: Sendable, Equatable {
    public var photos: [Photo]
    public var next: FolderPageKey?

    public init(photos: [Photo], next: FolderPageKey?) {
        self.photos = photos
        self.next = next
    }
}
