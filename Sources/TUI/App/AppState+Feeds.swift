import Library

/// Infinite scroll over a paged feed (issue 24): in a feed's folder (its grid, a photo of it, or
/// the feed view over them), when the cursor passes `feedThreshold` of the last page loaded (half
/// a page by default) and the feed has a next page, that page is fetched in the background
/// (`Effect.loadMoreOfFeed`, on the import queue); a "Loading more…" tile ends the grid meanwhile
/// (`feedEndText`), the grid stays usable and the cursor where it was. A failure is said on that
/// tile and in the status line; `M` (`loadMoreNow`) tries again. Also the feed view (`V`).
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

    /// Where the user is in the feed on screen: the lowest photo the feed view shows, the photo
    /// view's photo, or the grid's selected photo.
    var feedPosition: Int? {
        if let stream = layer(FeedStream.self) { return FeedStreamView.shownIndices(stream, state: self).last }
        switch screen {
        case .home: return nil
        case .group: return currentPage?.photoIndex(ofItem: groupCursor.selected)
        case let .detail(_, index): return index
        }
    }

    /// The photos the cursor must pass before the next page is fetched: `threshold` (0–1) of the
    /// way into the last page of `loaded` photos in pages of `pageSize` (0.5 of 24: the 13th photo
    /// of the last page asks); never past the last photo.
    static func feedThresholdCount(loaded: Int, pageSize: Int, threshold: Double) -> Int {
        let page = max(1, min(pageSize, loaded))
        let into = Int((Double(page) * max(0, min(1, threshold))).rounded(.up))
        return min(loaded - 1, loaded - page + into)
    }

    /// After a key: the next page of the feed on screen, when the cursor passed the threshold
    /// (`feedThreshold`). One loading is not asked twice; a failed one waits for `M`.
    mutating func loadMoreIfDue() -> [Effect] {
        guard let feed = feedOnScreen, feed.hasMore, feedLoads[feed.url] == nil,
              let loaded = currentGroup?.photoIDs.count, loaded > 0, let position = feedPosition else { return [] }
        let pageSize = feed.photoIDs.count / max(1, feed.page)
        guard position + 1 > Self.feedThresholdCount(loaded: loaded, pageSize: pageSize, threshold: feedThreshold)
        else { return [] }
        return loadMore(of: feed)
    }

    /// `M`: the next page of the feed on screen now (a failed one again).
    mutating func loadMoreNow() -> [Effect] {
        guard let feed = feedOnScreen else {
            status = "Not a web feed's folder: \(keyMap.label(.loadMore, in: keyContext)) loads a feed's next page"
            return []
        }
        guard feedLoads[feed.url] != .loading else {
            status = "Loading more…"
            return []
        }
        guard feed.hasMore else {
            status = "No more photos in this feed"
            return []
        }
        return loadMore(of: feed)
    }

    private mutating func loadMore(of feed: LibraryFeed) -> [Effect] {
        feedLoads[feed.url] = .loading
        status = "Loading more…"
        return [.loadMoreOfFeed(feed.url)]
    }

    /// What the end of the grid (or feed view) of `groupID` says when it is a feed's: "Loading
    /// more…", why the page failed and the key that tries again, or, `saysEnd`, that the feed
    /// ended; nil while more may come and nothing is asked.
    func feedEndText(groupID: String, saysEnd: Bool = true) -> String? {
        guard LibraryFeed.isFeedGroup(groupID), let feed = library.feeds.first(where: { $0.groupID == groupID }) else { return nil }
        switch feedLoads[feed.url] {
        case .loading?: return "Loading more…"
        case let .failed(reason)?: return "Loading more failed: \(reason) · \(retryHint)"
        case nil: return feed.hasMore || !saysEnd ? nil : "End of the feed"
        }
    }

    /// "M to try again" (the key as bound where the user is).
    private var retryHint: String { "\(keyMap.label(.loadMore, in: keyContext)) to try again" }

    /// `V`: the feed view of the grid on screen (or under the photo view), opening at the
    /// selected photo; `V` again (or Esc) goes back to it.
    mutating func openFeedView() {
        let index: Int?
        switch screen {
        case .home: index = nil
        case .group: index = currentPage?.photoIndex(ofItem: groupCursor.selected) ?? 0
        case let .detail(_, photo): index = photo
        }
        guard let index, let group = currentGroup, !group.photoIDs.isEmpty else {
            status = "No photos here: open a folder, then \(keyMap.label(.feedView, in: keyContext)) shows them as a feed"
            return
        }
        open(.feedView(FeedStream(groupID: group.id, index: index)))
    }

    /// The next page came (the library as saved), or why not.
    mutating func feedPageLoaded(_ url: String, _ result: Result<Msg.FeedPage, Failure>) {
        switch result {
        case let .success(page):
            installFromDisk(page.library)
            if let problem = page.problem {
                feedLoads[url] = .failed(problem)
                status = "Loading more failed: \(problem.strippingControlCharacters) — \(retryHint)"
            } else {
                feedLoads[url] = nil
                status = page.added == 0 ? "No more photos in this feed" : "\(Counted.text(page.added)) more"
            }
        case let .failure(failure):
            feedLoads[url] = .failed(failure.message)
            status = "Loading more failed: \(failure.message) — \(retryHint)"
        }
    }
}

// MARK: - The feed view's previews

extension AppState {
    /// The previews the feed view needs: the photos on screen (at the photo view's size, with
    /// their character art too, which stands in while pixels are made and draws a block cut by
    /// the edge), then the next two.
    func feedViewPreviews(_ stream: FeedStream) -> [PreviewRequest] {
        let ids = stream.photoIDs(self)
        let shown = FeedStreamView.shownIndices(stream, state: self)
        let box = FeedStreamView.Layout(self).imageBox(top: 0)
        var requests: [PreviewRequest] = [], standIns: [PreviewRequest] = []
        for index in shown.lowerBound..<min(ids.count, shown.upperBound + 2) {
            guard let photo = library.photo(id: ids[index]), !photo.missing else { continue }
            let key = PhotoTile.previewKey(for: photo, maxColumns: box.width, maxRows: box.height, state: self, inGrid: false)
            requests.append(PreviewRequest(key: key, photo: photo))
            if key.pixels != nil, shown.contains(index) {
                let art = PhotoTile.standInKey(for: photo, maxColumns: box.width, maxRows: box.height, state: self)
                standIns.append(PreviewRequest(key: art, photo: photo))
            }
        }
        // On screen first (what `visiblePreviewCount` counts), their stand-ins, then what follows.
        let onScreen = min(shown.count, requests.count)
        return Array(requests.prefix(onScreen)) + standIns + Array(requests.dropFirst(onScreen))
    }
}
