import Foundation

/// Imports files and folders into a library: scan → read and fingerprint each file on every
/// core → merge in scan order (so "the first" of two duplicates is the first found).
///
/// One bad file never stops the batch: each file ends with one `ImportOutcome`. Cancelling
/// keeps every file that finished. Files are taken in chunks, each merged as it completes, and
/// `run(_:store:...)` appends what finished to the library's journal every ~200 photos or
/// second, taking the library lock only for each append: other writers get in between, and a
/// killed import keeps every batch that was written.
public struct Importer: Sendable {
    /// How many files are read at once.
    public var workers: Int
    /// Where each photo's grid thumbnail is made while its bytes are in memory, so the first
    /// visit to a group is instant; nil makes none.
    public var thumbnails: ThumbnailStore?
    /// A batch is appended once it holds this many photos…
    public var batchSize = 200
    /// …or this long after the last one, whichever comes first.
    public var batchInterval: TimeInterval = 1
    /// The time an import is stamped with (`Photo.importedAt`, seconds since 1970); tests give a
    /// fixed or advancing one.
    public var now: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, thumbnails: ThumbnailStore? = nil) {
        self.workers = max(1, workers)
        self.thumbnails = thumbnails
    }

    /// Loads the library, imports into a copy of it, appends each batch of finished photos to
    /// the journal (`ImportAppender`: a short hold of the lock each), and at the end folds
    /// everything into a new snapshot once, under the lock, from the library as it is on disk
    /// then (with the edits other writers made meanwhile). An import that found nothing new (an
    /// unchanged rescan) writes nothing. Cancelling keeps what finished. Throws only when the
    /// library itself cannot be locked, read or written.
    public func run(
        _ paths: [String], store: any LibraryStoring, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        var working = try store.load()
        let appender = ImportAppender(store: store, lockTimeout: lockTimeout, batchSize: batchSize, interval: batchInterval)
        var missingChanged = 0
        var summary = run(paths, into: &working, cancellation: cancellation, progress: progress,
                          missingChanged: &missingChanged, merged: appender.add)
        // Files gone or back since the last save change the library too (the Missing folder).
        guard appender.hasChanges || missingChanged > 0 else { return (working, summary) }
        progress(ImportProgress(phase: .saving, done: summary.results.count, total: summary.filesFound))
        let library = try appender.finish()
        summary.libraryWritten = true
        return (library, summary)
    }

    /// Files per chunk: enough to keep every core busy, small enough to merge often.
    static let chunkSize = 64

    /// Imports into `library` in memory. `merged` is given what each chunk added or changed.
    public func run(
        _ paths: [String], into library: inout PhotoLibrary,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        merged: ((ImportedPhotos) -> Void)? = nil
    ) -> ImportSummary {
        var missingChanged = 0
        return run(paths, into: &library, cancellation: cancellation, progress: progress, missingChanged: &missingChanged,
                   merged: merged)
    }

    /// `run(_:into:cancellation:progress:merged:)`, saying how many photos' missing flags changed.
    private func run(
        _ paths: [String], into library: inout PhotoLibrary, cancellation: ImportCancellation,
        progress: @escaping @Sendable (ImportProgress) -> Void, missingChanged: inout Int,
        merged: ((ImportedPhotos) -> Void)?
    ) -> ImportSummary {
        var scanner = FileScanner(cancellation: cancellation) { path, count in
            if count % 64 == 1 { progress(ImportProgress(phase: .scanning, total: count, currentFile: path)) }
        }
        scanner.scan(paths)
        let files = scanner.files
        // The files just found exist: only the library's other photos are looked for (a rescan of
        // the library's folder looks for none).
        let found = Set(files.map(\.path))
        missingChanged = library.refreshMissing { found.contains($0) || PathBytes.exists($0) }

        let state = WorkState(count: files.count, bytesTotal: files.reduce(0) { $0 + $1.size })
        let sidecarTimes = scanner.sidecarTimes   // a photo whose sidecar changed is read again
        for (index, file) in files.enumerated() {
            if let known = library.photo(path: file.path), Self.isUnchanged(known, file),
               known.sidecarModified == (XMPFacts.sidecarPaths(forPhoto: file.path).compactMap { sidecarTimes[$0] }.max() ?? 0) {
                state.prefill(index, .failure(.duplicate(photoID: known.id, original: known.path)), size: file.size)
            }
        }
        progress(ImportProgress(phase: .importing, total: files.count, bytesTotal: state.bytesTotal))
        var summary = ImportSummary()
        let rewritten = Self.rewrittenIDs(library)
        // One time for the whole import: "Recently imported" is this import, every chunk of it.
        let importedAt = now()
        // Grouped once at the end, not after each chunk.
        library.deferringGroups { library in
            for start in stride(from: 0, to: files.count, by: Self.chunkSize) {
                guard !cancellation.isCancelled else { break }
                let chunk = start..<min(files.count, start + Self.chunkSize)
                if !state.isFilled(chunk) {
                    analyze(files, chunk, importedAt: importedAt, into: state, cancellation: cancellation, progress: progress)
                }
                var imported = ImportedPhotos()
                summary.results += Self.merge(labels: files[chunk].map(\.path), analyses: state.results(chunk),
                                              rewritten: rewritten, into: &library, imported: &imported)
                merged?(imported)
            }
        }
        summary.results.insert(contentsOf: scanner.problems, at: 0)
        summary.filesFound = files.count + scanner.problems.count
        summary.cancelled = cancellation.isCancelled
        progress(ImportProgress(phase: .finished, done: summary.results.count, total: summary.filesFound,
                                bytesDone: 0, bytesTotal: 0))
        return summary
    }

    // MARK: - Steps

    /// Analyses the files of `chunk` on `workers` threads into `state`; a slot stays nil when
    /// cancelling skipped it.
    private func analyze(
        _ files: [FileScanner.Found], _ chunk: Range<Int>, importedAt: Double, into state: WorkState,
        cancellation: ImportCancellation, progress: @escaping @Sendable (ImportProgress) -> Void
    ) {
        let analyzer = PhotoAnalyzer(thumbnails: thumbnails)
        state.begin(chunk)
        DispatchQueue.concurrentPerform(iterations: min(workers, chunk.count)) { _ in
            while !cancellation.isCancelled, let index = state.next() {
                let result = analyzer.analyze(path: files[index].path, importedAt: importedAt)
                progress(state.finish(index, result, file: files[index]))
            }
        }
    }

    /// Whether the file found is the photo's file as it was imported: at the same path, with the
    /// same size and modification time (the check rsync and git make). Such a file is not read
    /// again: a rescan of an unchanged folder costs a `stat` a file. A file photory would
    /// import differently now (its thumbnail made again, say) keeps its record until it changes.
    static func isUnchanged(_ photo: Photo, _ file: FileScanner.Found) -> Bool {
        !photo.missing && photo.isDownloaded && photo.fileSize == file.size && photo.fileModified == file.modified
    }

    /// Files photory rewrote (write-back) are known by their new fingerprint too: fingerprint →
    /// photo id. Photos added by an import have none, so the map stays right for the whole run.
    static func rewrittenIDs(_ library: PhotoLibrary) -> [String: String] {
        Dictionary(library.photos.compactMap { photo in photo.contentID.map { ($0, photo.id) } },
                   uniquingKeysWith: { first, _ in first })
    }

    /// Applies analyses to the library in order; returns one result per analysis, labelled
    /// with the matching entry of `labels` (the file's path, or the URL it came from).
    /// `rewritten` maps the fingerprints of files photory rewrote to their photos' ids.
    static func merge(labels: [String], analyses: some Collection<PhotoAnalyzer.Result?>,
                      rewritten: [String: String], into library: inout PhotoLibrary,
                      imported: inout ImportedPhotos) -> [ImportFileResult] {
        var results: [ImportFileResult] = []
        var added: [Photo] = []
        var relinked: [Photo] = []
        var replacedIDs: Set<String> = []
        /// Photo id and path of the first file with each fingerprint in this chunk.
        var firstByHash: [String: (id: String, path: String)] = [:]
        for (label, analysis) in zip(labels, analyses) {
            guard let analysis else { continue }
            switch analysis {
            case let .failure(outcome):
                results.append(ImportFileResult(path: label, outcome: outcome))
            case let .photo(photo, note):
                let outcome: ImportOutcome
                if let first = firstByHash[photo.id] {
                    outcome = .duplicate(photoID: first.id, original: first.path)
                } else if var existing = library.photo(id: photo.id) ?? rewritten[photo.id].flatMap(library.photo(id:)) {
                    if existing.missing {
                        outcome = .relinked(photoID: existing.id, previousPath: existing.path)
                        existing.path = photo.path
                        existing.fileSize = photo.fileSize
                        existing.fileModified = photo.fileModified
                        existing.missing = false
                        existing.sourceURL = photo.sourceURL ?? existing.sourceURL
                        relinked.append(existing)
                        firstByHash[photo.id] = (existing.id, photo.path)
                    } else {
                        outcome = .duplicate(photoID: existing.id, original: existing.path)
                        if existing.path == photo.path, existing.fileModified != photo.fileModified
                            || existing.sidecarModified != photo.sidecarModified || existing.fileMarks != photo.fileMarks {
                            // Its own file with a new time (touched, copied back) or a sidecar a peer
                            // wrote: the record takes the time and the marks, so the next rescan knows
                            // the file unchanged without reading it.
                            existing.fileModified = photo.fileModified
                            existing.fileMarks = photo.fileMarks
                            existing.sidecarModified = photo.sidecarModified
                            relinked.append(existing)
                        }
                    }
                } else if let earlier = library.photo(path: photo.path), !replacedIDs.contains(earlier.id) {
                    // The file was edited since it was imported: its record follows the new content.
                    // The user's edits and their undo history follow it too.
                    var updated = photo
                    updated.importedAt = earlier.importedAt
                    updated.edits = earlier.edits
                    updated.sourceURL = photo.sourceURL ?? earlier.sourceURL
                    library.renameInHistory(earlier.id, to: photo.id)
                    outcome = .updated(photoID: photo.id, previousID: earlier.id)
                    replacedIDs.insert(earlier.id)
                    added.append(updated)
                    firstByHash[photo.id] = (photo.id, photo.path)
                } else {
                    outcome = .imported(photoID: photo.id)
                    added.append(photo)
                    firstByHash[photo.id] = (photo.id, photo.path)
                }
                results.append(ImportFileResult(path: label, outcome: outcome, note: note))
            }
        }
        library.apply(adding: added, updating: relinked, removing: replacedIDs)
        imported.add(ImportedPhotos(photos: relinked + added,
                                    renamed: results.compactMap { result in
                                        guard case let .updated(id, previous) = result.outcome else { return nil }
                                        return ImportedPhotos.Rename(from: previous, to: id)
                                    }))
        return results
    }
}

/// Shared bookkeeping of the worker threads.
private final class WorkState: Sendable {
    private struct Work {
        var nextIndex = 0
        var end = 0
        var done = 0
        var bytesDone: Int64 = 0
        var results: [PhotoAnalyzer.Result?]
    }

    private let work: Locked<Work>
    let bytesTotal: Int64

    init(count: Int, bytesTotal: Int64) {
        work = Locked(Work(results: Array(repeating: nil, count: count)))
        self.bytesTotal = bytesTotal
    }

    /// What became of each file of `chunk` (nil: not settled).
    func results(_ chunk: Range<Int>) -> [PhotoAnalyzer.Result?] { work.withLock { Array($0.results[chunk]) } }

    /// Settles file `index` without reading it (known and unchanged).
    func prefill(_ index: Int, _ result: PhotoAnalyzer.Result, size: Int64) {
        work.withLock { work in
            work.results[index] = result
            work.done += 1
            work.bytesDone += size
        }
    }

    /// Whether every file of `chunk` is settled already.
    func isFilled(_ chunk: Range<Int>) -> Bool {
        work.withLock { $0.results[chunk].allSatisfy { $0 != nil } }
    }

    /// Hands out the indexes of `chunk` next.
    func begin(_ chunk: Range<Int>) {
        work.withLock { work in
            work.nextIndex = chunk.lowerBound
            work.end = chunk.upperBound
        }
    }

    func next() -> Int? {
        work.withLock { work in
            while work.nextIndex < work.end, work.results[work.nextIndex] != nil { work.nextIndex += 1 }  // settled beforehand
            guard work.nextIndex < work.end else { return nil }
            defer { work.nextIndex += 1 }
            return work.nextIndex
        }
    }

    func finish(_ index: Int, _ result: PhotoAnalyzer.Result, file: FileScanner.Found) -> ImportProgress {
        work.withLock { work in
            work.results[index] = result
            work.done += 1
            work.bytesDone += file.size
            return ImportProgress(phase: .importing, done: work.done, total: work.results.count,
                                  bytesDone: work.bytesDone, bytesTotal: bytesTotal, currentFile: file.path)
        }
    }
}
