import Library
import Testing
@testable import TUI

/// Paged feeds (issue 24): each feed is one folder on the home grid, after the smart folders
/// and before the groups, whatever the grouping, its photos in feed order.
@Suite struct FeedFolderTests {
    /// The standard library with a feed of three of its photos, listed out of date order.
    static func library() -> PhotoLibrary {
        var library = TestLibrary.standard()
        let ids = [String(format: "%016x", 0xA000 + 205), String(format: "%016x", 0xA000 + 1),
                   String(format: "%016x", 0xA000 + 110)]
        library.setFeed(LibraryFeed(url: "https://api.example.com/v1/photos?page={page}", next: "https://api.example.com/v1/photos?page=2",
                                    page: 1, photoIDs: ids))
        return library
    }

    @Test(arguments: [GroupingKind.description, .date])
    func theFeedIsOneFolderBeforeTheGroupsInFeedOrder(grouping: GroupingKind) throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40, remembered: RememberedState(grouping: grouping))
        state.sendWorking(.resized(columns: 120, rows: 40))
        let names = state.homeFolders.map(\.name)
        let feed = try #require(names.firstIndex(of: "api.example.com/v1/photos"), "\(names)")
        #expect(names.firstIndex(of: "Missing")! < feed)
        #expect(feed == names.firstIndex(of: "Missing")! + 1, "right after the smart folders: \(names)")
        let page = try #require(state.page(id: state.homeFolders[feed].id))
        #expect(page.group.photoIDs == Self.library().feeds[0].photoIDs)
        #expect(HomeScreen.folderDetail(state.homeFolders[feed], count: 3, width: 60).hasPrefix("feed · 3 photos"))
    }

    /// Infinite scroll: passing half of the last page asks for the next page once, in the
    /// background; the grid keeps its cursor; a failure says why on a tile at the end and in the
    /// status line, and `M` (not another move) tries again.
    @Test func passingHalfThePageFetchesTheNextPageOnce() throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        let feed = Self.library().feeds[0]
        let index = try #require(state.homeFolders.firstIndex { $0.id == feed.groupID })
        state.openGroup(at: index)
        #expect(state.currentGroup?.photoIDs.count == 3)
        #expect(!state.press(.home).contains(.loadMoreOfFeed(feed.url)), "the first photo is not past half")
        #expect(!state.press(.right).contains(.loadMoreOfFeed(feed.url)), "the second is half of three, not past it")
        #expect(state.press(.right) == [.loadMoreOfFeed(feed.url)])
        #expect(state.status == "Loading more…")
        #expect(AppView.render(state).text().contains("Loading more…"))
        #expect(!state.press(.left).contains(.loadMoreOfFeed(feed.url)), "asked once")
        #expect(AppView.render(state).text().contains("Loading more…"), "the tile stays after the last photo while it comes")

        // It failed: said on the tile and the status line; moving does not ask again, M does.
        state.send(.feedPageLoaded(feedURL: feed.url, .success(Msg.FeedPage(library: Self.library(), added: 0,
                                                                            problem: "the server answered 503"))))
        #expect(state.status == "Loading more failed: the server answered 503 — M to try again")
        let text = AppView.render(state).text()
        #expect(text.contains("the server answered 503") && text.contains("M to try again"), "\(text)")
        #expect(!state.press(.right).contains(.loadMoreOfFeed(feed.url)))
        #expect(state.press(.char("M")) == [.loadMoreOfFeed(feed.url)])
        #expect(!AppView.render(state).text().contains("503"))

        // It came: the grid grows, the cursor stays, the tile goes.
        var grown = Self.library()
        var more = feed
        more.photoIDs.append(String(format: "%016x", 0xA000 + 301))
        more.next = nil
        grown.setFeed(more)
        let selected = state.groupCursor.selected
        state.send(.feedPageLoaded(feedURL: feed.url, .success(Msg.FeedPage(library: grown, added: 1, problem: nil))))
        #expect(state.currentGroup?.photoIDs.count == 4)
        #expect(state.groupCursor.selected == selected)
        #expect(state.status == "1 photo more")
        #expect(!AppView.render(state).text().contains("Loading more"))
        #expect(!state.press(.end).contains(.loadMoreOfFeed(feed.url)), "the feed ended")
        state.press(.char("M"))
        #expect(state.status == "No more photos in this feed")
    }

    /// When the last photo ends a row, the "Loading more…" tile starts a row of its own: the
    /// grid scrolls to show it under the selection rather than leave it below the view.
    @Test func theLoadingTileShowsWhenItStartsARowBelowTheView() throws {
        var library = TestLibrary.standard()
        var state = TestLibrary.state(library, columns: 120, rows: 40)
        let layout = state.photoLayout
        let count = layout.columns * (layout.visibleRows + 1)
        let ids = Array(library.photos.map(\.id).prefix(count))
        try #require(ids.count == count, "the standard library holds \(library.photos.count) photos, \(count) needed")
        library.setFeed(LibraryFeed(url: "https://api.example.com/v1/photos?page={page}",
                                    next: "https://api.example.com/v1/photos?page=2", page: 1, photoIDs: ids))
        state = TestLibrary.state(library, columns: 120, rows: 40)
        let feed = library.feeds[0]
        state.openGroup(at: try #require(state.homeFolders.firstIndex { $0.id == feed.groupID }))
        #expect(state.press(.end) == [.loadMoreOfFeed(feed.url)])
        #expect(AppView.render(state).text().contains("Loading more…"), "the tile's row is in view")
        #expect(state.groupCursor.selected == count - 1, "the selection stays on the last photo, in view")
        #expect(state.groupCursor.visibleRange(count: count + 1, layout: layout).contains(count - 1))
    }

    /// The threshold (`feed-threshold`): a share of the last page, half by default.
    @Test func theThresholdIsAShareOfTheLastPage() {
        #expect(AppState.feedThresholdCount(loaded: 24, pageSize: 24, threshold: 0.5) == 12)
        #expect(AppState.feedThresholdCount(loaded: 48, pageSize: 24, threshold: 0.5) == 36)
        #expect(AppState.feedThresholdCount(loaded: 24, pageSize: 24, threshold: 0) == 0)
        #expect(AppState.feedThresholdCount(loaded: 24, pageSize: 24, threshold: 1) == 23, "at the last photo")
        #expect(AppState.feedThresholdCount(loaded: 40, pageSize: 24, threshold: 0.25) == 22)
        #expect(AppState.feedThresholdCount(loaded: 5, pageSize: 24, threshold: 0.5) == 3, "a short first page")

        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        state.feedThreshold = 0
        let feed = Self.library().feeds[0]
        state.openGroup(at: state.homeFolders.firstIndex { $0.id == feed.groupID }!)
        #expect(state.status == "Loading more…" && state.feedLoads[feed.url] == .loading,
                "0: as soon as the last page shows (opening the folder)")
    }

    @Test func theThresholdIsASetting() {
        #expect(Config(text: "", file: "config.toml").feedThreshold == 0.5)
        #expect(Config(text: "feed-threshold = 0.25", file: "config.toml").feedThreshold == 0.25)
        #expect(Config(text: "feed-threshold = 1", file: "config.toml").feedThreshold == 1)
        let bad = Config(text: "feed-threshold = 2", file: "config.toml")
        #expect(bad.feedThreshold == 0.5)
        #expect(bad.problems == ["config.toml line 1: \"feed-threshold\" takes a share of a page from 0 to 1 (0.5: half a page), not 2"],
                "\(bad.problems)")
    }

    /// The list view (`t`) of a feed's folder ends as its grid does: a "Loading more…" row after
    /// the last photo while the next page comes, then why it failed and the key that tries again.
    @Test func theListViewSaysLoadingMoreToo() throws {
        var state = TestLibrary.state(Self.library(), columns: 80, rows: 24)
        let feed = Self.library().feeds[0]
        state.openGroup(at: try #require(state.homeFolders.firstIndex { $0.id == feed.groupID }))
        state.press(.char("t"))
        #expect(state.listView)
        #expect(!AppView.render(state).text().contains("Loading more"), "nothing asked yet")
        #expect(state.press(.end) == [.loadMoreOfFeed(feed.url)])
        assertSnapshot(AppView.render(state), named: "feedListLoadingMore.80x24")

        state.send(.feedPageLoaded(feedURL: feed.url, .success(Msg.FeedPage(library: Self.library(), added: 0,
                                                                            problem: "the server answered 503 Service Unavailable"))))
        state.status = nil
        let lines = AppView.render(state).lines()
        let last = try #require(lines.firstIndex { $0.contains("Loading more failed") }, "\(lines)")
        #expect((lines[last] + " " + lines[last + 1].trimmingCharacters(in: .whitespaces))
                    .hasSuffix("Loading more failed: the server answered 503 Service Unavailable · M to try again"),
                "a reason too long for 80 columns goes on in the next row, whole: \(lines)")
        #expect(lines[last - 1].contains(state.library.photo(id: feed.photoIDs[2])!.name), "right after the last photo")
    }

    /// The grid of a feed's folder hints `M` (load more); other grids do not.
    @Test func aFeedsGridHintsLoadMore() throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        let feed = Self.library().feeds[0]
        state.openGroup(at: try #require(state.homeFolders.firstIndex { $0.id == feed.groupID }))
        state.feedLoads[feed.url] = nil
        state.status = nil
        let bar = AppView.render(state).lines().last ?? ""
        #expect(bar.contains("M more"), "\(bar)")
        #expect(GroupScreen.shownHints(state).prefix(2) == [.open, .loadMore], "early enough to fit 80 columns")

        var other = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        other.openGroup(at: TestLibrary.gardenIndex)
        #expect(!(AppView.render(other).lines().last ?? "").contains("M more"))
    }

    /// M away from a feed says what it is for.
    @Test func loadMoreOutsideAFeedSaysWhatItIsFor() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        #expect(state.press(.char("M")).isEmpty)
        #expect(state.status == "Not a web feed's folder: M loads a feed's next page")
    }
}
