import Foundation

/// Imports photos from URLs: each URL is a JSON feed, a list of image links, or an image.
///
/// Feeds are fetched first (phase `feeds`). Feed items with a thumbnail are imported lazily
/// (phase `thumbnails`): only the thumbnail is downloaded, made into the grid thumbnail, and the
/// photo recorded with `isDownloaded == false` (its original is fetched when needed, see
/// `OriginalDownloader`). Every other photo (items without a thumbnail, links of a list, an
/// image URL) is downloaded whole on `workers` threads (phase `photos`), written under
/// `downloads` and read like any file. Source URL, feed, album and feed title (as the
/// description) are recorded. Every URL, feed item and photo ends with one `ImportOutcome`; one
/// failure never stops the rest. A URL already in the library (downloaded with its file present,
/// or not downloaded yet) is not downloaded again, and the same bytes from another URL are a
/// duplicate. Cancelling keeps what finished.
public struct WebImporter: Sendable {
    public var fetcher: any HTTPFetching
    public var downloads: DownloadFolder
    /// Where each photo's grid thumbnail is made (from the feed's thumbnail, or from the
    /// original while its bytes are in memory); nil makes none and fetches no thumbnails.
    public var thumbnails: ThumbnailStore?
    /// Downloads at once (the fetcher also caps connections per host).
    public var workers: Int
    /// A batch of `run(_:store:...)` and `refresh(store:...)` is appended to the journal once it
    /// holds this many photos…
    public var batchSize = 200
    /// …or this long after the last one, whichever comes first.
    public var batchInterval: TimeInterval = 1
    // Paged feeds (issue 24)
    /// Pages of each feed to fetch in one run (`import --pages N|all`): the first page of a new
    /// feed, or the next pages of one the library follows (`LibraryFeed.next`).
    public var pages: Int = 1
    /// The longest wait for a used-up rate limit between two pages.
    public var maxRateWait: Double = 60
    /// Waits that many seconds between two pages (a used-up rate limit); tests record the waits.
    public var pause: @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

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

    /// Loads the library, imports into a copy of it, and saves what finished as it goes (also
    /// when cancelled): each batch of photos is appended to the journal (`ImportAppender`, a
    /// short hold of the lock each, so other writers get in between and a killed import keeps
    /// every batch written), and at the end the journal is folded into a new snapshot once and
    /// the feeds' validators are saved beside the downloads. Throws only when the library itself
    /// cannot be locked, read or written.
    public func run(
        _ urls: [String], store: any LibraryStoring, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        try appending(store: store, lockTimeout: lockTimeout, progress: progress) { library, records, merged in
            run(urls, into: &library, records: &records, cancellation: cancellation, progress: progress, merged: merged)
        }
    }

    /// An import or a refresh saved as it goes: the library is loaded (without the lock) and the
    /// feeds' records beside the downloads; `work` changes the library in memory and hands each
    /// chunk's photos to `merged`, which appends them in batches; at the end the rest is saved,
    /// the journal folded in, and the records saved, under the lock.
    func appending(
        store: any LibraryStoring, lockTimeout: Double, progress: @escaping @Sendable (ImportProgress) -> Void,
        _ work: (inout PhotoLibrary, inout WebFeedRecords, @escaping (ImportedPhotos) -> Void) -> ImportSummary
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        let recordsPath = WebFeedRecords.path(in: downloads)
        var working = try store.load()
        let feedsBefore = working.feeds
        var records = WebFeedRecords.load(recordsPath)
        let appender = ImportAppender(store: store, lockTimeout: lockTimeout, batchSize: batchSize, interval: batchInterval)
        var summary = work(&working, &records, appender.add)
        progress(ImportProgress(phase: .saving, done: summary.results.count, total: summary.filesFound))
        // The feeds' cursors go into the snapshot written under the lock (issue 24).
        let feedsChanged = working.feeds.filter { !feedsBefore.contains($0) }
        let library = try appender.finish { library in
            try? records.save(recordsPath)   // a convenience (conditional requests): not worth failing for
            for feed in feedsChanged { library.setFeed(feed) }
            return !feedsChanged.isEmpty
        }
        summary.libraryWritten = true
        return (library, summary)
    }

    /// Imports into `library` in memory; `records` gets each fetched feed's validators.
    public func run(
        _ urls: [String], into library: inout PhotoLibrary, records: inout WebFeedRecords,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        merged: ((ImportedPhotos) -> Void)? = nil
    ) -> ImportSummary {
        var summary = ImportSummary()
        let known = Self.photosBySource(library)
        var listed = Jobs()
        var fetchedFeeds: [FetchedFeed] = []
        let tally = TransferTally()
        for (number, raw) in urls.enumerated() {
            guard !cancellation.isCancelled else { break }
            let report: @Sendable (Int64) -> Void = { received in
                tally.update(raw, received)
                progress(ImportProgress(phase: .feeds, done: number, total: urls.count, bytesDone: tally.total,
                                        currentFile: raw))
            }
            report(0)
            // An image already listed, or already in the library, is not fetched to see what it is.
            if let url = URL(string: raw), listed.seen.contains(url) || known[url.absoluteString] != nil {
                listed.add(Job(item: WebFeed.Item(url: url)))
                continue
            }
            let received = resolve(raw, following: library.feed(url: raw), into: &listed, feeds: &fetchedFeeds,
                                   results: &summary.results, records: &records,
                                   cancellation: cancellation) { report($0.received) }
            tally.finish(raw, received)
        }
        perform(listed, into: &library, summary: &summary, cancellation: cancellation, progress: progress,
                merged: merged, tally: tally)
        for fetched in fetchedFeeds { library.setFeed(fetched.state(after: summary)) }
        return summary
    }

    /// The library's photos by source URL (the first of each).
    static func photosBySource(_ library: PhotoLibrary) -> [String: Photo] {
        Dictionary(library.photos.compactMap { photo in photo.sourceURL.map { ($0, photo) } },
                   uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Feeds

    /// One photo to get; `body` when the user's URL was the image itself, `feedURL` when it
    /// came from a feed or a list.
    struct Job: Sendable {
        var item: WebFeed.Item
        var body: [UInt8]?
        var feedURL: String?

        /// Only the thumbnail is fetched: the item has one and the original was not fetched already.
        var isLazy: Bool { item.thumbnailURL != nil && body == nil }
    }

    /// The photos to get, each URL once; a URL listed again is a repeat.
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
    /// A feed is fetched page by page (`FeedPaging`), `pages` pages from its first (or, when
    /// the library follows it already, from where it stopped: `earlier`); its items are
    /// deduplicated by id and URL, and `feeds` gets where it stands. Returns the bytes received.
    private func resolve(_ raw: String, following earlier: LibraryFeed?, into jobs: inout Jobs,
                         feeds: inout [FetchedFeed], results: inout [ImportFileResult],
                         records: inout WebFeedRecords, cancellation: ImportCancellation,
                         progress: @escaping @Sendable (WebTransfer) -> Void) -> Int64 {
        let paging = FeedPaging(raw)
        var page = 1
        var address = paging.url(page: 1)
        if let earlier, let next = earlier.next {
            (page, address) = (earlier.page + 1, URL(string: next))
        }
        guard let first = address, CurlFetcher.host(of: first) != nil else {
            results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: WebError.unsupportedURL(raw).description)))
            return 0
        }
        var fetched = FetchedFeed(state: earlier ?? LibraryFeed(url: raw))
        var received: Int64 = 0
        var visited: Set<URL> = [first]
        var fullPage = paging.asked
        var url = first
        for count in 1... {
            guard !cancellation.isCancelled else { break }
            let response: WebResponse
            do {
                response = try fetcher.fetch(WebRequest(url: url, kind: .any), cancellation: cancellation, progress: progress)
            } catch {
                if case .cancelled = error { break }
                // A page after the first: named, and the feed stays there for the next try.
                let name = count == 1 && earlier == nil ? raw : url.absoluteString
                results.append(ImportFileResult(path: name, outcome: Self.outcome(of: error)))
                fetched.state.next = url.absoluteString
                fetched.changed = count > 1 || earlier != nil
                break
            }
            received += Int64(response.body.count)
            if count == 1, earlier == nil, !paging.isTemplate, Self.isImage(response.body) {
                jobs.add(Job(item: WebFeed.Item(url: url), body: response.body))
                return received
            }
            guard let feed = parseFeed(response, named: count == 1 ? raw : url.absoluteString, results: &results)
            else { break }
            fetched.add(feed, into: &jobs, feedURL: raw)
            if page == 1 { records.feeds[raw] = WebFeedRecords.Record(response: response, feed: feed) }
            fetched.state.page = page
            fetched.state.title = feed.title ?? fetched.state.title
            fetched.changed = true
            fullPage = fullPage ?? feed.items.count
            var next = paging.next(after: page, response: response, feed: feed, fullPage: fullPage)
            if let repeated = next, !visited.insert(repeated).inserted { next = nil }   // a cursor loop ends it
            fetched.state.next = next?.absoluteString
            guard let next, count < pages else { break }
            let wait = FeedPaging.rateWait(response, limit: maxRateWait)
            if wait > 0 { pause(wait) }
            (url, page) = (next, page + 1)
        }
        if fetched.changed { feeds.append(fetched) }
        return received
    }

    /// The feed in `response`, its bad items added to `results` as problems of the feed `raw`;
    /// nil (with the reason in `results`) when it is no feed at all.
    func parseFeed(_ response: WebResponse, named raw: String, results: inout [ImportFileResult]) -> WebFeed? {
        guard Int64(response.body.count) <= WebRequest.feedLimit else {
            let error = WebError.tooLarge(url: raw, limit: WebRequest.feedLimit, declared: Int64(response.body.count))
            results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: error.description)))
            return nil
        }
        let feed: WebFeed
        do {
            feed = try WebFeed.parse(response.body, from: response.url)
        } catch {
            let outcome: ImportOutcome = switch error {
            case .notAFeed: .unsupported(reason: error.description)
            default: .corrupt(reason: error.description)
            }
            results.append(ImportFileResult(path: raw, outcome: outcome, wholeAddressFailed: true))
            return nil
        }
        for problem in feed.problems {
            results.append(ImportFileResult(path: raw, outcome: .corrupt(reason: problem.reason)))
        }
        return feed
    }

    // MARK: - Photos

    /// Gets the photos of `listed` into `library`: the lazy ones' thumbnails first, then the
    /// originals of the others, chunk by chunk (`merged` is given what each chunk added or
    /// changed), each with its outcome in `summary`.
    func perform(
        _ listed: Jobs, into library: inout PhotoLibrary, summary: inout ImportSummary,
        cancellation: ImportCancellation, progress: @escaping @Sendable (ImportProgress) -> Void,
        merged: ((ImportedPhotos) -> Void)?, tally: TransferTally = TransferTally()
    ) {
        let jobs = listed.list
        var known = Self.photosBySource(library)
        let rewritten = Importer.rewrittenIDs(library)
        var unreached = 0
        // One time for the whole run: "Recently imported" is this import, every chunk of it.
        let importedAt = Date().timeIntervalSince1970
        let lazy = jobs.indices.filter { jobs[$0].isLazy && thumbnails != nil }
        let lazySet = Set(lazy)
        let eager = jobs.indices.filter { !lazySet.contains($0) }
        for (phase, indexes) in [(ImportProgress.Phase.thumbnails, lazy), (.photos, eager)] where !indexes.isEmpty {
            let fetched = DownloadBook<Fetched>(count: indexes.count, phase: phase, tally: tally)
            progress(fetched.snapshot(nil))
            for start in stride(from: 0, to: indexes.count, by: Importer.chunkSize) {
                guard !cancellation.isCancelled else { break }
                let chunk = indexes[start..<min(indexes.count, start + Importer.chunkSize)]
                // What needs no download: a URL met earlier in this run or already in the library.
                var pending: [Int] = []
                for index in chunk {
                    let url = jobs[index].item.url.absoluteString
                    if let photo = known[url], !photo.isDownloaded || (!photo.missing && PathBytes.exists(photo.path)) {
                        summary.results.append(ImportFileResult(path: url, outcome: .duplicate(photoID: photo.id, original: url)))
                        fetched.skip()
                    } else {
                        pending.append(index)
                    }
                }
                download(pending, of: jobs, into: fetched, importedAt: importedAt, cancellation: cancellation,
                         progress: progress)
                var imported = ImportedPhotos()
                let results = record(pending.compactMap { index in fetched.result(index).map { (index, $0) } },
                                     jobs: jobs, rewritten: rewritten, into: &library, imported: &imported)
                for result in results {
                    if let photo = result.outcome.photoID.flatMap(library.photo(id:)) { known[result.path] = photo }
                }
                summary.results += results
                merged?(imported)
            }
            unreached += fetched.unreached
        }
        // A URL listed twice was fetched once: the repeat shares the first one's fate.
        for url in listed.repeats {
            guard let first = summary.results.first(where: { $0.path == url }) else { continue }
            let outcome: ImportOutcome = first.outcome.photoID.map { .duplicate(photoID: $0, original: url) } ?? first.outcome
            summary.results.append(ImportFileResult(path: url, outcome: outcome))
        }
        summary.filesFound = summary.results.count + unreached
        summary.cancelled = cancellation.isCancelled
        progress(ImportProgress(phase: .finished, done: summary.results.count, total: summary.filesFound,
                                bytesDone: tally.total, bytesTotal: 0))
    }

    /// Puts what the downloads of one chunk gave into the library, in job order: originals
    /// through `Importer.merge` (duplicates by content, relinks, updates), not-downloaded photos
    /// as they are (with their thumbnail's problem, if any, as a result of its own). `imported`
    /// gets what was added or changed.
    private func record(_ fetched: [(index: Int, result: Fetched)], jobs: [Job], rewritten: [String: String],
                        into library: inout PhotoLibrary, imported: inout ImportedPhotos) -> [ImportFileResult] {
        var labels: [String] = [], analyses: [PhotoAnalyzer.Result?] = []
        var results: [ImportFileResult] = []
        var lazy: [Photo] = []
        for (index, result) in fetched {
            let url = jobs[index].item.url.absoluteString
            switch result {
            case let .analysed(analysis):
                labels.append(url)
                analyses.append(analysis)
            case let .lazy(photo, problem):
                if let existing = library.photo(id: photo.id) {
                    results.append(ImportFileResult(path: url, outcome: .duplicate(photoID: existing.id, original: url)))
                    continue
                }
                lazy.append(photo)
                results.append(ImportFileResult(path: url, outcome: .imported(photoID: photo.id)))
                if let problem { results.append(problem) }
            }
        }
        library.add(contentsOf: lazy)
        imported.add(ImportedPhotos(photos: lazy))
        let merged = Importer.merge(labels: labels, analyses: analyses, rewritten: rewritten, into: &library,
                                    imported: &imported)
        for result in merged {
            // A download whose bytes were already in the library is not kept twice.
            if case let .duplicate(id, _) = result.outcome, let photo = library.photo(id: id),
               photo.sourceURL != result.path {
                let ours = downloads.path(for: URL(string: result.path)!, format: nil)
                removeDownload(matching: ours, keeping: photo.path)
            }
        }
        return results + merged
    }

    /// Downloads the jobs at `indexes` on `workers` threads: thumbnails or originals, as
    /// `fetched.phase` says.
    private func download(_ indexes: [Int], of jobs: [Job], into fetched: DownloadBook<Fetched>, importedAt: Double,
                          cancellation: ImportCancellation,
                          progress: @escaping @Sendable (ImportProgress) -> Void) {
        guard !indexes.isEmpty else { return }
        let analyzer = PhotoAnalyzer(thumbnails: thumbnails)
        let queue = WorkQueue(indexes)
        Self.onThreads(min(workers, indexes.count)) {
            while !cancellation.isCancelled, let index = queue.next() {
                let job = jobs[index]
                // The overlay names what is being fetched: the thumbnail, in the thumbnails phase.
                let fetching = fetched.phase == .thumbnails ? job.item.thumbnailURL ?? job.item.url : job.item.url
                let current = fetching.absoluteString
                let report: @Sendable (WebTransfer) -> Void = { transfer in
                    progress(fetched.progress(transfer.received, current: current))
                }
                let result = fetched.phase == .thumbnails
                    ? fetchThumbnail(job, importedAt: importedAt, cancellation: cancellation, progress: report)
                    : fetchOriginal(job, analyzer: analyzer, importedAt: importedAt, cancellation: cancellation,
                                    progress: report)
                // A download cut short by cancelling was never reached.
                guard let result else { continue }
                progress(fetched.finish(index, result.fetched, bytes: result.bytes, current: current))
            }
        }
    }

    /// Runs `body` on `count` threads of its own and waits for all of them. Downloads spend their
    /// time waiting for the network: on Dispatch's pool (sized to the cores) they would starve
    /// every other piece of work in the process, the browser's previews included.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
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

    /// Removes the file downloaded to `path` (whatever extension it got), unless it is `kept`.
    private func removeDownload(matching path: String, keeping kept: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && folder + "/" + name != kept {
            unlink(folder + "/" + name)
        }
    }

    static func isImage(_ bytes: [UInt8]) -> Bool {
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
