import Fixtures
import Foundation
import Testing
@testable import Library

/// Web imports and refreshes save as they go, like file imports: each batch of photos is
/// appended to the journal with a short hold of the lock, so while the downloads run the lock
/// is free, an edit gets in, and the photos of the batches written are already on disk.
@Suite struct WebImportBatchesTests {
    static let host = "https://photos.example"

    /// A feed of `count` items without thumbnails (so each original is downloaded), served from
    /// memory; `whileFetching` runs once, on a download thread, when item `at` is asked for.
    final class FeedFetcher: HTTPFetching, @unchecked Sendable {
        let count: Int
        let title: String
        let at: Int
        let whileFetching: () -> Void
        private let lock = NSLock()
        private var probed = false

        init(count: Int, title: String = "photo", at: Int, whileFetching: @escaping () -> Void) {
            (self.count, self.title, self.at, self.whileFetching) = (count, title, at, whileFetching)
        }

        func fetch(_ request: WebRequest, cancellation: ImportCancellation?,
                   progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
            let name = request.url.lastPathComponent
            if name == "feed.json" {
                let items = (1...count).map { ["id": $0, "title": "\(title) \($0)", "url": "\(host)/img/\($0).jpg"] as [String: Any] }
                let body = try! JSONSerialization.data(withJSONObject: items)
                return WebResponse(url: request.url, status: 200, body: Array(body), contentType: "application/json")
            }
            let number = Int(name.dropLast(".jpg".count)) ?? 0
            if number == at, lock.withLock({ !probed && { probed = true; return true }() }) { whileFetching() }
            return WebResponse(url: request.url, status: 200, body: Array(ImporterTests.jpeg(number)), contentType: "image/jpeg")
        }
    }

    /// What the probe saw in the middle of the run.
    final class Seen: @unchecked Sendable {
        var lockWasFree = false
        var photosOnDisk = 0
        var editSaved = false
    }

    /// While the downloads run: the lock is free, the batches written are on disk, and an edit
    /// (a favourite on the first photo on disk) is saved.
    static func probe(_ store: LibraryStore, into seen: Seen) {
        seen.lockWasFree = (try? LibraryLock(libraryPath: store.path, timeout: 0)) != nil
        guard let onDisk = try? store.load(), let first = onDisk.photos.first else { return }
        seen.photosOnDisk = onDisk.photos.count
        let step = EditPlanner(library: onDisk).toggleFavourite([first.id])
        seen.editSaved = (try? store.append([.apply(step)], lockTimeout: 0)) != nil
    }

    func importer(_ fetcher: FeedFetcher, _ folder: TemporaryFolder) -> WebImporter {
        var importer = WebImporter(fetcher: fetcher, downloads: DownloadFolder(root: folder.path + "/downloads"))
        importer.batchSize = 10
        return importer
    }

    @Test func anImportAppendsBatchesWithoutHoldingTheLockAndAnEditGetsIn() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        let seen = Seen()
        let fetcher = FeedFetcher(count: 200, at: 150) { Self.probe(store, into: seen) }
        let (library, summary) = try importer(fetcher, folder).run(["\(Self.host)/feed.json"], store: store)

        #expect(summary.count(.imported) == 200)
        #expect(seen.lockWasFree, "the lock is free while the downloads run")
        #expect(seen.photosOnDisk >= 2 * Importer.chunkSize, "the batches before item 150 are on disk")
        #expect(seen.editSaved, "an edit gets in during the import")
        let onDisk = try store.load()
        #expect(onDisk == library)
        #expect(onDisk.photos.count == 200)
        #expect(onDisk.photos.filter(\.isFavourite).count == 1, "the import's end keeps the edit made meanwhile")
    }

    @Test func aCancelledImportKeepsEveryBatchWritten() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        let cancellation = ImportCancellation()
        let fetcher = FeedFetcher(count: 200, at: 150) { cancellation.cancel() }
        let (_, summary) = try importer(fetcher, folder).run(["\(Self.host)/feed.json"], store: store,
                                                             cancellation: cancellation)
        #expect(summary.cancelled)
        let kept = try store.load().photos.count
        #expect(kept >= 2 * Importer.chunkSize && kept < 200)
        #expect(kept == summary.count(.imported))
    }

    @Test func aRefreshAppendsItsChangesAndNewItemsInBatchesToo() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        _ = try importer(FeedFetcher(count: 20, at: 0) {}, folder).run(["\(Self.host)/feed.json"], store: store)

        let seen = Seen()
        let grown = FeedFetcher(count: 200, title: "renamed", at: 150) { Self.probe(store, into: seen) }
        let (library, summary) = try importer(grown, folder).refresh(store: store)
        #expect(summary.count(.imported) == 180)
        #expect(summary.feedChanges?.changed == 20)
        #expect(seen.lockWasFree && seen.editSaved)
        #expect(seen.photosOnDisk >= 20 + Importer.chunkSize)
        let onDisk = try store.load()
        #expect(onDisk == library)
        #expect(onDisk.photos.count == 200)
        #expect(onDisk.photos.allSatisfy { $0.description?.hasPrefix("renamed") == true })
        #expect(onDisk.photos.filter(\.isFavourite).count == 1)
    }
}
