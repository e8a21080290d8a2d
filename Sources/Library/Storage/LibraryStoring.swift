/// Where a library is kept: the one seam between photory and its storage. `LibraryStore` (a
/// JSON snapshot plus an edit journal beside it) is the conformer today.
///
/// Recipe for a new backend (a PostgreSQL store, say):
/// 1. `loadWithNotes()` returns the whole library as it is now (photos, their edits, the undo history)
///    and any notes a reader should see (something skipped or repaired on the way), and the
///    `position` it read up to (the backend's generation and last change number). It never
///    changes anything, and refuses data written by a newer schema (`.unsupportedVersion`)
///    rather than dropping what it does not understand.
/// 2. `append(lockTimeout:to:_:)` saves one batch of edits durably under the library's write
///    lock (a row lock or advisory lock): it brings the writer's `copy` up to date (only what
///    other writers saved since its position; the library read whole when there is no copy or
///    its generation is gone), replays the edits on it in order, stores only concrete edits
///    (`undoLatest`/`redoLatest` resolved to their step ids, so a replay anywhere gives the
///    same result; a step already stored is not stored again), returns once they survive a
///    crash, and leaves `copy` at the new position. Edits that did nothing are not stored.
/// 3. `appendPhotos(_:lockTimeout:after:)` saves one batch of an import durably under the lock,
///    as briefly as `append`: replaying it inserts the photos, or replaces them by id, keeping
///    the user's edits already stored (`PhotoLibrary.insert`). Returns notes, as `append` does.
///    The position it leaves lets the next batch read only what came after (not the library).
/// 4. `update(lockTimeout:_:)` is the whole-library transaction (imports, write-back,
///    downloads: `recordDownloads`): under the lock, the library as it is now goes to `change`;
///    when it returns true the result replaces the library atomically (all or nothing).
/// 5. `compact(lockTimeout:repair:)` folds what was appended into the stored library (a no-op
///    for a store without a log), and with `repair` keeps what is readable of a damaged log,
///    saying what it dropped.
/// 6. `news(since:)` watches for other writers: what was appended after a position (the edits,
///    each batch once, in order), or `.rewritten` when the library must be read again (a new
///    generation). It is cheap when nothing changed: the browser asks twice a second.
/// 7. `waitForNews(timeout:)`, for a store that can signal other writers' commits (PostgreSQL's
///    LISTEN/NOTIFY): sleeps until one came (true) or `timeout` passed (false), so the browser
///    asks `news` at once. A store without a signal keeps the default, nil at once: it is polled.
/// Errors are `LibraryStoreError`s naming the library (`location`) and the reason.
public protocol LibraryStoring: Sendable {
    /// Names the library in messages: a file path, a database address.
    var location: String { get }
    func loadWithNotes() throws(LibraryStoreError) -> LoadedLibrary
    /// `edits` is given the library as it is now and says what to append (a command plans its
    /// edits on the one copy it reads). With a `copy` it is called before the lock too, on the
    /// copy brought up to date, and only again under the lock when another writer changed the
    /// library meanwhile. `copy` (nil: none yet) holds the library as saved afterwards.
    @discardableResult
    func append(lockTimeout: Double, to copy: inout LibraryCopy?,
                _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits
    @discardableResult
    /// `position` (nil at first) is where the last batch ended: the next one reads only what
    /// other writers appended since, and it is moved past the new line.
    func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double,
                      after position: inout JournalPosition?) throws(LibraryStoreError) -> [String]
    func update(lockTimeout: Double,
                _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError) -> PhotoLibrary
    @discardableResult
    func compact(lockTimeout: Double, repair: Bool) throws(LibraryStoreError) -> Compaction
    func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews
    func waitForNews(timeout: Double) -> Bool?
}

extension LibraryStoring {
    /// No signal: the follower polls `news`.
    public func waitForNews(timeout: Double) -> Bool? { nil }

    /// The library as it is now, without the notes.
    public func load() throws(LibraryStoreError) -> PhotoLibrary { try loadWithNotes().library }

    /// Appends the edits `edits` plans on the library as it is now (read whole; without a copy
    /// to keep, as a command that saves once does).
    @discardableResult
    public func append(lockTimeout: Double, _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
        var copy: LibraryCopy?
        return try append(lockTimeout: lockTimeout, to: &copy, edits)
    }

    /// Appends one batch of an import, with no position to go on from (the library is read).
    @discardableResult
    public func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double) throws(LibraryStoreError) -> [String] {
        var position: JournalPosition?
        return try appendPhotos(imported, lockTimeout: lockTimeout, after: &position)
    }

    /// Appends `edits`, planned beforehand (they are replayed on the library as it is now).
    @discardableResult
    public func append(_ edits: [LibraryEdit], lockTimeout: Double) throws(LibraryStoreError) -> SavedEdits {
        try append(lockTimeout: lockTimeout) { _ in edits }
    }
}

/// A writer's copy of the library as it is on disk, and where it stands in the store's log: an
/// append with it catches up by reading only what other writers added since (`news(since:)`),
/// and reads the library whole only after a new snapshot (a compaction, an import).
public struct LibraryCopy: Sendable {
    public var library: PhotoLibrary
    public var position: JournalPosition

    public init(library: PhotoLibrary, position: JournalPosition) {
        self.library = library
        self.position = position
    }

    /// The copy a load gives (nil when the store said nowhere it stopped).
    public init?(_ loaded: LoadedLibrary) {
        guard let position = loaded.position else { return nil }
        self.init(library: loaded.library, position: position)
    }
}

/// A library as loaded, with what the reader should be told (a torn journal line ignored).
public struct LoadedLibrary: Sendable {
    public var library: PhotoLibrary
    public var notes: [String] = []
    /// Where the load stopped reading the journal (`LibraryStore.news(since:)` goes on from there).
    public var position: JournalPosition?
}

/// What an append saved: the library with the edits, the step each edit did (nil for an undo or
/// redo that found nothing to do), its place in the journal, and notes (a torn line cut off, a
/// compaction that failed after the edits were safe).
public struct SavedEdits: Sendable {
    public var library: PhotoLibrary
    public var steps: [EditStep?]
    /// The journal line that holds the edits (nil when nothing was written, or when the library
    /// was written whole).
    public var sequence: Int?
    public var notes: [String] = []
}

/// What a compaction did.
public struct Compaction: Sendable, Equatable {
    /// Journal lines folded into the new snapshot.
    public var foldedLines: Int
    /// Lines that could not be read and were left out (`repair` only; a torn last line too).
    public var droppedLines: [Int] = []
    /// Where the damaged journal was kept, when lines were dropped.
    public var damagedCopy: String?
    /// What the reader should be told (a journal of another snapshot kept beside).
    public var notes: [String] = []
}
