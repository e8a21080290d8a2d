import Library

/// Infinite scroll over a paged feed (issue 24): in a feed's folder, when the cursor passes
/// half of the photos loaded and the feed has a next page, that page is fetched in the
/// background (`Effect.loadMoreOfFeed`, on the import queue); the status line says "Loading
/// more…" meanwhile, the grid stays usable and the cursor where it was. A failure is said in
/// the status line; the next move of the cursor past the threshold tries again.
extension AppState {
    /// Where a feed's next page stands.
    enum FeedLoad: Equatable, Sendable {
        case loading
        case failed(String)
    }

    /// The feed whose folder is on screen (its grid or a photo of it), if any.
    var feedOnScreen: LibraryFeed? {
        guard let id = groupFrameID, LibraryFeed.isFeedGroup(id) else { return nil }
        return library.feeds.first { $0.groupID == id }
    }

    /// The id of the grid on the stack's top group frame.
    private var groupFrameID: String? {
        switch screen {
        case .home: nil
        case let .group(id), let .detail(id, _): id
        }
    }

    /// After a key: the next page of the feed on screen, when the cursor passed the threshold.
    /// A failed page is tried again (a key moved the cursor on); one loading is not asked twice.
    mutating func loadMoreIfDue() -> [Effect] {
        guard let feed = feedOnScreen, feed.hasMore, feedLoads[feed.url] != .loading,
              let loaded = currentGroup?.photoIDs.count, loaded > 0 else { return [] }
        let position: Int = switch screen {
        case let .detail(_, index): index
        default: groupCursor.selected
        }
        guard position + 1 > loaded / 2 else { return [] }
        feedLoads[feed.url] = .loading
        status = "Loading more…"
        return [.loadMoreOfFeed(feed.url)]
    }

    /// The next page came (the library as saved), or why not.
    mutating func feedPageLoaded(_ url: String, _ result: Result<Msg.FeedPage, Failure>) {
        switch result {
        case let .success(page):
            installFromDisk(page.library)
            if let problem = page.problem {
                feedLoads[url] = .failed(problem)
                status = "Loading more failed: \(problem.strippingControlCharacters) — move on to try again"
            } else {
                feedLoads[url] = nil
                status = page.added == 0 ? "No more photos in this feed" : "\(AppState.count(page.added)) more"
            }
        case let .failure(failure):
            feedLoads[url] = .failed(failure.message)
            status = "Loading more failed: \(failure.message) — move on to try again"
        }
    }
}
