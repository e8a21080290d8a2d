import Foundation

/// The snapshot plus its edit journal: loading replays the journal, an edit appends one line,
/// a whole-library save (import, write-back, download, `compact`) writes a new snapshot with a
/// new generation and then a fresh journal.
extension LibraryStore: LibraryStoring {
    public var location: String { path }

    /// A journal holding at least this many bytes, and more than a quarter of the snapshot, is
    /// folded into a new snapshot after an append: small libraries keep a cheap append, big ones
    /// a journal that replays quickly.
    static let compactionFloor = 1 << 20

    /// The snapshot and the journal as on disk, the journal's lines replayed.
    struct State {
        var library: PhotoLibrary
        var generation: String?
        var journal: LibraryJournal.Contents
        /// The snapshot file as stated before it was read.
        var snapshot: FileIdentity?
    }

    func readState(repair: Bool = false) throws(LibraryStoreError) -> State {
        // The journal first: see `LibraryJournal.readBytes`.
        let bytes = try journal.readBytes()
        let snapshot = FileIdentity(path: path)
        var (library, generation) = try readSnapshot()
        let contents = try journal.parse(bytes, generation: generation, repair: repair)
        if !contents.isStale {
            library.replay(lines: contents.entries)   // regrouped once, not per line
        }
        return State(library: library, generation: generation, journal: contents, snapshot: snapshot)
    }

    public func loadWithNotes() throws(LibraryStoreError) -> LoadedLibrary {
        let loaded = try loadWithoutLock()
        guard loaded.journal.tornLine != nil else { return loaded.library }
        // A writer holds the lock while it appends: a last line unfinished while it does is not
        // torn. Once the lock is free, what is still unfinished is (a read-only folder, or a
        // writer holding on for long, leave the note as it is).
        guard let lock = try? LibraryLock.acquire(libraryPath: path, timeout: Self.tornLineRecheckWait) else {
            return loaded.library
        }
        return try withExtendedLifetime(lock) { () throws(LibraryStoreError) in try loadWithoutLock().library }
    }

    /// How long a reader that saw an unfinished last line waits for a writer to finish it.
    static let tornLineRecheckWait = 3.0

    /// The library read without the lock, and the journal as read.
    private func loadWithoutLock() throws(LibraryStoreError) -> (library: LoadedLibrary, journal: LibraryJournal.Contents) {
        let identity = journalFileIdentity()
        let snapshot = FileIdentity(path: path)
        let state = try readState()
        let note = state.journal.tornNote(path: journal.path)
        let loaded = LoadedLibrary(library: state.library, notes: note.map { [$0] } ?? [],
                                   position: position(after: state, inode: identity.inode, size: identity.size,
                                                      snapshot: snapshot))
        return (loaded, state.journal)
    }

    /// Writes `library` whole as a new snapshot, then starts a fresh journal for it (without
    /// the lock: callers that may race another writer use `update`). A crash between the two
    /// leaves the old journal, whose generation no longer matches: it is ignored.
    public func save(_ library: PhotoLibrary) throws(LibraryStoreError) {
        let generation = Self.newGeneration()
        try writeSnapshot(library, generation: generation)
        try journal.reset(LibraryJournal.Header(format: LibraryJournal.format, schemaVersion: Self.schemaVersion,
                                                generation: generation))
    }

    /// Takes the library lock, then removes what a writer killed mid-save left behind (its
    /// temporary snapshot, backup or journal), so a crash leaves no hidden file for long.
    func lockForWriting(timeout: Double) throws(LibraryStoreError) -> LibraryLock {
        let lock = try LibraryLock.acquire(libraryPath: path, timeout: timeout)
        for file in [path, backupPath, journal.path, journal.damagedCopyPath, journal.staleCopyPath] {
            AtomicFile.removeLeftovers(of: file)
        }
        return lock
    }

    static func newGeneration() -> String {
        UUID().uuidString.lowercased()
    }

    public func append(lockTimeout: Double, to copy: inout LibraryCopy?,
                       _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
        // Catching up without the lock first keeps the time under it short: a library read
        // whole (none yet, or another writer's compaction since) is read before, not under, the
        // lock. Lines read then are remembered: one of them may hold this batch already.
        var readBeforeLock: [LibraryJournal.Entry] = []
        if copy != nil, let caught = (try? caughtUp(&copy, locked: false)).flatMap({ $0 }) {
            readBeforeLock = caught.state.journal.entries
            copy = LibraryCopy(library: caught.state.library, position: caught.next)
        } else {
            let loaded = try? loadWithoutLock()
            readBeforeLock = loaded?.journal.entries ?? []
            copy = loaded.flatMap { LibraryCopy($0.library) }
        }
        // Planned before the lock too: kept when no other writer changed the library meanwhile.
        let plannedBeforeLock = copy.map { edits($0.library) }
        let lock = try lockForWriting(timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var state: State
        var requested: [LibraryEdit]
        if let caught = try caughtUp(&copy, locked: true) {
            state = caught.state
            let unchanged = caught.state.journal.entries.isEmpty && caught.state.journal.tornLine == nil
            requested = unchanged ? plannedBeforeLock ?? edits(state.library) : edits(state.library)
        } else {
            state = try readState()
            requested = edits(state.library)
        }
        copy = nil
        // Changed in place: a copy of a big library's photos costs more than the rest of the save.
        var library = state.library
        state.library = PhotoLibrary()
        let (steps, concrete) = library.replayForSaving(requested)
        var saved = SavedEdits(library: library, steps: steps)
        guard !concrete.isEmpty else {
            saved.notes = state.journal.tornNote(path: journal.path).map { [$0] } ?? []
            saved.sequence = Self.lineHolding(requested, in: readBeforeLock + state.journal.entries)
            state.library = library
            copy = positioned(state)
            return saved
        }
        // A library from before the journal (schema 2), or whose journal an older schema wrote
        // (an older build could read that journal and drop what it does not know): written whole
        // once, in this schema, with a new generation.
        guard let generation = state.generation,
              (state.journal.header?.schemaVersion ?? Self.schemaVersion) >= Self.schemaVersion || state.journal.isStale else {
            saved.notes += try keepStaleJournal(of: state).map { [$0] } ?? []
            try save(library)
            return saved
        }
        let (contents, note) = try journalToAppendTo(state, generation: generation)
        saved.notes += note.map { [$0] } ?? []
        let entry = LibraryJournal.Entry(seq: contents.lastSeq + 1, at: Date().timeIntervalSince1970, edits: concrete)
        let length = try journal.append(entry, after: contents)
        saved.sequence = entry.seq
        let after = contents.appending(entry, endingAt: length)
        copy = positioned(State(library: library, generation: generation, journal: after))
        // The edits are safe now; folding a grown journal in is a bonus that may fail. It folds
        // the library read whole (never a writer's copy, which may hold more than the disk).
        if let snapshot = copy?.position.snapshot, length > max(snapshot.size / 4, Self.compactionFloor) {
            do {
                try save(try readState().library)
            } catch {
                saved.notes.append("the edits are saved, but folding the edit journal into the library failed: \(error)")
            }
        }
        return saved
    }

    /// The journal line that already holds the new steps of `edits` (a batch whose write failed
    /// after it reached the file, and whose retry therefore stored nothing), if any.
    private static func lineHolding(_ edits: [LibraryEdit], in entries: [LibraryJournal.Entry]) -> Int? {
        let ids = Set(edits.compactMap { edit -> String? in
            if case let .apply(step) = edit { step.id } else { nil }
        })
        guard !ids.isEmpty else { return nil }
        return entries.last { entry in
            entry.edits.contains { if case let .apply(step) = $0 { ids.contains(step.id) } else { false } }
        }?.seq
    }

    /// `copy` brought up to date with what other writers appended since its position (only the
    /// journal's tail is read); nil when the library must be read whole (another snapshot, or
    /// none). `locked`: the caller holds the lock, so an unfinished last line is torn (it is cut
    /// off by the append); without it, it is an append under way and left out.
    /// The copy is taken (`copy` is nil afterwards) when it is caught up, so it changes in place.
    private func caughtUp(_ copy: inout LibraryCopy?, locked: Bool)
        throws(LibraryStoreError) -> (state: State, next: JournalPosition)? {
        guard let position = copy?.position, let generation = position.generation else { return nil }
        let snapshot = FileIdentity(path: path)
        guard try isSnapshot(snapshot, of: position, generation: generation) else { return nil }
        guard var (contents, next) = try journal(since: position) else { return nil }
        next.snapshot = snapshot
        if !locked, contents.tornLine != nil {
            contents.tornLine = nil
            contents.fileLength = contents.validLength
        }
        guard var library = copy?.library else { return nil }
        copy = nil
        library.replay(lines: contents.entries)
        return (State(library: library, generation: generation, journal: contents, snapshot: snapshot), next)
    }

    /// A writer's copy of `state`, positioned at its journal's end (the files stated now, under
    /// the lock, or before `state` was read).
    private func positioned(_ state: State) -> LibraryCopy? {
        guard state.journal.tornLine == nil, state.journal.header != nil else { return nil }
        let identity = journalFileIdentity()
        return LibraryCopy(library: state.library,
                           position: position(after: state, inode: identity.inode, size: identity.size,
                                              snapshot: state.snapshot ?? FileIdentity(path: path)))
    }

    /// The journal of `state`'s snapshot, ready for a line (a fresh one when there is none or it
    /// is stale), and a note when a torn last line is about to be cut off.
    private func journalToAppendTo(_ state: State, generation: String)
        throws(LibraryStoreError) -> (LibraryJournal.Contents, String?) {
        guard state.journal.header == nil || state.journal.isStale else {
            return (state.journal, state.journal.tornNote(path: journal.path, verb: "cut off"))
        }
        let note = try keepStaleJournal(of: state)
        try journal.reset(LibraryJournal.Header(format: LibraryJournal.format, schemaVersion: Self.schemaVersion,
                                                generation: generation))
        return (try journal.parse(try journal.readBytes(), generation: generation), note)
    }

    /// Before a new journal replaces one of another snapshot that holds edits, keeps it beside
    /// (`…journal.jsonl.stale`, `.stale.2`…) and says so: its edits are not in the library (the
    /// snapshot was restored by hand from `library.json.bak`, say). The journal the last
    /// compaction folded in (a crash between its snapshot and its fresh journal) is not kept:
    /// it names the generation of the backup, the snapshot it was written for.
    func keepStaleJournal(of state: State) throws(LibraryStoreError) -> String? {
        guard state.journal.isStale, state.journal.staleHasLines, let header = state.journal.header,
              Self.headGeneration(of: backupPath) != .some(header.generation) else { return nil }
        let kept = LibraryJournal(path: Self.freeName(journal.staleCopyPath))
        try kept.write(try journal.readBytes())
        return "kept the edit journal \(journal.path) as \(kept.path): it belongs to another version of the library"
            + " (was \(path) restored from its backup?), so its edits are not in the library"
    }

    /// `base`, or `base.2`, `base.3`… : the first name not taken (an earlier copy is never replaced).
    static func freeName(_ base: String) -> String {
        var free = base
        var number = 1
        while PathBytes.exists(free) {
            number += 1
            free = "\(base).\(number)"
        }
        return free
    }

    public func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double,
                             after position: inout JournalPosition?) throws(LibraryStoreError) -> [String] {
        guard !imported.isEmpty else { return [] }
        let lock = try LibraryLock.acquire(libraryPath: path, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let contents: LibraryJournal.Contents
        let generation: String
        let note: String?
        if let tail = try journalTail(after: position) {
            // The same snapshot as the last batch's: only what other writers appended since is
            // read, so a long import costs the same per batch at the end as at the start.
            (contents, generation) = tail
            note = contents.tornNote(path: journal.path, verb: "cut off")
        } else {
            let state = try readState()
            guard let known = state.generation,
                  state.journal.isStale || ((state.journal.header?.format ?? LibraryJournal.format) >= LibraryJournal.photosFormat
                      && (state.journal.header?.schemaVersion ?? Self.schemaVersion) >= Self.schemaVersion)
            else {
                // No snapshot yet (a first import), or a journal an older build may still read:
                // written whole once, which starts a journal of this build's format.
                var library = state.library
                library.insert(imported)
                let note = try keepStaleJournal(of: state)
                try save(library)
                position = nil
                return note.map { [$0] } ?? []
            }
            generation = known
            (contents, note) = try journalToAppendTo(state, generation: known)
        }
        let entry = LibraryJournal.Entry(seq: contents.lastSeq + 1, at: Date().timeIntervalSince1970, photos: imported)
        let length = try journal.append(entry, after: contents)
        let after = contents.appending(entry, endingAt: length)
        let identity = journalFileIdentity()
        position = self.position(after: State(library: PhotoLibrary(), generation: generation, journal: after),
                                 inode: identity.inode, size: identity.size, snapshot: FileIdentity(path: path))
        return note.map { [$0] } ?? []
    }

    /// The journal's lines after `position` (the caller holds the lock), when the snapshot is
    /// still the one of `position` and its journal one a photos line may go to; nil otherwise.
    private func journalTail(after position: JournalPosition?)
        throws(LibraryStoreError) -> (contents: LibraryJournal.Contents, generation: String)? {
        guard let position, let generation = position.generation, !position.staleJournal,
              position.format >= LibraryJournal.photosFormat, position.schemaVersion >= Self.schemaVersion else { return nil }
        guard try isSnapshot(FileIdentity(path: path), of: position, generation: generation),
              let (contents, _) = try journal(since: position), contents.header != nil, !contents.isStale else {
            return nil
        }
        return (contents, generation)
    }

    /// Whether the snapshot file (`snapshot`, as stated now) is still the one `position` was
    /// read from: the same file, or one naming the same generation at its start.
    private func isSnapshot(_ snapshot: FileIdentity?, of position: JournalPosition,
                            generation: String) throws(LibraryStoreError) -> Bool {
        if snapshot == position.snapshot { return true }
        guard snapshot != nil else { return false }
        return try snapshotGeneration() == generation
    }

    /// Changes the library as it is on disk now: takes the library lock, reads the snapshot and
    /// journal fresh (another process may have written them meanwhile), lets `change` work on
    /// that copy, and saves it whole (folding the journal in) when `change` returns true.
    /// Import, web import, write-back and downloads all go through here, so none of them writes
    /// from a stale copy.
    /// - Returns: the library as saved (or as read, when nothing needed saving).
    public func update(lockTimeout: Double,
                       _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError)
        -> PhotoLibrary {
        let lock = try lockForWriting(timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let state = try readState()
        var library = state.library
        if try change(&library) {
            _ = try keepStaleJournal(of: state)
            try save(library)
        }
        return library
    }

    /// Folds the journal into a new snapshot. With `repair`, damaged lines are left out (the
    /// journal as it was is kept beside it first, `…journal.jsonl.damaged`, or `.damaged.2`… when an
    /// earlier repair's copy is there).
    public func compact(lockTimeout: Double, repair: Bool) throws(LibraryStoreError) -> Compaction {
        let lock = try lockForWriting(timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let state = try readState(repair: repair)
        let dropped = state.journal.droppedLines + (state.journal.tornLine.map { [$0] } ?? [])
        var report = Compaction(foldedLines: state.journal.entries.count, droppedLines: dropped)
        if !dropped.isEmpty {
            let bytes = try journal.readBytes()
            // A copy kept by an earlier repair is the only one of the lines it dropped: never replaced.
            let copy = LibraryJournal(path: Self.freeName(journal.damagedCopyPath))
            try copy.write(bytes)
            report.damagedCopy = copy.path
        }
        report.notes += try keepStaleJournal(of: state).map { [$0] } ?? []
        try save(state.library)
        return report
    }
}
