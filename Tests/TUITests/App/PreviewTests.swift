import Library
import Testing
@testable import TUI

/// Which previews the screen asks for, in which order, and the in-memory preview cache.
@Suite struct WantedPreviewsTests {
    /// The file names of what `state` wants, in order.
    static func wantedNames(_ state: AppState) -> [String] {
        state.wantedPreviews().map { request in state.library.photo(id: request.key.photoID)!.fileName }
    }

    @Test func homeWantsEveryGroupCover() {
        let state = TestLibrary.state()
        #expect(Self.wantedNames(state) == ["beach.jpg", "garden-01.jpg", "tokyo-1.jpg", "scan-001.jpg"])
        for request in state.wantedPreviews() {
            #expect(request.key.columns <= state.gridLayout.tileWidth && request.key.rows <= state.gridLayout.previewHeight)
            #expect(request.key.colorMode == .colors256)
            #expect(request.path.hasPrefix("/photos/"))
        }
    }

    @Test func groupGridWantsTheVisibleTilesThenTheNextScreenful() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        // Visible: 0..<6 without the missing garden-03; then the next page 6..<12.
        #expect(Self.wantedNames(state) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12].map { String(format: "garden-%02d.jpg", $0) })
    }

    @Test func groupGridScrolledWantsVisibleThenNextThenTheRowAbove() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.pageDown, .pageDown)   // selected 12, rows 3–4 visible (items 9..<15)
        #expect(state.groupCursor.topRow == 3)
        let names = Self.wantedNames(state)
        let expected = Array(10...15) + Array(16...21) + Array(7...9)
        #expect(names == expected.map { String(format: "garden-%02d.jpg", $0) })
        // Near the end there is no next screenful.
        state.press(.end)
        #expect(Self.wantedNames(state) == (25...30).map { String(format: "garden-%02d.jpg", $0) }
            + (22...24).map { String(format: "garden-%02d.jpg", $0) })
    }

    @Test func detailWantsTheCurrentPhotoFirstThenItsNeighbours() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.right, .right, .enter)
        #expect(Self.wantedNames(state) == ["tokyo-3.jpg", "tokyo-4.jpg", "寿司の写真.jpg", "tokyo-5.jpg"])
        let area = DetailScreen.imageArea(state)
        for request in state.wantedPreviews() {
            #expect(request.key.columns <= area.width && request.key.rows <= area.height)
        }
        // tokyo-4 is stored 3000×4000 with orientation 6: shown landscape, so it is wider.
        let keys = state.wantedPreviews().map(\.key)
        #expect(keys[1].columns > keys[0].columns)
        #expect(state.wantedPreviews()[1].displayWidth == 4000)

        state.press(.char("G"))
        #expect(Self.wantedNames(state) == ["tokyo-5.jpg", "tokyo-4.jpg"])
        state.press(.char("g"))
        #expect(Self.wantedNames(state) == ["tokyo-1.jpg", "寿司の写真.jpg", "tokyo-3.jpg"])
    }

    @Test func missingPhotosAreNeverRequested() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.otherIndex)
        state.press(.right, .enter)
        #expect(state.detailPhoto?.missing == true)
        #expect(Self.wantedNames(state) == ["IMG_0003.jpg", "scan-001.jpg"])
    }

    @Test func anotherColourModeOrSizeIsAnotherKey() {
        var state256 = TestLibrary.state(colorMode: .colors256)
        var stateTrue = TestLibrary.state(colorMode: .truecolor)
        state256.openGroup(at: TestLibrary.tokyoIndex)
        stateTrue.openGroup(at: TestLibrary.tokyoIndex)
        state256.press(.enter)
        stateTrue.press(.enter)
        let key256 = state256.wantedPreviews()[0].key
        let keyTrue = stateTrue.wantedPreviews()[0].key
        #expect(key256.photoID == keyTrue.photoID)
        #expect(key256 != keyTrue)

        state256.send(.resized(columns: 160, rows: 48))
        let bigger = state256.wantedPreviews()[0].key
        #expect(bigger.photoID == key256.photoID)
        #expect(bigger != key256)
        #expect(bigger.rows > key256.rows)

        // A preview made for the old size is not drawn at the new one.
        let cells = Array(repeating: Array(repeating: Cell("█"), count: key256.columns), count: key256.rows)
        state256.send(.previewReady(key256, .cells(cells)))
        #expect(!AppView.render(state256).text().contains("█"))
        state256.send(.resized(columns: 80, rows: 24))
        #expect(AppView.render(state256).text().contains("█"))
    }

    @Test func aFailedPreviewShowsItsReason() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.enter)
        let key = state.wantedPreviews()[0].key
        state.send(.previewReady(key, .failed("corrupt: premature end of data")))
        #expect(AppView.render(state).text().contains("corrupt: premature end of data"))
    }
}

@Suite struct PreviewCacheTests {
    static func key(_ id: String, _ columns: Int = 10) -> PreviewKey {
        PreviewKey(photoID: id, columns: columns, rows: 1, colorMode: .colors256)
    }

    static func cells(_ count: Int) -> PreviewResult {
        .cells([Array(repeating: Cell("x"), count: count)])
    }

    @Test func evictsTheLeastRecentlyUsedPastTheBudget() {
        var cache = PreviewCache()
        cache.cellBudget = 100
        cache.insert(Self.cells(50), for: Self.key("a"))
        cache.insert(Self.cells(40), for: Self.key("b"))
        #expect(cache.count == 2 && cache.cellCount == 90)
        cache.insert(Self.cells(30), for: Self.key("c"))
        #expect(!cache.contains(Self.key("a")))
        #expect(cache.contains(Self.key("b")) && cache.contains(Self.key("c")))
        #expect(cache.cellCount == 70)
    }

    @Test func touchProtectsFromEviction() {
        var cache = PreviewCache()
        cache.cellBudget = 100
        cache.insert(Self.cells(50), for: Self.key("a"))
        cache.insert(Self.cells(40), for: Self.key("b"))
        cache.touch([Self.key("a"), Self.key("unknown")])
        cache.insert(Self.cells(30), for: Self.key("c"))
        #expect(cache.contains(Self.key("a")))
        #expect(!cache.contains(Self.key("b")))
        #expect(cache.cellCount == 80)
        #expect(cache.count == 2)
    }

    @Test func peekDoesNotProtectButTouchDoes() {
        var cache = PreviewCache()
        cache.cellBudget = 100
        cache.insert(Self.cells(50), for: Self.key("a"))
        cache.insert(Self.cells(40), for: Self.key("b"))
        #expect(cache.peek(Self.key("a")) == Self.cells(50))
        cache.insert(Self.cells(30), for: Self.key("c"))
        #expect(!cache.contains(Self.key("a")))

        cache.insert(Self.cells(50), for: Self.key("a"))   // evicts b (c is newer)
        #expect(!cache.contains(Self.key("b")))
        cache.touch([Self.key("c")])
        #expect(cache.peek(Self.key("missing")) == nil)
        cache.insert(Self.cells(30), for: Self.key("d"))   // a is now the oldest
        #expect(!cache.contains(Self.key("a")))
        #expect(cache.contains(Self.key("c")) && cache.contains(Self.key("d")))
    }

    @Test func reinsertReplacesAndRecountsCells() {
        var cache = PreviewCache()
        cache.cellBudget = 100
        cache.insert(Self.cells(60), for: Self.key("a"))
        cache.insert(Self.cells(10), for: Self.key("a"))
        #expect(cache.count == 1)
        #expect(cache.cellCount == 10)
        #expect(cache.peek(Self.key("a")) == Self.cells(10))
        cache.insert(.failed("corrupt"), for: Self.key("a"))
        #expect(cache.cellCount == 1)
        #expect(cache.peek(Self.key("a")) == .failed("corrupt"))
        cache.insert(Self.cells(95), for: Self.key("b"))
        #expect(cache.count == 2 && cache.cellCount == 96)
    }

    @Test func aPreviewLargerThanTheBudgetIsKeptAlone() {
        var cache = PreviewCache()
        cache.cellBudget = 100
        cache.insert(Self.cells(30), for: Self.key("a"))
        cache.insert(Self.cells(30), for: Self.key("b"))
        cache.insert(Self.cells(150), for: Self.key("big"))
        #expect(cache.count == 1)
        #expect(cache.contains(Self.key("big")))
        #expect(cache.cellCount == 150)
    }

    @Test func sameIDOtherSizeIsAnotherEntry() {
        var cache = PreviewCache()
        cache.insert(Self.cells(10), for: Self.key("a", 10))
        cache.insert(Self.cells(20), for: Self.key("a", 20))
        #expect(cache.count == 2)
        #expect(cache.peek(Self.key("a", 10)) == Self.cells(10))
        #expect(cache.peek(PreviewKey(photoID: "a", columns: 10, rows: 1, colorMode: .truecolor)) == nil)
    }
}
