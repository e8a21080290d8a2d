import Library
import Testing
@testable import TUI

/// The feed view (`V`, issue 24) as update and the cell grid see it: a stream of large photos
/// with title and date under each, opening at the selected photo, scrolled by line and page,
/// handing the photo on top back on `V`/Esc, and loading a feed's next page there too.
@Suite struct FeedViewTests {
    /// The standard library with a feed of twelve garden photos (one page of twelve, more to come).
    static func library() -> PhotoLibrary {
        var library = TestLibrary.standard()
        let ids = (1...12).filter { $0 != 3 }.map { String(format: "%016x", 0xA000 + 100 + $0) }
        library.setFeed(LibraryFeed(url: "https://api.example.com/photos?page={page}",
                                    next: "https://api.example.com/photos?page=2", page: 1, photoIDs: ids))
        return library
    }

    /// The feed's folder open at 80×24, the cursor on photo `selected`.
    static func onFeed(selected: Int = 0) throws -> AppState {
        var state = TestLibrary.state(library())
        let feed = library().feeds[0]
        state.openGroup(at: try #require(state.homeFolders.firstIndex { $0.id == feed.groupID }))
        for _ in 0..<selected { state.press(.right) }
        return state
    }

    @Test func vOpensAtTheSelectedPhotoWithTitleAndDateUnderIt() throws {
        var state = try Self.onFeed(selected: 2)
        let ids = try #require(state.currentGroup?.photoIDs)
        #expect(state.press(.char("V")).isEmpty)
        let stream = try #require(state.layer(FeedStream.self))
        #expect(state.keyContext == .feedView)
        #expect(stream.top == 2)
        // The photo on top and the start of the next, each at the photo view's size.
        let wanted = state.wantedPreviews()
        #expect(wanted.prefix(2).map(\.key.photoID) == [ids[2], ids[3]])
        ScreenSnapshotTests.fillPreviews(&state)
        let lines = AppView.render(state).lines()
        #expect(lines[0].contains("photo 3 of 11"), "\(lines[0])")
        let layout = FeedStreamView.Layout(state)
        #expect(layout.imageRows == 14 && layout.blockHeight == 17)
        let photo = try #require(state.library.photo(id: ids[2]))
        #expect(lines[1 + layout.imageRows].contains("Garden"), "\(lines)")
        #expect(lines[2 + layout.imageRows].contains(photo.takenAtShortText) && lines[2 + layout.imageRows].contains(photo.name))
        #expect(lines[5].contains("▒"), "the photo drawn large")
        #expect(lines.last?.contains("V feed view") == true || lines.last?.contains("Esc back") == true, "\(lines.last ?? "")")
    }

    @Test func linesAndPagesScrollAndEscHandsThePhotoOnTopBack() throws {
        var state = try Self.onFeed(selected: 1)
        let ids = try #require(state.currentGroup?.photoIDs)
        state.press(.char("V"))
        let block = FeedStreamView.Layout(state).blockHeight
        state.press(.char("j"))
        #expect(state.layer(FeedStream.self)?.top == 1 && state.layer(FeedStream.self)?.offset == 1)
        ScreenSnapshotTests.fillPreviews(&state)
        // A block cut by the top edge shows the rest of its character art, not a blank.
        #expect(AppView.render(state).lines()[1].contains("▒"))
        for _ in 0..<(block - 1) { state.press(.down) }
        #expect(state.layer(FeedStream.self)?.top == 2 && state.layer(FeedStream.self)?.offset == 0)
        state.press(.pageDown)
        #expect(state.layer(FeedStream.self).map { $0.top * block + $0.offset } == 2 * block + 22)
        state.press(.char("k"))
        state.press(.pageUp)
        #expect(state.layer(FeedStream.self).map { $0.top * block + $0.offset } == 2 * block - 1)
        state.press(.char("l"))
        #expect(state.layer(FeedStream.self)?.top == 2 && state.layer(FeedStream.self)?.offset == 0)
        state.press(.char("G"))
        #expect(state.layer(FeedStream.self)?.top == ids.count - 1)
        state.press(.pageDown, .down)
        #expect(state.layer(FeedStream.self)?.top == ids.count - 1, "no further than the last photo")
        state.press(.char("g"), .char("l"), .char("l"), .char("l"))
        state.press(.escape)
        #expect(state.layer(FeedStream.self) == nil)
        #expect(state.groupCursor.selected == 3, "the grid's cursor on the photo that was on top")
        // V from the photo view hands back to the photo view.
        state.press(.enter)
        state.press(.char("V"), .char("l"), .char("V"))
        #expect(state.screen == .detail(groupID: Self.library().feeds[0].groupID, index: 4))
    }

    /// Infinite scroll in the feed view: the next page is asked once the photos shown pass half
    /// of the page; the stream grows with it; the end says "Loading more…", then why it failed.
    @Test func scrollingTheStreamLoadsTheNextPage() throws {
        var state = try Self.onFeed()
        let feed = Self.library().feeds[0]
        state.press(.char("V"))
        var asked: [Effect] = []
        var moves = 0
        while asked.isEmpty, moves < 20 {
            asked = state.press(.char("l"))
            moves += 1
        }
        #expect(asked == [.loadMoreOfFeed(feed.url)])
        let shown = try #require(state.layer(FeedStream.self).map { FeedStreamView.shownIndices($0, state: state) })
        #expect(shown.last == 6, "past half of eleven (\(shown))")
        state.press(.char("G"))
        ScreenSnapshotTests.fillPreviews(&state)
        #expect(AppView.render(state).text().contains("Loading more…"))
        state.send(.feedPageLoaded(feedURL: feed.url, .failure(Failure("the server answered 500"))))
        #expect(AppView.render(state).text().contains("Loading more failed: the server answered 500 · M to try again"))
        #expect(state.press(.char("M")) == [.loadMoreOfFeed(feed.url)])

        var grown = Self.library()
        var more = feed
        more.photoIDs += [String(format: "%016x", 0xA000 + 201), String(format: "%016x", 0xA000 + 202)]
        grown.setFeed(more)
        let top = state.layer(FeedStream.self)?.top
        state.send(.feedPageLoaded(feedURL: feed.url, .success(Msg.FeedPage(library: grown, added: 2, problem: nil))))
        #expect(state.layer(FeedStream.self)?.top == top, "the stream stays where it was")
        state.press(.char("G"))
        #expect(state.layer(FeedStream.self)?.top == 12, "and goes on into the new page")
    }

    @Test func aGridThatIsNoFeedStreamsTooAndSaysNothingAtItsEnd() throws {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.char("V"), .char("G"))
        #expect(state.layer(FeedStream.self)?.top == 4)
        ScreenSnapshotTests.fillPreviews(&state)
        let text = AppView.render(state).text()
        #expect(!text.contains("Loading") && !text.contains("End of the feed"))
        #expect(state.press(.char("M")).isEmpty)
        // On the home grid, V has nothing to stream.
        state.press(.escape, .escape)
        state.press(.char("V"))
        #expect(state.layer(FeedStream.self) == nil)
    }
}
