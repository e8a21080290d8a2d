/// A library as rows of a PostgreSQL library's tables (`PostgresSchema`), both ways: read back
/// into a `PhotoLibrary` by the library file's own reader, and written as the difference
/// between two copies (the rows that changed, not the library), so an edit writes its photos,
/// and an import's batch its batch.
enum PostgresLibraryRows {
    /// Rows a multi-row INSERT carries at most (PostgreSQL takes 65,535 parameters).
    static let rowsPerInsert = 500

    // MARK: - Reading

    /// The whole library, read in the caller's transaction.
    static func library(_ connection: PostgresConnection) throws(PostgresError) -> PhotoLibrary {
        try read(photos: try connection.execute("SELECT record FROM photory_photos ORDER BY ord"), on: connection) {
            (document: inout [UInt8]) throws(PostgresError) in
            document += ",\"trash\":".utf8
            appendList(try connection.execute("SELECT record FROM photory_trash ORDER BY ord"), &document)
            document += ",\"albums\":".utf8
            appendList(try connection.execute("SELECT record FROM photory_albums ORDER BY ord"), &document)
            document += ",\"feeds\":".utf8
            appendList(try connection.execute("SELECT record FROM photory_feeds ORDER BY ord"), &document)
            try appendHistory(connection, &document)
        }
    }

    /// The photos of `ids` that are in the library (in its order), and the history and albums
    /// when `withHistory` (an import's renames change them): what an import's batch touches.
    static func part(_ connection: PostgresConnection, ids: [String], withHistory: Bool) throws(PostgresError) -> PhotoLibrary {
        let rows = try connection.execute("SELECT record FROM photory_photos WHERE id = ANY($1::text[]) ORDER BY ord",
                                          [arrayLiteral(ids)])
        return try read(photos: rows, on: connection) { (document: inout [UInt8]) throws(PostgresError) in
            guard withHistory else { return }
            document += ",\"albums\":".utf8
            appendList(try connection.execute("SELECT record FROM photory_albums ORDER BY ord"), &document)
            try appendHistory(connection, &document)
        }
    }

    /// A library of the photo records of `rows` (their first column), and whatever `rest`
    /// appends after them, read by the library file's reader with this machine's paths for the
    /// shared roots (`SharedRoots.local(json:)`).
    static func read(photos rows: PostgresRows, on connection: PostgresConnection,
                     _ rest: (inout [UInt8]) throws(PostgresError) -> Void = { _ in }) throws(PostgresError) -> PhotoLibrary {
        var document: [UInt8] = Array("{\"schemaVersion\":\(LibraryStore.schemaVersion),\"photos\":".utf8)
        appendList(rows, &document)
        try rest(&document)
        document += "}".utf8
        return try decode(connection.roots.local(json: document))
    }

    private static func appendHistory(_ connection: PostgresConnection, _ document: inout [UInt8]) throws(PostgresError) {
        document += ",\"history\":{\"undo\":".utf8
        appendList(try connection.execute("SELECT step FROM photory_history WHERE stack = 'undo' ORDER BY ord"), &document)
        document += ",\"redo\":".utf8
        appendList(try connection.execute("SELECT step FROM photory_history WHERE stack = 'redo' ORDER BY ord"), &document)
        document += "}".utf8
    }

    /// `[row,row,…]` of the first column's JSON records.
    private static func appendList(_ rows: PostgresRows, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for row in 0..<rows.count {
            if row > 0 { out.append(contentsOf: ",\n".utf8) }
            rows.append(row, 0, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func decode(_ document: [UInt8]) throws(PostgresError) -> PhotoLibrary {
        let contents: LibraryJSON.Contents
        do {
            contents = try document.withUnsafeBytes { try LibraryJSON.read($0, supported: LibraryStore.schemaVersion) }
        } catch {
            throw PostgresError(message: "a stored record cannot be read: \(error)", state: nil)
        }
        return PhotoLibrary(photos: contents.photos ?? [], history: contents.history, trash: contents.trash,
                            albums: contents.albums, feeds: contents.feeds)
    }

    // MARK: - Writing

    /// Writes what differs between `before` (what the tables hold, or the part of it read) and
    /// `after`, in the caller's transaction. Photos keep their place (`ord`); new ones go after
    /// the last; when the photos left were reordered, every photo's place is written again.
    /// `whole`: `before` is the whole library, so its stacks are known (`stack_hidden` is
    /// written from the photos); else the stacks the written photos touch are found again.
    static func write(from before: PhotoLibrary, to after: PhotoLibrary, whole: Bool,
                      on connection: PostgresConnection) throws(PostgresError) {
        try writePhotos(from: before.photos, to: after.photos, stackFlags: whole, on: connection)
        if !whole { try PostgresGroupingColumns.refreshStacks(from: before.photos, to: after.photos, on: connection) }
        for stack in ["undo", "redo"] {
            let old = stack == "undo" ? before.history.undo : before.history.redo
            let new = stack == "undo" ? after.history.undo : after.history.redo
            let kept = zip(old, new).prefix { $0 == $1 }.count
            if kept < old.count {
                try connection.execute("DELETE FROM photory_history WHERE stack = $1 AND ord >= $2", [stack, String(kept)])
            }
            try insert(into: "photory_history", columns: ["stack", "ord", "step_id", "step"],
                       new[kept...].enumerated().map { offset, step in
                           [stack, String(kept + offset), step.id, encoded(connection.roots) { LibraryJSON.appendStep(step, &$0) }]
                       }, on: connection)
        }
        if before.albums != after.albums {
            try connection.execute("DELETE FROM photory_albums")
            try insert(into: "photory_albums", columns: ["ord", "id", "name", "record"],
                       after.albums.enumerated().map { index, album in
                           [String(index), album.id, album.name, encoded(connection.roots) { LibraryJSON.appendAlbum(album, &$0) }]
                       }, on: connection)
        }
        if before.trash != after.trash {
            try connection.execute("DELETE FROM photory_trash")
            try insert(into: "photory_trash", columns: ["ord", "photo_id", "record"],
                       after.trash.enumerated().map { index, record in
                           [String(index), record.photo.id, encoded(connection.roots) { LibraryJSON.appendTrashRecord(record, &$0) }]
                       }, on: connection)
        }
        if before.feeds != after.feeds {
            try connection.execute("DELETE FROM photory_feeds")
            try insert(into: "photory_feeds", columns: ["ord", "url", "record"],
                       after.feeds.enumerated().map { index, feed in
                           [String(index), feed.url, encoded(connection.roots) { LibraryJSON.appendFeed(feed, &$0) }]
                       }, on: connection)
        }
    }

    private static func writePhotos(from before: [Photo], to after: [Photo], stackFlags: Bool,
                                    on connection: PostgresConnection) throws(PostgresError) {
        // An edit: the same photos in the same places, a few changed.
        if before.count == after.count, zip(before, after).allSatisfy({ $0.id == $1.id }) {
            let changed = zip(before, after).filter { $0 != $1 }.map(\.1)
            return try upsert(changed.map { ($0, nil) }, stackFlags: stackFlags, on: connection)
        }
        let afterIDs = Set(after.map(\.id))
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let removed = before.map(\.id).filter { !afterIDs.contains($0) }
        if !removed.isEmpty {
            try connection.execute("DELETE FROM photory_photos WHERE id = ANY($1::text[])", [arrayLiteral(removed)])
        }
        let keptInOrder = before.map(\.id).filter { afterIDs.contains($0) }
        if after.map(\.id).filter({ beforeByID[$0] != nil }) != keptInOrder {
            return try upsert(after.enumerated().map { ($1, Int64($0)) }, stackFlags: stackFlags, on: connection)
        }
        let last = try connection.execute("SELECT coalesce(max(ord), -1) FROM photory_photos").int(0, 0) ?? -1
        var next = Int64(last) + 1
        var rows: [(Photo, Int64?)] = []
        for photo in after {
            if let old = beforeByID[photo.id] {
                if old != photo { rows.append((photo, nil)) }
            } else {
                rows.append((photo, next))
                next += 1
            }
        }
        try upsert(rows, stackFlags: stackFlags, on: connection)
    }

    /// Inserts or replaces photos by id; `ord` nil keeps a stored photo's place (a new one
    /// without a place is never given: the caller gives each new photo one). A stored photo
    /// keeps its `stack_hidden` unless `stackFlags` (the photos' stacks are the library's).
    private static func upsert(_ photos: [(Photo, Int64?)], stackFlags: Bool, on connection: PostgresConnection) throws(PostgresError) {
        let moved = photos.filter { $0.1 != nil }, kept = photos.filter { $0.1 == nil }
        let columns = ["id", "ord", "path", "taken_at", "rating", "favourite", "rejected", "tags", "record", "stack_hidden"]
            + PostgresGroupingColumns.names
        var keys: [String: String] = [:]
        for (rows, setPlace) in [(moved, true), (kept, false)] where !rows.isEmpty {
            let updated = columns.filter { $0 != "id" && ($0 != "ord" || setPlace) && ($0 != "stack_hidden" || stackFlags) }
            let conflict = "ON CONFLICT (id) DO UPDATE SET " + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            try insert(into: "photory_photos", columns: columns,
                       rows.map { photo, ord in
                           let marks = photo.marks, path = connection.roots.stored(path: photo.path)
                           return [photo.id, String(ord ?? 0), path, photo.takenAt, String(marks.rating),
                                   photo.isFavourite ? "t" : "f", marks.rejected ? "t" : "f", arrayLiteral(marks.tags),
                                   encoded(connection.roots) { out in
                                       var writer = PhotoCodec.Writer(bytes: [])
                                       PhotoCodec.shared.write(photo, &writer)
                                       out = writer.bytes
                                   }, photo.isHiddenInStack ? "t" : "f"]
                               + PostgresGroupingColumns.values(of: photo, storedPath: path, keys: &keys)
                       }, conflict: conflict, on: connection)
        }
    }

    /// Multi-row INSERTs of `rows`, `rowsPerInsert` at a time.
    private static func insert(into table: String, columns: [String], _ rows: [[String?]], conflict: String = "",
                               on connection: PostgresConnection) throws(PostgresError) {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + rowsPerInsert, rows.count)]
            var values: [String] = []
            for row in chunk.indices {
                let first = (row - start) * columns.count
                values.append("(" + (1...columns.count).map { "$\(first + $0)" }.joined(separator: ",") + ")")
            }
            try connection.execute("INSERT INTO \(table) (\(columns.joined(separator: ","))) VALUES "
                                       + values.joined(separator: ",") + " " + conflict,
                                   chunk.flatMap { $0 })
            start += rowsPerInsert
        }
    }

    /// A JSON record as text: the encoder's bytes with raw path bytes as surrogate escapes
    /// (what the library file holds, valid UTF-8 for a `text` column), and paths under a shared
    /// root as `root:NAME/…` (`SharedRoots`).
    static func encoded(_ roots: SharedRoots, _ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: roots.stored(json: PathBytes.surrogateEscaped(json: bytes)), as: UTF8.self)
    }

    /// `{"a","b",NULL}`: a text[] parameter.
    static func arrayLiteral(_ items: [String?]) -> String {
        "{" + items.map { item in
            guard let item else { return "NULL" }
            return "\"" + item.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
