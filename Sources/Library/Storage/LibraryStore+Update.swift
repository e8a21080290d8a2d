extension LibraryStore {
    /// Changes the library as it is on disk now: takes the library lock, reads the file fresh
    /// (another process may have written it meanwhile), lets `change` work on that copy, and
    /// saves it when `change` returns true. Import, web import, edits and write-back all go
    /// through here, so none of them writes from a stale copy.
    /// - Returns: the library as saved (or as read, when nothing needed saving).
    public func update(lockTimeout: Double,
                       _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError)
        -> PhotoLibrary {
        let lock = try LibraryLock.acquire(libraryPath: path, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        var library = try load()
        if try change(&library) { try save(library) }
        return library
    }
}
