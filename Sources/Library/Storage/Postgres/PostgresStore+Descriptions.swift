/// The default grouping (by description) of a PostgreSQL library without reading it whole
/// (issue 26, "Scale"; `LibraryPaging`): the folders from one aggregate over the
/// `photory_photos_description_page` index (migration 3: `description_key` and the stack flag,
/// `PostgresGroupingColumns`), each named by its first photo in library order as
/// `PhotoLibrary.makeGroups` names it, in `PhotoLibrary.groups`' order; a folder's photos a
/// screen at a time by keyset on the same index, as a folder's are (`PostgresStore+Pages`).
extension PostgresStore {
    public func descriptionSummaries() throws(LibraryStoreError) -> [DescriptionSummary] {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                let rows = try Self.summaryRows(connection, by: "description_key", named: true)
                let summaries = (0..<rows.count).map { row in
                    let key = rows.string(row, 0) ?? ""
                    return DescriptionSummary(key: key, name: key.isEmpty ? PhotoGroup.otherName : rows.string(row, 5) ?? key,
                                              count: rows.int(row, 1) ?? 0, firstTakenAt: rows.string(row, 2) ?? "",
                                              lastTakenAt: rows.string(row, 3) ?? "", coverID: rows.string(row, 4) ?? "")
                }
                return summaries.map { ($0, $0.group) }.sorted { groupPrecedes($0.1, $1.1) }.map(\.0)
            } catch { throw .postgres(error) }
        }
    }

    public func photos(withDescriptionKey key: String, after: FolderPageKey?, limit: Int) throws(LibraryStoreError) -> FolderPage {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                return try Self.page(connection, where: "description_key", is: key, after: after, limit: limit)
            } catch { throw .postgres(error) }
        }
    }

    public func photos(ids: [String]) throws(LibraryStoreError) -> [Photo] {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                return try PostgresLibraryRows.part(connection, ids: ids, withHistory: false).photos
            } catch { throw .postgres(error) }
        }
    }
}
