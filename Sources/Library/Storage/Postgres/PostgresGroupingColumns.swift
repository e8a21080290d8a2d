/// The columns of `photory_photos` the default grouping is read from without the records
/// (migration 3; `PostgresStore+Descriptions`), all computed in Swift, since the key is Unicode
/// normalisation and a stack is `StackFinder`'s call:
/// - `description_key` (`DescriptionResolver.groupKey` of `Photo.description`, "" for none:
///   "Other") and `description` (as the photo writes it: the first photo by `ord` names its group);
/// - `stack_hidden` (`Photo.isHiddenInStack`): stacks are not stored in the record but found
///   when the library is read, and a photo's flag depends on other photos (a JPEG imported
///   today hides yesterday's RAW), so it is written from a whole library when one is written,
///   else made again (`refreshStacks`) for the stacks the written photos may form or leave;
/// - `stack_stem` and `content_id`, what finds those stacks' members without the records
///   (`StackFinder`: the same base name in the same folder, or the same Apple content id).
///
/// Recipe for another column of this kind: add it to a new migration and to `values(of:)`, and
/// to `backfill`, which fills a database that holds photos from before the migration.
enum PostgresGroupingColumns {
    /// The columns every photo row writes, in the order of `values(of:storedPath:)`.
    static let names = ["description_key", "description", "stack_stem", "content_id"]

    /// The columns' values for `photo` at `storedPath` (its path as the row stores it).
    /// `keys` remembers the key of each description met (many photos share one).
    static func values(of photo: Photo, storedPath: String, keys: inout [String: String]) -> [String?] {
        var key = ""
        if let description = photo.description {
            key = keys[description] ?? DescriptionResolver.groupKey(description)
            keys[description] = key
        }
        return [key, photo.description, StackFinder.stem(of: storedPath), photo.appleContentID]
    }

    /// Whether `a` and `b` (the same photo before and after a write) may be in different stacks.
    private static func stackInputsDiffer(_ a: Photo, _ b: Photo) -> Bool {
        a.path != b.path || a.kind != b.kind || a.fileTakenAt != b.fileTakenAt || a.appleContentID != b.appleContentID
    }

    // MARK: - Stacks

    /// Makes `stack_hidden` right again after a write of part of the library (`before` what
    /// was read, `after` what was written): for the stacks of the photos added, removed or
    /// moved, found among every row that shares a base name or content id with them.
    static func refreshStacks(from before: [Photo], to after: [Photo], on connection: PostgresConnection) throws(PostgresError) {
        var stems = Set<String>(), contentIDs = Set<String>()
        func note(_ photo: Photo) {
            stems.insert(StackFinder.stem(of: connection.roots.stored(path: photo.path)))
            if let id = photo.appleContentID { contentIDs.insert(id) }
        }
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let afterIDs = Set(after.map(\.id))
        for photo in after {
            guard let old = beforeByID[photo.id] else { note(photo); continue }
            if stackInputsDiffer(old, photo) { note(old); note(photo) }
        }
        for photo in before where !afterIDs.contains(photo.id) { note(photo) }
        if !stems.isEmpty || !contentIDs.isEmpty { try refreshStacks(stems: stems, contentIDs: contentIDs, on: connection) }
    }

    /// Finds the stacks of every row with a stem of `stems` or a content id of `contentIDs`,
    /// and of the rows those share theirs with, until none is left out; sets their flags.
    static func refreshStacks(stems: Set<String>, contentIDs: Set<String>, on connection: PostgresConnection) throws(PostgresError) {
        var stems = stems, contentIDs = contentIDs
        var rows: PostgresRows
        while true {
            rows = try connection.execute("""
                SELECT id, stack_stem, content_id FROM photory_photos
                WHERE stack_stem = ANY($1::text[]) OR content_id = ANY($2::text[])
                """, [PostgresLibraryRows.arrayLiteral(Array(stems)), PostgresLibraryRows.arrayLiteral(Array(contentIDs))])
            let (before, beforeIDs) = (stems.count, contentIDs.count)
            for row in 0..<rows.count {
                stems.insert(rows.string(row, 1) ?? "")
                if let id = rows.string(row, 2) { contentIDs.insert(id) }
            }
            if stems.count == before && contentIDs.count == beforeIDs { break }
        }
        // Only rows sharing a stem or a content id with another can be in a stack.
        var perStem: [String: Int] = [:], perContentID: [String: Int] = [:]
        for row in 0..<rows.count {
            perStem[rows.string(row, 1) ?? "", default: 0] += 1
            if let id = rows.string(row, 2) { perContentID[id, default: 0] += 1 }
        }
        let all = (0..<rows.count).map { rows.string($0, 0) ?? "" }
        let shared = (0..<rows.count).filter { row in
            perStem[rows.string(row, 1) ?? ""]! > 1 || rows.string(row, 2).map { perContentID[$0]! > 1 } == true
        }.map { all[$0] }
        var hidden: [String] = []
        if !shared.isEmpty {
            let records = try connection.execute("SELECT record FROM photory_photos WHERE id = ANY($1::text[]) ORDER BY ord",
                                                 [PostgresLibraryRows.arrayLiteral(shared)])
            let photos = try PostgresLibraryRows.read(photos: records, on: connection).photos
            hidden = StackFinder.stacks(in: photos).flatMap { $0.positions.dropFirst().map { photos[$0].id } }
        }
        try connection.execute("""
            UPDATE photory_photos SET stack_hidden = (id = ANY($1::text[]))
            WHERE id = ANY($2::text[]) AND stack_hidden <> (id = ANY($1::text[]))
            """, [PostgresLibraryRows.arrayLiteral(hidden), PostgresLibraryRows.arrayLiteral(all)])
    }

    // MARK: - Migration

    /// Photos read at a time by `backfill`.
    static let backfillBatch = 2_000

    /// Fills the columns of the rows written before migration 3 (in its transaction): the
    /// records read a batch at a time (by the primary key's order, so each batch is an index
    /// range), then the stacks of the rows that share a stem or a content id.
    static func backfill(_ connection: PostgresConnection) throws(PostgresError) {
        var keys: [String: String] = [:]
        var last = ""
        while true {
            let rows = try connection.execute("""
                SELECT record, id, path FROM photory_photos WHERE id > $1 ORDER BY id LIMIT $2
                """, [last, String(backfillBatch)])
            guard rows.count > 0 else { break }
            let photos = try PostgresLibraryRows.read(photos: rows, on: connection).photos
            var columns = [[String?]](repeating: [], count: 1 + names.count)
            for (row, photo) in photos.enumerated() {
                let values = [rows.string(row, 1)] + Self.values(of: photo, storedPath: rows.string(row, 2) ?? "", keys: &keys)
                for (column, value) in values.enumerated() { columns[column].append(value) }
            }
            try connection.execute("""
                UPDATE photory_photos p SET description_key = v.key, description = v.description,
                                            stack_stem = v.stem, content_id = v.content_id
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, key, description, stem, content_id)
                WHERE p.id = v.id
                """, columns.map(PostgresLibraryRows.arrayLiteral))
            last = rows.string(rows.count - 1, 1) ?? ""
            if rows.count < backfillBatch { break }
        }
        let stems = try connection.execute("SELECT stack_stem FROM photory_photos GROUP BY stack_stem HAVING count(*) > 1")
        let contentIDs = try connection.execute("""
            SELECT content_id FROM photory_photos WHERE content_id IS NOT NULL GROUP BY content_id HAVING count(*) > 1
            """)
        guard stems.count > 0 || contentIDs.count > 0 else { return }
        try refreshStacks(stems: Set((0..<stems.count).compactMap { stems.string($0, 0) }),
                          contentIDs: Set((0..<contentIDs.count).compactMap { contentIDs.string($0, 0) }), on: connection)
    }
}
