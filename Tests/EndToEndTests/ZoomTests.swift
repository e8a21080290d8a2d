import Fixtures
import Foundation
import Testing

/// Zoom and pan in the photo view of the real browser in tmux: `+` to 8× shows the fine stripes
/// in the photo's corner that fit blurs to grey, the arrows pan instead of paging, `z` and
/// another photo go back to fit.
@Suite("Zoom in the photo view", .serialized)
struct ZoomTests {
    /// Two photos described "Zoom": `striped.jpg` (1600×1200 grey, 12-pixel black and white
    /// stripes in its top-left 400×300) first, then `plain.jpg`; the browser on the group.
    static func browser() throws -> BrowserRun {
        let sandbox = Sandbox()
        let folder = sandbox.root.path + "/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, date, striped) in [("striped.jpg", "2021:03:01 09:00:00", true), ("plain.jpg", "2021:03:02 09:00:00", false)] {
            let image = JPEGFixture.encode(width: 1600, height: 1200, quality: 95, subsampling: .s444) { x, y in
                guard striped, x < 400, y < 300 else { return (128, 128, 128) }
                return (x / 12) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)
            }
            let exif = MetadataFixture.EXIF(description: "Zoom", make: "Testcam", model: "E2E One", dateTimeOriginal: date)
            let path = folder + "/" + name
            _ = FileManager.default.createFile(
                atPath: path, contents: JPEGFixture.inserting(segments: [(0xE1, MetadataFixture.exifPayload(exif))], into: image))
            paths.append(path)
        }
        try sandbox.importWithCLI([folder])
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 120, rows: 40, colorterm: "truecolor", shows: "2 photos")
        run.tmux.send("Enter")
        try run.tmux.waitFor("striped.jpg")
        return run
    }

    /// Truecolor cells of the captured screen that are near black and near white.
    static func extremes(_ screen: String) -> (dark: Int, light: Int) {
        var dark = 0, light = 0
        let pattern = try! NSRegularExpression(pattern: "[34]8;2;(\\d+);(\\d+);(\\d+)")
        for match in pattern.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)) {
            let level = (1...3).map { Int((screen as NSString).substring(with: match.range(at: $0)))! }.reduce(0, +) / 3
            if level < 40 { dark += 1 }
            if level > 215 { light += 1 }
        }
        return (dark, light)
    }

    @Test("+ zooms to 8× with real detail, arrows pan, z and paging go back to fit")
    func zoomAndPan() throws {
        let run = try Self.browser()
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("striped.jpg  1/2")
        // At fit the stripes are far thinner than a cell: the photo is drawn grey.
        let fit = try tmux.waitUntil("the photo drawn at fit", colors: true) { $0.occurrences(of: "8;2;12") > 100 }
        #expect(Self.extremes(fit).dark == 0)

        tmux.send("+")
        try tmux.waitFor("1/2  2×")
        tmux.send("=", "+")
        try tmux.waitFor("1/2  8×")
        tmux.send(keys: Array(repeating: "Left", count: 12) + Array(repeating: "k", count: 12))
        let corner = try tmux.waitUntil("the stripes at 8× in the top-left corner", colors: true) {
            let seen = Self.extremes($0)
            return seen.dark > 200 && seen.light > 200
        }
        #expect(corner.contains("striped.jpg  1/2  8×"), "the arrows panned rather than paged")
        #expect(corner.contains("pan"), "the hints say the arrows pan")

        tmux.send(keys: Array(repeating: "l", count: 12) + Array(repeating: "Down", count: 12))
        try tmux.waitUntil("the grey far corner", colors: true) { Self.extremes($0).dark == 0 && $0.contains("1/2  8×") }

        tmux.send("z")
        try tmux.waitForAbsence(of: "8×")
        tmux.send("Right")
        try tmux.waitFor("plain.jpg  2/2")
        tmux.send("Left", "+", "+")
        try tmux.waitFor("striped.jpg  1/2  4×")
        tmux.send("PageDown")
        try tmux.waitFor("plain.jpg  2/2")
        #expect(!tmux.screen().contains("4×"), "another photo opens at fit")
    }
}
