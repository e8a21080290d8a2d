import Foundation

/// Saves an import while it runs: what finished is appended to the library's journal once it
/// holds `batchSize` photos or `interval` seconds went by (`LibraryStoring.appendPhotos`, a short
/// hold of the lock each), so other writers get in between and a killed import keeps every batch
/// written. `finish` saves the rest and folds the journal into a new snapshot once, under the
/// lock, from the library as it is on disk then (with what other writers did meanwhile).
/// File imports (`Importer`) and web imports and refreshes (`WebImporter`) share it.
public final class ImportAppender {
    let store: any LibraryStoring
    let lockTimeout: Double
    let batchSize: Int
    let interval: TimeInterval
    private var pending = ImportedPhotos()
    private var lastAppend = Date()
    /// Where the last batch ended in the journal: the next reads only what came after it.
    private var position: JournalPosition?
    /// Whether a batch reached the journal (so the end has something to fold in).
    private var appended = false

    public init(store: any LibraryStoring, lockTimeout: Double, batchSize: Int = 200, interval: TimeInterval = 1) {
        self.store = store
        self.lockTimeout = lockTimeout
        self.batchSize = batchSize
        self.interval = interval
    }

    /// Takes what a chunk of the import added or changed; appends the batch when it is due. A
    /// failed append (the lock busy too long) keeps the batch for the next one, or the end.
    public func add(_ imported: ImportedPhotos) {
        pending.add(imported)
        guard !pending.isEmpty, pending.photos.count >= batchSize || Date().timeIntervalSince(lastAppend) >= interval
        else { return }
        if (try? store.appendPhotos(pending, lockTimeout: lockTimeout, after: &position)) != nil {
            pending = ImportedPhotos()
            appended = true
        }
        lastAppend = Date()
    }

    /// Whether anything was appended or is waiting to be: the import found something new.
    public var hasChanges: Bool { appended || !pending.isEmpty }

    /// Saves what is left and folds the journal in, under the lock, from the library as it is
    /// on disk now; `change` may change that library too (a refresh's changed photos) and says
    /// whether it did. Returns the library as saved.
    public func finish(_ change: (inout PhotoLibrary) -> Bool = { _ in false }) throws(LibraryStoreError) -> PhotoLibrary {
        let pending = self.pending
        let appended = self.appended
        let library = try store.update(lockTimeout: lockTimeout) { library in
            library.insert(pending)
            let missing = library.refreshMissing()
            let changed = change(&library)
            return appended || !pending.isEmpty || missing > 0 || changed
        }
        self.pending = ImportedPhotos()
        return library
    }
}
