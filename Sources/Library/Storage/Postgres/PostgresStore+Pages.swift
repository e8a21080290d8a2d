import Foundation

/// A PostgreSQL library shown without reading it whole (issue 26, "Scale"; `LibraryPaging`):
/// the folders from one aggregate over the `photory_photos_folder_page` index (migration 2:
/// the generated `folder` and `taken_key` columns; migration 3: the stack flag beside them),
/// a folder's photos a screen at a time by keyset on the same index, and an edit that reads
/// only the photos it names. The default grouping is the same over its own index
/// (`PostgresStore+Descriptions`, `summaryRows` and `page`).
extension PostgresStore: LibraryPaging {
    /// The index's order, in every statement that reads a folder (the index's collations, so
    /// the planner uses it whatever the database's own collation is).
    private static let pageOrder = #"taken_key, path COLLATE "C", id COLLATE "C""#

    public func folderSummaries() throws(LibraryStoreError) -> [FolderSummary] {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                let rows = try Self.summaryRows(connection, by: "folder")
                return (0..<rows.count).map { row in
                    FolderSummary(folder: connection.roots.local(path: rows.string(row, 0) ?? ""), count: rows.int(row, 1) ?? 0,
                                  firstTakenAt: rows.string(row, 2) ?? "", lastTakenAt: rows.string(row, 3) ?? "",
                                  coverID: rows.string(row, 4) ?? "")
                }
            } catch { throw .postgres(error) }
        }
    }

    public func photos(inFolder folder: String, after key: FolderPageKey?, limit: Int) throws(LibraryStoreError) -> FolderPage {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                return try Self.page(connection, where: "folder", is: connection.roots.stored(path: folder), after: key, limit: limit)
            } catch { throw .postgres(error) }
        }
    }

    /// Each group of `column` (`folder` or `description_key`, the first column of its page
    /// index) with photos a stack does not hide: the group, their count, earliest and latest
    /// known date, cover (first in page order) and, when `named`, the description of its
    /// first photo by `ord`, hidden or not (`PhotoLibrary.makeGroups` names a group so). Counts,
    /// dates and first places from the index alone; the cover and the name are a probe each.
    static func summaryRows(_ connection: PostgresConnection, by column: String,
                            named: Bool = false) throws(PostgresError) -> PostgresRows {
        try connection.execute("""
            SELECT g.grouped, g.photos, g.first_taken, g.last_taken, c.id
                   \(named ? ", (SELECT n.description FROM photory_photos n WHERE n.ord = g.first_place LIMIT 1)" : "")
            FROM (SELECT \(column) AS grouped, count(*) FILTER (WHERE NOT stack_hidden) AS photos,
                         coalesce(min(nullif(taken_key, '')) FILTER (WHERE NOT stack_hidden), '') AS first_taken,
                         coalesce(max(taken_key) FILTER (WHERE NOT stack_hidden), '') AS last_taken
                         \(named ? ", min(ord) AS first_place" : "")
                  FROM photory_photos GROUP BY \(column) HAVING bool_or(NOT stack_hidden)) g
            CROSS JOIN LATERAL (SELECT id FROM photory_photos p WHERE p.\(column) = g.grouped AND NOT p.stack_hidden
                                ORDER BY \(pageOrder) LIMIT 1) c
            ORDER BY g.grouped
            """)
    }

    /// Up to `limit` photos a stack does not hide whose `column` is `value`, after `key` in page
    /// order (keyset on the column's page index), and the key to go on from.
    static func page(_ connection: PostgresConnection, where column: String, is value: String,
                     after key: FolderPageKey?, limit: Int) throws(PostgresError) -> FolderPage {
        var parameters: [String?] = [value, String(max(0, limit))]
        var after = ""
        if let key {
            after = #"AND (\#(pageOrder)) > ($3::text COLLATE "C", $4::text COLLATE "C", $5::text COLLATE "C")"#
            parameters += [key.takenAt, key.path, key.id]
        }
        let rows = try connection.execute("""
            SELECT record, taken_key, path, id FROM photory_photos WHERE \(column) = $1 AND NOT stack_hidden \(after)
            ORDER BY \(pageOrder) LIMIT $2
            """, parameters)
        let photos = try PostgresLibraryRows.read(photos: rows, on: connection).photos
        let last = rows.count - 1
        let next = rows.count == limit && last >= 0
            ? FolderPageKey(takenAt: rows.string(last, 1) ?? "", path: rows.string(last, 2) ?? "", id: rows.string(last, 3) ?? "")
            : nil
        return FolderPage(photos: photos, next: next)
    }

    /// `SavedEdits.library` holds only the photos read (those named, and those the edits
    /// touched), with the history and albums. Edits that move photos to or from the trash need
    /// the trash and every photo's record: they are saved by `append`, which reads the library.
    public func commit(photoIDs: [String], lockTimeout: Double,
                       _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
        let saved: SavedEdits? = try withConnection { connection throws(PostgresStoreFailure) in
            try connection.transaction { () throws(PostgresStoreFailure) -> SavedEdits? in
                do throws(PostgresError) {
                    let head = try Head.lock(connection, timeout: lockTimeout)
                    var ids = photoIDs
                    while true {
                        let before = try PostgresLibraryRows.part(connection, ids: ids, withHistory: true)
                        var library = before
                        let requested = edits(library)
                        if requested.contains(where: \.isTrash) { return nil }
                        // Planned on photos not read yet (an undo names its step's): read them too.
                        let known = Set(ids)
                        let more = Self.photoIDs(named: requested, history: library.history).filter { !known.contains($0) }
                        guard more.isEmpty else {
                            ids += Set(more)
                            continue
                        }
                        let (steps, concrete) = library.replayForSaving(requested)
                        var saved = SavedEdits(library: library, steps: steps)
                        guard !concrete.isEmpty else { return saved }
                        try PostgresLibraryRows.write(from: before, to: library, whole: false, on: connection)
                        let line = LibraryJournal.Entry(seq: head.lastSeq + 1, at: Date().timeIntervalSince1970, edits: concrete)
                        _ = try Head.record(line, on: connection, head: head)
                        saved.sequence = line.seq
                        return saved
                    }
                } catch { throw .postgres(error) }
            }
        }
        if let saved { return saved }
        return try append(lockTimeout: lockTimeout, edits)
    }

    /// The photos `edits` change: a new step's, or the step an undo or redo takes from `history`.
    static func photoIDs(named edits: [LibraryEdit], history: EditHistory) -> [String] {
        edits.flatMap { edit -> [String] in
            let step: EditStep?
            switch edit {
            case let .apply(new): step = new
            case let .undo(id): step = history.undo.last { $0.id == id }
            case let .redo(id): step = history.redo.last { $0.id == id }
            case .undoLatest: step = history.undo.last
            case .redoLatest: step = history.redo.last
            case .trash: step = nil
            }
            return step.map { $0.changes.map(\.photoID) + $0.trashedIDs } ?? []
        }
    }
}
