import Library

/// A library being read behind the first frame (issue 26, "Scale": a PostgreSQL library of a
/// million photos): until the whole library is in, the home grid is the default grouping's
/// folders from the store's aggregate (`DescriptionSummary`), their covers read by id, and a
/// folder opened is read a screen at a time (`LibraryPaging`), the next screen asked for as the
/// cursor nears the end of what is read. The photos read go into the state's library (a
/// stand-in until the whole one comes), so tiles, the photo view and edits work on them as on
/// any photo; the rest (other groupings, search, memories) waits for the whole library.
///
/// Recipe: `AppState.readingBehind` is set at start with the summaries; `AppState+ReadingBehind`
/// asks for covers and pages (`Effect.readPaged`), takes what comes (`Msg.pagedRead`), and ends
/// it when the whole library is installed.
struct ReadingBehind: Sendable {
    /// The photos in the library, by the aggregate (a stack counted once).
    let total: Int
    /// The home grid's folders, in order: no photo ids, their counts told (`summaryCount`).
    let folders: [PhotoGroup]
    /// Each folder's description key (`DescriptionSummary.key`), by folder id.
    let keys: [String: String]
    /// The folders opened so far, by id: what is read of them.
    var pages: [String: PagedFolder] = [:]
    /// The covers were asked for.
    var coversAsked = false

    /// Photos a read asks for: a few screens of the largest grid.
    static let pageSize = 500
    /// The next page is asked for when the cursor is this many photos from the end of those read.
    static let readAhead = 200

    init(summaries: [DescriptionSummary]) {
        total = summaries.reduce(0) { $0 + $1.count }
        folders = summaries.map(\.group)
        keys = Dictionary(summaries.map { ($0.groupID, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// What is read of one folder.
    struct PagedFolder: Sendable, Equatable {
        /// The photos read, in page order.
        var photoIDs: [String] = []
        /// Where the next page starts; nil with `complete`.
        var next: FolderPageKey?
        var complete = false
        /// A read is on its way.
        var reading = false
        /// Why the last read failed; it is asked again after the next key (`retryFailed`).
        var failure: String?
    }

    /// The read to ask for folder `id` with the cursor on photo `position` (nil: none, or one on
    /// its way, or all read); marks it as on its way.
    mutating func readDue(folder id: String, position: Int) -> PagedRead? {
        guard let key = keys[id] else { return nil }
        var page = pages[id] ?? PagedFolder()
        guard !page.reading, !page.complete, page.failure == nil,
              position + Self.readAhead >= page.photoIDs.count else { return nil }
        page.reading = true
        pages[id] = page
        return .page(folderID: id, descriptionKey: key, after: page.next, limit: Self.pageSize)
    }

    /// A page of folder `id` came: its photos join those read (a photo read twice, once).
    mutating func pageRead(folder id: String, photoIDs: [String], next: FolderPageKey?) {
        var page = pages[id] ?? PagedFolder()
        let known = Set(page.photoIDs)
        page.photoIDs += photoIDs.filter { !known.contains($0) }
        page.next = next
        page.complete = next == nil
        page.reading = false
        page.failure = nil
        pages[id] = page
    }

    /// A key was pressed: failed reads may be asked again (not at every message: a server
    /// out of reach would be asked as fast as the screen redraws).
    mutating func retryFailed() {
        for id in pages.keys where pages[id]?.failure != nil { pages[id]?.failure = nil }
    }

    /// What a failed read of photos says, on the status line and in the empty grid.
    static func couldNotRead(_ reason: String) -> String { "Could not read the photos: \(reason)" }

    /// A read of folder `id` failed.
    mutating func pageFailed(folder id: String, _ message: String) {
        pages[id]?.reading = false
        pages[id]?.failure = message
    }
}

/// A read from a library being read behind (`ReadingBehind`).
public enum PagedRead: Sendable, Hashable {
    /// The home grid's covers.
    case covers([String])
    /// Up to `limit` photos of a folder of the default grouping after `after`.
    case page(folderID: String, descriptionKey: String, after: FolderPageKey?, limit: Int)
}
