import Fixtures
import Foundation
import Testing
@testable import Library

/// Originals of lazily imported photos, downloaded on demand from a local server on 127.0.0.1.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct OriginalDownloaderTests {
    typealias Setup = LazyWebImportTests.Setup

    func downloader(_ setup: Setup, options: CurlFetcher.Options = WebImporterTests.options) -> OriginalDownloader {
        OriginalDownloader(fetcher: CurlFetcher(options: options), downloads: setup.downloads,
                           thumbnails: setup.thumbnails)
    }

    @Test func downloadsTheOriginalKeepingTheIdTitleAndEdits() throws {
        let server = try LocalWebServer()
        let feed = try LazyWebImportTests.serveLazyFeed(server, count: 3)
        let setup = Setup()
        let library = try setup.importer().run([feed.absoluteString], store: setup.store).library
        var photo = try #require(library.photos.first { $0.sourceURL == server.url("/files/img/2.jpg").absoluteString })
        photo.edits.favourite = true

        let transfers = Recorder<WebTransfer>()
        let downloaded = try downloader(setup).download(photo, cancellation: nil, progress: transfers.append)
        let original = WebImporterTests.jpeg(2)
        #expect(FileManager.default.contents(atPath: photo.path) == original)
        #expect(downloaded.isDownloaded && !downloaded.missing)
        #expect(downloaded.id == photo.id && downloaded.path == photo.path)
        #expect(downloaded.contentID == original.withUnsafeBytes { ContentHash.photoID(ContentHash.xxh64($0)) })
        #expect(downloaded.width == 32 && downloaded.height == 24 && downloaded.fileSize == Int64(original.count))
        #expect(downloaded.description == "album 2" && downloaded.descriptionSource == .feed)
        #expect(downloaded.albumID == photo.albumID && downloaded.feedURL == feed.absoluteString)
        #expect(downloaded.sourceURL == photo.sourceURL && downloaded.isFavourite)
        #expect(transfers.values.last == WebTransfer(received: Int64(original.count), expected: Int64(original.count)))
        guard case let .thumbnail(image) = setup.thumbnails.entryMakingIfNeeded(for: downloaded) else {
            Issue.record("no thumbnail from the original")
            return
        }
        #expect(image.width == 32 && image.height == 24)

        // Meanwhile the user gave it a description: recording the download keeps it.
        _ = try setup.store.update(lockTimeout: 5) { library in
            guard var edited = library.photo(id: photo.id) else { return false }
            edited.edits.description = "my trip"
            library.update([edited])
            return true
        }
        let saved = try OriginalDownloader.record([downloaded], in: setup.store)
        let reloaded = try setup.store.load()
        #expect(saved == reloaded)
        let stored = try #require(reloaded.photo(id: photo.id))
        #expect(stored.isDownloaded && stored.width == 32 && stored.contentID == downloaded.contentID)
        #expect(stored.description == "my trip" && !stored.isFavourite)
        #expect(reloaded.photos.filter(\.isDownloaded).count == 1)
        // Importing the feed again downloads nothing and knows the photo.
        let again = try setup.importer().run([feed.absoluteString], store: setup.store).summary
        #expect(again.count(.duplicate) == 3)
    }

    @Test func manyOriginalsDownloadTogetherWithProgressAndOneFailure() throws {
        let server = try LocalWebServer()
        let feed = try LazyWebImportTests.serveLazyFeed(server, count: 5)
        let setup = Setup()
        var library = try setup.importer().run([feed.absoluteString], store: setup.store).library
        var gone = setup.importer().lazyPhoto(WebFeed.Item(url: server.url("/status/404")), feedURL: nil, at: 0)
        gone.id = "404"
        library.add(gone)
        let progress = Recorder<ImportProgress>()
        let results = downloader(setup).download(library.photos, workers: 2, cancellation: nil, progress: progress.append)
        #expect(results.map(\.photo.id) == library.photos.map(\.id))
        #expect(results.filter { (try? $0.result.get())?.isDownloaded == true }.count == 5)
        #expect(results.last.map { if case .failure(.status(_, 404)) = $0.result { true } else { false } } == true)
        #expect(progress.values.contains { $0.phase == .photos && $0.done == 6 && $0.total == 6 })
        let bytes = (1...5).reduce(0) { $0 + Int64(WebImporterTests.jpeg($1).count) }
        #expect(progress.values.map(\.bytesDone).max() == bytes)
    }

    @Test func badDownloadsThrowNamingTheURLAndLeaveNoFile() throws {
        let server = try LocalWebServer()
        server.serve(WebImporterTests.jpeg(1), at: "1.jpg")
        server.serve(Data("just text".utf8), at: "text.jpg")
        let setup = Setup()
        let downloader = downloader(setup, options: CurlFetcher.Options(
            userAgent: "photory-tui/test", connectTimeout: 20, idleTimeout: 20, retries: 0))
        let cases: [(String, String)] = [
            ("/status/404", "the server answered 404 Not Found"),
            ("/html.jpg", "not an image: "),
            ("/files/text.jpg", "not an image: "),
            ("/truncated/1.jpg", "truncated: "),
        ]
        for (path, reason) in cases {
            let url = server.url(path)
            let photo = setup.importer().lazyPhoto(WebFeed.Item(url: url), feedURL: nil, at: 0)
            #expect(throws: WebError.self) { try downloader.download(photo, cancellation: nil) { _ in } }
            do {
                _ = try downloader.download(photo, cancellation: nil) { _ in }
            } catch {
                #expect(error.url == url.absoluteString)
                #expect(error.description.hasPrefix(reason), "\(path): \(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: photo.path), "\(path)")
        }
        let folder = setup.downloads.root + "/127.0.0.1_\(server.port)"
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true)
    }

    @Test func cancellingADownloadLeavesNoFile() throws {
        let server = try LocalWebServer()
        server.serve(WebImporterTests.jpeg(1), at: "1.jpg")
        let setup = Setup()
        let downloader = downloader(setup, options: CurlFetcher.Options(idleTimeout: 60, retries: 0))
        let photo = setup.importer().lazyPhoto(WebFeed.Item(url: server.url("/drip/1.jpg")), feedURL: nil, at: 0)
        let cancellation = ImportCancellation()
        #expect(throws: WebError.cancelled(url: server.url("/drip/1.jpg").absoluteString)) {
            try downloader.download(photo, cancellation: cancellation) { transfer in
                // The first bytes arrived: the user goes back to the grid.
                if transfer.received > 0 { cancellation.cancel() }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: photo.path))
    }
}
