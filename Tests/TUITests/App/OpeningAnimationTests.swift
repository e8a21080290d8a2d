import Library
import Testing
@testable import TUI

/// The opening animation as pure `update` calls: a key opens or closes a photo, frames come as
/// messages with the time, a key ends it; and its frames as drawn.
@Suite struct OpeningAnimationTests {
    /// The Garden grid at 80×24 with the second photo selected and its tile's character art in
    /// memory (a block of one colour per row).
    static func gardenGrid(animations: Bool = true, listView: Bool = false) -> AppState {
        var state = AppState(library: TestLibrary.standard(), columns: 80, rows: 24, colorMode: .colors256,
                             startFolder: "/", homeFolder: "/", remembered: RememberedState(listView: listView),
                             animations: animations)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.right)
        return state
    }

    /// The tile of the selected photo: its art's key and where it is drawn.
    static func selectedTile(_ state: AppState) -> (key: PreviewKey, rect: Rect) {
        let cursor = state.groupCursor
        let box = GridLayout.previewRect(in: state.gridLayout.tileRect(index: cursor.selected, topRow: cursor.topRow)!)
        let photo = state.library.photo(id: state.currentPage!.group.photoIDs[cursor.selected])!
        return state.artRect(photo, in: box)
    }

    /// Character art of `key`'s size: row `y` is all "▀" in colour `y`.
    static func art(_ key: PreviewKey) -> PreviewResult {
        .cells((0..<key.rows).map { y in Array(repeating: Cell("▀", fg: .indexed(UInt8(y)), bg: .indexed(200)), count: key.columns) })
    }

    static func withTileArt(_ state: AppState) -> AppState {
        var state = state
        let tile = selectedTile(state)
        state.previews.insert(art(tile.key), for: tile.key)
        return state
    }

    @Test func openingGrowsFromTheTileToThePhotoViewInFramesGivenByMessages() throws {
        var state = Self.withTileArt(Self.gardenGrid())
        let tile = Self.selectedTile(state)
        state.press(.enter)
        #expect(state.screen == .detail(groupID: state.currentPage!.group.id, index: 1))
        let transition = try #require(state.transition)
        #expect(transition.direction == .opening)
        #expect(transition.tile == tile.rect)
        let photo = try #require(state.detailPhoto)
        #expect(transition.view == state.artRect(photo, in: DetailScreen.imageArea(state)).rect)
        #expect(transition.start == nil, "no clock read in update: the first frame's message starts it")

        // The first frame is one step in; each later one grows; the last frame's time ends it.
        var sizes: [Int] = []
        for now in stride(from: 100.0, to: 100.12, by: PhotoTransition.frameInterval) {
            state.send(.animationFrame(now: now))
            let shown = try #require(state.transition, "still running at \(now)")
            #expect(shown.start == 100)
            sizes.append(shown.rect.width * shown.rect.height)
        }
        #expect(sizes.count == 4)
        #expect(sizes == sizes.sorted() && Set(sizes).count == sizes.count, "\(sizes)")
        #expect(sizes[0] > tile.rect.width * tile.rect.height)
        #expect(sizes[3] < transition.view.width * transition.view.height)
        state.send(.animationFrame(now: 100.12))
        #expect(state.transition == nil)
        #expect(state.screen == .detail(groupID: state.currentPage!.group.id, index: 1))
    }

    @Test func aKeyDuringTheAnimationEndsItAndActs() throws {
        var state = Self.withTileArt(Self.gardenGrid())
        state.press(.enter)
        state.send(.animationFrame(now: 5))
        #expect(state.transition != nil)
        state.press(.right)   // the next photo, mid-animation
        #expect(state.transition == nil)
        #expect(state.screen == .detail(groupID: state.currentPage!.group.id, index: 2))
        // A late frame changes nothing.
        state.send(.animationFrame(now: 5.03))
        #expect(state.transition == nil)
    }

    @Test func goingBackShrinksThePhotoIntoTheTileItEndedOn() throws {
        var state = Self.withTileArt(Self.gardenGrid())
        state.press(.enter)
        state.send(.animationFrame(now: 1))
        state.press(.escape)   // back before the opening ended: that ends it, and starts the closing
        let transition = try #require(state.transition)
        #expect(transition.direction == .closing)
        #expect(transition.tile == Self.selectedTile(state).rect)
        state.send(.animationFrame(now: 2))
        #expect(try #require(state.transition).rect.width < transition.view.width)
        state.send(.animationFrame(now: 2.2))
        #expect(state.transition == nil)
        #expect(state.screen == .group(id: state.currentPage!.group.id))
    }

    @Test func aTerminalTooSlowForTheFramesEndsItAtOnce() {
        var state = Self.withTileArt(Self.gardenGrid())
        state.press(.enter)
        state.send(.animationFrame(now: 1, canKeepUp: false))
        #expect(state.transition == nil)
    }

    @Test func noAnimationWhenOffInAListWithoutArtOrOverPixelTiles() {
        var off = Self.withTileArt(Self.gardenGrid(animations: false))
        off.press(.enter)
        #expect(off.transition == nil)

        var list = Self.gardenGrid(listView: true)
        list.press(.enter)
        #expect(list.transition == nil)

        var noArt = Self.gardenGrid()
        noArt.press(.enter)
        #expect(noArt.transition == nil, "nothing in memory to draw it from")
        #expect(noArt.detailPhoto != nil)

        var pixelTiles = Self.withTileArt(Self.gardenGrid())
        pixelTiles.graphics = GraphicsSettings(graphicsProtocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20),
                                               grid: true, tmuxPassthrough: false, reason: "test")
        pixelTiles.press(.enter)
        #expect(pixelTiles.transition == nil)

        // Opening a folder, or moving in the photo view, is no photo opened from its tile.
        var detail = Self.withTileArt(Self.gardenGrid())
        detail.press(.enter)
        detail.send(.animationFrame(now: 1))
        detail.send(.animationFrame(now: 2))
        detail.press(.right)
        #expect(detail.transition == nil)
    }

    @Test func aResizeEndsIt() {
        var state = Self.withTileArt(Self.gardenGrid())
        state.press(.enter)
        state.send(.resized(columns: 100, rows: 30))
        #expect(state.transition == nil)
    }

    // MARK: - Frames

    @Test func aFrameIsTheGridWithThePhotoResampledAtItsRectangle() throws {
        var state = Self.withTileArt(Self.gardenGrid())
        let tile = Self.selectedTile(state)
        var grid = state
        grid.transition = nil
        let gridText = AppView.render(grid).lines()
        state.press(.enter)
        state.send(.animationFrame(now: 0))
        let rect = try #require(state.transition).rect
        let frame = AppView.render(state)
        // Over the grid (its title line), the photo at the rectangle, its rows in order.
        #expect(frame.lines()[0] == gridText[0])
        #expect(frame[rect.x, rect.y] == Cell("▀", fg: .indexed(0), bg: .indexed(200)))
        #expect(frame[rect.maxX - 1, rect.maxY - 1] == Cell("▀", fg: .indexed(UInt8(tile.key.rows - 1)), bg: .indexed(200)))
        #expect(frame[rect.maxX, rect.y] != Cell("▀", fg: .indexed(0), bg: .indexed(200)))
        // The last frame is the photo view itself.
        state.send(.animationFrame(now: 1))
        var detail = state
        detail.transition = nil
        #expect(AppView.render(state) == AppView.render(detail))
    }

    @Test func resamplingPicksTheNearestCell() {
        let rows = [[Cell("a"), Cell("b")], [Cell("c"), Cell("d")]]
        #expect(TransitionView.resampled(rows, width: 4, height: 2).map { $0.map(\.text).joined() } == ["aabb", "ccdd"])
        #expect(TransitionView.resampled(rows, width: 1, height: 1).map { $0.map(\.text).joined() } == ["a"])
        #expect(TransitionView.resampled([[Cell("漢"), .continuation(of: Cell("漢"))]], width: 3, height: 1)
            .map { $0.map(\.text).joined() } == ["   "])
    }

    // MARK: - The runtime's side

    @Test func theClockGivesTheFirstFrameAtOnceThenOneASlot() {
        var clock = AnimationClock(slowdown: 1)
        #expect(clock.frameDue(started: false, now: 10) == 10)
        #expect(clock.frameDue(started: true, now: 10.01) == nil)
        #expect(clock.millisecondsToNextFrame(now: 10.01) == 20)
        #expect(clock.frameDue(started: true, now: 10.03) == 10.03)
        var slow = AnimationClock(slowdown: 10)
        #expect(slow.frameDue(started: false, now: 10) == 1)
        #expect(slow.frameDue(started: true, now: 10.1) == nil)
        #expect(slow.frameDue(started: true, now: 10.3) == 1.03)
    }

    @Test func theAnimationCanBeTurnedOffInTheConfig() {
        #expect(Config(text: "", file: "config.toml").animations)
        #expect(!Config(text: "animations = false\n", file: "config.toml").animations)
        let wrong = Config(text: "animations = \"no\"\n", file: "config.toml")
        #expect(wrong.animations)
        #expect(wrong.problems == ["config.toml line 1: \"animations\" takes true or false, not a string"])
    }
}
