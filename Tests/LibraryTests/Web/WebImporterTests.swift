import Fixtures
import Foundation
import Testing
@testable import Library

/// Web import against a real HTTP server on 127.0.0.1 that the tests start themselves.
/// Serialized: each test waits on the network, and several at once would hold the test
/// runner's few threads from the other suites.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct WebImporterTests {
    /// A short backoff; timeouts generous enough for a busy machine.
    static let options = CurlFetcher.Options(userAgent: "photory-tui/test", connectTimeout: 20,
                                                   idleTimeout: 20, retries: 2, backoff: 0.01)
    /// For the slow drip: the server sends a byte a second, so half a second of silence ends it.
    static let impatient = CurlFetcher.Options(userAgent: "photory-tui/test", connectTimeout: 20,
                                                     idleTimeout: 0.5, retries: 2, backoff: 0.01)

    static func jpeg(_ seed: Int) -> Data {
        JPEGFixture.encode(width: 32, height: 24) { x, y in
            (UInt8(truncatingIfNeeded: x * 7 + seed * 31), UInt8(truncatingIfNeeded: y * 5 + seed),
             UInt8(truncatingIfNeeded: seed * 17 + seed / 256))
        }
    }

    /// A jsonplaceholder-shaped feed of `count` photos served by `server`; item 3 has no url
    /// when `withBrokenItem`.
    static func serveFeed(_ server: LocalWebServer, count: Int, withBrokenItem: Bool = false) throws -> URL {
        var items: [[String: Any]] = []
        for index in 1...count {
            let url = server.serve(jpeg(index), at: "img/\(index).jpg")
            var item: [String: Any] = ["albumId": 1 + index / 50, "id": index, "title": "photo \(index % 10)",
                                       "url": url.absoluteString, "thumbnailUrl": url.absoluteString]
            if withBrokenItem && index == 3 { item["url"] = nil }
            items.append(item)
        }
        return server.serve(try JSONSerialization.data(withJSONObject: items), at: "feed.json")
    }

    func importer(_ downloads: TemporaryFolder, options: CurlFetcher.Options = Self.options) -> WebImporter {
        WebImporter(fetcher: CurlFetcher(options: options), downloads: DownloadFolder(root: downloads.path))
    }

    @Test func importsAFeedOfTwoHundredPhotosWithTitlesAndSourcesAndSavesThem() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveFeed(server, count: 200, withBrokenItem: true)
        let data = TemporaryFolder()
        let store = LibraryStore(path: data.path + "/library.json")
        let (library, summary) = try importer(data).run([feed.absoluteString], store: store)

        #expect(summary.count(.imported) == 199)
        #expect(summary.problems.map(\.reason) == ["item 3 has no url"])
        #expect(summary.problems.first?.path == feed.absoluteString)
        let fifth = try #require(library.photos.first { $0.sourceURL == server.url("/files/img/5.jpg").absoluteString })
        #expect(fifth.description == "photo 5" && fifth.descriptionSource == .feed)
        #expect(fifth.width == 32 && fifth.height == 24)
        #expect(fifth.path.hasPrefix(data.path + "/127.0.0.1_\(server.port)/") && fifth.path.hasSuffix("-5.jpg"))
        #expect(FileManager.default.contents(atPath: fifth.path) == Self.jpeg(5))
        #expect(library.group(named: "photo 5")?.photoIDs.count == 20)

        // What was saved reads back the same, source URLs included.
        let reloaded = try store.load()
        #expect(reloaded.photos.count == 199)
        #expect(reloaded.photo(id: fifth.id)?.sourceURL == fifth.sourceURL)
        // The feed's validators are kept for a later refresh.
        let records = WebFeedRecords.load(WebFeedRecords.path(in: DownloadFolder(root: data.path)))
        #expect(records.feeds[feed.absoluteString]?.validators.etag != nil)
        #expect(records.feeds[feed.absoluteString]?.items.count == 199)
        #expect(try server.hits().agents == ["photory-tui/test"])
    }

    @Test func aRepeatedImportDownloadsNothingTwice() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveFeed(server, count: 20)
        let data = TemporaryFolder()
        let store = LibraryStore(path: data.path + "/library.json")
        _ = try importer(data).run([feed.absoluteString], store: store)
        let before = try server.hits().hits
        let again = try importer(data).run([feed.absoluteString], store: store).summary
        #expect(again.count(.duplicate) == 20)
        #expect(again.results.allSatisfy { $0.reason == "already in the library" })
        let after = try server.hits().hits
        #expect((1...20).allSatisfy { after["/files/img/\($0).jpg"] == before["/files/img/\($0).jpg"] }, "\(after)")
        #expect(try store.load().photos.count == 20)
    }

    @Test func theSameBytesFromAnotherURLAreADuplicateAndNotKeptTwice() throws {
        let server = try LocalWebServer()
        let first = server.serve(Self.jpeg(1), at: "a/one.jpg")
        let copy = server.serve(Self.jpeg(1), at: "b/copy.jpg")
        let data = TemporaryFolder()
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = importer(data).run([first.absoluteString, copy.absoluteString], into: &library, records: &records)
        #expect(summary.results.map(\.outcome.kind) == [.imported, .duplicate])
        #expect(library.photos.count == 1)
        let folder = data.path + "/127.0.0.1_\(server.port)"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
    }

    @Test func aSingleImageURLAndAListOfLinksImportToo() throws {
        let server = try LocalWebServer()
        let single = server.serve(Self.jpeg(1), at: "one")
        let two = server.serve(Self.jpeg(2), at: "two.jpg")
        let three = server.serve(Self.jpeg(3), at: "three.jpg")
        let list = server.serve(Data("\(two.absoluteString)\n\(three.absoluteString)\n".utf8), at: "list.txt")
        let data = TemporaryFolder()
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = importer(data).run([single.absoluteString, list.absoluteString, two.absoluteString],
                                         into: &library, records: &records)
        #expect(summary.count(.imported) == 3)
        // Listed twice, fetched once.
        #expect(summary.results.last == ImportFileResult(
            path: two.absoluteString,
            outcome: .duplicate(photoID: try #require(library.photos.first { $0.sourceURL == two.absoluteString }?.id),
                                original: two.absoluteString)))
        #expect(try server.hits().hits["/files/two.jpg"] == 1)
        // An image URL already in the library is not fetched again, not even to see what it is.
        let again = importer(data).run([single.absoluteString], into: &library, records: &records)
        #expect(again.results.map(\.reason) == ["already in the library"])
        #expect(try server.hits().hits["/files/one"] == 1)
        let named = try #require(library.photos.first { $0.sourceURL == single.absoluteString })
        #expect(named.path.hasSuffix("-one.jpg"))   // no extension in the URL: the format gives one
    }

    @Test func eachHostileURLGetsItsReasonAndTheRestGoesOn() throws {
        let server = try LocalWebServer()
        for index in 1...6 { server.serve(Self.jpeg(index), at: "\(index).jpg") }
        server.serve(Data("{\"photos\": [".utf8), at: "broken.json")
        let urls: [(String, ImportOutcome.Kind, String?)] = [
            ("/files/1.jpg", .imported, nil),
            ("/status/404", .unreadable, "the server answered 404 not found"),
            ("/flaky/1/2.jpg", .imported, nil),
            ("/status/503", .unreadable, "the server answered 503 service unavailable"),
            ("/wrongtype/3.jpg", .imported, nil),
            ("/html.jpg", .unsupported, "not an image, a JSON feed or a list of image URLs"),
            ("/truncated/4.jpg", .unreadable, "truncated: "),
            ("/loop/0", .unreadable, "more than 5 redirects"),
            ("/redirect/3/5.jpg", .imported, nil),
            ("/huge.jpg", .unsupported, "too large: 2048 MB declared, the limit is 200 MB"),
            ("/drip/6.jpg", .unreadable, "timed out: nothing arrived for 0.5 s"),
            ("/files/broken.json", .corrupt, "not JSON"),
        ]
        let data = TemporaryFolder()
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = importer(data, options: Self.impatient).run(
            urls.map { server.url($0.0).absoluteString } + ["ftp://127.0.0.1/x.jpg"],
                                         into: &library, records: &records)
        for (path, kind, reason) in urls {
            let result = try #require(summary.results.first { $0.path == server.url(path).absoluteString }, "\(path)")
            #expect(result.outcome.kind == kind, "\(path): \(result.reason ?? "")")
            if let reason { #expect(result.reason?.lowercased().hasPrefix(reason.lowercased()) == true, "\(path): \(result.reason ?? "")") }
        }
        #expect(summary.results.first { $0.path.hasPrefix("ftp:") }?.reason == "not an http or https URL")
        #expect(library.photos.count == 4)
        let hits = try server.hits().hits
        #expect(hits["/status/404"] == 1)      // a client error is not retried
        #expect(hits["/status/503"] == 3)      // a server error is, twice
        // Nothing half-downloaded is left behind.
        let kept = try FileManager.default.contentsOfDirectory(atPath: data.path + "/127.0.0.1_\(server.port)")
        #expect(kept.count == 4)
    }

    @Test func aFeedItemThatIsAnHTMLPageIsNotAnImage() throws {
        let server = try LocalWebServer()
        let feed = server.serve(Data(#"[{"url": "/html.jpg"}, {"url": "/status/404"}]"#.utf8), at: "feed.json")
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = importer(TemporaryFolder()).run([feed.absoluteString], into: &library, records: &records)
        #expect(summary.results.map(\.reason) == [
            "not an image: web page (HTML), not a photo",
            "the server answered 404 Not Found",
        ])
    }

    @Test func cancellingStopsASlowDownloadAndKeepsWhatFinished() throws {
        let server = try LocalWebServer()
        let done = server.serve(Self.jpeg(1), at: "1.jpg")
        server.serve(Self.jpeg(2), at: "2.jpg")
        let slow = server.url("/drip/2.jpg")
        let feed = server.serve(Data(#"[{"url": "\#(done.absoluteString)"}, {"url": "/drip/2.jpg"}]"#.utf8), at: "feed.json")
        // Patient enough that only cancelling can end the drip early.
        let options = CurlFetcher.Options(idleTimeout: 60, retries: 0)
        let importer = WebImporter(fetcher: CurlFetcher(options: options),
                                   downloads: DownloadFolder(root: TemporaryFolder().path), workers: 1)
        let cancellation = ImportCancellation()
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = importer.run([feed.absoluteString], into: &library, records: &records,
                                   cancellation: cancellation) { progress in
            // The slow photo has started arriving: the user gives up on it.
            if progress.phase == .photos, progress.currentFile == slow.absoluteString { cancellation.cancel() }
        }
        #expect(summary.cancelled)
        #expect(summary.results.map(\.outcome.kind) == [.imported])
        #expect(library.photos.count == 1)
    }

    @Test func anUnchangedFeedCostsOneSmallConditionalRequest() throws {
        let server = try LocalWebServer()
        let feed = server.serve(Data("[]".utf8), at: "feed.json")
        let fetcher = CurlFetcher(options: Self.options)
        let first = try fetcher.fetch(WebRequest(url: feed, kind: .any))
        #expect(first.status == 200 && first.validators.etag != nil && first.validators.lastModified != nil)
        let again = try fetcher.fetch(WebRequest(url: feed, kind: .any, validators: first.validators))
        #expect(again.notModified && again.body.isEmpty)
    }
}
