import Fixtures
import Foundation
import Testing

/// Videos in the real browser under tmux: the ▶ badge on the tile, a testsrc clip playing in
/// the photo view (the frames change, the position moves), Space pausing, Esc stopping; the
/// `video-player` setting handing the terminal over and taking it back, and a missing one named.
@Suite(.serialized, .enabled(if: FormatTools.available("ffmpeg", "tmux"), "needs ffmpeg and tmux"))
struct VideoPlayingTests {
    /// A 20 s clip (long enough to see it play on a busy machine) described "Clips" imported into a fresh sandbox, the browser on its grid.
    /// The fixture goes with them: its folder (the clip) is removed when it goes.
    static func browser(config: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (BrowserRun, String, VideoFixture) {
        let sandbox = Sandbox()
        let videos = VideoFixture(TemporaryFolder("photory-e2e-play"))
        let clip = try videos.clip("clip.mp4", width: 320, height: 240, seconds: 20, tags: .init(title: "Clips"))
        try sandbox.importWithCLI([clip], sourceLocation: sourceLocation)
        if let config {
            let folder = sandbox.home + "/.config/photory"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        }
        let run = try BrowserRun(sandbox: sandbox, paths: [clip], columns: 100, rows: 30, shows: "Clips",
                                 sourceLocation: sourceLocation)
        return (run, clip, videos)
    }

    /// The image area of the screen (the lines between the title and the status line).
    static func picture(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.dropFirst().prefix(max(0, lines.count - 4)).joined(separator: "\n")
    }

    @Test func aClipPlaysInThePhotoViewPausesAndStopsBackToItsPoster() throws {
        let (run, _, videos) = try Self.browser()
        defer { withExtendedLifetime(videos) {} }
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("▶ 0:20")   // the badge on the tile
        tmux.send("Enter")
        try tmux.waitFor("clip.mp4  1/1")
        let poster = Self.picture(try tmux.waitUntilSettled("the poster") { Self.picture($0).contains("▀") || Self.picture($0).contains("▄") })
        tmux.send("p")
        try tmux.waitFor("/ 0:20")
        // The frames change as it plays (testsrc's counter and moving bar), and the position moves.
        var seen: Set<String> = []
        try tmux.waitUntil("three different frames") { screen in
            if screen.contains("▶ 0:0") { seen.insert(Self.picture(screen)) }
            return seen.count >= 3
        }
        try tmux.waitFor("▶ 0:02 / 0:20")
        tmux.send("Space")
        let paused = try tmux.waitFor("❚❚ 0:0")
        #expect(Self.picture(paused) != poster)
        tmux.send("Right")
        try tmux.waitUntil("a seek of 5 s") { screen in ["▶ 0:07", "▶ 0:08", "▶ 0:09", "▶ 0:10"].contains { screen.contains($0) } }
        tmux.send("Escape")
        try tmux.waitUntil("the poster again, not playing") { !$0.contains("/ 0:20") && $0.contains("▶ 0:20") }
        try tmux.waitUntil("the poster's picture") { Self.picture($0) == poster }   // the same as before playing
        #expect(tmux.screen().contains("clip.mp4  1/1"), "Esc stopped the video and stayed on it")
    }

    @Test func theVideoPlayerSettingHandsTheTerminalOverAndTakesItBack() throws {
        let scratch = TemporaryFolder("photory-e2e-player")
        let played = scratch.path + "/played.txt"
        let (run, clip, videos) = try Self.browser(config: """
            video-player = ["sh", "-c", "echo \\"$0\\" > \(played); printf 'PLAYER RUNNING'; read line"]
            """)
        defer { withExtendedLifetime(videos) {} }
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("▶ 0:20")
        tmux.send("Enter")
        try tmux.waitFor("clip.mp4  1/1")
        tmux.send("p")
        try tmux.waitFor("PLAYER RUNNING")
        #expect(!tmux.screen().contains("clip.mp4  1/1"), "the program has the terminal")
        tmux.send("Enter")   // the program ends
        try tmux.waitFor("clip.mp4  1/1")
        #expect(!tmux.screen().contains("PLAYER RUNNING"), "everything redrawn")
        #expect((try? String(contentsOfFile: played, encoding: .utf8)) == clip + "\n")
        tmux.send("i")   // the browser answers keys again
        try tmux.waitFor("Video")
    }

    @Test func aMissingVideoPlayerIsNamed() throws {
        let (run, _, videos) = try Self.browser(config: "video-player = \"no-such-player --fast\"\n")
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("▶ 0:20")
        tmux.send("Enter", "p")
        try tmux.waitFor("video-player: no-such-player failed: not found")
        withExtendedLifetime(videos) {}
        #expect(tmux.screen().contains("clip.mp4  1/1"))
    }
}
