/// The tables of a PostgreSQL library and the migrations that make them (issue 26).
///
/// Recipe for a schema change: append a `Migration` with the next version and the SQL that
/// turns the previous schema into the new one (never edit a migration already released: a
/// database that applied it would not apply it again), and, for columns only Swift can
/// compute, a `backfill` that fills them in the rows already there. `migrate` applies the missing ones in
/// order, in one transaction, under an advisory lock (two photory-tuis starting at once apply
/// each once), and records each in `schema_version`. A database whose newest version is above
/// `latest` was written by a newer photory-tui: it is refused, never changed.
///
/// The tables hold what the JSON file holds, a row per item: each record is written by the
/// library file's own encoders (`PhotoCodec`, `LibraryJSON`), so a field cannot be added to one
/// store and not the other; the columns beside a record (path, date, rating, tags…) are the
/// photo's own values, for queries. `photory_changes` is the log other writers and browsers
/// follow (the journal's lines); `photory_head` is its head and the write lock.
enum PostgresSchema {
    struct Migration: Sendable {
        var version: Int
        var sql: String
        /// Run after `sql`, in the same transaction.
        var backfill: (@Sendable (PostgresConnection) throws(PostgresError) -> Void)? = nil
    }

    static let migrations = [
        Migration(version: 1, sql: """
            CREATE TABLE photory_head (
                id integer PRIMARY KEY CHECK (id = 1),
                generation text NOT NULL,
                last_seq bigint NOT NULL DEFAULT 0
            );
            INSERT INTO photory_head (id, generation) VALUES (1, gen_random_uuid()::text);
            CREATE TABLE photory_photos (
                id text PRIMARY KEY,
                ord bigint NOT NULL,
                path text NOT NULL,
                taken_at text,
                rating integer NOT NULL,
                favourite boolean NOT NULL,
                rejected boolean NOT NULL,
                tags text[] NOT NULL,
                record text NOT NULL
            );
            CREATE INDEX photory_photos_ord ON photory_photos (ord);
            CREATE INDEX photory_photos_path ON photory_photos (path);
            CREATE TABLE photory_history (
                stack text NOT NULL CHECK (stack IN ('undo', 'redo')),
                ord integer NOT NULL,
                step_id text NOT NULL,
                step text NOT NULL,
                PRIMARY KEY (stack, ord)
            );
            CREATE TABLE photory_albums (ord integer PRIMARY KEY, id text NOT NULL, name text NOT NULL, record text NOT NULL);
            CREATE TABLE photory_trash (ord integer PRIMARY KEY, photo_id text NOT NULL, record text NOT NULL);
            CREATE TABLE photory_feeds (ord integer PRIMARY KEY, url text NOT NULL, record text NOT NULL);
            CREATE TABLE photory_changes (
                seq bigint PRIMARY KEY,
                at double precision NOT NULL,
                change text NOT NULL
            );
            """),
        // Scale (issue 26): the home grid's folders by aggregate and a folder a screen at a time
        // (`PostgresStore+Pages`), both from one index in byte order (`FolderPageKey`).
        Migration(version: 2, sql: """
            ALTER TABLE photory_photos
                ADD COLUMN folder text COLLATE "C" GENERATED ALWAYS AS
                    (CASE WHEN strpos(path, '/') = 0 THEN '' ELSE left(path, length(path) - strpos(reverse(path), '/')) END) STORED,
                ADD COLUMN taken_key text COLLATE "C" GENERATED ALWAYS AS (coalesce(taken_at, '')) STORED;
            CREATE INDEX photory_photos_folder_page ON photory_photos (folder, taken_key, path COLLATE "C", id COLLATE "C");
            """),
        // Scale (issue 26): the default grouping (by description) the same way, and both
        // groupings without the photos a stack hides (`PostgresGroupingColumns`: the values
        // are Swift's, so the rows already there are filled by `backfill`). The flag and the
        // first place (`ord`, whose description names the group) ride in the indexes, so the
        // aggregates read the indexes alone.
        Migration(version: 3, sql: """
            ALTER TABLE photory_photos
                ADD COLUMN description_key text COLLATE "C" NOT NULL DEFAULT '',
                ADD COLUMN description text,
                ADD COLUMN stack_hidden boolean NOT NULL DEFAULT false,
                ADD COLUMN stack_stem text COLLATE "C" NOT NULL DEFAULT '',
                ADD COLUMN content_id text COLLATE "C";
            DROP INDEX photory_photos_folder_page;
            CREATE INDEX photory_photos_folder_page ON photory_photos (folder, taken_key, path COLLATE "C", id COLLATE "C")
                INCLUDE (stack_hidden);
            CREATE INDEX photory_photos_description_page
                ON photory_photos (description_key, taken_key, path COLLATE "C", id COLLATE "C") INCLUDE (stack_hidden, ord);
            CREATE INDEX photory_photos_stack_stem ON photory_photos (stack_stem);
            CREATE INDEX photory_photos_content_id ON photory_photos (content_id) WHERE content_id IS NOT NULL;
            """, backfill: PostgresGroupingColumns.backfill),
    ]

    /// The schema this build writes and the newest it reads.
    static var latest: Int { migrations.last?.version ?? 0 }

    /// An arbitrary constant for `pg_advisory_xact_lock`: photory's migrations, one at a time.
    static let migrationLockKey = 0x7068_6f74_6f72_79   // "photory"

    /// Brings the database up to `latest` (nothing when it is there); refuses a newer one.
    /// - Parameter saying: told, before a migration that rewrites every photo's row (a
    ///   `backfill`), what is being done and to how many photos (a minute a million).
    static func migrate(_ connection: PostgresConnection, location: String,
                        saying: (@Sendable (String) -> Void)? = nil) throws(PostgresStoreFailure) {
        if try version(connection) == latest { return }
        try connection.transaction { () throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                try connection.execute("SELECT pg_advisory_xact_lock(\(migrationLockKey))")
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS schema_version (
                        version integer PRIMARY KEY,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
            } catch { throw .postgres(error) }
            let current = try version(connection) ?? 0
            guard current <= latest else {
                throw .store(.unsupportedVersion(path: location, found: current, supported: latest))
            }
            for migration in migrations where migration.version > current {
                do throws(PostgresError) {
                    if migration.backfill != nil, current > 0, let saying,
                       let photos = try connection.execute("SELECT count(*) FROM photory_photos").int(0, 0), photos > 0 {
                        saying("upgrading \(location) to schema \(migration.version) for this version of photory-tui: "
                               + "every one of its \(Counted.text(photos)) is filled in again, once (about a minute a million)…")
                    }
                    try connection.execute(migration.sql)
                    try migration.backfill?(connection)
                    try connection.execute("INSERT INTO schema_version (version) VALUES ($1)", [String(migration.version)])
                } catch { throw .postgres(error) }
            }
        }
    }

    /// The newest version recorded (nil: no `schema_version` table, a database photory never
    /// used); refuses a version newer than this build's.
    static func version(_ connection: PostgresConnection) throws(PostgresStoreFailure) -> Int? {
        let exists: PostgresRows
        do throws(PostgresError) { exists = try connection.execute("SELECT to_regclass('schema_version') IS NOT NULL") } catch { throw .postgres(error) }
        guard exists.string(0, 0) == "t" else { return nil }
        do throws(PostgresError) { return try connection.execute("SELECT max(version) FROM schema_version").int(0, 0) ?? 0 } catch { throw .postgres(error) }
    }
}
