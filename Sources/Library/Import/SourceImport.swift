/// Imports whatever the user named in one go: files and folders with `Importer`, then
/// http(s) addresses with `WebImporter`, as one summary. The browser's picker and
/// `photory-tui import` both take a mix of the two.
public struct SourceImport: Sendable {
    public var files: Importer
    public var web: WebImporter

    public init(files: Importer, web: WebImporter) {
        self.files = files
        self.web = web
    }

    /// Runs both imports (each one appends its batches and folds them in on its own) and
    /// returns the library as last saved with every source's outcome. The web part is skipped
    /// when the file part was cancelled.
    public func run(
        _ sources: [String], store: any LibraryStoring, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        let addresses = sources.filter(WebImporter.isWebAddress)
        let paths = sources.filter { !WebImporter.isWebAddress($0) }
        var summary = ImportSummary()
        var library: PhotoLibrary?
        if !paths.isEmpty {
            (library, summary) = try files.run(paths, store: store, lockTimeout: lockTimeout,
                                               cancellation: cancellation, progress: progress)
        }
        if !addresses.isEmpty, !cancellation.isCancelled {
            let (saved, fetched) = try web.run(addresses, store: store, lockTimeout: lockTimeout,
                                               cancellation: cancellation, progress: progress)
            library = saved
            summary.results += fetched.results
            summary.filesFound += fetched.filesFound
            summary.cancelled = summary.cancelled || fetched.cancelled
            summary.libraryWritten = summary.libraryWritten || fetched.libraryWritten
        }
        if let library { return (library, summary) }
        return (try store.load(), summary)
    }
}
