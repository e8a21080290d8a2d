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

    /// Infinite scroll: passing half of the loaded photos asks for the next page once, in the
    /// background; the grid keeps its cursor; a failure says why and the next move tries again.
    @Test func passingHalfTheLoadedPhotosFetchesTheNextPageOnce() throws {
        var state = TestLibrary.state(Self.library(), columns: 120, rows: 40)
        let feed = Self.library().feeds[0]
        let index = try #require(state.homeFolders.firstIndex { $0.id == feed.groupID })
        state.openGroup(at: index)
        #expect(state.currentGroup?.photoIDs.count == 3)
        #expect(!state.press(.home).contains(.loadMoreOfFeed(feed.url)), "the first photo is not past half")
        #expect(state.press(.right) == [.loadMoreOfFeed(feed.url)])
        #expect(state.status == "Loading more…")
        #expect(!state.press(.right).contains(.loadMoreOfFeed(feed.url)), "asked once")

        // It failed: said, and the next move asks again.
        state.send(.feedPageLoaded(feedURL: feed.url, .success(Msg.FeedPage(library: Self.library(), added: 0,
                                                                            problem: "the server answered 503"))))
        #expect(state.status?.hasPrefix("Loading more failed: the server answered 503") == true)
        #expect(state.press(.right).contains(.loadMoreOfFeed(feed.url)))

        // It came: the grid grows, the cursor stays.
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
        #expect(!state.press(.end).contains(.loadMoreOfFeed(feed.url)), "the feed ended")
    }
}
