import Foundation

/// Refreshing the feeds the library came from: each is fetched again (conditionally, so an
/// unchanged feed costs one small request); new items are added like an import (lazily when
/// they have a thumbnail), items whose title or album changed are updated, and items no longer
/// in the feed are marked missing (`Photo.leftFeed`) — never deleted, edits kept. An item that
/// comes back is not missing any more. A feed that cannot be fetched or read changes nothing.
extension WebImporter {
    /// Locks the library, loads it fresh, refreshes every feed and saves.
    public func refresh(
        store: LibraryStore, lockTimeout: Double = 10,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) throws(LibraryStoreError) -> (library: PhotoLibrary, summary: ImportSummary) {
        try withRecords(store: store, lockTimeout: lockTimeout, progress: progress) { library, records, checkpoint in
            refresh(into: &library, records: &records, cancellation: cancellation, progress: progress,
                    checkpoint: checkpoint)
        }
    }

    /// Refreshes every feed of `library` in memory; `records` holds the feeds' validators.
    public func refresh(
        into library: inout PhotoLibrary, records: inout WebFeedRecords,
        cancellation: ImportCancellation = ImportCancellation(),
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        checkpoint: ((PhotoLibrary) -> Void)? = nil
    ) -> ImportSummary {
        let feeds = Set(library.photos.compactMap(\.feedURL)).sorted()
        var summary = ImportSummary()
        var listed = Jobs()
        for (number, feed) in feeds.enumerated() {
            guard !cancellation.isCancelled else { break }
            progress(ImportProgress(phase: .feeds, done: number, total: feeds.count, currentFile: feed))
            guard let url = URL(string: feed) else { continue }
            let validators = records.feeds[feed]?.validators
            let response: WebResponse
            do {
                response = try fetcher.fetch(WebRequest(url: url, kind: .any,
                                                        validators: validators?.isEmpty == false ? validators : nil),
                                             cancellation: cancellation, progress: { _ in })
            } catch {
                if case .cancelled = error { break }
                summary.results.append(ImportFileResult(path: feed, outcome: Self.outcome(of: error)))
                continue
            }
            if response.notModified {
                summary.unchangedFeeds += 1
                continue
            }
            guard let parsed = parseFeed(response, named: feed, results: &summary.results) else { continue }
            records.feeds[feed] = WebFeedRecords.Record(response: response, feed: parsed)
            let changes = Self.changes(in: library, feed: feed, items: parsed.items)
            library.update(changes.updated + changes.left)
            for photo in changes.updated {
                summary.results.append(ImportFileResult(path: photo.sourceURL ?? feed,
                                                        outcome: .updated(photoID: photo.id, previousID: photo.id)))
            }
            summary.leftFeed += changes.left.count
            for item in changes.new { listed.add(Job(item: item, feedURL: feed)) }
        }
        var added = ImportSummary()
        perform(listed, into: &library, summary: &added, cancellation: cancellation, progress: progress,
                checkpoint: checkpoint)
        summary.results += added.results
        summary.filesFound = summary.results.count + max(0, added.filesFound - added.results.count)
        summary.cancelled = cancellation.isCancelled
        return summary
    }

    /// What a freshly fetched feed changes: photos of the library whose item now says
    /// something else (title, album, or it is back in the feed), photos whose item is gone,
    /// and the items that are new.
    static func changes(in library: PhotoLibrary, feed: String, items: [WebFeed.Item])
        -> (updated: [Photo], left: [Photo], new: [WebFeed.Item]) {
        let known = photosBySource(library)
        var updated: [Photo] = [], new: [WebFeed.Item] = []
        var listed = Set<String>()
        for item in items {
            let url = item.url.absoluteString
            guard listed.insert(url).inserted else { continue }
            guard let photo = known[url] else {
                new.append(item)
                continue
            }
            var changed = photo
            apply(item, feedURL: feed, to: &changed)
            if changed.leftFeed {
                changed.leftFeed = false
                changed.missing = changed.isMissing(fileExists: PathBytes.exists(changed.path))
            }
            if changed != photo { updated.append(changed) }
        }
        let left = library.photos.filter { photo in
            photo.feedURL == feed && !photo.leftFeed && !listed.contains(photo.sourceURL ?? "")
        }.map { photo in
            var gone = photo
            gone.leftFeed = true
            gone.missing = true
            return gone
        }
        return (updated, left, new)
    }
}
