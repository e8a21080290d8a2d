import Library

/// Work `update` asks the run loop to do; its results come back as `Msg`s.
public enum Effect: Equatable, Sendable {
    case listFolder(String)
    case startImport([String])
    case cancelImport
    /// Re-fetch every web feed of the library (new items in, gone ones missing).
    case refreshFeeds
    /// Download these web photos' originals (they came with their thumbnails only), the first
    /// one first; what was waiting and is not among them is dropped.
    case wantOriginals([Photo])
    case reloadLibrary
    /// Read the library again without saying so: another writer's edits came while the
    /// browser's own were pending, and on disk they go under them (the undo order must match).
    case catchUpWithDisk
    /// Save what the browser remembers between runs.
    case remember(RememberedState)
    /// Save an edit (or its undo/redo) to the library file; `sequence` numbers them in order.
    case saveEdits(LibraryEdit, sequence: Int)
    /// Read a photo's metadata from its file for the info panel.
    case readDetails(photoID: String, path: String)
    /// Read every tag of a photo's file for the all-tags layer (issue 20).
    case readAllTags(photoID: String, path: String)
    /// Write the photos' edited metadata into their files and sidecars.
    case writeBack([String])
    /// Build the folders of a grouping for the library as at revision `generation` of the
    /// caches (`DerivedCaches`), off the UI thread; a newer build cancels it.
    case buildTree(PhotoLibrary, GroupingKind, generation: Int)
    /// Build the search index for the library as at revision `generation` of the caches, off
    /// the UI thread; a newer build cancels it.
    case buildSearchIndex(PhotoLibrary, generation: Int)
}
