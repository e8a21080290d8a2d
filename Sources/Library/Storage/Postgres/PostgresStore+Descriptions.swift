/// The default grouping (by description) of a PostgreSQL library without reading it whole
/// (issue 26, "Scale"; `LibraryPaging`). Placeholder until migration 3 gives the columns.
extension PostgresStore {
    public func descriptionSummaries() throws(LibraryStoreError) -> [DescriptionSummary] { [] }

    public func photos(withDescriptionKey key: String, after: FolderPageKey?, limit: Int) throws(LibraryStoreError) -> FolderPage {
        FolderPage(photos: [], next: nil)
    }

    public func photos(ids: [String]) throws(LibraryStoreError) -> [Photo] {
        try withConnection { connection throws(PostgresStoreFailure) in
            do throws(PostgresError) {
                return try PostgresLibraryRows.part(connection, ids: ids, withHistory: false).photos
            } catch { throw .postgres(error) }
        }
    }
}
