import Library
import Testing
@testable import TUI

/// The slideshow (`S`, issue 23) as update sees it: where it starts, its ticks (the times are
/// the test's, no clock runs), pause, stepping, the shuffled order, and Esc back.
@Suite struct SlideshowTests {
    /// The Tokyo folder's grid (5 photos, none missing) with the cursor on photo `selected`.
    static func onTokyo(selected: Int = 0, columns: Int = 80, rows: Int = 24) -> AppState {
        var state = TestLibrary.state(columns: columns, rows: rows)
        state.openGroup(at: TestLibrary.tokyoIndex)
        for _ in 0..<selected { state.press(.right) }
        return state
    }

    static func tokyoIDs(_ state: AppState) -> [String] { state.currentGroup?.photoIDs ?? [] }

    /// Makes the preview the slideshow draws for `photoID` (a plain glyph).
    static func ready(_ photoID: String, in state: inout AppState) {
        guard let show = state.layer(Slideshow.self), let photo = state.library.photo(id: photoID) else { return }
        let key = state.slideKey(photo, show)
        state.send(.previewReady(key, ScreenSnapshotTests.fakePreview(key, glyph: "▒")))
    }

    @Test func sPlaysTheGridFromTheSelectedPhotoFullScreen() throws {
        var state = Self.onTokyo(selected: 1)
        let ids = Self.tokyoIDs(state)
        state.press(.char("S"))
        let show = try #require(state.layer(Slideshow.self))
        #expect(state.keyContext == .slideshow)
        #expect(show.photoID == ids[1] && show.nextPhotoID == ids[2] && show.previousPhotoID == ids[0])
        // It asks for the slide on screen, then the next one ahead, both the size of the whole screen less the caption.
        let wanted = state.wantedPreviews()
        #expect(wanted.map(\.key.photoID).prefix(2) == [ids[1], ids[2]])
        #expect(wanted.allSatisfy { $0.key.columns <= 80 && $0.key.rows <= 23 })
        #expect(wanted.contains { $0.key.rows == 23 })
    }

    @Test func missingPhotosAreLeftOut() throws {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)   // 30 photos, the third missing
        state.press(.char("S"))
        let show = try #require(state.layer(Slideshow.self))
        #expect(show.photoIDs.count == 29)
        #expect(show.photoIDs.allSatisfy { state.library.photo(id: $0)?.missing == false })
    }

    /// An album folder's page holds only its albums, no photo of its own: S says so and
    /// starts nothing.
    @Test func sOnAnAlbumFolderOfAlbumsOnlySaysNoPhotos() throws {
        var state = AlbumKeysTests.withAlbum()   // "Trips/Garden"
        for _ in 0..<3 where state.screen != .home { state.press(.escape) }
        #expect(state.screen == .home)
        for _ in GroupingKind.allCases where state.grouping != .album { _ = state.pressWorking(.char("o")) }
        #expect(state.grouping == .album)
        let trips = try #require(state.homeFolders.firstIndex { $0.name == "Trips" })
        state.openGroup(at: trips)
        #expect(state.currentGroup?.photoIDs.isEmpty == true)
        state.press(.char("S"))
        #expect(state.layer(Slideshow.self) == nil)
        #expect(state.status == "No photos to show here")
    }

    @Test func theFirstTickStampsTheSlideAndItsTimeMovesOnOnceTheNextIsReady() throws {
        var state = Self.onTokyo()
        state.slideshowSettings.interval = 5
        let ids = Self.tokyoIDs(state)
        state.press(.char("S"))
        #expect(state.slideshowTickDue == 0)   // at once: the start is stamped
        state.send(.slideshowTick(now: 100))
        #expect(state.slideshowTickDue == 105)
        state.send(.slideshowTick(now: 103))
        #expect(state.layer(Slideshow.self)?.photoID == ids[0])
        // Its time came before the next preview: it waits for it, with no tick due meanwhile.
        state.send(.slideshowTick(now: 105))
        #expect(state.layer(Slideshow.self)?.photoID == ids[0])
        #expect(state.layer(Slideshow.self)?.waitingForNext == true && state.slideshowTickDue == nil)
        Self.ready(ids[1], in: &state)
        #expect(state.layer(Slideshow.self)?.photoID == ids[1])
        #expect(state.slideshowTickDue == 0)
        // Ready ahead: it moves on when its time comes.
        state.send(.slideshowTick(now: 200))
        Self.ready(ids[2], in: &state)
        state.send(.slideshowTick(now: 205))
        #expect(state.layer(Slideshow.self)?.photoID == ids[2])
        #expect(state.slideshowTickDue == 210)
    }

    @Test func spacePausesAndGoesOn() throws {
        var state = Self.onTokyo()
        let ids = Self.tokyoIDs(state)
        state.press(.char("S"))
        state.send(.slideshowTick(now: 0))
        Self.ready(ids[1], in: &state)
        state.press(.char(" "))
        #expect(state.layer(Slideshow.self)?.paused == true && state.slideshowTickDue == nil)
        state.send(.slideshowTick(now: 60))
        #expect(state.layer(Slideshow.self)?.photoID == ids[0])
        #expect(AppView.render(state).text().contains("paused"))
        state.press(.char(" "))
        #expect(state.layer(Slideshow.self)?.paused == false)
        // Going on, the slide gets its whole time again.
        state.send(.slideshowTick(now: 61))
        #expect(state.slideshowTickDue == 61 + state.slideshowSettings.interval)
    }

    @Test func arrowsStepRoundTheEnds() throws {
        var state = Self.onTokyo()
        let ids = Self.tokyoIDs(state)
        state.press(.char("S"))
        state.press(.right)
        #expect(state.layer(Slideshow.self)?.photoID == ids[1])
        state.press(.left, .left)
        #expect(state.layer(Slideshow.self)?.photoID == ids[4])
        state.press(.right)
        #expect(state.layer(Slideshow.self)?.photoID == ids[0])
        #expect(state.layer(Slideshow.self)?.shownAt == nil)
    }

    @Test func theShuffledOrderIsFixedByItsSeedAndStartsOnThePhotoShown() {
        let ids = (1...40).map { "p\($0)" }
        let a = Slideshow(photoIDs: ids, start: 7, interval: 5, shuffled: true, seed: 42)
        let b = Slideshow(photoIDs: ids, start: 7, interval: 5, shuffled: true, seed: 42)
        let other = Slideshow(photoIDs: ids, start: 7, interval: 5, shuffled: true, seed: 43)
        #expect(a.order == b.order)
        #expect(a.order != other.order)
        #expect(a.order.sorted() == Array(ids.indices))
        #expect(a.photoID == "p8" && a.order != Array(ids.indices))
        // Played in order again, it goes on from the photo shown.
        var back = a
        back.step(by: 3)
        let shown = back.photoID
        back.toggleShuffle()
        #expect(back.photoID == shown && back.order == Array(ids.indices))
        #expect(back.nextPhotoID == ids[(ids.firstIndex(of: shown)! + 1) % ids.count])
    }

    @Test func sTogglesShuffleAndTheSettingStartsShuffled() throws {
        var state = Self.onTokyo(selected: 2)
        let ids = Self.tokyoIDs(state)
        state.slideshowSettings.shuffle = true
        state.slideshowSeed = 7
        state.press(.char("S"))
        var show = try #require(state.layer(Slideshow.self))
        #expect(show.shuffled && show.photoID == ids[2])
        #expect(AppView.render(state).text().contains("shuffled"))
        state.press(.char("s"))
        show = try #require(state.layer(Slideshow.self))
        #expect(!show.shuffled && show.photoID == ids[2] && show.nextPhotoID == ids[3])
    }

    @Test func escGoesBackToTheGridWithTheCursorOnThePhotoShownLast() throws {
        var state = Self.onTokyo(selected: 1)
        let ids = Self.tokyoIDs(state)
        let stackBefore = state.stack.count
        state.press(.char("S"))
        state.press(.escape)
        #expect(state.layers.isEmpty && state.keyContext == .group && state.stack.count == stackBefore)
        #expect(state.groupCursor.selected == 1)   // pressed at once: exactly where it started
        state.press(.char("S"), .right, .right, .escape)
        #expect(state.layers.isEmpty && state.stack.count == stackBefore)
        #expect(state.currentPage?.photoID(atItem: state.groupCursor.selected) == ids[3])
    }

    @Test func fromThePhotoViewEscShowsThePhotoShownLast() throws {
        var state = Self.onTokyo(selected: 0)
        let ids = Self.tokyoIDs(state)
        state.press(.enter, .char("S"), .left, .char("q"))
        #expect(state.layers.isEmpty)
        #expect(state.screen == .detail(groupID: try #require(state.currentPage?.group.id), index: 4))
        #expect(state.detailPhoto?.id == ids[4])
    }

    @Test func theCaptionShowsNamePositionAndHides() {
        var state = Self.onTokyo(selected: 1)
        state.press(.char("S"))
        var text = AppView.render(state).text()
        #expect(text.contains("寿司の写真.jpg · 2/5"))
        #expect(!text.contains("photory ·"))   // the screen under it is not drawn
        state.press(.char("i"))
        text = AppView.render(state).text()
        #expect(!text.contains("2/5"))
        // The photo takes the caption's line.
        #expect(state.wantedPreviews().contains { $0.key.rows == 24 })
    }

    @Test func pixelsShowInTheSlideshowEvenWithTheInfoPanelOn() throws {
        var state = Self.onTokyo()
        state.graphics = GraphicsSettings(graphicsProtocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20))
        state.showInfo = true
        state.press(.char("S"))
        #expect(state.wantedPreviews().first?.key.pixels != nil)
        // The help over it covers it: character art then.
        state.press(.char("?"))
        #expect(state.keyContext == .help && state.slideshowTickDue == nil)
        #expect(state.wantedPreviews().first?.key.pixels == nil)
    }

    @Test func theIntervalSettingIsCheckedWithAClearProblem() {
        var config = Config(text: "slideshow-interval = 2.5\nslideshow-shuffle = true\n", file: "/c/config.toml")
        #expect(config.problems.isEmpty && config.slideshow == SlideshowSettings(interval: 2.5, shuffle: true))
        config = Config(text: "slideshow-interval = 0\n", file: "/c/config.toml")
        #expect(config.problems == ["config.toml line 1: \"slideshow-interval\" takes seconds from 0.5 to 3600 (like 5 or 2.5), not 0"])
        #expect(config.slideshow.interval == 5)
        config = Config(text: "slideshow-interval = \"fast\"\nslideshow-shuffle = 1\n", file: "/c/config.toml")
        #expect(config.problems.count == 2 && config.problems[1].contains("\"slideshow-shuffle\" takes true or false"))
    }
}
