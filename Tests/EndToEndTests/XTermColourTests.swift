import Fixtures
import Foundation
import Testing

/// Colours in a real xterm started as `TERM=xterm` (terminfo: 8 colours), the stock setup of many
/// users, judged on screenshots (tmux's `capture-pane -e` loses back-colour-erase cells).
@Suite(.enabled(if: XTermSession.available, "needs Xvfb, xterm, xwd (x11-apps), convert and python3"))
struct XTermColourTests {
    /// How many distinct colours `area` of `shot` holds.
    static func colours(in shot: PixelImage, area: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        var seen = Set<Int>()
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let c = shot[x, y]
                seen.insert(Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b))
            }
        }
        return seen.count
    }

    /// The home grid's character-art thumbnails and the photo view under `TERM=xterm` show 256 colours,
    /// not the 8 terminfo allows: with `--colors 256`, and by default too, as xterm names itself
    /// (XTVERSION). 8-colour art holds at most the 16 ANSI colours (bold ones included).
    @Test(arguments: [["--colors", "256"], []])
    func gridsShow256ColoursUnderAStockTERM(arguments: [String]) throws {
        let sandbox = Sandbox()
        let picture = SixelTerminalTests.landscape(width: 480, height: 320)
        try SixelTerminalTests.importPictures([("p.jpg", picture)], into: sandbox)
        let session = try XTermSession(
            command: [try E2E.binary(), "--library", sandbox.library, "--graphics", "symbols"] + arguments,
            environment: sandbox.environment(term: "xterm", colorterm: nil))
        defer { session.kill() }
        let area = session.pixelArea(rows: 1..<(session.rows - 2))
        let home = try session.waitForStableScreen("the home grid in 256 colours") { shot in
            let count = Self.colours(in: shot, area: area)
            return count > 24 ? nil : "the grid shows \(count) colours"
        }
        try session.send(XTermSession.Key.enter)
        let group = try session.waitForStableScreen("the group grid") { $0 == home ? "still the home grid" : nil }
        try session.send(XTermSession.Key.enter)
        try session.waitForStableScreen("the photo in 256 colours") { shot in
            guard shot != group else { return "still the group grid" }
            let count = Self.colours(in: shot, area: area)
            return count > 24 ? nil : "the photo shows \(count) colours"
        }
    }
}
