import Fixtures
import Foundation
import Testing
@testable import Library

/// `WebImporter.refresh` against a local server whose feed changes between requests.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct WebRefreshTests {
    /// Serves a feed of the photos `numbers`, titled `title(number)`, each with a thumbnail.
    @discardableResult
    static func serve(_ numbers: [Int], on server: LocalWebServer, title: (Int) -> String = { "photo \($0)" }) throws -> URL {
        let items: [[String: Any]] = numbers.map { number in
            let url = server.serve(WebImporterTests.jpeg(number), at: "img/\(number).jpg")
            return ["id": number, "albumId": 1, "title": title(number), "url": url.absoluteString,
                    "thumbnailUrl": url.absoluteString]
        }
        return server.serve(try JSONSerialization.data(withJSONObject: items), at: "feed.json")
    }

    @Test func newItemsComeInChangedOnesAreUpdatedAndGoneOnesAreMissingNotDeleted() throws {
        let server = try LocalWebServer()
        let feed = try Self.serve(Array(1...6), on: server)
        let data = TemporaryFolder()
        let store = LibraryStore(path: data.path + "/library.json")
        let importer = WebImporter(fetcher: URLSessionFetcher(options: WebImporterTests.options),
                                   downloads: DownloadFolder(root: data.path + "/downloads"),
                                   thumbnails: ThumbnailStore(folder: data.path + "/thumbnails"))
        _ = try importer.run([feed.absoluteString], store: store)
        // The user marks photo 5 a favourite: the refresh must keep it.
        let five = server.url("/files/img/5.jpg").absoluteString
        var before = try store.load()
        var favourite = try #require(before.photos.first { $0.sourceURL == five })
        favourite.edits.favourite = true
        before.update([favourite])
        try store.save(before)

        // Nothing changed: one conditional request, nothing else.
        var (library, summary) = try importer.refresh(store: store)
        #expect(summary.line == "1 feed unchanged")
        #expect(library.photos.count == 6)

        // 5 and 6 are gone, 7 is new, 2 has a new title.
        try Self.serve([1, 2, 3, 4, 7], on: server) { $0 == 2 ? "renamed" : "photo \($0)" }
        (library, summary) = try importer.refresh(store: store)
        #expect(summary.count(.imported) == 1)
        #expect(summary.count(.updated) == 1)
        #expect(summary.leftFeed == 2)
        #expect(summary.line == "1 imported, 1 updated, 2 left the feed (now missing)")
        #expect(library.photos.count == 7, "nothing deleted")
        let gone = library.photos.filter(\.missing)
        #expect(Set(gone.compactMap(\.sourceURL)) == [five, server.url("/files/img/6.jpg").absoluteString])
        #expect(gone.allSatisfy { $0.leftFeed })
        #expect(gone.first { $0.sourceURL == five }?.isFavourite == true, "the edit is kept")
        #expect(library.photos.first { $0.sourceURL == server.url("/files/img/2.jpg").absoluteString }?.description == "renamed")
        // A reload keeps them missing: their absence is not a matter of files.
        var reloaded = try store.load()
        reloaded.refreshMissing()
        #expect(reloaded.photos.filter(\.missing).count == 2)

        // 5 comes back.
        try Self.serve([1, 2, 3, 4, 5, 7], on: server) { $0 == 2 ? "renamed" : "photo \($0)" }
        (library, summary) = try importer.refresh(store: store)
        #expect(summary.leftFeed == 0)
        let back = try #require(library.photos.first { $0.sourceURL == five })
        #expect(!back.missing && !back.leftFeed)
    }

    @Test func aFeedThatCannotBeFetchedChangesNothing() throws {
        let server = try LocalWebServer()
        let feed = try Self.serve([1, 2], on: server)
        let data = TemporaryFolder()
        let store = LibraryStore(path: data.path + "/library.json")
        let importer = WebImporter(fetcher: URLSessionFetcher(options: WebImporterTests.options),
                                   downloads: DownloadFolder(root: data.path + "/downloads"))
        _ = try importer.run([feed.absoluteString], store: store)
        try FileManager.default.removeItem(atPath: server.root.path + "/feed.json")
        let (library, summary) = try importer.refresh(store: store)
        #expect(summary.problems.map(\.path) == [feed.absoluteString])
        let reason = summary.problems.first?.reason ?? ""
        #expect(reason.contains("404"), "\(reason)")
        #expect(library.photos.filter(\.missing).isEmpty)
    }
}
