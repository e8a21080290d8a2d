import Fixtures
import Foundation
import Testing
@testable import Library

/// Refreshing the library's feeds against a local server on 127.0.0.1 whose feed changes
/// between two requests.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct WebRefreshTests {
    typealias Setup = LazyWebImportTests.Setup

    /// Serves a feed of the items `numbers` (originals `img/<n>.jpg`, thumbnails `thumb/<n>.jpg`),
    /// with `title(n)`, `album(n)` and `thumbnail(n)` for each.
    static func serve(_ server: LocalWebServer, _ numbers: [Int], title: (Int) -> String = { "photo \($0)" },
                      album: (Int) -> Int = { _ in 1 }, thumbnail: (Int) -> String = { "thumb/\($0).jpg" }) throws -> URL {
        var items: [[String: Any]] = []
        for number in numbers {
            let url = server.serve(WebImporterTests.jpeg(number), at: "img/\(number).jpg")
            server.serve(LazyWebImportTests.thumbnail(number), at: "thumb/\(number).jpg")
            items.append(["id": number, "albumId": album(number), "title": title(number), "url": url.absoluteString,
                          "thumbnailUrl": thumbnail(number)])
        }
        return server.serve(try JSONSerialization.data(withJSONObject: items), at: "feed.json")
    }

    func photo(_ number: Int, in library: PhotoLibrary, _ server: LocalWebServer) throws -> Photo {
        try #require(library.photos.first { $0.sourceURL == server.url("/files/img/\(number).jpg").absoluteString })
    }

    @Test func aChangedFeedAddsUpdatesAndMarksWhatLeftMissing() throws {
        let server = try LocalWebServer()
        let feed = try Self.serve(server, Array(1...6))
        let setup = Setup()
        var library = try setup.importer().run([feed.absoluteString], store: setup.store).library
        // The user marks photo 2 a favourite; it will leave the feed.
        var two = try photo(2, in: library, server)
        two.edits.favourite = true
        library.update([two])
        try setup.store.save(library)

        // The feed changes: 2 leaves, 3 is renamed, 4 moves album, 5 gets a new thumbnail, 7 is new.
        server.serve(JPEGFixture.encode(width: 20, height: 10) { _, _ in (200, 10, 10) }, at: "thumb/new5.jpg")
        _ = try Self.serve(server, [1, 3, 4, 5, 6, 7], title: { $0 == 3 ? "renamed" : "photo \($0)" },
                           album: { $0 == 4 ? 9 : 1 }, thumbnail: { $0 == 5 ? "thumb/new5.jpg" : "thumb/\($0).jpg" })
        let (refreshed, summary) = try setup.importer().refresh(store: setup.store)

        #expect(summary.line == "1 feed, 1 imported, 3 changed, 1 left its feed", "\(summary.problems)")
        #expect(summary.feedChanges?.changed == 3 && summary.feedChanges?.left == 1)
        let gone = try photo(2, in: refreshed, server)
        #expect(gone.leftFeed && gone.missing && gone.isFavourite)
        #expect(refreshed.homeFolders.contains { $0.name == "Missing" && $0.photoIDs == [gone.id] })
        #expect(try photo(3, in: refreshed, server).description == "renamed")
        #expect(refreshed.group(named: "renamed")?.count == 1)
        #expect(try photo(4, in: refreshed, server).albumID == "9")
        let seven = try photo(7, in: refreshed, server)
        #expect(!seven.isDownloaded && seven.feedURL == feed.absoluteString && seven.description == "photo 7")
        guard case let .thumbnail(image) = setup.thumbnails.entryMakingIfNeeded(for: try photo(5, in: refreshed, server))
        else {
            Issue.record("photo 5 has no thumbnail")
            return
        }
        #expect(image.width == 20 && image.height == 10)
        #expect(refreshed.photos.count == 7)
        #expect(try setup.store.load() == refreshed)
        #expect(try server.hits().hits["/files/img/7.jpg"] == nil, "new items are added lazily")

        // Unchanged since: one conditional request, nothing else.
        let before = try server.hits().hits
        let again = try setup.importer().refresh(store: setup.store)
        #expect(again.summary.line == "1 feed (1 unchanged), nothing new")
        #expect(again.library == refreshed)
        let after = try server.hits().hits
        #expect(after["/files/feed.json"] == (before["/files/feed.json"] ?? 0) + 1)
        #expect(after.filter { $0.key != "/hits" && $0.key != "/files/feed.json" }
            == before.filter { $0.key != "/hits" && $0.key != "/files/feed.json" })

        // Photo 2 comes back: no longer missing, still a favourite.
        _ = try Self.serve(server, Array(1...7), title: { $0 == 3 ? "renamed" : "photo \($0)" },
                           album: { $0 == 4 ? 9 : 1 }, thumbnail: { $0 == 5 ? "thumb/new5.jpg" : "thumb/\($0).jpg" })
        let back = try setup.importer().refresh(store: setup.store)
        #expect(back.summary.line == "1 feed, 1 back in its feed")
        let returned = try photo(2, in: back.library, server)
        #expect(!returned.leftFeed && !returned.missing && returned.isFavourite)
    }

    @Test func anUnreachableFeedIsAnOutcomeAndChangesNothing() throws {
        let server = try LocalWebServer()
        let feed = try Self.serve(server, [1, 2])
        let setup = Setup()
        var library = try setup.importer().run([feed.absoluteString], store: setup.store).library
        // The library also knows a feed that is gone now.
        var orphan = setup.importer().lazyPhoto(WebFeed.Item(url: server.url("/files/img/9.jpg")),
                                                feedURL: server.url("/status/404").absoluteString, at: 0)
        orphan.id = "orphan"
        library.add(orphan)
        try setup.store.save(library)
        server.serve(Data("not a feed at all".utf8), at: "feed.json")

        let (refreshed, summary) = try setup.importer().refresh(store: setup.store)
        #expect(refreshed == library)
        #expect(summary.results.map(\.path) == [feed.absoluteString, server.url("/status/404").absoluteString])
        #expect(summary.results.map(\.reason) == ["not an image, a JSON feed or a list of image URLs",
                                                  "the server answered 404 Not Found"])
        #expect(summary.line == "2 feeds, 1 unsupported, 1 unreadable")
    }

    @Test func aFeedWithoutPhotosInTheLibraryIsNotAsked() throws {
        var library = PhotoLibrary(photos: [samplePhoto("local")])
        var records = WebFeedRecords()
        let importer = WebImporter(fetcher: CurlFetcher(options: WebImporterTests.options),
                                   downloads: DownloadFolder(root: TemporaryFolder().path))
        let summary = importer.refresh(into: &library, records: &records)
        #expect(summary.line == "0 feeds, nothing new")
    }
}
