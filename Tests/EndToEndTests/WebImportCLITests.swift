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

    /// A photo imported with only its thumbnail claims no size and no date: `list --json` and
    /// `show --json` leave them out, `list` and `show` say unknown, the date grouping files it
    /// under "Undated" (not under the month of the import). A date and size the feed gives are
    /// taken; `fetch` brings the original's.
    @Test func aPhotoNotDownloadedHasNoSizeAndNoDate() throws {
        let server = try LocalWebServer()
        var items: [[String: Any]] = []
        for index in 1...2 {
            let full = server.serve(JPEGFixture.encode(width: 320, height: 240) { x, y in
                (UInt8(truncatingIfNeeded: x + index * 40), UInt8(truncatingIfNeeded: y), 90)
            }, at: "img/\(index).jpg")
            let thumb = server.serve(JPEGFixture.encode(width: 40, height: 30) { x, _ in (UInt8(x), 0, 0) }, at: "thumb/\(index).jpg")
            items.append(["url": full.absoluteString, "thumbnailUrl": thumb.absoluteString, "title": "Harbour"])
        }
        items[1]["width"] = 320
        items[1]["height"] = 240
        items[1]["takenAt"] = "2019-06-05T14:03:22+02:00"
        let feed = server.serve(try JSONSerialization.data(withJSONObject: items), at: "feed.json")
        let sandbox = Sandbox()
        let imported = try E2E.cli(["import", feed.absoluteString, "--library", sandbox.library], sandbox: sandbox)
        #expect(imported.status == 0 && imported.stdout.contains("2 imported"), "\(imported.stdout)\(imported.stderr)")

        func records() throws -> [[String: Any]] {
            let list = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
            return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        }
        var photos = try records()
        #expect(photos.count == 2)
        #expect(photos[0]["takenAt"] as? String == "2019-06-05T14:03:22+02:00", "the feed's date, first")
        #expect(photos[0]["takenAtSource"] as? String == "feed" && photos[0]["width"] as? Int == 320)
        let unknown = photos[1]
        #expect(unknown["downloaded"] as? Bool == false)
        for key in ["width", "height", "takenAt", "takenAtSource"] { #expect(unknown[key] == nil, "\(key): \(unknown)") }
        let id = try #require(unknown["id"] as? String)
        let show = try E2E.cli(["show", id, "--json", "--library", sandbox.library], sandbox: sandbox)
        #expect(!show.stdout.contains("\"width\"") && !show.stdout.contains("\"takenAt\""), "\(show.stdout)")
        let text = try E2E.cli(["show", id, "--library", sandbox.library], sandbox: sandbox).stdout
        #expect(text.contains("Taken       not known until the original is downloaded"), "\(text)")
        #expect(text.contains("Pixels      not known until the original is downloaded"), "\(text)")
        #expect(try E2E.cli(["list", "--library", sandbox.library], sandbox: sandbox).stdout.contains("\(id)\tunknown\t"))
        let byDate = try E2E.cli(["groups", "--by", "date", "--library", sandbox.library], sandbox: sandbox).stdout
        #expect(byDate == "2019\t1\t2019-06-05\n  June 2019\t1\t2019-06-05\nUndated\t1\tdate unknown\n", "\(byDate)")

        let fetched = try E2E.cli(["fetch", id, "--library", sandbox.library], sandbox: sandbox)
        #expect(fetched.status == 0, "\(fetched.stdout)\(fetched.stderr)")
        photos = try records()
        let downloaded = try #require(photos.first { $0["id"] as? String == id })
        #expect(downloaded["width"] as? Int == 320 && downloaded["height"] as? Int == 240, "\(downloaded)")
        #expect(downloaded["takenAt"] is String, "the file's own date now: \(downloaded)")
    }
}
