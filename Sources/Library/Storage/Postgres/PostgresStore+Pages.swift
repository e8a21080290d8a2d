import Foundation

/// A PostgreSQL library shown without reading it whole (issue 26, "Scale"; `LibraryPaging`):
/// the folders from one aggregate over the `photory_photos_folder_page` index (migration 2:
/// the generated `folder` and `taken_key` columns), a folder's photos a screen at a time by
/// keyset on the same index, and an edit that reads only the photos it names.
extension PostgresStore: LibraryPaging {
    /// The index's order, in every statement that reads a folder (the index's collations, so
    /// the planner uses it whatever the database's own collation is).
    private static let pageOrder = #"taken_key, path COLLATE "C", id COLLATE "C""#

    public func folderSummaries() throws(LibraryStoreError) -> [FolderSummary] {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                // Counts and dates from the index alone; the cover is each folder's first row.
                let rows = try connection.execute("""
                    SELECT f.folder, f.photos, f.first_taken, f.last_taken, c.id
                    FROM (SELECT folder, count(*) AS photos, coalesce(min(nullif(taken_key, '')), '') AS first_taken,
                                 max(taken_key) AS last_taken
                          FROM photory_photos GROUP BY folder) f
                    CROSS JOIN LATERAL (SELECT id FROM photory_photos p WHERE p.folder = f.folder
                                        ORDER BY \(Self.pageOrder) LIMIT 1) c
                    ORDER BY f.folder
                    """)
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
                var parameters: [String?] = [connection.roots.stored(path: folder), String(max(0, limit))]
                var after = ""
                if let key {
                    after = #"AND (\#(Self.pageOrder)) > ($3::text COLLATE "C", $4::text COLLATE "C", $5::text COLLATE "C")"#
                    parameters += [key.takenAt, key.path, key.id]
                }
                let rows = try connection.execute("""
                    SELECT record, taken_key, path, id FROM photory_photos WHERE folder = $1 \(after)
                    ORDER BY \(Self.pageOrder) LIMIT $2
                    """, parameters)
                let photos = try PostgresLibraryRows.read(photos: rows, on: connection).photos
                let last = rows.count - 1
                let next = rows.count == limit && last >= 0
                    ? FolderPageKey(takenAt: rows.string(last, 1) ?? "", path: rows.string(last, 2) ?? "",
                                    id: rows.string(last, 3) ?? "")
                    : nil
                return FolderPage(photos: photos, next: next)
            } catch { throw .postgres(error) }
        }
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
                        try PostgresLibraryRows.write(from: before, to: library, on: connection)
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
