import Library
import Testing
@testable import TUI

/// Videos on screen (re-record with `RECORD_SNAPSHOTS=1`): the ▶ badge and length on grid
/// tiles and in the list, the info panel's video lines, the photo view while a video plays.
@Suite struct VideoSnapshotTests {
    /// "Clips": clip.mp4 (42 s, turned a quarter), long.mov (1 h 2 min 3 s), still.jpg.
    static func state(_ size: ScreenSize) -> AppState {
        var clip = TestLibrary.photo(1, name: "clip.mp4", description: "Clips", day: 1, width: 1920, height: 1080,
                                     orientation: 6)
        clip.kind = .video
        clip.duration = 42.4
        var long = TestLibrary.photo(2, name: "long.mov", description: "Clips", day: 2, width: 1280, height: 720)
        long.kind = .video
        long.duration = 3723
        let still = TestLibrary.photo(3, name: "still.jpg", description: "Clips", day: 3)
        var state = TestLibrary.state(PhotoLibrary(photos: [clip, long, still]), columns: size.columns, rows: size.rows)
        state.press(.enter)
        return state
    }

    @Test func durations() {
        #expect(VideoBadge.durationText(0) == "0:00")
        #expect(VideoBadge.durationText(42.9) == "0:42")
        #expect(VideoBadge.durationText(725) == "12:05")
        #expect(VideoBadge.durationText(3723) == "1:02:03")
        #expect(VideoBadge.durationText(.nan) == "0:00")
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func badgesOnTiles(size: ScreenSize) {
        var state = Self.state(size)
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "videoTiles.\(size.name)")
        #expect(grid.text().contains("▶ 0:42"))
        #expect(grid.text().contains("▶ 1:02:03"))
    }

    @Test(arguments: ScreenSize.smallAndLarge)
    func badgesInTheList(size: ScreenSize) {
        var state = Self.state(size)
        state.press(.char("t"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "videoList.\(size.name)")
        #expect(grid.text().contains("▶ 0:42  clip.mp4"))
    }

    @Test func theInfoPanelSaysLengthCodecAndRotation() {
        var state = Self.state(ScreenSize(columns: 200, rows: 60))
        state.press(.enter)
        state.showInfo = true
        state.send(.detailsRead(photoID: state.detailPhoto!.id, .success({
            var metadata = Metadata()
            metadata.codec = "h264"
            return metadata
        }())))
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "videoInfo.200x60")
        let text = grid.text()
        #expect(text.contains("Video     ▶ 0:42"))
        #expect(text.contains("Codec     h264"))
        #expect(text.contains("Rotation  90° clockwise"))
        #expect(text.contains("1080 × 1920 px"))
    }

    @Test func aFramePlayingInThePhotoView() {
        var state = Self.state(ScreenSize(columns: 80, rows: 24))
        state.press(.enter)
        ScreenSnapshotTests.fillPreviews(&state, glyph: "P")
        let effects = state.press(.char("p"))
        guard case let .playVideo(request)? = effects.first else {
            Issue.record("no request: \(effects)")
            return
        }
        let rows = (0..<request.key.rows).map { y in
            (0..<request.key.columns).map { x in Cell("▀", fg: .indexed(UInt8(16 + (x + y) % 200)), bg: .indexed(232)) }
        }
        state.send(.videoFrame(VideoFrame(photoID: request.photoID, generation: request.generation, time: 7.2, due: 1,
                                          content: .cells(rows), columns: request.key.columns, rows: request.key.rows), now: 1))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "videoPlaying.80x24")
        #expect(grid.text().contains("▶ 0:07 / 0:42"))
        #expect(!grid.text().contains("PPP"))
    }
}
