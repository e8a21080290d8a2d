import Fixtures
import Foundation
import Testing
@testable import Library

/// Feed items with a thumbnail are imported lazily: the thumbnail only, the original later.
/// Against a real HTTP server on 127.0.0.1 that the tests start themselves.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct LazyWebImportTests {
    /// A small photo, told apart by `seed`.
    static func thumbnail(_ seed: Int) -> Data {
        JPEGFixture.encode(width: 16, height: 12) { x, y in
            (UInt8(truncatingIfNeeded: x * 9 + seed * 13), UInt8(truncatingIfNeeded: y * 11), UInt8(truncatingIfNeeded: seed * 5))
        }
    }

    /// A feed of `count` items whose originals are `img/<n>.jpg` and thumbnails `thumb/<n>.jpg`.
    static func serveLazyFeed(_ server: LocalWebServer, count: Int, at name: String = "feed.json",
                              thumbnail: (Int) -> String? = { "thumb/\($0).jpg" }) throws -> URL {
        var items: [[String: Any]] = []
        for index in 1...count {
            let url = server.serve(WebImporterTests.jpeg(index), at: "img/\(index).jpg")
            server.serve(Self.thumbnail(index), at: "thumb/\(index).jpg")
            var item: [String: Any] = ["albumId": 1 + index / 10, "id": index, "title": "album \(index % 3)",
                                       "url": url.absoluteString]
            if let thumbnail = thumbnail(index) { item["thumbnailUrl"] = thumbnail }
            items.append(item)
        }
        return server.serve(try JSONSerialization.data(withJSONObject: items), at: name)
    }

    struct Setup {
        let data = TemporaryFolder()
        var store: LibraryStore { LibraryStore(path: data.path + "/library.json") }
        var thumbnails: ThumbnailStore { ThumbnailStore(folder: data.path + "/thumbnails") }
        var downloads: DownloadFolder { DownloadFolder(root: data.path + "/downloads") }

        func importer() -> WebImporter {
            WebImporter(fetcher: CurlFetcher(options: WebImporterTests.options), downloads: downloads,
                        thumbnails: thumbnails)
        }
    }

    @Test func feedItemsWithThumbnailsAreRecordedWithoutTheirOriginals() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveLazyFeed(server, count: 30)
        let setup = Setup()
        let phases = Recorder<ImportProgress>()
        let (library, summary) = try setup.importer().run([feed.absoluteString], store: setup.store,
                                                          progress: phases.append)

        #expect(summary.count(.imported) == 30 && summary.problems.isEmpty, "\(summary.problems)")
        let hits = try server.hits().hits
        #expect(hits.keys.filter { $0.hasPrefix("/files/img/") }.isEmpty, "no original is downloaded: \(hits)")
        #expect((1...30).allSatisfy { hits["/files/thumb/\($0).jpg"] == 1 })

        let url = server.url("/files/img/7.jpg").absoluteString
        let seventh = try #require(library.photos.first { $0.sourceURL == url })
        #expect(!seventh.isDownloaded && !seventh.missing)
        #expect(seventh.id == Photo.webID(for: url))
        #expect(seventh.feedURL == feed.absoluteString && seventh.albumID == "1")
        #expect(seventh.description == "album 1" && seventh.descriptionSource == .feed)
        #expect(seventh.fileSize == 0)
        // No size and no date until the original says: the thumbnail's shape only lays it out.
        #expect(!seventh.isSizeKnown && seventh.width == 0 && seventh.height == 0)
        #expect(seventh.thumbnailWidth == 16 && seventh.thumbnailHeight == 12)
        #expect(seventh.layoutSize.width == 16 && seventh.layoutSize.height == 12)
        #expect(seventh.takenAt == nil && seventh.takenAtSource == nil && !seventh.isTakenAtKnown)
        #expect(seventh.path == setup.downloads.path(for: URL(string: url)!))
        #expect(!FileManager.default.fileExists(atPath: seventh.path))
        #expect(library.group(named: "album 1")?.count == 10)

        // The grid thumbnail is the feed's, made at import.
        guard case let .thumbnail(image) = setup.thumbnails.entryMakingIfNeeded(for: seventh) else {
            Issue.record("no thumbnail for a lazily imported photo")
            return
        }
        #expect(image.width == 16 && image.height == 12)

        // Saved and read back as not downloaded; not missing for lack of a file.
        var reloaded = try setup.store.load()
        #expect(reloaded.photo(id: seventh.id) == seventh)
        reloaded.refreshMissing()
        #expect(reloaded.photos.allSatisfy { !$0.missing })

        let seen = phases.values
        #expect(seen.first?.phase == .feeds && seen.first?.stage == "Fetching feeds… 1 of 1")
        let thumbnails = seen.filter { $0.phase == .thumbnails }
        #expect(thumbnails.contains { $0.stage == "Thumbnails 100%  30 of 30" })
        // Every byte received counts: the feed's, then the thumbnails'.
        let feedSize = Int64(try #require(FileManager.default.contents(atPath: server.root.path + "/feed.json")).count)
        let thumbnailBytes = (1...30).reduce(Int64(0)) { $0 + Int64(Self.thumbnail($1).count) }
        #expect(seen.filter { $0.phase == .feeds }.map(\.bytesDone).max() == feedSize)
        #expect(seen.map(\.bytesDone).max() == feedSize + thumbnailBytes)
        // The URL shown is the one being fetched: the thumbnail's.
        #expect(thumbnails.contains { $0.currentFile?.hasPrefix(server.url("/files/thumb/").absoluteString) == true })
        #expect(!thumbnails.contains { $0.currentFile?.hasPrefix(server.url("/files/img/").absoluteString) == true })
        #expect(!seen.contains { $0.phase == .photos })
    }

    @Test func itemsWithoutAThumbnailAndListsAreDownloadedWhole() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveLazyFeed(server, count: 4) { $0 % 2 == 0 ? "thumb/\($0).jpg" : nil }
        let linked = server.serve(WebImporterTests.jpeg(9), at: "linked.jpg")
        let list = server.serve(Data("\(linked.absoluteString)\n".utf8), at: "list.txt")
        let setup = Setup()
        var library = PhotoLibrary()
        var records = WebFeedRecords()
        let phases = Recorder<ImportProgress>()
        let summary = setup.importer().run([feed.absoluteString, list.absoluteString], into: &library,
                                           records: &records, progress: phases.append)
        #expect(summary.count(.imported) == 5)
        let downloaded = library.photos.filter(\.isDownloaded)
        #expect(Set(downloaded.compactMap(\.sourceURL)) == [server.url("/files/img/1.jpg").absoluteString,
                                                            server.url("/files/img/3.jpg").absoluteString,
                                                            linked.absoluteString])
        #expect(downloaded.allSatisfy { $0.width == 32 && FileManager.default.fileExists(atPath: $0.path) })
        #expect(library.photos.first { $0.sourceURL == linked.absoluteString }?.feedURL == list.absoluteString)
        #expect(library.photos.filter { !$0.isDownloaded }.count == 2)
        // Thumbnails first, then the originals.
        let order = phases.values.map(\.phase).filter { $0 == .thumbnails || $0 == .photos }
        #expect(order.first == .thumbnails && order.last == .photos)
        #expect(phases.values.contains { $0.phase == .photos && $0.stage == "Photos 100%  3 of 3" })
    }

    /// Feeds that keep their word (issue 24): a thumbnail that fails falls back to the original,
    /// downloaded, with a note naming the thumbnail's problem.
    @Test func aThumbnailThatFailsFallsBackToTheOriginal() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveLazyFeed(server, count: 3) { index in
            switch index {
            case 1: "/status/404"
            case 2: "/html.jpg"
            default: "thumb/\(index).jpg"
            }
        }
        let setup = Setup()
        let (library, summary) = try setup.importer().run([feed.absoluteString], store: setup.store)
        #expect(summary.count(.imported) == 3)
        #expect(library.photos.count == 3 && library.photos.map(\.isDownloaded).filter { $0 }.count == 2)
        #expect(summary.problems.map(\.path) == [server.url("/files/img/1.jpg").absoluteString,
                                                 server.url("/files/img/2.jpg").absoluteString])
        #expect(summary.problems.map(\.note) == [
            "thumbnail failed (the server answered 404 Not Found): made from the original",
            "thumbnail failed (not an image: web page (HTML), not a photo): made from the original",
        ])
        let first = try #require(library.photos.first { $0.sourceURL == server.url("/files/img/1.jpg").absoluteString })
        #expect(first.isDownloaded)
        if case .thumbnail = setup.thumbnails.entryMakingIfNeeded(for: first) {} else { Issue.record("no thumbnail from the original") }
    }

    @Test func aRepeatedImportOfALazyFeedDownloadsNothing() throws {
        let server = try LocalWebServer()
        let feed = try Self.serveLazyFeed(server, count: 12)
        let setup = Setup()
        _ = try setup.importer().run([feed.absoluteString], store: setup.store)
        let before = try server.hits().hits
        let single = server.url("/files/img/3.jpg").absoluteString
        let again = try setup.importer().run([feed.absoluteString, single], store: setup.store).summary
        #expect(again.count(.duplicate) == 13)
        #expect(again.results.allSatisfy { $0.reason == "already in the library" })
        let after = try server.hits().hits
        #expect(after.filter { !$0.key.hasPrefix("/files/feed") && $0.key != "/hits" } == before.filter {
            !$0.key.hasPrefix("/files/feed") && $0.key != "/hits"
        })
        #expect(try setup.store.load().photos.count == 12)
    }

    @Test func progressStagesForTheWeb() {
        #expect(ImportProgress(phase: .feeds, done: 1, total: 3).stage == "Fetching feeds… 2 of 3")
        #expect(ImportProgress(phase: .thumbnails, done: 54, total: 120).stage == "Thumbnails 45%  54 of 120")
        #expect(ImportProgress(phase: .photos, done: 1, total: 2).stage == "Photos 50%  1 of 2")
    }
}

/// Collects values handed over from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Value] = []

    var values: [Value] { lock.withLock { list } }

    func append(_ value: Value) { lock.withLock { list.append(value) } }
}
