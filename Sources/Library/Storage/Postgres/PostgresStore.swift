import Foundation

/// A library kept in PostgreSQL (issue 26): `--library postgresql://USER@HOST[:PORT]/DB`. The
/// same library as the JSON file (photos, edits, undo history, albums, ratings, tags, feeds, the
/// trash) as rows (`PostgresLibraryRows`), for a household whose machines write at once.
///
/// How it keeps the store seam (`LibraryStoring`):
/// - The write lock is the `photory_head` row (`SELECT … FOR UPDATE`, waiting `lockTimeout`
///   seconds at most), so writers on several machines take turns; every edit, and every batch
///   of an import, is one transaction: its rows, its line in `photory_changes`, the head's
///   `last_seq`. A failure rolls all of it back.
/// - `photory_changes` plays the journal: other writers catch up from it (`news(since:)`), the
///   browser follows it. Every commit that changes the library sends a NOTIFY on
///   `photory_changes`, so a browser LISTENing (`waitForNews`) reads the news at once instead of
///   at its next look (twice a second). A whole-library write (`update`) starts a new
///   `generation` and clears it, so followers read the library again.
/// - The schema is made and migrated on first use (`PostgresSchema`); a newer one is refused.
/// - Connections are kept for the next operation (one pool per store value and its copies);
///   one found broken (the server went away) is dropped and a fresh one made next time.
public struct PostgresStore: LibraryStoring {
    public let address: PostgresAddress
    public var location: String { address.location }
    private let pool = Locked(Pool())

    private struct Pool {
        var idle: [PostgresConnection] = []
        /// The connection that LISTENs for other writers' commits (`waitForNews`).
        var listener: PostgresConnection?
        var migrated = false
    }

    /// Told of a schema upgrade that takes a while (`PostgresSchema.migrate`), before it starts.
    let upgrading: (@Sendable (String) -> Void)?

    /// - Parameter upgrading: told, before it starts, of a schema upgrade that rewrites every
    ///   photo's row (the CLI says it on stderr: nothing else shows for a minute a million).
    public init(address: PostgresAddress, upgrading: (@Sendable (String) -> Void)? = nil) {
        self.address = address
        self.upgrading = upgrading
    }

    // MARK: - Reading

    public func loadWithNotes() throws(LibraryStoreError) -> LoadedLibrary {
        try withConnection { connection throws(PostgresStoreFailure) in
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { () throws(PostgresStoreFailure) in
                do throws(PostgresError) {
                    let head = try Head.read(connection, lock: false)
                    let library = try PostgresLibraryRows.library(connection)
                    let unmapped = SharedRoots.unmappedNote(library.photos.lazy.map(\.path))   // paths across machines
                    return LoadedLibrary(library: library, notes: unmapped.map { [$0] } ?? [], position: head.position)
                } catch { throw .postgres(error) }
            }
        }
    }

    public func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                let head = try Head.read(connection, lock: false)
                guard head.generation == position.generation else { return .rewritten }
                guard head.lastSeq != position.sequence else { return .unchanged }
                let lines = try Self.changes(connection, after: position.sequence)
                // Read after the head: lines committed meanwhile are in, and the position follows them.
                var next = head.position
                next.sequence = lines.last?.seq ?? position.sequence
                return .appended(lines.map { ($0.seq, $0.edits, $0.photos) }, next)
            } catch { throw .postgres(error) }
        }
    }

    /// The channel every commit that changes the library notifies.
    static let channel = "photory_changes"

    /// Waits up to `timeout` seconds for another writer's commit (a NOTIFY on `channel`, heard
    /// on a connection of its own that LISTENs); false when none came, or when the server
    /// cannot be reached (then after waiting out `timeout`, so a follower does not spin; its
    /// next `news` says what is wrong).
    public func waitForNews(timeout: Double) -> Bool? {
        var listener = pool.withLock { $0.listener.take() }
        do throws(PostgresError) {
            if listener == nil {
                let connection = try PostgresConnection(address)
                try connection.execute("LISTEN \(Self.channel)")
                listener = connection
            }
            guard let listening = listener else { return false }
            let heard = try listening.waitForNotification(timeout: timeout)
            pool.withLock { $0.listener = listening }
            return heard
        } catch {
            Thread.sleep(forTimeInterval: timeout)
            return false
        }
    }

    // MARK: - Writing

    public func append(lockTimeout: Double, to copy: inout LibraryCopy?,
                       _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
        // Caught up before the lock, and the edits planned on that: kept when no other writer
        // wrote meanwhile, so the time under the lock is the write alone.
        var start: LibraryCopy?
        if let known = copy, let caught = try caughtUp(known) {
            start = caught
        } else {
            start = LibraryCopy(try loadWithNotes())
        }
        copy = nil
        let planned = start.map { edits($0.library) }
        let (saved, after) = try withConnection { connection throws(PostgresStoreFailure) in
            try connection.transaction { () throws(PostgresStoreFailure) in
                do throws(PostgresError) {
                    let head = try Head.lock(connection, timeout: lockTimeout)
                    var library: PhotoLibrary
                    var requested: [LibraryEdit]
                    if let current = start.take(), current.position.generation == head.generation {
                        library = current.library
                        let others = try Self.changes(connection, after: current.position.sequence)
                        library.replay(lines: others)
                        requested = others.isEmpty ? planned ?? edits(library) : edits(library)
                    } else {
                        library = try PostgresLibraryRows.library(connection)
                        requested = edits(library)
                    }
                    let before = library
                    let (steps, concrete) = library.replayForSaving(requested)
                    var saved = SavedEdits(library: library, steps: steps)
                    guard !concrete.isEmpty else { return (saved, LibraryCopy(library: library, position: head.position)) }
                    try PostgresLibraryRows.write(from: before, to: library, whole: true, on: connection)
                    let line = LibraryJournal.Entry(seq: head.lastSeq + 1, at: Date().timeIntervalSince1970, edits: concrete)
                    let position = try Head.record(line, on: connection, head: head)
                    saved.sequence = line.seq
                    return (saved, LibraryCopy(library: library, position: position))
                } catch { throw .postgres(error) }
            }
        }
        copy = after
        return saved
    }

    public func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double,
                             after position: inout JournalPosition?) throws(LibraryStoreError) -> [String] {
        guard !imported.isEmpty else { return [] }
        position = try withConnection { connection throws(PostgresStoreFailure) in
            try connection.transaction { () throws(PostgresStoreFailure) in
                do throws(PostgresError) {
                    let head = try Head.lock(connection, timeout: lockTimeout)
                    // Only the photos the batch names (and, for renamed photos, the history and
                    // albums that follow them): a long import costs the same per batch throughout.
                    let ids = imported.photos.map(\.id) + imported.renamed.flatMap { [$0.from, $0.to] }
                    let before = try PostgresLibraryRows.part(connection, ids: ids, withHistory: !imported.renamed.isEmpty)
                    var after = before
                    after.insert(imported)
                    try PostgresLibraryRows.write(from: before, to: after, whole: false, on: connection)
                    let line = LibraryJournal.Entry(seq: head.lastSeq + 1, at: Date().timeIntervalSince1970, photos: imported)
                    return try Head.record(line, on: connection, head: head)
                } catch { throw .postgres(error) }
            }
        }
        return []
    }

    public func update(lockTimeout: Double,
                       _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError) -> PhotoLibrary {
        try withConnection { connection throws(PostgresStoreFailure) in
            try connection.transaction { () throws(PostgresStoreFailure) in
                let before: PhotoLibrary
                do throws(PostgresError) {
                    _ = try Head.lock(connection, timeout: lockTimeout)
                    before = try PostgresLibraryRows.library(connection)
                } catch { throw .postgres(error) }
                var library = before
                do throws(LibraryStoreError) {
                    guard try change(&library) else { return library }
                } catch { throw .store(error) }
                do throws(PostgresError) {
                    try PostgresLibraryRows.write(from: before, to: library, whole: true, on: connection)
                    try Head.rewritten(on: connection)
                } catch { throw .postgres(error) }
                return library
            }
        }
    }

    /// Nothing to fold: the rows are the library. (`photory_changes` is kept: it is what
    /// followers read, and a line holds only its edits.)
    public func compact(lockTimeout: Double, repair: Bool) throws(LibraryStoreError) -> Compaction {
        _ = try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) { return try Head.read(connection, lock: false) } catch { throw .postgres(error) }
        }
        return Compaction(foldedLines: 0)
    }

    // MARK: - Helpers

    /// `copy` with what other writers saved since its position; nil when the library must be
    /// read whole (a new generation).
    private func caughtUp(_ copy: LibraryCopy) throws(LibraryStoreError) -> LibraryCopy? {
        switch try news(since: copy.position) {
        case .unchanged: return copy
        case .rewritten: return nil
        case let .appended(lines, next):
            var library = copy.library
            library.deferringGroups { library in
                for line in lines { library.replay(lineEdits: line.edits, photos: line.photos) }
            }
            return LibraryCopy(library: library, position: next)
        }
    }

    /// The lines of `photory_changes` after `sequence`, oldest first.
    static func changes(_ connection: PostgresConnection, after sequence: Int) throws(PostgresError) -> [LibraryJournal.Entry] {
        let rows = try connection.execute("SELECT change FROM photory_changes WHERE seq > $1 ORDER BY seq", [String(sequence)])
        var entries: [LibraryJournal.Entry] = []
        for row in 0..<rows.count {
            var bytes: [UInt8] = []
            rows.append(row, 0, to: &bytes)
            do {
                entries.append(try LibraryJournal.parseEntry(connection.roots.local(json: bytes)[...]))
            } catch {
                throw PostgresError(message: "change \(row) after \(sequence) cannot be read: \(error)", state: nil)
            }
        }
        return entries
    }

    /// Runs `body` on a connection from the pool (made, and the schema migrated, when needed);
    /// the connection goes back when it is still healthy.
    func withConnection<T>(_ body: (PostgresConnection) throws(PostgresStoreFailure) -> T) throws(LibraryStoreError) -> T {
        let (idle, migrated) = pool.withLock { pool in (pool.idle.popLast(), pool.migrated) }
        let connection: PostgresConnection
        if let idle, idle.isStillUp {   // else dropped: the server closed it (stopped, restarted)
            connection = idle
        } else {
            do throws(PostgresError) {
                connection = try PostgresConnection(address)
            } catch {
                throw .server(location: location, reason: "cannot connect: " + address.scrubbed(error.message))
            }
        }
        do throws(PostgresStoreFailure) {
            if !migrated {
                try PostgresSchema.migrate(connection, location: location, saying: upgrading)
                pool.withLock { $0.migrated = true }
            }
            let value = try body(connection)
            if connection.isHealthy { pool.withLock { $0.idle.append(connection) } }
            return value
        } catch {
            if connection.isHealthy { pool.withLock { $0.idle.append(connection) } }
            switch error {
            case let .store(failure): throw failure
            case let .postgres(failure) where failure.isLockTimeout: throw .locked(path: location, holder: nil)
            case let .postgres(failure): throw .server(location: location, reason: address.scrubbed(failure.message))
            }
        }
    }
}

/// The `photory_head` row: the library's generation and its last change's number.
struct Head {
    var generation: String
    var lastSeq: Int

    var position: JournalPosition {
        JournalPosition(generation: generation, sequence: lastSeq, offset: 0, inode: 0, size: 0,
                        format: LibraryJournal.format, schemaVersion: LibraryStore.schemaVersion)
    }

    static func read(_ connection: PostgresConnection, lock: Bool) throws(PostgresError) -> Head {
        let rows = try connection.execute("SELECT generation, last_seq FROM photory_head WHERE id = 1" + (lock ? " FOR UPDATE" : ""))
        guard rows.count == 1, let generation = rows.string(0, 0), let lastSeq = rows.int(0, 1) else {
            throw PostgresError(message: "the photory_head row is missing", state: nil)
        }
        return Head(generation: generation, lastSeq: lastSeq)
    }

    /// The head, locked until the transaction ends; waits `timeout` seconds for another writer.
    static func lock(_ connection: PostgresConnection, timeout: Double) throws(PostgresError) -> Head {
        try connection.execute("SELECT set_config('lock_timeout', $1, true)", ["\(max(1, Int(timeout * 1000)))ms"])
        return try read(connection, lock: true)
    }

    /// Stores `line` as the next change and moves the head past it; the position after it.
    static func record(_ line: LibraryJournal.Entry, on connection: PostgresConnection, head: Head) throws(PostgresError) -> JournalPosition {
        let text = PostgresLibraryRows.encoded(connection.roots) { $0 = LibraryJournal.encode(line).dropLast() }   // without its newline
        try connection.execute("INSERT INTO photory_changes (seq, at, change) VALUES ($1, $2, $3)",
                               [String(line.seq), String(line.at), text])
        try connection.execute("UPDATE photory_head SET last_seq = $1 WHERE id = 1", [String(line.seq)])
        try connection.execute("SELECT pg_notify($1, $2)", [PostgresStore.channel, String(line.seq)])   // sent at commit
        return Head(generation: head.generation, lastSeq: line.seq).position
    }

    /// The library was written whole: a new generation (followers read it again), no changes.
    static func rewritten(on connection: PostgresConnection) throws(PostgresError) {
        try connection.execute("DELETE FROM photory_changes")
        try connection.execute("UPDATE photory_head SET generation = gen_random_uuid()::text WHERE id = 1")
        try connection.execute("SELECT pg_notify($1, 'rewritten')", [PostgresStore.channel])
    }
}
