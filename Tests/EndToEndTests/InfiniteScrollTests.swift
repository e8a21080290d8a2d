import Fixtures
import Foundation
import Testing

/// Infinite scroll (issue 24) in the real browser under tmux, against a local server on
/// 127.0.0.1 serving a feed of 72 photos in pages of 24 (`Link: rel="next"`): the next page is
/// asked for only once the cursor has passed half of the page, the grid grows, the feed view
/// (`V`) streams the photos, and after a restart scrolling goes on from the page it stopped at.
@Suite(.enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct InfiniteScrollTests {
    @Test func theNextPageIsAskedOnlyPastTheThresholdTheGridGrowsAndARestartGoesOn() throws {
        let server = try LocalWebServer()
        for number in 1...72 { server.serve(WebBrowseTests.jpeg(number, width: 64, height: 48), at: "img/\(number).jpg") }
        let sandbox = Sandbox()
        let feed = server.url("/link/72/24/1").absoluteString
        let asked = { (page: Int) in try server.hits().hits["/link/72/24/\(page)"] }
        let imported = try sandbox.cli(["import", feed, "--library", sandbox.library])
        #expect(imported.status == 0 && imported.stdout.contains("24 imported"), "\(imported.stdout)\(imported.stderr)")
        #expect(try asked(2) == nil, "import fetches the first page only")

        var run: BrowserRun? = try BrowserRun(sandbox: sandbox, paths: [], columns: 120, rows: 40, shows: "127.0.0.1/link/72/24/1")
        var tmux = run!.tmux
        // The feed's folder comes first on the home grid (no smart folder has photos).
        tmux.send("Enter")
        try tmux.waitFor("photo 1 of 24")
        // Up to photo 12 of 24 (half the page): nothing asked.
        for _ in 1...11 { tmux.send("Right") }
        try tmux.waitFor("photo 12 of 24")
        #expect(!tmux.screen().contains("Loading more"))
        #expect(try asked(2) == nil, "page 2 asked before the cursor passed half of page 1")
        // Photo 13 passes it: page 2 is asked once, in the background; the grid grows, the cursor stays.
        tmux.send("Right")
        try tmux.waitFor("photo 13 of 48")
        #expect(try asked(2) == 1)
        tmux.send("PageDown")
        try tmux.waitUntil("photos of page 2 on screen") { $0.contains("30.jpg") }
        #expect(try asked(3) == nil, "page 3 waits for the cursor to pass half of page 2")

        // The feed view: large photos, each with its title and date, from the selected photo;
        // Esc hands the photo on top back to the grid.
        let title = try #require(tmux.lines().first)
        let selected = try #require(Self.position(in: title), "\(title)")
        tmux.send("V")
        let screen = try tmux.waitUntil("the feed view") { $0.contains("PgDn page") && $0.contains("photo \(selected) of 48") }
        #expect(screen.contains(" photo \(selected)\n") && screen.contains("\(selected).jpg"), "title, date and name under it: \(screen)")
        tmux.send("l")
        try tmux.waitFor("photo \(selected + 1) of 48")
        tmux.send("Escape")
        try tmux.waitUntil("the grid on the photo that was on top") {
            !$0.contains("PgDn page") && $0.components(separatedBy: "\n").first?.hasSuffix("photo \(selected + 1) of 48") == true
        }

        // Quit and start again: the feed goes on from page 3, pages 1 and 2 are not asked again.
        tmux.send("q", "q")
        try tmux.waitFor("EXITED 0")
        run = nil
        run = try BrowserRun(sandbox: sandbox, paths: [], columns: 120, rows: 40, shows: "127.0.0.1/link/72/24/1")
        tmux = run!.tmux
        // The page fetched in the browser made a "Recently imported" smart folder, before the feed's.
        if tmux.screen().contains("Recently imported") { tmux.send("Right") }
        tmux.send("Enter")
        try tmux.waitFor("photo 1 of 48")
        tmux.send("End")
        try tmux.waitFor("of 72")
        #expect(try asked(1) == 1 && asked(2) == 1 && asked(3) == 1)
        _ = run
    }

    /// N of a grid title ending "photo N of M".
    static func position(in title: String) -> Int? {
        guard let range = title.range(of: "photo ", options: .backwards) else { return nil }
        return Int(title[range.upperBound...].prefix { $0.isNumber })
    }
}
