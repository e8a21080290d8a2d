import Fixtures
import Foundation
import Testing

/// The slideshow (`S`) and export (`X`) of issue 23 with the real binary in tmux: the slides move
/// on by themselves on the configured interval (waited for, never timed), Space pauses, → steps,
/// Esc lands on the photo shown; `X` copies the marked photos into the folder typed.
@Suite struct SlideshowAndExportE2ETests {
    /// Four photos with their grid open, and `config` in the browser's config file.
    static func browser(config: String = "") throws -> BrowserRun {
        let sandbox = Sandbox()
        let folder = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let paths = PhotoFixtures.write(PhotoFixtures.series(4, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 120, rows: 40, shows: "4 photos")
        run.tmux.send("Enter")
        try run.tmux.waitFor("photo-01.jpg")
        return run
    }

    /// The slide's position in the caption ("3/4" → 3).
    static func position(_ screen: String) -> Int? {
        guard let caption = screen.split(separator: "\n").last(where: { $0.contains("/4 ·") }),
              let match = caption.firstMatch(of: /(\d)\/4 ·/) else { return nil }
        return Int(match.1)
    }

    @Test func sPlaysOnByItselfPausesStepsAndEscLandsOnThePhotoShown() throws {
        let run = try Self.browser(config: "slideshow-interval = 0.5\n")
        let tmux = run.tmux
        tmux.send("S")
        let first = try tmux.waitFor("photo-01.jpg · 1/4")
        #expect(!first.contains("photory ·"), "full screen: the title line is gone")
        // It moves on by itself.
        #expect(E2E.eventually { (Self.position(tmux.screen()) ?? 1) > 1 }, "\(tmux.screen())")
        tmux.send("Space")
        let paused = try tmux.waitFor("paused")
        let at = try #require(Self.position(paused))
        tmux.send("Right")
        let next = at % 4 + 1
        try tmux.waitFor("photo-0\(next).jpg · \(next)/4")
        #expect(tmux.screen().contains("paused"), "stepping keeps it paused")
        tmux.send("Escape")
        try tmux.waitFor("photo \(next) of 4")
        #expect(tmux.screen().contains("photory ·"))
    }

    @Test func xCopiesTheMarkedPhotosIntoTheFolderTyped() throws {
        let run = try Self.browser()
        let tmux = run.tmux
        let out = run.sandbox.root.path + "/exported"
        tmux.send("Space", "Space")
        try tmux.waitFor("2 marked")
        tmux.send("X")
        try tmux.waitFor("Export to:")
        tmux.send("C-u")
        tmux.type(out)
        tmux.send("Enter")
        let summary = try tmux.waitFor("Export finished")
        #expect(summary.contains("2 copied"), "\(summary)")
        for (index, name) in ["photo-01.jpg", "photo-02.jpg"].enumerated() {
            #expect(FileManager.default.contents(atPath: out + "/" + name) == FileManager.default.contents(atPath: run.paths[index]))
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/photo-03.jpg"))
        tmux.send("Enter")
        try tmux.waitForAbsence(of: "Export finished")
    }
}
