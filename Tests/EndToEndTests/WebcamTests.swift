import Fixtures
import Foundation
import Testing

/// Webcams end to end (issue 25), the real binary pointed at the fake webcam by
/// `PHOTORY_TEST_WEBCAM` (no real webcam on the machine these were written on): the import
/// picker's `c` away from a camera opens the live preview, Space takes the picture (copied into
/// ~/Pictures/photory, imported, shown), a busy webcam is named; `capture --webcam` from the CLI.
@Suite(.serialized) struct WebcamTests {
    /// The sandbox's environment with the fake webcam.
    static func environment(_ sandbox: Sandbox, fake: String) -> [String: String] {
        var environment = sandbox.environment(term: "xterm-256color", colorterm: nil)
        environment["PHOTORY_TEST_WEBCAM"] = fake
        return environment
    }

    static func startBrowser(_ tmux: TmuxSession, _ sandbox: Sandbox, fake: String) throws {
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 80, rows: 24, cwd: sandbox.home,
                              extraEnvironment: ["PHOTORY_TEST_WEBCAM": fake])
    }

    @Test func thePreviewShowsLiveAndSpaceTakesThePictureIntoTheLibrary() throws {
        let sandbox = Sandbox()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try Self.startBrowser(tmux, sandbox, fake: "pattern:/dev/video7")
        try tmux.waitUntil("the browser") { !$0.screenLines.isEmpty && $0.contains("photory") }
        tmux.send("a")
        try tmux.waitFor("c capture")   // hinted: a webcam is there
        tmux.send("c")
        try tmux.waitFor("Webcam · Test pattern (/dev/video7)")
        let live = try tmux.waitFor("live  320×240")
        #expect(live.contains("Space take"), "\(live)")
        tmux.send("Space")
        let shown = try tmux.waitFor("Took WEBCAM_")
        #expect(!shown.contains("Webcam · Test pattern"), "the preview closed: \(shown)")
        // In the library, copied into the import folder's day.
        let listed = try sandbox.cli(["list", "--library", sandbox.library, "--json"])
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let path = try #require(photos.first?["path"] as? String, "\(listed.stdout)")
        #expect(path.hasPrefix(sandbox.home + "/Pictures/photory/20") && path.contains("/WEBCAM_") && path.hasSuffix(".jpg"),
                "\(path)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(photos.first?["cameraMake"] as? String == "Webcam" && photos.first?["cameraModel"] as? String == "Test pattern",
                "\(listed.stdout)")
        tmux.send("q")
    }

    @Test func aBusyWebcamIsNamedWithTheReason() throws {
        let sandbox = Sandbox()
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try Self.startBrowser(tmux, sandbox, fake: "busy:/dev/video7")
        try tmux.waitUntil("the browser") { !$0.screenLines.isEmpty && $0.contains("photory") }
        tmux.send("a")
        try tmux.waitFor("i import")
        tmux.send("c")
        let screen = try tmux.waitFor("Webcam: /dev/video7 is busy: another program is using the webcam")
        #expect(!screen.contains("EXITED"))
    }

    @Test func captureWebcamFromTheCommandLine() throws {
        let sandbox = Sandbox()
        let result = Processes.run(try E2E.binary(), ["capture", "--library", sandbox.library, "--webcam", "/dev/video7",
                                                      "--to", sandbox.root.path + "/shots", "--json"],
                                   environment: Self.environment(sandbox, fake: "pattern:/dev/video7"),
                                   currentDirectory: sandbox.root.path)
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let path = try #require(records.first?["path"] as? String)
        #expect(path.hasPrefix(sandbox.root.path + "/shots/20") && path.hasSuffix(".jpg"))
        #expect(records.first?["photoId"] is String)
        // `cameras` lists the webcam after the cameras, with its device.
        let cameras = Processes.run(try E2E.binary(), ["cameras", "--json"],
                                    environment: Self.environment(sandbox, fake: "pattern:/dev/video7"),
                                    currentDirectory: sandbox.root.path)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(cameras.stdout.utf8)) as? [[String: String]], "\(cameras)")
        #expect(rows.last == ["kind": "webcam", "model": "Test pattern", "port": "/dev/video7"], "\(rows)")
        let text = Processes.run(try E2E.binary(), ["cameras"], environment: Self.environment(sandbox, fake: "pattern:/dev/video7"),
                                 currentDirectory: sandbox.root.path)
        #expect(text.stdout.contains("Test pattern  /dev/video7  (webcam: capture --webcam /dev/video7)"), "\(text)")
        // A missing device is named.
        let missing = Processes.run(try E2E.binary(), ["capture", "--library", sandbox.library, "--webcam", "/dev/video-photory-none"],
                                    environment: sandbox.environment(term: "dumb", colorterm: nil), currentDirectory: sandbox.root.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/dev/video-photory-none: no such webcam (is it plugged in?)"), "\(missing.stderr)")
    }
}
