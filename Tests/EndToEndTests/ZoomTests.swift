import Fixtures
import Foundation
import Testing

/// Zoom and pan in the photo view of the real browser in tmux: `+` to 8× fills the view with the
/// stripes of the photo's top-left quarter, the arrows pan instead of paging (to the flat grey
/// far corner), `z` and another photo go back to fit.
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
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 120, rows: 40, shows: "2 photos")
        run.tmux.send("Enter")
        try run.tmux.waitFor("striped.jpg")
        return run
    }

    /// Whether row `row` of a captured screen shows anything of the photo (flat grey is blank).
    static func drawn(_ screen: String, row: Int) -> Bool {
        let lines = screen.screenLines
        return lines.indices.contains(row) && !lines[row].trimmingCharacters(in: .whitespaces).isEmpty
    }

    @Test("+ zooms to 8× with real detail, arrows pan, z and paging go back to fit")
    func zoomAndPan() throws {
        let run = try Self.browser()
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("striped.jpg  1/2")
        // At fit the stripes take the top quarter of the photo (rows below are flat grey: blank
        // cells in a capture).
        try tmux.waitUntil("the photo drawn at fit") { Self.drawn($0, row: 2) && !Self.drawn($0, row: 30) }

        tmux.send("+")
        try tmux.waitFor("1/2  2×")
        tmux.send("=", "+")
        try tmux.waitFor("1/2  8×")
        tmux.send(keys: Array(repeating: "Left", count: 12) + Array(repeating: "k", count: 12))
        // At 8× in the top-left corner, the stripes fill the photo view down to its bottom rows.
        let corner = try tmux.waitUntil("the stripes at 8× in the top-left corner") {
            Self.drawn($0, row: 2) && Self.drawn($0, row: 30) && $0.contains("1/2  8×")
        }
        #expect(corner.contains("striped.jpg  1/2  8×"), "the arrows panned rather than paged")
        #expect(corner.contains("pan"), "the hints say the arrows pan")

        tmux.send(keys: Array(repeating: "l", count: 12) + Array(repeating: "Down", count: 12))
        try tmux.waitUntil("the grey far corner") { !Self.drawn($0, row: 2) && !Self.drawn($0, row: 30) && $0.contains("1/2  8×") }

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
