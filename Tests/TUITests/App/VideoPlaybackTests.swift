import Library
import Testing
@testable import TUI

/// Playing a video in the photo view as pure `update` calls: `p`/Enter asks the player for
/// frames, frames come as messages stamped with an injected clock, late ones are dropped,
/// Space pauses, ← → seek 5 s, Esc stops and the poster is back; a failure names the file.
@Suite struct VideoPlaybackTests {
    /// "Clips": a 42 s video turned a quarter (clip.mp4), then a photo (still.jpg).
    static func library() -> PhotoLibrary {
        var video = TestLibrary.photo(1, name: "clip.mp4", description: "Clips", day: 1, width: 1920, height: 1080,
                                      orientation: 6)
        video.kind = .video
        video.duration = 42.4
        let still = TestLibrary.photo(2, name: "still.jpg", description: "Clips", day: 2)
        return PhotoLibrary(photos: [video, still])
    }

    /// The photo view on clip.mp4.
    static func onVideo(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = TestLibrary.state(library(), columns: columns, rows: rows)
        state.press(.enter, .enter)   // the group, then its first photo
        return state
    }

    static func frame(_ state: AppState, time: Double, due: Double, glyph: String = "▓") -> VideoFrame {
        let playback = state.playback!
        return VideoFrame(photoID: playback.photoID, generation: playback.generation, time: time, due: due,
                          content: .cells([[Cell(glyph)]]), columns: 1, rows: 1)
    }

    static func request(_ effects: [Effect]) -> VideoPlayRequest? {
        effects.compactMap { if case let .playVideo(request) = $0 { request } else { nil } }.last
    }

    @Test func pAsksForFramesAtThePhotosSizeUprightAndTheKeysBecomeTheVideos() throws {
        var state = Self.onVideo()
        #expect(state.detailPhoto?.name == "clip.mp4")
        #expect(state.keyContext == .detail)
        let request = try #require(Self.request(state.press(.char("p"))))
        #expect(request.start == 0)
        #expect(request.source == VideoSource(path: "/photos/clip.mp4"))
        // Turned a quarter: the frames are taller than wide, fitted in the photo area.
        let area = DetailScreen.imageArea(state)
        #expect(request.key.rows <= area.height && request.key.columns <= area.width)
        #expect(request.key.rows == area.height, "a portrait frame fills the height")
        #expect(request.key.pixels == nil)
        #expect(state.keyContext == .video)
        #expect(AppView.render(state).text().contains("▶ 0:00 / 0:42"))
    }

    @Test func enterPlaysAVideoAndStillGoesBackFromAPhoto() throws {
        var state = TestLibrary.state(Self.library())
        state.openGroup(at: 1)   // "Clips", after the Videos smart folder
        state.press(.enter)
        #expect(state.detailPhoto?.name == "clip.mp4")
        #expect(Self.request(state.press(.enter)) != nil)
        state.press(.escape)   // stops
        #expect(state.playback == nil)
        state.press(.right)     // the photo
        #expect(state.detailPhoto?.name == "still.jpg")
        state.press(.enter)
        #expect(state.screen == .group(id: state.currentPage!.group.id), "Enter on a photo goes back as before")
        state.press(.enter)
        state.press(.char("p"))
        #expect(state.playback == nil)
        #expect(state.status == "still.jpg is a photo: there is nothing to play")
    }

    @Test func framesShowInTurnAndOnesThatComeTooLateAreDropped() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        // The first frame is drawn however late it is (a slow terminal still shows something).
        state.send(.videoFrame(Self.frame(state, time: 0, due: 100, glyph: "a"), now: 100.5))
        #expect(state.playback?.frame?.time == 0)
        state.send(.videoFrame(Self.frame(state, time: 0.04, due: 100.04, glyph: "b"), now: 100.05))
        #expect(state.playback?.frame?.time == 0.04)
        // Due at 100.08, handled at 100.3: too late, dropped; the frame on screen stays.
        state.send(.videoFrame(Self.frame(state, time: 0.08, due: 100.08, glyph: "c"), now: 100.3))
        #expect(state.playback?.frame?.time == 0.04)
        #expect(state.playback?.dropped == 1)
        #expect(state.playback?.position == 0.08, "the position moves on with the video")
        var late = Self.frame(state, time: 0.2, due: 100.2, glyph: "d")
        late.droppedBefore = 2   // the player dropped two before it
        state.send(.videoFrame(late, now: 100.21))
        #expect(state.playback?.frame?.time == 0.2)
        #expect(state.playback?.dropped == 3)
        #expect(AppView.render(state).text().contains("d"))
    }

    /// A busy machine where every frame comes late: one is drawn anyway every half second, so
    /// the picture moves on (it froze while the time counted up).
    @Test func whenEveryFrameIsLateOneIsStillDrawnEveryHalfSecond() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 0, due: 100, glyph: "a"), now: 100))
        state.send(.videoFrame(Self.frame(state, time: 0.04, due: 100.04, glyph: "b"), now: 100.3))
        #expect(state.playback?.frame?.time == 0, "late, and the frame on screen is new: dropped")
        state.send(.videoFrame(Self.frame(state, time: 0.08, due: 100.08, glyph: "c"), now: 100.55))
        #expect(state.playback?.frame?.time == 0.08, "late, but the frame on screen is half a second old: drawn")
        state.send(.videoFrame(Self.frame(state, time: 0.12, due: 100.12, glyph: "d"), now: 100.7))
        #expect(state.playback?.frame?.time == 0.08)
        #expect(state.playback?.dropped == 2)
    }

    @Test func spacePausesAndResumesFromWhereItWas() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 12.5, due: 1), now: 1))
        #expect(state.press(.char(" ")) == [.stopVideo])
        #expect(state.playback?.isPaused == true)
        #expect(AppView.render(state).text().contains("❚❚ 0:12 / 0:42"))
        // A frame still on its way from before the pause is not shown.
        let stale = Self.frame(state, time: 12.54, due: 1.04)
        state.send(.videoFrame(stale, now: 1.04))
        #expect(state.playback?.frame?.time == 12.5)
        let resumed = try #require(Self.request(state.press(.char(" "))))
        #expect(resumed.start == 12.5)
        #expect(state.playback?.isPaused == false)
        #expect(resumed.generation == state.playback?.generation)
    }

    @Test func arrowsSeekFiveSecondsInsideTheVideo() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 3, due: 1), now: 1))
        let old = state.playback!.generation
        #expect(try #require(Self.request(state.press(.right))).start == 8)
        #expect(state.playback!.generation > old)
        // A frame of the request before the seek is stale.
        var stale = Self.frame(state, time: 3.04, due: 1.04)
        stale.generation = old
        state.send(.videoFrame(stale, now: 1.04))
        #expect(state.playback?.position == 8)
        #expect(try #require(Self.request(state.press(.left, .left))).start == 0, "not before the start")
        for _ in 0..<20 { state.press(.right) }
        #expect(state.playback!.position == 41.9, "not past the end")
        #expect(state.detailPhoto?.name == "clip.mp4", "→ seeks, it does not go to the next photo")
    }

    @Test func escStopsAndThePosterIsBack() throws {
        var state = Self.onVideo()
        ScreenSnapshotTests.fillPreviews(&state, glyph: "P")
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 1, due: 1, glyph: "F"), now: 1))
        #expect(AppView.render(state).text().contains("F"))
        #expect(state.press(.escape) == [.stopVideo])
        #expect(state.playback == nil)
        #expect(state.screen != .home && state.detailPhoto?.name == "clip.mp4", "Esc stops, it does not leave")
        let text = AppView.render(state).text()
        #expect(text.contains("PPP") && !text.contains("F"))
        #expect(state.keyContext == .detail)
    }

    @Test func theEndKeepsTheLastFramePausedAndSpacePlaysAgainFromTheStart() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 42.36, due: 1), now: 1))
        state.send(.videoEnded(photoID: state.playback!.photoID, generation: state.playback!.generation, failure: nil))
        #expect(state.playback?.isPaused == true)
        #expect(state.playback?.frame != nil)
        #expect(try #require(Self.request(state.press(.char(" ")))).start == 0)
    }

    @Test func aFailureNamesTheFileAndThePosterStays() {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoEnded(photoID: state.playback!.photoID, generation: state.playback!.generation,
                               failure: "FFmpeg cannot read this video (invalid data found when processing input)"))
        #expect(state.playback == nil)
        #expect(state.status == "Cannot play clip.mp4: FFmpeg cannot read this video (invalid data found when processing input)")
        #expect(state.keyContext == .detail)
    }

    @Test func pixelFramesThatCannotKeepUpTurnToCharacterArt() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        var frame = Self.frame(state, time: 0, due: 1)
        frame.content = .image(TerminalImage(bytes: Array("sixel".utf8)))
        #expect(state.send(.videoFrame(frame, now: 1, canKeepUp: true)).isEmpty)
        let again = try #require(Self.request(state.send(.videoFrame(Self.with(frame, time: 0.04, generation: state.playback!.generation),
                                                                             now: 1.04, canKeepUp: false))))
        #expect(again.key.pixels == nil)
        #expect(state.playback?.pixelsOff == true)
        #expect(again.start == 0.04)
    }

    static func with(_ frame: VideoFrame, time: Double, generation: Int) -> VideoFrame {
        var frame = frame
        frame.time = time
        frame.due = 1 + time
        frame.generation = generation
        return frame
    }

    @Test func leavingThePhotoStopsTheVideoAndAResizeAsksAgainAtTheNewSize() throws {
        var state = Self.onVideo()
        state.press(.char("p"))
        state.send(.videoFrame(Self.frame(state, time: 2, due: 1), now: 1))
        let resized = try #require(Self.request(state.send(.resized(columns: 120, rows: 40))))
        #expect(resized.start == 2)
        #expect(resized.key.rows == DetailScreen.imageArea(state).height)
        // The library read again without the video: it stops.
        let withoutVideo = PhotoLibrary(photos: Self.library().photos.filter { $0.kind != .video })
        #expect(state.send(.libraryLoaded(.success(withoutVideo))).contains(.stopVideo))
        #expect(state.playback == nil)
    }

    @Test func theVideoPlayerSettingHandsTheVideoOver() {
        var state = Self.onVideo()
        state.videoPlayer = ["mpv", "--vo=tct"]
        #expect(state.press(.char("p")) == [.runVideoPlayer(command: ["mpv", "--vo=tct"], path: "/photos/clip.mp4")])
        #expect(state.playback == nil)
        state.send(.videoPlayerEnded(failure: "video-player: \"mpv\" was not found (looked in PATH)"))
        #expect(state.status == "video-player: \"mpv\" was not found (looked in PATH)")
    }

    @Test func theKeyTableListsTheVideoKeys() {
        let keys = KeyMap()
        #expect(keys.action(for: .char("p"), in: .detail) == .play)
        #expect(keys.action(for: .char(" "), in: .video) == .pause)
        #expect(keys.action(for: .left, in: .video) == .seekBack)
        #expect(keys.action(for: .right, in: .video) == .seekForward)
        #expect(keys.action(for: .escape, in: .video) == .stop)
        #expect(KeyContext.video.name == "video")
    }
}
