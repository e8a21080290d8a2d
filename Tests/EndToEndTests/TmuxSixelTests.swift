import Fixtures
import Foundation
import Testing

/// Sixel photos through tmux 3.3a's passthrough, shown by a real xterm (tmux runs in the xterm of
/// `XTermSession`, the browser in tmux): tmux drops a passthrough sequence over 1 MiB, so a
/// large photo must reach the terminal in pieces, each under the limit.
@Suite(.enabled(if: XTermSession.available && FormatTools.available("tmux"),
                "needs Xvfb, xterm, xwd (x11-apps), convert, python3 and tmux"))
struct TmuxSixelTests {
    /// A photo whose sixel is over tmux's limit at 160×60 cells of 6×13 px: the texture of
    /// `SixelTerminalTests` over the bottom quarter, finer noise-like stripes over the rest.
    static func busy(width: Int, height: Int) -> PixelImage {
        let base = SixelTerminalTests.landscape(width: width, height: height)
        return PixelImage(width: width, height: height) { x, y in
            let c = base[x, y]
            guard y < height * 3 / 4 else { return c }
            let wobble = ((x * 7 + y * 13) % 5) * 9
            return (c.r &+ UInt8(wobble), c.g, c.b &+ UInt8((x + 2 * y) % 3 * 12))
        }
    }

    /// `photory-tui --graphics sixel` in tmux (allow-passthrough on) in a 160×60 xterm: the photo
    /// view shows the photo as pixels, all of it, though its sixel is over tmux's limit. (160
    /// columns: xterm itself refuses a sixel over 1000 pixels wide unless `maxGraphicSize` says more.)
    @Test func aLargeSixelPhotoShowsThroughTmux() throws {
        let sandbox = Sandbox()
        let picture = Self.busy(width: 960, height: 720)
        try SixelTerminalTests.importPictures([("busy.jpg", picture)], into: sandbox)

        let socket = sandbox.root.path + "/tmux.sock"
        let config = sandbox.root.write(Data("""
            set -g allow-passthrough on
            set -g status off
            set -g default-shell /bin/sh
            """.utf8), to: "tmux.conf")
        let browser = ([try E2E.binary(), "--library", sandbox.library, "--graphics", "sixel"]).map(Shell.quote).joined(separator: " ")
        let session = try XTermSession(
            columns: 160, rows: 60,
            command: ["tmux", "-S", socket, "-f", config, "new-session", browser + "; sleep 600"],
            environment: sandbox.environment(term: "xterm-256color", colorterm: nil))
        defer {
            // The tmux server outlives the xterm, and in this nesting it was seen to ignore kill-server:
            // end it by its pid (its panes then hang up), while its socket in the sandbox is still there.
            withExtendedLifetime(sandbox) {
                let answer = Processes.run("/usr/bin/env", ["tmux", "-S", socket, "display-message", "-p", "#{pid}"],
                                           environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
                if let pid = pid_t(answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
                    _ = kill(pid, SIGKILL)
                }
            }
            session.kill()
        }
        let area = session.pixelArea(rows: 1..<(session.rows - 2))
        let group = try SixelTerminalTests.openFirstPhoto(in: session, area: area)
        try session.waitForStableScreen("the photo as pixels, whole") { shot in
            guard shot != group else { return "still the group grid" }
            switch SixelTerminalTests.find(picture, in: shot, area: area) {
            case .failure(let mismatch): return mismatch.description
            case .success(let box):
                // All of it (as wide as the screen, so drawn at its own size): a strip left out
                // would shorten it or cut it in two, and the whole photo would not correlate.
                return box.width == picture.width && box.height >= picture.height - 2 * XTermSession.cellHeight ? nil
                    : "the photo is drawn \(box), not \(picture.width)×\(picture.height) px"
            }
        }
    }
}
