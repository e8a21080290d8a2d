import Fixtures
import Foundation
import Library
import TUI

extension Benchmark {
    /// Photos in the PostgreSQL figures: the issue's million, in ten folders of 100,000.
    static let postgresPhotos = 1_000_000
    static let postgresFolders = 10
    /// Descriptions of the photos: a thousand, on three photos in four (750 each); the fourth
    /// (250,000) has none, so "Other" is the large folder of the default grouping.
    static let postgresDescriptions = 1_000

    /// Figure 20: a PostgreSQL library of a million photos (issue 26, "Scale") on a throw-away
    /// local server (`PostgresServer`: initdb + pg_ctl on 127.0.0.1, fsync on, stopped at the
    /// end): the home grid's folders from opening the library, one edit committed, a screen of
    /// a 100,000-photo folder; and, for comparison, the library read whole as the browser does
    /// today.
    func runPostgres() throws {
        report.section("20. PostgreSQL library of \(Self.postgresPhotos) photos (local server)")
        let server: PostgresServer
        do {
            server = try PostgresServer(fsync: true)
        } catch {
            report.note(PostgresServer.findBinaries() == nil
                ? "skipped: no PostgreSQL server tools (initdb, pg_ctl: Debian's postgresql package)"
                : "skipped: the server did not start: \(error)")
            return
        }
        defer { server.stop() }
        let address = try server.newDatabase()
        guard let parsed = PostgresAddress(address) else { throw Failure(description: "bad address \(address)") }
        let fillMs = try Measure.time { try fillPostgres(server, address: address, store: PostgresStore(address: parsed)) }
        report.note("\(Self.postgresPhotos) photos in \(Self.postgresFolders) folders and \(Self.postgresDescriptions) descriptions written in "
                    + "\(String(format: "%.0f", fillMs / 1000)) s (INSERT … SELECT from generate_series, one real "
                    + "record as the template), then VACUUM ANALYZE")

        // Opening the library: a new store (connection, schema check) and the home grid's folders,
        // by folder and by description (the default grouping).
        let summaries = try opening("home grid's folders, counts, dates, covers", parsed) { try $0.folderSummaries() }
        report.note("\(summaries.count) folders, \(summaries.reduce(0) { $0 + $1.count }) photos counted")
        let described = try opening("the default grouping's folders by description", parsed) { try $0.descriptionSummaries() }
        report.note("\(described.count) folders by description, \(described.reduce(0) { $0 + $1.count }) photos counted")

        // The browser as `photory-tui` opens it: the first frame at once, the library read behind.
        let opening = try (0..<3).map { _ in try browserOpening(parsed) }
        report.row("open → the browser's first frame drawn (160×48, read behind)", median: Measure.median(opening.map(\.first)) / 1000,
                   worst: opening.map(\.first).max().map { $0 / 1000 }, unit: "s", target: .below(1.5), decimals: 3)
        report.row("  … → the home grid with every photo (the rows read behind it)", median: Measure.median(opening.map(\.read)) / 1000,
                   worst: opening.map(\.read).max().map { $0 / 1000 }, unit: "s", decimals: 2)

        // A screen of one 100,000-photo folder, and of the largest folder by description (Other):
        // the first, and one from its middle (keyset).
        let store = PostgresStore(address: parsed)
        let folder = summaries.first?.folder ?? ""
        let page = try screens(of: "a 100,000-photo folder", where: "folder = '\(folder)'", server, address) { key in
            try store.photos(inFolder: folder, after: key, limit: 100)
        }
        let largest = described.max { $0.count < $1.count }
        report.note("the largest folder by description: \(largest?.name ?? "none"), \(Counted.text(largest?.count ?? 0))")
        _ = try screens(of: "the largest description",
                        where: "description_key = '\(largest?.key ?? "")' AND NOT stack_hidden", server, address) { key in
            try store.photos(withDescriptionKey: largest?.key ?? "", after: key, limit: 100)
        }

        // One edit committed: a favourite on one photo, reading only that photo (and the history).
        let id = page.photos.first?.id ?? ""
        let edits = try (0..<9).map { round in
            try Measure.time {
                try store.commit(photoIDs: [id], lockTimeout: 10) { library in
                    [.apply(EditPlanner(library: library).setFavourite([id], round % 2 == 0))]
                }
            }
        }
        report.row("one edit committed (favourite, its photo read, one transaction)", median: Measure.median(edits),
                   worst: edits.max(), unit: "ms", target: .below(20))

        // For comparison, what does not scale: the browser still reads the library whole when it
        // starts; and an edit appended with a whole copy (what its saver did before `commit`).
        var copy: LibraryCopy?
        let whole = try Measure.time { copy = LibraryCopy(try PostgresStore(address: parsed).loadWithNotes()) }
        report.row("the whole library read, as the browser still starts (once)", median: whole / 1000, worst: nil,
                   unit: "s", decimals: 2)
        // Where that time goes: the server's part of its biggest statement (the rest is the
        // transfer, and decoding a million records).
        let plan = try server.sql("EXPLAIN (ANALYZE, TIMING OFF) SELECT record FROM photory_photos ORDER BY ord",
                                  database: address).split(separator: "\n")
        if let line = plan.first(where: { $0.hasPrefix("Execution Time:") }),
           let milliseconds = Double(line.split(separator: " ")[2]) {
            report.row("  of which the server runs SELECT record … ORDER BY ord", median: milliseconds / 1000, worst: nil,
                       unit: "s", decimals: 2)
            report.note("its plan: \(plan.first.map { String($0.prefix(80)) } ?? "?")")
        }
        let appends = try (0..<3).map { round in
            try Measure.time {
                try store.append(lockTimeout: 10, to: &copy) { library in
                    [.apply(EditPlanner(library: library).setFavourite([id], round % 2 == 0))]
                }
            }
        }
        report.row("  for comparison: one edit by append with a whole copy", median: Measure.median(appends),
                   worst: appends.max(), unit: "ms")
    }

    /// Five openings of a new store that ask it for `summaries` (an aggregate), as a row in
    /// seconds against the first frame's target; the last answer.
    private func opening<Summary>(_ what: String, _ address: PostgresAddress,
                                  _ summaries: (PostgresStore) throws -> [Summary]) throws -> [Summary] {
        var answer: [Summary] = []
        let times = try (0..<5).map { _ in try Measure.time { answer = try summaries(PostgresStore(address: address)) } }
        report.row("open → \(what) (aggregate)", median: Measure.median(times) / 1000,
                   worst: times.max().map { $0 / 1000 }, unit: "s", target: .below(1.5), decimals: 3)
        return answer
    }

    /// The rows of a screen (100 tiles) of the photos `condition` selects, read by `read` after
    /// a key: the first screen, and the one after the middle photo; the last page read.
    private func screens(of what: String, where condition: String, _ server: PostgresServer, _ address: String,
                         read: (FolderPageKey?) throws -> FolderPage) throws -> FolderPage {
        let middle = try server.sql("""
            SELECT taken_key || '|' || path || '|' || id FROM photory_photos WHERE \(condition)
            ORDER BY taken_key, path COLLATE "C", id COLLATE "C"
            OFFSET (SELECT count(*) / 2 FROM photory_photos WHERE \(condition)) LIMIT 1
            """, database: address).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
        let key = middle.count == 3 ? FolderPageKey(takenAt: middle[0], path: middle[1], id: middle[2]) : nil
        var page = FolderPage(photos: [], next: nil)
        let first = try (0..<9).map { _ in try Measure.time { page = try read(nil) } }
        report.row("a screen (100 tiles) of \(what): the first", median: Measure.median(first),
                   worst: first.max(), unit: "ms", target: .below(50))
        let deep = try (0..<9).map { _ in try Measure.time { page = try read(key) } }
        report.row("  one from its middle (keyset)", median: Measure.median(deep), worst: deep.max(), unit: "ms", target: .below(50))
        report.note("a screen: \(page.photos.count) photos read and decoded; next key \(page.next == nil ? "none" : "given")")
        return page
    }

    /// `BrowserApp.run` as `photory-tui` starts it on a library of 100,000 photos or more (the
    /// count from the aggregate, an empty library, `readBehind`) on a headless terminal: the
    /// milliseconds from opening the store to the first frame, and to the frame with the library.
    private func browserOpening(_ address: PostgresAddress) throws -> (first: Double, read: Double) {
        let started = Measure.now()
        let store = PostgresStore(address: address)
        let summaries = try store.descriptionSummaries()
        let photos = summaries.reduce(0) { $0 + $1.count }
        let app = BrowserApp(store: store, thumbnails: ThumbnailStore(folder: folder("postgres/thumbnails")),
                             config: Config(), rememberedFile: folder("postgres") + "/state.json")
        let times = Locked<(first: Double?, read: Double?)>((nil, nil))
        let ended = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        let loop = Thread {
            do {
                let terminal = try Terminal(headlessColumns: 160, rows: 48, colorModeOverride: .truecolor)
                app.run(library: PhotoLibrary(), on: terminal, notice: "Reading \(Counted.text(photos))…", readBehind: summaries) { grid in
                    let now = Measure.now(), status = grid.lines()[grid.height - 1]
                    let read = times.withLock { times -> Bool in
                        if times.first == nil { times.first = now - started }
                        guard times.read == nil, status.contains("Library read") else { return false }
                        times.read = now - started
                        return true
                    }
                    if read { app.stop() }
                }
                terminal.restore()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            ended.signal()
        }
        loop.start()
        if ended.wait(timeout: .now() + 600) == .timedOut {
            app.stop()
            ended.wait()
        }
        if let failure = failure.withLock({ $0 }) { throw Failure(description: "the browser did not start: \(failure)") }
        let (first, read) = times.withLock { $0 }
        guard let first, let read else { throw Failure(description: "the browser did not show the library it read") }
        return (first, read)
    }

    /// Fills the new database with `postgresPhotos` photos: one real photo written by the store
    /// (its record the template), then copies of it with their own id, path, date and
    /// description, written by the server in batches (each under the statement timeout). The
    /// made-up descriptions are ASCII, so SQL's `lower` is their group key (`DescriptionResolver`);
    /// an empty one is read as none ("Other").
    private func fillPostgres(_ server: PostgresServer, address: String, store: PostgresStore) throws {
        var seed = SyntheticLibrary.make(count: 1).photos[0]
        seed.id = "fffffffffffffff"
        seed.path = "/seed/SEED.jpg"
        seed.fileDescription = "SEEDDESC"
        _ = try store.update(lockTimeout: 10) { library in
            library = PhotoLibrary(photos: [seed])
            return true
        }
        let taken = try server.sql("SELECT taken_at FROM photory_photos", database: address)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let batch = 100_000
        for start in stride(from: 0, to: Self.postgresPhotos, by: batch) {
            try server.sql("""
                INSERT INTO photory_photos (id, ord, path, taken_at, rating, favourite, rejected, tags, record,
                                            description_key, description, stack_stem)
                SELECT s.id, s.i, s.path, s.taken, 0, false, false, '{}',
                       replace(replace(replace(replace(t.record, '"fffffffffffffff"', '"' || s.id || '"'),
                                               '"/seed/SEED.jpg"', '"' || s.path || '"'), '"\(taken)"', '"' || s.taken || '"'),
                               '"SEEDDESC"', '"' || coalesce(s.description, '') || '"'),
                       coalesce(lower(s.description), ''), s.description, lower(left(s.path, -4))
                FROM (SELECT record FROM photory_photos WHERE id = 'fffffffffffffff') t,
                     (SELECT i, lpad(to_hex(i), 15, '0') AS id,
                             '/srv/photos/folder-' || (i % \(Self.postgresFolders)) || '/IMG_' || lpad(i::text, 7, '0') || '.jpg' AS path,
                             to_char(timestamp '2014-01-01' + ((i::bigint * 7919) % 340000000) * interval '1 second',
                                     'YYYY-MM-DD"T"HH24:MI:SS') AS taken,
                             CASE WHEN i % 4 = 0 THEN NULL ELSE 'Trip ' || (i / 4 % \(Self.postgresDescriptions)) END AS description
                      FROM generate_series(\(start), \(min(start + batch, Self.postgresPhotos) - 1)) i) s
                """, database: address)
        }
        try server.sql("DELETE FROM photory_photos WHERE id = 'fffffffffffffff'", database: address)
        try server.sql("VACUUM ANALYZE photory_photos", database: address)
    }
}
