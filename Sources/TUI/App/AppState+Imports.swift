import Library

extension AppState {
    /// An import appended `imported` to the journal (in another process, or the browser's own
    /// on its thread): the photos go into the screen's library as they are, added or replacing
    /// their records, without reading the library again. The edits on screen, saved or still
    /// pending, are kept (`PhotoLibrary.insert` keeps the edits it meets), and so are originals
    /// downloaded but not saved yet.
    mutating func photosAppendedElsewhere(_ imported: ImportedPhotos) {
        guard !imported.isEmpty else { return }
        let before = openPages()
        // Taken out and changed in place: a copy of the library would cost more than the batch.
        var changed = PhotoLibrary()
        swap(&changed, &library)
        changed.insert(imported)
        _ = applyDownloads(to: &changed)
        installLibrary(changed, change: .photosAdded, following: before)
    }
}
