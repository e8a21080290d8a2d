import Foundation

/// One feed as a run of `WebImporter` fetched it (issue 24): where it stands now and the item
/// URLs it listed, in feed order, each once (offset paging shifts when items arrive, and a
/// random endpoint repeats itself: an item met again, by id or by URL, is left out).
struct FetchedFeed {
    var state: LibraryFeed
    /// The new pages' (or a refresh's new) item URLs, in feed order.
    var itemURLs: [String] = []
    /// Whether anything of the feed changed (a page fetched, or a page failed after the first).
    var changed = false
    private var seenIDs: Set<String> = []
    private var seenURLs: Set<URL> = []

    init(state: LibraryFeed) { self.state = state }

    /// Adds the items of `feed` not met before to `jobs`.
    mutating func add(_ feed: WebFeed, into jobs: inout WebImporter.Jobs, feedURL: String) {
        for item in feed.items {
            if let id = item.id, !seenIDs.insert(id).inserted { continue }
            guard seenURLs.insert(item.url).inserted else { continue }
            itemURLs.append(item.url.absoluteString)
            jobs.add(WebImporter.Job(item: item, feedURL: feedURL))
        }
    }

    /// The feed with the photos its items became (imported, or already in the library) after
    /// the ones it had.
    func state(after summary: ImportSummary) -> LibraryFeed {
        var photoByURL: [String: String] = [:]
        for result in summary.results {
            if let id = result.outcome.photoID, photoByURL[result.path] == nil { photoByURL[result.path] = id }
        }
        var feed = state
        var known = Set(feed.photoIDs)
        for url in itemURLs {
            if let id = photoByURL[url], known.insert(id).inserted { feed.photoIDs.append(id) }
        }
        return feed
    }
}
