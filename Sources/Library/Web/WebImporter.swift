import Foundation

/// Imports photos from URLs: each URL is a JSON feed, a list of image links, or an image.
///
/// Feeds are fetched first (phase `scanning`), then every photo is downloaded on `workers`
/// threads (phase `importing`), written under `downloads` and read like any file, its source
/// URL and its feed title (as the description) recorded. Every URL, feed item and photo ends
/// with one `ImportOutcome`; one failure never stops the rest. A URL already in the library
/// (with its file present) is not downloaded again, and the same bytes from another URL are a
/// duplicate. Cancelling keeps what finished.
public struct WebImporter: Sendable {
    public var fetcher: any HTTPFetching
    public var downloads: DownloadFolder
    /// Where each photo's grid thumbnail is made while its bytes are in memory; nil makes none.
    public var thumbnails: ThumbnailStore?
    /// Downloads at once (the fetcher also caps connections per host).
    public var workers: Int
    /// The least time between two checkpoints of `run(_:store:...)`.
    public var checkpointInterval: TimeInterval = 3

    public init(fetcher: any HTTPFetching, downloads: DownloadFolder, thumbnails: ThumbnailStore? = nil,
                workers: Int = 4) {
        self.fetcher = fetcher
        self.downloads = downloads
        self.thumbnails = thumbnails
        self.workers = max(1, workers)
    }

    /// Whether a command-line argument names a web address rather than a file.
    public static func isWebAddress(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Locks the library file, loads it fresh, imports, and saves what finished (also when
    /// cancelled), with the feeds' validators beside the downloads. Throws only when the library
    /// itself cannot be locked, read or written.
    public func run(
        _ urls: [String], store: LibraryStore, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        let recordsPath = WebFeedRecords.path(in: downloads)
        var summary = ImportSummary()
        let library = try store.update(lockTimeout: lockTimeout) { library in
            var records = WebFeedRecords.load(recordsPath)
            summary = run(urls, into: &library, records: &records, cancellation: cancellation,
                          progress: progress) { partial in
                try? store.save(partial)   // a failing checkpoint shows up again in the final save
            }
            progress(ImportProgress(phase: .saving, done: summary.results.count, total: summary.filesFound))
            try? records.save(recordsPath)
            return true
        }
        return (library, summary)
    }

    /// Imports into `library` in memory; `records` gets each fetched feed's validators.
    public func run(
        _ urls: [String], into library: inout PhotoLibrary, records: inout WebFeedRecords,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        checkpoint: ((PhotoLibrary) -> Void)? = nil
    ) -> ImportSummary {
        var summary = ImportSummary()
        var known = Dictionary(library.photos.compactMap { photo in photo.sourceURL.map { ($0, photo) } },
                               uniquingKeysWith: { first, _ in first })
        var listed = Jobs()
        for raw in urls {
            guard !cancellation.isCancelled else { break }
            progress(ImportProgress(phase: .scanning, total: listed.list.count, currentFile: raw))
            // An image already listed, or already in the library, is not fetched to see what it is.
            if let url = URL(string: raw), listed.seen.contains(url) || known[url.absoluteString] != nil {
                listed.add(Job(item: WebFeed.Item(url: url)))
                continue
            }
            resolve(raw, into: &listed, results: &summary.results, records: &records, cancellation: cancellation)
        }
        let jobs = listed.list
        let fetched = Downloads(jobs: jobs)
        progress(ImportProgress(phase: .importing, total: jobs.count))
        let rewritten = Importer.rewrittenIDs(library)
        var lastCheckpoint = Date()
        for start in stride(from: 0, to: jobs.count, by: Importer.chunkSize) {
            guard !cancellation.isCancelled else { break }
            let chunk = start..<min(jobs.count, start + Importer.chunkSize)
            // What needs no download: a URL met earlier in this run or already in the library.
            var labels: [String] = [], analyses: [PhotoAnalyzer.Result?] = []
            var pending: [Int] = []
            for index in chunk {
                let url = jobs[index].item.url.absoluteString
                if let photo = known[url], !photo.missing, PathBytes.exists(photo.path) {
                    summary.results.append(ImportFileResult(path: url, outcome: .duplicate(photoID: photo.id, original: url)))
                    fetched.skip(index)
                } else {
                    pending.append(index)
                }
            }
            download(pending, of: fetched, cancellation: cancellation, progress: progress)
            for index in pending {
                guard let result = fetched.result(index) else { continue }
                labels.append(jobs[index].item.url.absoluteString)
                analyses.append(result)
            }
            let merged = Importer.merge(labels: labels, analyses: analyses, rewritten: rewritten, into: &library)
            for result in merged {
                // A download whose bytes were already in the library is not kept twice.
                if case let .duplicate(id, _) = result.outcome, let photo = library.photo(id: id),
                   photo.sourceURL != result.path {
                    let ours = downloads.path(for: URL(string: result.path)!, format: nil)
                    removeDownload(matching: ours, keeping: photo.path)
                }
                if let photo = result.outcome.photoID.flatMap(library.photo(id:)) { known[result.path] = photo }
            }
            summary.results += merged
            if let checkpoint, chunk.upperBound < jobs.count,
               Date().timeIntervalSince(lastCheckpoint) >= checkpointInterval {
                checkpoint(library)
                lastCheckpoint = Date()
            }
        }
        // A URL listed twice was fetched once: the repeat shares the first one's fate.
        for url in listed.repeats {
            guard let first = summary.results.first(where: { $0.path == url }) else { continue }
            let outcome: ImportOutcome = first.outcome.photoID.map { .duplicate(photoID: $0, original: url) } ?? first.outcome
            summary.results.append(ImportFileResult(path: url, outcome: outcome))
        }
        summary.filesFound = summary.results.count + fetched.unreached
        summary.cancelled = cancellation.isCancelled
        progress(ImportProgress(phase: .finished, done: summary.results.count, total: summary.filesFound,
                                bytesDone: fetched.bytesDone, bytesTotal: 0))
        return summary
    }

    // MARK: - Feeds

    /// One photo to download; `body` when the user's URL was the image itself.
    struct Job: Sendable {
        var item: WebFeed.Item
        var body: [UInt8]?
    }

    /// The photos to download, each URL once; a URL listed again is a repeat.
    struct Jobs {
        var list: [Job] = []
        var seen: Set<URL> = []
        var repeats: [String] = []

        mutating func add(_ job: Job) {
            if seen.insert(job.item.url).inserted {
                list.append(job)
            } else {
                repeats.append(job.item.url.absoluteString)
            }
        }
    }

    /// Fetches what the user typed and turns it into jobs, or into an outcome saying why not.
    private func resolve(_ raw: String, into jobs: inout Jobs, results: inout [ImportFileResult],
                         records: inout WebFeedRecords, cancellation: ImportCancellation) {
        guard let url = URL(string: raw), URLSessionFetcher.host(of: url) != nil else {
            results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: WebError.unsupportedURL(raw).description)))
            return
        }
        let response: WebResponse
        do {
            response = try fetcher.fetch(WebRequest(url: url, kind: .any), cancellation: cancellation, progress: { _ in })
        } catch {
            if case .cancelled = error { return }
            results.append(ImportFileResult(path: raw, outcome: Self.outcome(of: error)))
            return
        }
        if Self.isImage(response.body) {
            jobs.add(Job(item: WebFeed.Item(url: url), body: response.body))
            return
        }
        guard Int64(response.body.count) <= WebRequest.feedLimit else {
            let error = WebError.tooLarge(url: raw, limit: WebRequest.feedLimit, declared: Int64(response.body.count))
            results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: error.description)))
            return
        }
        let feed: WebFeed
        do {
            feed = try WebFeed.parse(response.body, from: response.url)
        } catch {
            let outcome: ImportOutcome = switch error {
            case .notAFeed: .unsupported(reason: error.description)
            default: .corrupt(reason: error.description)
            }
            results.append(ImportFileResult(path: raw, outcome: outcome))
            return
        }
        for problem in feed.problems {
            results.append(ImportFileResult(path: raw, outcome: .corrupt(reason: problem.reason)))
        }
        for item in feed.items { jobs.add(Job(item: item)) }
        records.feeds[raw] = WebFeedRecords.Record(validators: response.validators,
                                                   items: feed.items.map(\.url.absoluteString),
                                                   fetchedAt: Date().timeIntervalSince1970)
    }

    // MARK: - Photos

    /// Downloads, saves and reads the photos at `indexes` on `workers` threads.
    private func download(_ indexes: [Int], of fetched: Downloads, cancellation: ImportCancellation,
                          progress: @escaping @Sendable (ImportProgress) -> Void) {
        guard !indexes.isEmpty else { return }
        let analyzer = PhotoAnalyzer(thumbnails: thumbnails)
        let importedAt = Date().timeIntervalSince1970
        let queue = WorkQueue(indexes)
        Self.onThreads(min(workers, indexes.count)) {
            while !cancellation.isCancelled, let index = queue.next() {
                let job = fetched.jobs[index]
                let result = fetch(job, analyzer: analyzer, importedAt: importedAt, cancellation: cancellation) { bytes in
                    progress(fetched.progress(bytes: bytes, current: job.item.url.absoluteString))
                }
                // A download cut short by cancelling was never reached.
                guard let result else { continue }
                progress(fetched.finish(index, result, current: job.item.url.absoluteString))
            }
        }
    }

    /// One photo: its bytes (downloaded unless given), written to its file, read like any file.
    /// Runs `body` on `count` threads of its own and waits for all of them. Downloads spend their
    /// time waiting for the network: on Dispatch's pool (sized to the cores) they would starve
    /// every other piece of work in the process, the browser's previews included.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.name = "photory-download"
            thread.start()
        }
        group.wait()
    }

    /// nil when cancelling cut the download short.
    private func fetch(_ job: Job, analyzer: PhotoAnalyzer, importedAt: Double, cancellation: ImportCancellation,
                       progress: @escaping @Sendable (Int64) -> Void) -> (result: PhotoAnalyzer.Result, bytes: Int64)? {
        let body: [UInt8]
        if let given = job.body {
            body = given
        } else {
            do {
                body = try fetcher.fetch(WebRequest(url: job.item.url, kind: .image), cancellation: cancellation,
                                         progress: progress).body
            } catch {
                if case .cancelled = error { return nil }
                return (.failure(Self.outcome(of: error)), 0)
            }
        }
        let format = body.withUnsafeBytes { PhotoFormats.format(of: $0) }
        guard format != nil else {
            let reason = body.withUnsafeBytes { PhotoFormats.unknownFormatReason($0) }
            return (.failure(.unsupported(reason: WebError.notAnImage(url: "", reason: reason).description)), Int64(body.count))
        }
        let path = downloads.path(for: job.item.url, format: format)
        do {
            try downloads.write(body, to: path)
        } catch {
            return (.failure(.unreadable(reason: error.description)), Int64(body.count))
        }
        var result = analyzer.analyze(path: path, importedAt: importedAt)
        switch result {
        case var .photo(photo):
            photo.sourceURL = job.item.url.absoluteString
            if let title = job.item.title {
                photo.fileDescription = title
                photo.fileDescriptionSource = .feed
            }
            result = .photo(photo)
        case .failure:
            unlink(path)   // a broken download is not kept
        }
        return (result, Int64(body.count))
    }

    /// Removes the file downloaded to `path` (whatever extension it got), unless it is `kept`.
    private func removeDownload(matching path: String, keeping kept: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && folder + "/" + name != kept {
            unlink(folder + "/" + name)
        }
    }

    private static func isImage(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { PhotoFormats.format(of: $0) != nil }
    }

    /// The import outcome of a failed fetch.
    static func outcome(of error: WebError) -> ImportOutcome {
        switch error {
        case .unsupportedURL, .tooLarge, .notAnImage: .unsupported(reason: error.description)
        default: .unreadable(reason: error.description)
        }
    }
}

// MARK: - Bookkeeping

/// The jobs of one run and what became of each, shared by the download threads.
private final class Downloads: @unchecked Sendable {
    let jobs: [WebImporter.Job]
    private let lock = NSLock()
    private var results: [PhotoAnalyzer.Result?]
    private var reached: Int = 0
    private var done = 0
    private(set) var bytesDone: Int64 = 0
    /// Bytes of the downloads under way, by URL.
    private var inFlight: [String: Int64] = [:]

    init(jobs: [WebImporter.Job]) {
        self.jobs = jobs
        results = Array(repeating: nil, count: jobs.count)
    }

    /// Jobs never reached (cancelled before they started).
    var unreached: Int { lock.withLock { jobs.count - reached } }

    func result(_ index: Int) -> PhotoAnalyzer.Result? { lock.withLock { results[index] } }

    func skip(_ index: Int) {
        lock.withLock {
            reached += 1
            done += 1
        }
    }

    func progress(bytes: Int64, current: String) -> ImportProgress {
        lock.withLock {
            inFlight[current] = bytes
            return snapshot(current)
        }
    }

    func finish(_ index: Int, _ outcome: (result: PhotoAnalyzer.Result, bytes: Int64), current: String) -> ImportProgress {
        lock.withLock {
            results[index] = outcome.result
            reached += 1
            done += 1
            bytesDone += outcome.bytes
            inFlight[current] = nil
            return snapshot(current)
        }
    }

    private func snapshot(_ current: String) -> ImportProgress {
        ImportProgress(phase: .importing, done: done, total: jobs.count,
                       bytesDone: bytesDone + inFlight.values.reduce(0, +), bytesTotal: 0, currentFile: current)
    }
}

/// Hands out indexes to worker threads.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var indexes: ArraySlice<Int>

    init(_ indexes: [Int]) { self.indexes = indexes[...] }

    func next() -> Int? { lock.withLock { indexes.popFirst() } }
}
