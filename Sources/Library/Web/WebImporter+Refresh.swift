import Foundation

/// Refresh: every feed the library knows is fetched again (conditionally, so an unchanged feed
/// costs one small request) and the library follows it.
extension WebImporter {
    /// Loads the library, refreshes every feed its photos came from, and saves the result as it
    /// goes (also when cancelled: see `run(_:store:...)`) with the feeds' new validators. New items are
    /// added (lazily, like an import); items whose title, album or thumbnail changed are updated;
    /// photos whose item left the feed are marked missing (never deleted: edits are kept) and
    /// unmarked when it comes back. A feed that cannot be fetched is an outcome with its reason
    /// and changes nothing. Throws only when the library itself cannot be locked, read or written.
    public func refresh(
        store: any LibraryStoring, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        try appending(store: store, lockTimeout: lockTimeout, progress: progress) { library, records, merged in
            refresh(into: &library, records: &records, cancellation: cancellation, progress: progress, merged: merged)
        }
    }

    /// Refreshes `library` in memory; `records` holds the feeds' validators and thumbnails as
    /// last fetched, and gets the new ones. `merged` is given the photos changed, then what each
    /// chunk of new items added.
    public func refresh(
        into library: inout PhotoLibrary, records: inout WebFeedRecords,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        merged: ((ImportedPhotos) -> Void)? = nil
    ) -> ImportSummary {
        var feeds: [String] = []
        var seen: Set<String> = []
        for photo in library.photos {
            if let feed = photo.feedURL, seen.insert(feed).inserted { feeds.append(feed) }
        }
        var summary = ImportSummary()
        var changes = ImportSummary.FeedChanges()
        changes.feeds = feeds.count
        var plan = RefreshPlan()
        let known = Self.photosBySource(library)
        let tally = TransferTally()
        let total = feeds.count
        for (number, raw) in feeds.enumerated() {
            guard !cancellation.isCancelled else { break }
            let report: @Sendable (Int64) -> Void = { received in
                tally.update(raw, received)
                progress(ImportProgress(phase: .feeds, done: number, total: total, bytesDone: tally.total,
                                        currentFile: raw))
            }
            report(0)
            // A template's first page (issue 24).
            guard let url = FeedPaging(raw).url(page: 1), CurlFetcher.host(of: url) != nil else {
                summary.results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: WebError.unsupportedURL(raw).description)))
                continue
            }
            let earlier = records.feeds[raw]
            let response: WebResponse
            do {
                response = try fetcher.fetch(WebRequest(url: url, kind: .any, validators: earlier?.validators),
                                             cancellation: cancellation) { report($0.received) }
                tally.finish(raw, Int64(response.body.count))
            } catch {
                tally.finish(raw, 0)
                if case .cancelled = error { break }
                summary.results.append(ImportFileResult(path: raw, outcome: Self.outcome(of: error)))
                continue
            }
            if response.notModified {
                changes.unchanged += 1
                records.feeds[raw]?.fetchedAt = Date().timeIntervalSince1970
                continue
            }
            if Self.isImage(response.body) {
                let reason = "no longer a feed: the address gives an image"
                summary.results.append(ImportFileResult(path: raw, outcome: .unsupported(reason: reason)))
                continue
            }
            guard var feed = parseFeed(response, named: raw, results: &summary.results) else { continue }
            // Only the first page is fetched again: a paged feed's other items have not left it.
            let paged = library.feed(url: raw).map { $0.page > 1 || $0.next != nil } == true
                || FeedPaging(raw).next(after: 1, response: response, feed: feed, fullPage: nil) != nil
            // …and the pages after it while all their items are new (issue 24).
            if paged {
                feed.items += newerPages(after: feed, response: response, named: raw, known: known,
                                         results: &summary.results, cancellation: cancellation, progress: report)
            }
            plan.follow(feed, named: raw, earlier: earlier, library: library, known: known, wholeFeed: !paged,
                        missingThumbnail: { photo in thumbnails.map { $0.entry(for: ThumbnailStore.Key(of: photo)) == nil } ?? false })
            records.feeds[raw] = WebFeedRecords.Record(response: response, feed: feed)
        }
        let refetched = refetchThumbnails(plan.thumbnails, tally: tally, cancellation: cancellation, progress: progress)
        for id in refetched.notStored {
            plan.changed[id]?.fileModified = plan.previous[id]?.fileModified ?? 0   // the old thumbnail stays
        }
        summary.results += refetched.problems
        for id in plan.changed.keys where plan.changed[id] == plan.previous[id] { plan.changed[id] = nil }
        changes.changed = plan.changed.keys.filter { !plan.metadataUnchanged.contains($0) }.count
        changes.left = plan.left
        changes.back = plan.back
        let changed = Array(plan.changed.values)
        library.update(changed)
        merged?(ImportedPhotos(photos: changed))
        perform(plan.added, into: &library, summary: &summary, cancellation: cancellation, progress: progress,
                merged: merged, tally: tally)
        // Paged feeds (issue 24): a feed's new items come first in its folder.
        for raw in feeds {
            guard let feed = library.feed(url: raw) else { continue }
            let added = plan.added.list.filter { $0.feedURL == raw }.map(\.item.url.absoluteString)
            var fetched = FetchedFeed(state: LibraryFeed(url: raw))
            fetched.itemURLs = added
            let newIDs = fetched.state(after: summary).photoIDs.filter { !feed.photoIDs.contains($0) }
            guard !newIDs.isEmpty else { continue }
            var updated = feed
            updated.photoIDs = newIDs + feed.photoIDs
            library.setFeed(updated)
        }
        summary.feedChanges = changes
        return summary
    }

    /// Pages fetched at most after a paged feed's first one by a refresh.
    static let refreshPageCap = 10

    /// A paged feed's newer items past its first page (issue 24): while every item of the page
    /// just fetched is new (none known by its URL), newer items pushed the known ones down, so
    /// the next page is fetched too, until a page holds a known item, the feed ends, a cursor
    /// repeats, or `refreshPageCap` pages. A page that fails is named in `results` and ends it.
    private func newerPages(after first: WebFeed, response firstResponse: WebResponse, named raw: String,
                            known: [String: Photo], results: inout [ImportFileResult],
                            cancellation: ImportCancellation, progress: @escaping @Sendable (Int64) -> Void) -> [WebFeed.Item] {
        let paging = FeedPaging(raw)
        var (feed, response, page) = (first, firstResponse, 1)
        var visited: Set<URL> = [firstResponse.url]
        var items: [WebFeed.Item] = []
        while page <= Self.refreshPageCap, !cancellation.isCancelled,
              !feed.items.isEmpty, feed.items.allSatisfy({ known[$0.url.absoluteString] == nil }),
              let next = paging.next(after: page, response: response, feed: feed, fullPage: nil),
              visited.insert(next).inserted {
            do {
                response = try fetcher.fetch(WebRequest(url: next, kind: .any), cancellation: cancellation) { progress($0.received) }
            } catch {
                if case .cancelled = error { break }
                results.append(ImportFileResult(path: next.absoluteString, outcome: Self.outcome(of: error)))
                break
            }
            guard let parsed = parseFeed(response, named: next.absoluteString, results: &results) else { break }
            items += parsed.items
            (feed, page) = (parsed, page + 1)
        }
        return items
    }

    /// Fetches the thumbnails of photos (`photo` as it will be stored, with its new thumbnail
    /// key) on `workers` threads. Returns the ids of the photos whose new thumbnail was not
    /// stored (they keep their old one), and the problems met.
    private func refetchThumbnails(_ photos: [(photo: Photo, url: URL)], tally: TransferTally,
                                   cancellation: ImportCancellation,
                                   progress: @escaping @Sendable (ImportProgress) -> Void)
        -> (notStored: Set<String>, problems: [ImportFileResult]) {
        guard !photos.isEmpty, thumbnails != nil else { return (Set(photos.map(\.photo.id)), []) }
        let book = DownloadBook<ImportFileResult?>(count: photos.count, phase: .thumbnails, tally: tally)
        let queue = WorkQueue(Array(photos.indices))
        progress(book.snapshot(nil))
        Self.onThreads(min(workers, photos.count)) {
            while !cancellation.isCancelled, let index = queue.next() {
                let (photo, url) = photos[index]
                let current = url.absoluteString
                let stored = storeThumbnail(of: photo, from: url, cancellation: cancellation) { transfer in
                    progress(book.progress(transfer.received, current: current))
                }
                // Cut short by cancelling: the photo keeps its old thumbnail.
                guard let stored else { continue }
                progress(book.finish(index, stored.problem, bytes: stored.bytes, current: current))
            }
        }
        var notStored: Set<String> = []
        var problems: [ImportFileResult] = []
        for index in photos.indices {
            switch book.result(index) {
            case nil: notStored.insert(photos[index].photo.id)
            case let problem??:
                notStored.insert(photos[index].photo.id)
                problems.append(problem)
            case .some(nil): break
            }
        }
        return (notStored, problems)
    }
}

/// What a refresh will change, feed by feed.
struct RefreshPlan {
    /// Photos changed, by id, and as they were.
    var changed: [String: Photo] = [:]
    var previous: [String: Photo] = [:]
    /// Changed only by coming back to their feed (not counted as changed).
    var metadataUnchanged: Set<String> = []
    /// Thumbnails to fetch again, for photos not downloaded (the photo with its new thumbnail key).
    var thumbnails: [(photo: Photo, url: URL)] = []
    /// New items.
    var added = WebImporter.Jobs()
    var left = 0
    var back = 0

    /// Plans what `feed` (fetched from `raw`; `earlier` is its record from the last fetch)
    /// changes in `library`. Photos from other feeds with the same URL are not touched.
    /// `wholeFeed`: the feed is all there is (not the first page of several), so a photo not
    /// in it left it.
    mutating func follow(_ feed: WebFeed, named raw: String, earlier: WebFeedRecords.Record?, library: PhotoLibrary,
                         known: [String: Photo], wholeFeed: Bool = true, missingThumbnail: (Photo) -> Bool) {
        let now = Date().timeIntervalSince1970
        var present: Set<String> = []
        for item in feed.items {
            let url = item.url.absoluteString
            present.insert(url)
            guard let photo = known[url] else {
                added.add(WebImporter.Job(item: item, feedURL: raw))
                continue
            }
            guard photo.feedURL == raw || photo.feedURL == nil, previous[photo.id] == nil else { continue }
            var updated = photo
            WebImporter.apply(item, feedURL: raw, to: &updated)
            if item.title == nil, photo.fileDescriptionSource == .feed {
                updated.fileDescription = nil
                updated.fileDescriptionSource = nil
            }
            let metadataChanged = updated != photo
            if photo.leftFeed {
                updated.leftFeed = false
                updated.missing = updated.isMissing(fileExists: PathBytes.exists(updated.path))
                back += 1
            }
            // A new thumbnail (or one the store lost) for a photo whose original is not here.
            var thumbnailChanged = false
            if !photo.isDownloaded, let thumbnail = item.thumbnailURL {
                let before = earlier?.thumbnails?[url]
                if (before != nil && before != thumbnail.absoluteString) || missingThumbnail(photo) {
                    updated.fileModified = max(now, photo.fileModified + 0.001)   // a new thumbnail key
                    thumbnails.append((updated, thumbnail))
                    thumbnailChanged = before != nil && before != thumbnail.absoluteString
                }
            }
            guard updated != photo else { continue }
            previous[photo.id] = photo
            changed[photo.id] = updated
            if !metadataChanged && !thumbnailChanged { metadataUnchanged.insert(photo.id) }
        }
        for photo in library.photos where wholeFeed && photo.feedURL == raw && !photo.leftFeed {
            guard let source = photo.sourceURL, !present.contains(source), previous[photo.id] == nil else { continue }
            var gone = photo
            gone.leftFeed = true
            gone.missing = true
            previous[photo.id] = photo
            changed[photo.id] = gone
            metadataUnchanged.insert(photo.id)
            left += 1
        }
    }
}
