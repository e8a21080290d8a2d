import Fixtures
import Foundation
import Testing
@testable import Library

/// PostgreSQL libraries (issue 26) against a real server (`PostgresServer`: initdb and pg_ctl
/// on 127.0.0.1, a database per test): the library read back field for field, edits and
/// imports as transactions other writers follow, migrations recorded once and a newer schema
/// refused, a server that cannot be reached named without its password.
@Suite(.enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct PostgresStoreTests {
    private func newStore() throws -> (store: PostgresStore, server: PostgresServer, address: String) {
        let server = try PostgresServer.shared.get()
        let address = try server.newDatabase()
        return (PostgresStore(address: try #require(PostgresAddress(address))), server, address)
    }

    /// Something of everything the library file keeps: every photo field, a path that is not
    /// UTF-8, ratings, tags, a favourite, an album, an undo and a redo step, a trash record, a feed.
    static func richLibrary() throws -> PhotoLibrary {
        var library = PhotoLibrary(photos: [LibraryJSONTests.everyField, samplePhoto("b"),
                                            samplePhoto("c", path: "/photos/caf\u{10FFE9} \"quoted\".jpg")])
        library.apply(EditPlanner(library: library).setRating(["b"], 4))
        library.apply(EditPlanner(library: library).changeTags(["b", "c"], adding: ["Places/Italy", "a,b {c}"], removing: []))
        library.apply(EditPlanner(library: library).setFavourite(["c"], true))
        library.apply(try EditPlanner(library: library).addToAlbum(["b", "c"], named: "Trips/Italy", creating: true))
        library.apply(EditPlanner(library: library).setDescription(["b"], to: "taken back"))
        library.undo()
        let file = FreedesktopTrash.Entry(trash: FreedesktopTrash(folder: "/home/anna/.local/share/Trash", topdir: nil),
                                          name: "gone.jpg", originalPath: "/photos/gone.jpg", deletedAt: 1_732_520_000.5)
        library.apply(.trashed([TrashedPhoto(photo: samplePhoto("gone"), files: [file])], step: nil))
        library.setFeed(LibraryFeed(url: "https://host/photos?page={page}", title: "Über \"feed\"",
                                    next: "https://host/photos?page=3", page: 2, photoIDs: ["b"]))
        return library
    }

    /// The parts a library file keeps, for comparing two libraries read back.
    private func expectSame(_ loaded: PhotoLibrary, _ expected: PhotoLibrary, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(loaded.photos == expected.photos, sourceLocation: sourceLocation)
        #expect(loaded.history == expected.history, sourceLocation: sourceLocation)
        #expect(loaded.trash == expected.trash, sourceLocation: sourceLocation)
        #expect(loaded.albums == expected.albums, sourceLocation: sourceLocation)
        #expect(loaded.feeds == expected.feeds, sourceLocation: sourceLocation)
    }

    @Test func aLibraryWrittenWholeReadsBackAsTheJSONFileDoes() throws {
        let (store, server, address) = try newStore()
        let rich = try Self.richLibrary()
        #expect(!rich.history.undo.isEmpty && !rich.history.redo.isEmpty && !rich.trash.isEmpty && !rich.albums.isEmpty)
        _ = try store.update(lockTimeout: 5) { library in
            library = rich
            return true
        }
        let folder = TemporaryFolder()
        let json = LibraryStore(path: folder.path + "/library.json")
        try json.save(rich)
        let fromJSON = try json.load()
        let fromPostgres = try PostgresStore(address: try #require(PostgresAddress(address))).load()
        expectSame(fromPostgres, fromJSON)
        #expect(fromPostgres == fromJSON)
        // Rows a query can use, not only records.
        #expect(try server.sql("SELECT rating, favourite, tags FROM photory_photos WHERE id = 'b'", database: address)
            == "4|f|{Places/Italy,\"a,b {c}\"}\n")
        #expect(try server.sql("SELECT count(*) FROM photory_history GROUP BY stack ORDER BY stack", database: address)
            == "1\n4\n")
    }

    @Test func editsAreTransactionsOtherWritersFollow() throws {
        let (store, server, address) = try newStore()
        let rich = try Self.richLibrary()
        _ = try store.update(lockTimeout: 5) { library in
            library = rich
            return true
        }
        let loaded = try store.loadWithNotes()
        let position = try #require(loaded.position)
        let other = PostgresStore(address: try #require(PostgresAddress(address)))   // another machine
        let saved = try other.append(lockTimeout: 5) { library in [.apply(EditPlanner(library: library).setRating(["c"], 2))] }
        #expect(saved.sequence == position.sequence + 1)
        try other.append([.undoLatest], lockTimeout: 5)
        guard case let .appended(lines, next) = try store.news(since: position) else {
            Issue.record("the edits were not seen")
            return
        }
        #expect(lines.count == 2)
        var followed = loaded.library
        for line in lines { for edit in line.edits { followed.replayOnce(edit) } }
        expectSame(followed, try store.load())
        #expect(followed.photo(id: "c")?.rating == 0, "the rating was undone")
        if case .unchanged = try store.news(since: next) {} else { Issue.record("nothing more to follow") }
        #expect(try server.sql("SELECT rating FROM photory_photos WHERE id = 'c'", database: address) == "0\n")
        // A writer's copy catches up with what others saved before its own edit.
        var copy = LibraryCopy(loaded)
        try other.append(lockTimeout: 5) { library in [.apply(EditPlanner(library: library).setRating(["b"], 1))] }
        try store.append(lockTimeout: 5, to: &copy) { library in [.apply(EditPlanner(library: library).setFavourite(["b"], true))] }
        let now = try store.load()
        expectSame(try #require(copy).library, now)
        #expect(now.photo(id: "b")?.rating == 1 && now.photo(id: "b")?.isFavourite == true)
    }

    @Test func importBatchesKeepEditsAndListAsTheJSONFileDoes() throws {
        let (store, _, _) = try newStore()
        let folder = TemporaryFolder()
        let json = LibraryStore(path: folder.path + "/library.json")
        var changed = samplePhoto("p1")
        changed.fileSize = 999
        for target in [store as any LibraryStoring, json] {
            var position: JournalPosition?
            try target.appendPhotos(ImportedPhotos(photos: (0..<3).map { samplePhoto("p\($0)") }), lockTimeout: 5, after: &position)
            try target.appendPhotos(ImportedPhotos(photos: [samplePhoto("p3")]), lockTimeout: 5, after: &position)
            try target.append(lockTimeout: 5) { library in [.apply(EditPlanner(library: library).setRating(["p1", "p3"], 5))] }
            // p1's file changed (same id): its record is replaced, the user's rating kept;
            // p2's file became p4 (a rename): its edits follow it.
            try target.appendPhotos(ImportedPhotos(photos: [changed, samplePhoto("p4")],
                                                   renamed: [.init(from: "p3", to: "p4")]), lockTimeout: 5, after: &position)
        }
        let fromPostgres = try store.load(), fromJSON = try json.load()
        // Two runs of the same edits: the same steps, each with its own id and time.
        #expect(fromPostgres.photos == fromJSON.photos)
        let steps = { (library: PhotoLibrary) in library.history.undo.map { "\($0.label) \($0.changes)" } }
        #expect(steps(fromPostgres) == steps(fromJSON) && fromPostgres.history.undo.count == 1)
        #expect(fromPostgres.photos.map(\.id) == ["p0", "p1", "p2", "p4"])
        #expect(fromPostgres.photo(id: "p1")?.rating == 5 && fromPostgres.photo(id: "p1")?.fileSize == 999)
        #expect(fromPostgres.photo(id: "p4")?.rating == 5)
    }

    @Test func migrationsAreRecordedOnceAndANewerSchemaIsRefused() throws {
        let (store, server, address) = try newStore()
        // Several first uses at once: each migration applied and recorded once.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            _ = try? PostgresStore(address: PostgresAddress(address)!).load()
        }
        #expect(try server.sql("SELECT version FROM schema_version ORDER BY version", database: address)
                    == (1...PostgresSchema.latest).map { "\($0)\n" }.joined())
        _ = try store.update(lockTimeout: 5) { library in
            library.add(samplePhoto("kept"))
            return true
        }
        try server.sql("INSERT INTO schema_version (version) VALUES (\(PostgresSchema.latest + 1))", database: address)
        let newer = PostgresStore(address: try #require(PostgresAddress(address)))
        #expect(throws: LibraryStoreError.unsupportedVersion(path: newer.location, found: PostgresSchema.latest + 1,
                                                             supported: PostgresSchema.latest)) {
            try newer.load()
        }
        #expect(throws: LibraryStoreError.self) { try newer.append([.undoLatest], lockTimeout: 1) }
        let message = LibraryStoreError.unsupportedVersion(path: newer.location, found: 2, supported: 1).description
        #expect(message.contains("PostgreSQL library postgresql://photory@127.0.0.1") && message.contains("use a newer photory-tui"))
        #expect(try server.sql("SELECT id FROM photory_photos", database: address) == "kept\n", "left untouched")
    }

    @Test func connectionsCannotWaitForever() throws {
        let (store, _, address) = try newStore()
        _ = try store.load()   // the schema made
        let connection = try PostgresConnection(try #require(PostgresAddress(address)))
        #expect(try connection.execute("SHOW statement_timeout").string(0, 0) == "1min")
        #expect(try connection.execute("SHOW lock_timeout").string(0, 0) == "30s")
        #expect(try connection.execute("SHOW idle_in_transaction_session_timeout").string(0, 0) == "1min")
        // A writer behind another session's head lock gives up with "locked" after its own timeout.
        try connection.execute("BEGIN")
        try connection.execute("SELECT 1 FROM photory_head FOR UPDATE")
        #expect(throws: LibraryStoreError.locked(path: store.location, holder: nil)) {
            try store.append([.undoLatest], lockTimeout: 0.2)
        }
        try connection.execute("ROLLBACK")
        try store.append([.undoLatest], lockTimeout: 5)
    }

    @Test func aCommitWakesAListeningFollower() throws {
        let (store, _, address) = try newStore()
        #expect(store.waitForNews(timeout: 0) == false, "listening; nothing yet")
        let other = PostgresStore(address: try #require(PostgresAddress(address)))   // another machine
        try other.appendPhotos(ImportedPhotos(photos: [samplePhoto("n1")]), lockTimeout: 5)
        #expect(store.waitForNews(timeout: 10) == true, "the import's commit was heard")
        #expect(store.waitForNews(timeout: 0) == false, "each commit heard once")
        try other.append(lockTimeout: 5) { library in [.apply(EditPlanner(library: library).setRating(["n1"], 3))] }
        #expect(store.waitForNews(timeout: 10) == true, "the edit's commit was heard")
        _ = try other.update(lockTimeout: 5) { library in
            library.add(samplePhoto("n2"))
            return true
        }
        #expect(store.waitForNews(timeout: 10) == true, "a whole-library write was heard")
        #expect(LibraryStore(path: "/nonexistent/library.json").waitForNews(timeout: 0) == nil, "a file has no signal: it is polled")
    }

    @Test func aServerThatCannotBeReachedIsNamedWithoutItsPassword() throws {
        let store = PostgresStore(address: try #require(PostgresAddress("postgresql://anna:s3cret@127.0.0.1:1/photos")))
        #expect(store.location == "postgresql://anna@127.0.0.1:1/photos")
        do {
            _ = try store.load()
            Issue.record("a library on a closed port loaded")
        } catch {
            #expect(error.description.hasPrefix("the PostgreSQL library postgresql://anna@127.0.0.1:1/photos failed: cannot connect"),
                    "\(error)")
            #expect(!error.description.contains("s3cret"))
        }
    }

    @Test func addressesAreRedacted() {
        #expect(PostgresAddress("postgresql://anna:pw@nas:5433/photos?sslmode=require&password=pw")?.location
            == "postgresql://anna@nas:5433/photos")
        #expect(PostgresAddress("postgres://nas/photos")?.location == "postgres://nas/photos")
        #expect(PostgresAddress("/home/anna/library.json") == nil)
        #expect(PostgresAddress("postgresql://anna:pw@nas/photos")?.scrubbed("bad \"postgresql://anna:pw@nas\"")
            == "bad \"postgresql://anna:***@nas\"")
        // A short password masks itself as the password only, not every "p" of the message.
        #expect(PostgresAddress("postgresql://anna:p@nas/photos")?.scrubbed("invalid port in postgresql://anna:p@nas")
            == "invalid port in postgresql://anna:***@nas")
        // A password with "@", "/" or "%" not percent-encoded: none of it in the name, and refused
        // before libpq could quote it.
        let raw = PostgresAddress("postgresql://tp3:p@ss:w/rd%x@127.0.0.1:54329/photos")
        #expect(raw?.location == "postgresql://tp3@127.0.0.1:54329/photos")
        #expect(raw?.problem?.contains("percent-encoded") == true)
        #expect(PostgresAddress("postgresql://tp3:p%40ss%3Aw%2Frd@127.0.0.1/photos")?.problem == nil)
        let refused = PostgresStore(address: raw!)
        #expect(throws: LibraryStoreError.self) { try refused.load() }
        do { _ = try refused.load() } catch {
            #expect(!error.description.contains("ss:w") && error.description.contains("percent-encoded"), "\(error)")
        }
    }
}
