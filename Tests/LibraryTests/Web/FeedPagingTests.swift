import Fixtures
import Foundation
import Testing
@testable import Library

/// Paged feeds (issue 24) against the local test server: each paging style fetched to its end
/// gets every item once; the feed's place is remembered with the library.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct FeedPagingTests {
    /// Waits asked for, recorded instead of slept (the tests make no timed assertions).
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Double] = []
        var all: [Double] { lock.withLock { list } }
        func add(_ seconds: Double) { lock.withLock { list.append(seconds) } }
    }

    struct Setup {
        let server: LocalWebServer
        let data = TemporaryFolder()
        let waits = Waits()
        var store: LibraryStore { LibraryStore(path: data.path + "/library.json") }

        init(items: Int) throws {
            server = try LocalWebServer()
            for index in 1...items { server.serve(WebImporterTests.jpeg(index), at: "img/\(index).jpg") }
        }

        func importer(pages: Int = FeedPaging.pageCap, headers: [String: [String: String]] = [:],
                      thumbnails: Bool = false) -> WebImporter {
            var options = WebImporterTests.options
            options.hostHeaders = headers
            options.maxRetryWait = 0.05
            let waits = waits
            options.pause = { waits.add($0) }
            var importer = WebImporter(fetcher: CurlFetcher(options: options),
                                       downloads: DownloadFolder(root: data.path + "/downloads"),
                                       thumbnails: thumbnails ? ThumbnailStore(folder: data.path + "/thumbnails") : nil)
            importer.pages = pages
            importer.pause = { waits.add($0) }
            return importer
        }

        /// Imports `path` (on the server) with `pages` pages into `library`.
        func run(_ path: String, pages: Int = FeedPaging.pageCap, into library: inout PhotoLibrary) -> ImportSummary {
            var records = WebFeedRecords()
            return importer(pages: pages).run([address(path)], into: &library, records: &records)
        }

        /// `path` on the server, as a user would type it (braces and all).
        func address(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

        /// The item numbers of the library's photos from the server, in the feed's order.
        func feedItems(_ library: PhotoLibrary, feed path: String) -> [Int] {
            let feed = library.feed(url: address(path))
            return (feed?.photoIDs ?? []).compactMap { library.photo(id: $0)?.sourceURL }.compactMap(Self.number)
        }

        static func number(_ url: String) -> Int? {
            Int((url as NSString).lastPathComponent.replacingOccurrences(of: ".jpg", with: ""))
        }
    }

    @Test func linkHeaderPagesAllGetEveryItemOnceInFeedOrder() throws {
        let setup = try Setup(items: 12)
        var library = PhotoLibrary()
        let summary = setup.run("/link/12/5/1", into: &library)
        #expect(summary.count(.imported) == 12)
        #expect(setup.feedItems(library, feed: "/link/12/5/1") == Array(1...12))
        let feed = try #require(library.feed(url: setup.server.url("/link/12/5/1").absoluteString))
        #expect(feed.page == 3 && feed.next == nil)
        let hits = try setup.server.hits().hits
        #expect((1...3).map { hits["/link/12/5/\($0)"] } == [1, 1, 1])
        #expect(hits["/link/12/5/4"] == nil)
    }

    @Test func theFirstPageOnlyByDefaultAndALaterImportContinuesFromTheRememberedCursor() throws {
        let setup = try Setup(items: 12)
        let address = setup.server.url("/link/12/5/1").absoluteString
        let first = try setup.importer(pages: 1).run([address], store: setup.store)
        #expect(first.summary.count(.imported) == 5)
        // The cursor is saved with the library.
        let saved = try setup.store.load()
        #expect(saved.feed(url: address)?.next == setup.server.url("/link/12/5/2").absoluteString)
        #expect(saved.feed(url: address)?.photoIDs.count == 5)
        let second = try setup.importer(pages: 1).run([address], store: setup.store)
        #expect(second.summary.count(.imported) == 5)
        #expect(second.summary.results.allSatisfy { $0.outcome.kind == .imported })
        let rest = try setup.importer().run([address], store: setup.store)
        #expect(rest.summary.count(.imported) == 2)
        let library = try setup.store.load()
        #expect(setup.feedItems(library, feed: "/link/12/5/1") == Array(1...12))
        #expect(library.feed(url: address)?.next == nil)
        #expect(try setup.server.hits().hits["/link/12/5/1"] == 1)
        // One folder on the home grid, named by host and path, its photos in feed order, before the groups.
        let folder = try #require(library.homeFolders.first { $0.id == "feed:" + address })
        #expect(folder.name == "127.0.0.1/link/12/5/1")
        #expect(folder.photoIDs == library.feed(url: address)?.photoIDs)
        let firstGroup = try #require(library.homeFolders.firstIndex { $0.id == library.groups.first?.id })
        #expect(library.homeFolders.firstIndex { $0.id == folder.id }! < firstGroup)
    }

    @Test func aJSONFeedFollowsNextURLAndIsNamedByItsTitle() throws {
        let setup = try Setup(items: 7)
        var library = PhotoLibrary()
        let summary = setup.run("/jsonfeed/7/3/1", into: &library)
        #expect(summary.count(.imported) == 7)
        #expect(setup.feedItems(library, feed: "/jsonfeed/7/3/1") == Array(1...7))
        #expect(library.feedGroups.map(\.name) == ["A JSON feed"])
        #expect(library.photos.map(\.description).contains("photo 4"))
    }

    @Test func aPageTemplateEndsAtAnEmptyPageOrAShortOne() throws {
        let setup = try Setup(items: 10)
        var library = PhotoLibrary()
        let summary = setup.run("/api/10?page={page}", into: &library)
        #expect(summary.count(.imported) == 10)
        #expect(setup.feedItems(library, feed: "/api/10?page={page}") == Array(1...10))
        var hits = try setup.server.hits().hits
        #expect(hits["/api/10?page=3"] == 1)     // empty: the end
        #expect(hits["/api/10?page=4"] == nil)
        // A page shorter than asked for is the last one.
        var short = PhotoLibrary()
        #expect(setup.run("/api/7?page={page}&per_page={per_page}", into: &short).count(.imported) == 7)
        hits = try setup.server.hits().hits
        #expect(hits["/api/7?page=1&per_page=24"] == 1)
        #expect(hits["/api/7?page=2&per_page=24"] == nil)
        #expect(short.feed(url: setup.address("/api/7?page={page}&per_page={per_page}"))?.next == nil)
    }

    @Test func anRSSFeedWithMediaContentFollowsItsNextLink() throws {
        let setup = try Setup(items: 5)
        var library = PhotoLibrary()
        let summary = setup.run("/rss/5/2/1", into: &library)
        #expect(summary.count(.imported) == 5)
        #expect(setup.feedItems(library, feed: "/rss/5/2/1") == Array(1...5))
        #expect(library.feedGroups.map(\.name) == ["An RSS feed"])
        #expect(Set(library.photos.compactMap(\.description)) == Set((1...5).map { "photo \($0)" }))
    }

    @Test(arguments: ["next", "nextPage", "links.next", "paging.next"])
    func bodyCursorsAreFollowedAndAUsedUpRateLimitIsWaitedFor(key: String) throws {
        let setup = try Setup(items: 8)
        var library = PhotoLibrary()
        let summary = setup.run("/cursor/\(key)/8/3/1", into: &library)
        #expect(summary.count(.imported) == 8)
        #expect(setup.feedItems(library, feed: "/cursor/\(key)/8/3/1") == Array(1...8))
        // X-RateLimit-Remaining: 0 and X-RateLimit-Reset: 0.01 on each page: a wait before each next one.
        #expect(setup.waits.all == [0.01, 0.01])
    }

    @Test func aCursorLoopStopsAndEachItemComesOnce() throws {
        let setup = try Setup(items: 6)
        var library = PhotoLibrary()
        let summary = setup.run("/cursor-loop/1", into: &library)
        #expect(summary.count(.imported) == 6)
        #expect(summary.results.count == 6)
        #expect(try setup.server.hits().hits["/cursor-loop/1"] == 1)
        #expect(library.feed(url: setup.server.url("/cursor-loop/1").absoluteString)?.next == nil)
    }

    @Test func a429WithRetryAfterIsRetriedAfterABoundedWait() throws {
        let setup = try Setup(items: 4)
        var library = PhotoLibrary()
        let summary = setup.run("/retry429/1/link/4/2/1", into: &library)
        #expect(summary.count(.imported) == 4)
        #expect(try setup.server.hits().hits["/retry429/1/link/4/2/1"] == 2)
        #expect(setup.waits.all == [0.05])   // Retry-After: 1, cut to the limit
    }

    @Test func aRandomEndpointKeepsEachPhotoOnceAndMoreAsksAgain() throws {
        let setup = try Setup(items: 6)
        var library = PhotoLibrary()
        _ = setup.run("/random/6/10", into: &library)
        _ = setup.run("/random/6/10", into: &library)
        let sources = library.photos.compactMap(\.sourceURL)
        #expect(Set(sources).count == sources.count)
        #expect(try setup.server.hits().hits["/random/6/10"] == 2)
        let feed = try #require(library.feed(url: setup.server.url("/random/6/10").absoluteString))
        #expect(Set(feed.photoIDs).count == feed.photoIDs.count)
        #expect(feed.photoIDs.count == sources.count)
    }

    @Test func perHostHeadersAreSentButNeverSavedOrShown() throws {
        let setup = try Setup(items: 3)
        let secret = "Bearer s3cret-\(UUID().uuidString)"
        setup.server.serve(Data(#"[{"url": "/files/img/1.jpg"}, {"url": "/status/401"}, {"id": 2}]"#.utf8), at: "feed.json")
        let address = setup.server.url("/files/feed.json").absoluteString
        let (library, summary) = try setup.importer(headers: ["127.0.0.1": ["Authorization": secret]])
            .run([address, setup.server.url("/status/403").absoluteString], store: setup.store)
        #expect(library.photos.count == 1)
        #expect(try setup.server.authorized().contains("/files/feed.json"))
        #expect(!summary.results.isEmpty)
        for result in summary.results { #expect(!"\(result)".contains("s3cret")) }
        for name in try FileManager.default.subpathsOfDirectory(atPath: setup.data.path) {
            let path = setup.data.path + "/" + name
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            #expect(!String(decoding: bytes, as: UTF8.self).contains("s3cret"), "\(name)")
        }
        // Another host does not get them.
        let other = try LocalWebServer()
        other.serve(WebImporterTests.jpeg(9), at: "9.jpg")
        var elsewhere = PhotoLibrary()
        var records = WebFeedRecords()
        _ = setup.importer(headers: ["localhost": ["Authorization": secret]])
            .run([other.url("/files/9.jpg").absoluteString], into: &elsewhere, records: &records)
        #expect(try other.authorized().isEmpty)
    }

    // MARK: - Feeds that keep their word

    @Test func aBrokenThumbnailFallsBackToTheOriginalAndBothBrokenIsNotImported() throws {
        let setup = try Setup(items: 3)
        let items: [[String: Any]] = [
            ["id": 1, "url": "/files/img/1.jpg", "thumbnailUrl": "/files/img/1.jpg"],
            ["id": 2, "url": "/files/img/2.jpg", "thumbnailUrl": "/status/404"],
            ["id": 3, "url": "/status/410", "thumbnailUrl": "/html.jpg"],
        ]
        setup.server.serve(try JSONSerialization.data(withJSONObject: items), at: "feed.json")
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let summary = setup.importer(thumbnails: true).run([setup.server.url("/files/feed.json").absoluteString],
                                                          into: &library, records: &records)
        #expect(summary.count(.imported) == 2)
        #expect(library.photos.count == 2)
        let second = try #require(library.photos.first { $0.sourceURL == setup.server.url("/files/img/2.jpg").absoluteString })
        #expect(second.isDownloaded)
        #expect(summary.results.first { $0.path == second.sourceURL }?.note?.contains("thumbnail failed") == true)
        let broken = summary.results.filter { $0.path.contains("/status/410") || $0.path.contains("/html.jpg") }
        #expect(broken.count == 1)
        let reason = try #require(broken.first?.reason)
        #expect(reason.hasPrefix("thumbnail: ") && reason.contains("; original: the server answered 410"), "\(reason)")
        #expect(broken.first?.path == setup.server.url("/status/410").absoluteString)
        #expect(summary.line.contains("2 imported"), "\(summary.line)")
    }
}

/// The library file's feeds list (issue 24).
@Suite struct LibraryFeedStorageTests {
    @Test func feedsAreSavedWithTheLibraryAndAFileWithoutThemLoads() throws {
        let data = TemporaryFolder()
        let store = LibraryStore(path: data.path + "/library.json")
        let photo = Photo(id: "p1", path: "/x/1.jpg", fileSize: 1, fileModified: 1, width: 1, height: 1,
                          takenAt: nil, takenAtSource: nil, importedAt: 1)
        let feed = LibraryFeed(url: "https://host/photos?page={page}", title: "Über \"feed\"",
                               next: "https://host/photos?page=3", page: 2, photoIDs: ["p1", "gone"])
        _ = try store.update(lockTimeout: 5) { library in
            library.add(contentsOf: [photo])
            library.setFeed(feed)
            return true
        }
        let loaded = try store.load()
        #expect(loaded.feeds == [feed])
        #expect(loaded.feedGroups.map(\.photoIDs) == [["p1"]])   // only photos in the library
        #expect(loaded.feedGroups.map(\.name) == ["Über \"feed\""])
        // Written before feeds: loads with none.
        let old = TemporaryFolder()
        old.write(Data(#"{"schemaVersion":1,"photos":[]}"#.utf8), to: "library.json")
        #expect(try LibraryStore(path: old.path + "/library.json").load().feeds.isEmpty)
    }

    @Test func aFeedIsNamedByItsTitleElseItsHostAndPath() {
        #expect(LibraryFeed(url: "https://api.example.com/v1/photos?page={page}").name == "api.example.com/v1/photos")
        #expect(LibraryFeed(url: "https://x/y", title: "Mine").name == "Mine")
    }

    @Test func theLinkHeaderIsReadAsRFC8288Says() {
        let base = URL(string: "https://h/a/b")!
        #expect(FeedPaging.nextLink(#"<https://h/p?page=1>; rel="prev", <https://h/p?x=1,2>; rel="next last""#, base: base)?
            .absoluteString == "https://h/p?x=1,2")
        #expect(FeedPaging.nextLink("</c?page=2>; rel=next", base: base)?.absoluteString == "https://h/c?page=2")
        #expect(FeedPaging.nextLink(#"<https://h/p>; rel="prev""#, base: base) == nil)
    }
}

/// What a page says of the next one, and RSS/Atom items (issue 24).
@Suite struct PagedFeedParsingTests {
    let base = URL(string: "http://127.0.0.1:1/feeds/page1")!

    func parse(_ text: String) throws -> WebFeed { try WebFeed.parse(Array(text.utf8), from: base) }

    @Test func bodyCursorsAreReadInTheirOrderAndBareTokensAreNotLinks() throws {
        #expect(try parse(#"{"items": [], "next_url": "/p2", "next": "/other"}"#).next?.absoluteString == "http://127.0.0.1:1/p2")
        #expect(try parse(#"{"data": [], "links": {"next": {"href": "?page=2"}}}"#).next?.absoluteString
            == "http://127.0.0.1:1/feeds/page1?page=2")
        #expect(try parse(#"{"data": [], "paging": {"next": "https://x.example/p?c=Zz"}}"#).next?.absoluteString
            == "https://x.example/p?c=Zz")
        #expect(try parse(#"{"data": [], "next": "abc123"}"#).next == nil)
        #expect(try parse(#"{"data": [], "next": null}"#).next == nil)
    }

    @Test func unsplashItemsTakeTheirURLsObject() throws {
        let feed = try parse(#"[{"id": "u1", "description": "x", "urls": {"full": "https://i.example/full", "thumb": "https://i.example/thumb"}}]"#)
        #expect(feed.items.first?.url.absoluteString == "https://i.example/full")
        #expect(feed.items.first?.thumbnailURL?.absoluteString == "https://i.example/thumb")
    }

    @Test func anAtomFeedGivesEnclosuresThumbnailsTitleAndNext() throws {
        let feed = try parse("""
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
              <title>Holiday</title>
              <link rel="self" href="/feeds/page1"/><link rel="next" href="/feeds/page2"/>
              <entry><id>e1</id><title>Beach</title><link rel="enclosure" type="image/jpeg" href="/img/1.jpg"/>
                <media:thumbnail url="/thumb/1.jpg"/></entry>
              <entry><id>e2</id><title>Text only</title><link rel="alternate" href="/post/2"/></entry>
            </feed>
            """)
        #expect(feed.title == "Holiday")
        #expect(feed.next?.absoluteString == "http://127.0.0.1:1/feeds/page2")
        #expect(feed.items == [WebFeed.Item(url: URL(string: "http://127.0.0.1:1/img/1.jpg")!,
                                             thumbnailURL: URL(string: "http://127.0.0.1:1/thumb/1.jpg")!,
                                             title: "Beach", id: "e1")])
        #expect(feed.problems.map(\.reason) == ["item 2 has no image (media:content or enclosure)"])
    }

    @Test func anRSSEnclosureIsThePhotoAndHTMLIsStillNoFeed() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>Cats</title>
            <item><title>Tom</title><guid>g1</guid><enclosure url="/tom.jpg" length="1" type="image/jpeg"/></item>
            <item><title>Song</title><enclosure url="/song.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.url.absoluteString) == ["http://127.0.0.1:1/tom.jpg"])
        #expect(feed.items.first?.id == "g1")
        #expect(throws: WebFeedError.notAFeed(url: base.absoluteString)) {
            try WebFeed.parse(Array("<!DOCTYPE html><html><body>hi</body></html>".utf8), from: base)
        }
        #expect(throws: WebFeedError.self) { try WebFeed.parse(Array("<rss><channel><item>".utf8), from: base) }
    }
}

/// A refresh of a paged feed (issue 24): its first page again, new items first in its folder,
/// and the items of its other pages not taken for gone.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct PagedFeedRefreshTests {
    @Test func aRefreshPutsNewItemsFirstAndKeepsTheOtherPages() throws {
        let setup = try FeedPagingTests.Setup(items: 9)
        let address = setup.address("/files/page1.json")
        func serve(_ numbers: [Int]) {
            let items = numbers.map { ["id": $0, "url": "/files/img/\($0).jpg"] as [String: Any] }
            let body: [String: Any] = ["items": items, "next": "/files/page2.json"]
            setup.server.serve(try! JSONSerialization.data(withJSONObject: body), at: "page1.json")
        }
        serve([1, 2, 3])
        setup.server.serve(Data(#"{"items": [{"id": 4, "url": "/files/img/4.jpg"}]}"#.utf8), at: "page2.json")
        _ = try setup.importer().run([address], store: setup.store)
        serve([8, 9, 1, 2, 3])
        let (library, summary) = try setup.importer().refresh(store: setup.store)
        #expect(summary.count(.imported) == 2)
        #expect(setup.feedItems(library, feed: "/files/page1.json") == [8, 9, 1, 2, 3, 4])
        #expect(library.photos.allSatisfy { !$0.leftFeed && !$0.missing })
    }

    /// More new items than a page holds: the refresh reads on from the top until a page holds
    /// an item it knows, and no further.
    @Test func aRefreshReadsNewerPagesUntilAKnownItem() throws {
        let setup = try FeedPagingTests.Setup(items: 9)
        let address = setup.address("/files/page1.json")
        func serve(_ numbers: [Int], next: String?, at name: String) {
            let items = numbers.map { ["id": $0, "url": "/files/img/\($0).jpg"] as [String: Any] }
            var body: [String: Any] = ["items": items]
            if let next { body["next"] = next }
            setup.server.serve(try! JSONSerialization.data(withJSONObject: body), at: name)
        }
        serve([1, 2, 3], next: "/files/page2.json", at: "page1.json")
        serve([4], next: nil, at: "page2.json")
        _ = try setup.importer().run([address], store: setup.store)
        serve([8, 9, 7], next: "/files/page1b.json", at: "page1.json")
        serve([6, 1, 2], next: "/files/page2b.json", at: "page1b.json")
        serve([3, 4], next: nil, at: "page2b.json")
        let (library, summary) = try setup.importer().refresh(store: setup.store)
        #expect(summary.count(.imported) == 4)
        #expect(setup.feedItems(library, feed: "/files/page1.json") == [8, 9, 7, 6, 1, 2, 3, 4])
        let hits = try setup.server.hits().hits
        #expect(hits["/files/page1b.json"] == 1)
        #expect(hits["/files/page2b.json"] == nil, "a page with a known item ends the refresh")
        #expect(library.photos.allSatisfy { !$0.leftFeed && !$0.missing })
    }
}
