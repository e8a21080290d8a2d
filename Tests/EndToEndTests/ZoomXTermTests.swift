import Fixtures
import Foundation
import Testing

/// Zoom with pixels in a real sixel terminal (xterm as a VT340 under Xvfb, see `XTermSession`):
/// 2-pixel stripes in the photo's corner are a grey blur at fit and black and white at 8×.
@Suite(.enabled(if: XTermSession.available, "needs Xvfb, xterm, xwd (x11-apps), convert and python3"))
struct ZoomXTermTests {
    /// 1600×1200 grey with 2-pixel black and white stripes in its top-left 400×300.
    static let striped = PixelImage(width: 1600, height: 1200) { x, y in
        guard x < 400, y < 300 else { return (128, 128, 128) }
        return (x / 2) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)
    }

    /// Pixels of `area` near black and near white (sampled every other pixel).
    static func extremes(_ shot: PixelImage, in area: (x: Int, y: Int, width: Int, height: Int)) -> (dark: Int, light: Int) {
        var dark = 0, light = 0
        for y in stride(from: area.y, to: area.y + area.height, by: 2) {
            for x in stride(from: area.x, to: area.x + area.width, by: 1) {
                let c = shot[x, y]
                let level = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
                if level < 40 { dark += 1 }
                if level > 215 { light += 1 }
            }
        }
        return (dark, light)
    }

    /// In the default window, and in one of 1200×1040 pixels: larger than xterm's largest sixel
    /// (`maxGraphicSize`, 1000×1000), which xterm leaves blank; the photo is kept within what
    /// xterm answered to XTSMGRAPHICS.
    @Test("+ to 8× in sixel shows the stripes that fit blurs; h and k pan to them",
          arguments: [(100, 32), (200, 80)])
    func zoomWithPixels(columns: Int, rows: Int) throws {
        let sandbox = Sandbox()
        try SixelTerminalTests.importPictures([("striped.jpg", Self.striped)], into: sandbox)
        let session = try XTermSession(
            columns: columns, rows: rows,
            command: [try E2E.binary(), "--library", sandbox.library, "--graphics", "sixel"],
            environment: sandbox.environment(term: "xterm-256color", colorterm: nil))
        defer { session.kill() }
        let area = session.pixelArea(rows: 1..<(session.rows - 2))
        let group = try SixelTerminalTests.openFirstPhoto(in: session, area: area)
        let fit = try session.waitForStableScreen("the photo at fit as pixels") { shot in
            guard shot != group else { return "still the group grid" }
            let rich = SixelTerminalTests.cellsWithMoreThanTwoColours(in: shot, area: area).rich
            return rich > 0 ? nil : "no pixels drawn yet"
        }
        let blurred = Self.extremes(fit, in: area)
        try session.send(XTermSession.Key.text("+++" + String(repeating: "h", count: 12) + String(repeating: "k", count: 12)))
        let zoomed = try session.waitForStableScreen("the stripes at 8×") { shot in
            let seen = Self.extremes(shot, in: area)
            // (xterm's white background counts as light at fit too)
            return seen.dark > 10 * max(100, blurred.dark) && seen.light > blurred.light + 5_000
                ? nil : "\(seen) near black / white pixels, \(blurred) at fit"
        }
        #expect(zoomed != fit)
        // `z`: the whole photo again, as at fit.
        try session.send(XTermSession.Key.text("z"))
        try session.waitForStableScreen("the photo at fit again") { shot in
            let seen = Self.extremes(shot, in: area)
            return seen.dark <= max(50, 2 * blurred.dark) ? nil : "\(seen) near black pixels: still zoomed"
        }
    }
}
