import Fixtures
import Foundation
import Testing

/// A feed imported from the picker, browsed and refreshed in the real browser under tmux,
/// against a local server on 127.0.0.1 that the test starts.
@Suite(.enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct WebBrowseTests {
    /// A JPEG of `width`×`height` whose colours depend on `seed`.
    static func jpeg(_ seed: Int, width: Int, height: Int) -> Data {
        JPEGFixture.encode(width: width, height: height) { x, y in
            (UInt8(truncatingIfNeeded: x * 3 + seed * 40), UInt8(truncatingIfNeeded: y * 5 + seed * 7),
             UInt8(truncatingIfNeeded: seed * 23))
        }
    }

    /// Writes a jsonplaceholder-style feed of the photos `numbers` (album = number % 2 + 1,
    /// title "Harbour" or "Garden"); photo 1's original and thumbnail come slowly.
    static func writeFeed(_ numbers: [Int], on server: LocalWebServer) throws -> URL {
        var items: [[String: Any]] = []
        for number in numbers {
            let full = server.serve(jpeg(number, width: 320, height: 240), at: "full/\(number).jpg")
            let thumb = server.serve(jpeg(number, width: 40, height: 30), at: "thumb/\(number).jpg")
            let slow = { (url: URL) in server.url("/slow/2/" + url.path.dropFirst("/files/".count)) }
            items.append([
                "id": number, "albumId": number % 2 + 1, "title": number % 2 == 0 ? "Harbour" : "Garden",
                "url": (number == 1 ? slow(full) : full).absoluteString,
                "thumbnailUrl": (number == 1 ? slow(thumb) : thumb).absoluteString,
            ])
        }
        return server.serve(try JSONSerialization.data(withJSONObject: items), at: "photos.json")
    }

    @Test func importAFeedFromThePickerOpenAPhotoAndRefresh() throws {
        let server = try LocalWebServer()
        let feed = try Self.writeFeed(Array(1...12), on: server)
        let run = try BrowserRun.empty()
        let (sandbox, tmux) = (run.sandbox, run.tmux)

        // a opens the picker, u takes an address, Enter imports it in the overlay.
        tmux.send("a")
        try tmux.waitFor("Import photos")
        tmux.send("u")
        try tmux.waitFor("Import from the web:")
        tmux.type(feed.absoluteString)
        tmux.send("Enter")
        // The slow thumbnail keeps the overlay up long enough to read it.
        try tmux.waitUntil("the download overlay") {
            $0.contains("Importing from the web") && $0.contains("Thumbnails") && $0.contains("Received")
        }
        var screen = try tmux.waitFor("Import finished")
        #expect(screen.contains("12 imported"), "\(screen)")
        tmux.send("Space")
        screen = try tmux.waitUntil("the feed's groups") { $0.contains("Harbour") && $0.contains("Garden") }

        // Garden holds the odd photos, photo 1 (slow) first by date... open it: its original comes
        // with a line on the photo, then the picture's size shows.
        let groups = try #require(screen.components(separatedBy: "\n").first)
        #expect(groups.contains("2 groups"), "\(groups)")
        tmux.send("Enter")
        try tmux.waitFor("photos")
        tmux.send("Enter")
        try tmux.waitUntil("the original downloading or downloaded") {
            $0.contains("Downloading the original") || $0.contains("320×240")
        }
        try tmux.waitFor("320×240")
        // The next photo was fetched ahead.
        tmux.send("Right")
        try tmux.waitFor("320×240")
        tmux.send("i")
        try tmux.waitFor("Source")
        #expect(tmux.screen().contains("http://127.0.0.1:\(server.port)/"))

        // The feed changes: 5 and 6 are gone, 13 is new. R on the home screen refreshes.
        _ = try Self.writeFeed([1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13], on: server)
        tmux.send("Escape")
        tmux.send("Escape")
        try tmux.waitFor("R refresh")
        tmux.send("R")
        screen = try tmux.waitFor("Refresh finished")
        #expect(screen.contains("1 imported") && screen.contains("2 left their feeds"), "\(screen)")
        tmux.send("Space")
        screen = try tmux.waitUntil("the missing folder") { $0.contains("Missing") }
        tmux.send("q")
        try tmux.waitFor("EXITED 0")

        // The CLI's refresh: the feed has not changed since.
        let refresh = try E2E.cli(["refresh", "--library", sandbox.library], sandbox: sandbox)
        #expect(refresh.status == 0 && refresh.stdout.contains("1 feed (1 unchanged)"), "\(refresh.stdout)\(refresh.stderr)")
        let list = try E2E.cli(["list", "--library", sandbox.library], sandbox: sandbox)
        #expect(list.stdout.components(separatedBy: "\n").filter { $0.contains("13.jpg") }.count == 1, "\(list.stdout)")
    }
}
