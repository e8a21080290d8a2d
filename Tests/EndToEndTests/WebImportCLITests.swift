import Fixtures
import Foundation
import Testing

/// `photory-tui import URL...` against a local server on 127.0.0.1 that the test starts.
@Suite(.enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct WebImportCLITests {
    @Test func importsAFeedAndReportsEachURLThatFailed() throws {
        let server = try LocalWebServer()
        var items: [[String: Any]] = []
        for index in 1...10 {
            let photo = JPEGFixture.encode(width: 40, height: 30) { x, y in
                (UInt8(truncatingIfNeeded: x * 5 + index * 40), UInt8(truncatingIfNeeded: y * 7), UInt8(truncatingIfNeeded: index * 23))
            }
            items.append(["url": server.serve(photo, at: "img/\(index).jpg").absoluteString, "title": "Trip \(index % 2)"])
        }
        items.append(["title": "no link"])
        let feed = server.serve(try JSONSerialization.data(withJSONObject: ["photos": items]), at: "feed.json")
        let missing = server.url("/status/404")
        let sandbox = Sandbox()

        let first = try E2E.cli(["import", feed.absoluteString, missing.absoluteString, "--library", sandbox.library],
                                sandbox: sandbox)
        // The 404 address was asked for and could not be fetched: exit 1, the feed's photos still imported.
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderr.contains("1 address could not be fetched: \(missing.absoluteString)"), "\(first.stderr)")
        #expect(first.stdout.contains("10 imported, 1 unreadable, 1 corrupt"), "\(first.stdout)")
        #expect(first.stdout.contains("corrupt     \(feed.absoluteString): item 11 has no url"))
        #expect(first.stdout.contains("unreadable  \(missing.absoluteString): the server answered 404 Not Found"))
        #expect(!first.stderr.contains("\u{1B}["), "no progress bar when stderr is not a terminal")
        let downloads = sandbox.root.path + "/data/photory/downloads/127.0.0.1_\(server.port)"
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads).count == 10)

        let groups = try E2E.cli(["groups", "--library", sandbox.library], sandbox: sandbox)
        #expect(groups.stdout.contains("Trip 0") && groups.stdout.contains("Trip 1"), "\(groups.stdout)")

        let again = try E2E.cli(["import", "--json", feed.absoluteString, "--library", sandbox.library], sandbox: sandbox)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]])
        #expect(records.filter { $0["outcome"] as? String == "duplicate" }.count == 10)
        #expect(records.allSatisfy { ($0["path"] as? String)?.hasPrefix("http://127.0.0.1:") == true })
    }
}
