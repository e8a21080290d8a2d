import Dispatch
import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The original queue on the job scheduler: a wanted original is downloaded and saved; one no
/// longer wanted is dropped before it starts, or its download is cancelled and nothing is
/// saved; a shutdown stops a download. Waits on signals (`JobProbe`), never sleeps.
@Suite struct OriginalQueueTests {
    /// Serves a small JPEG for any URL, recording "fetch <n>"; the numbers in `held` wait at
    /// `gate` first, then answer "cancelled" when their download was cancelled meanwhile.
    struct HeldFetcher: HTTPFetching {
        let probe: JobProbe
        let held: Set<String>
        let gate: DispatchSemaphore
        static let jpeg = [UInt8](JPEGFixture.encode(width: 64, height: 48))

        func fetch(_ request: WebRequest, cancellation: ImportCancellation?,
                   progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
            let number = request.url.deletingPathExtension().lastPathComponent
            probe.record("fetch \(number)")
            if held.contains(number) { _ = gate.wait(timeout: .now() + 30) }
            if cancellation?.isCancelled == true { throw .cancelled(url: request.url.absoluteString) }
            return WebResponse(url: request.url, status: 200, body: Self.jpeg)
        }
    }

    /// A library of `count` web photos not downloaded yet, saved in `folder`, and a queue on
    /// `scheduler` whose messages are recorded ("downloaded <n>", "failed <n>").
    static func setUp(_ folder: TemporaryFolder, count: Int, scheduler: JobScheduler, probe: JobProbe,
                      held: Set<String> = [], gate: DispatchSemaphore = DispatchSemaphore(value: 0))
        throws -> (OriginalQueue, [Photo], LibraryStore) {
        let photos = (1...count).map { number in
            var photo = WebPhotoTests.webPhoto(number)
            photo.path = folder.path + "/downloads/\(number).jpg"
            return photo
        }
        var library = PhotoLibrary()
        library.add(contentsOf: photos)
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(library)
        let downloader = OriginalDownloader(fetcher: HeldFetcher(probe: probe, held: held, gate: gate),
                                            downloads: DownloadFolder(root: folder.path + "/downloads"), thumbnails: nil)
        let number = Dictionary(uniqueKeysWithValues: photos.enumerated().map { ($1.id, $0 + 1) })
        let queue = OriginalQueue(scheduler: scheduler, downloader: downloader, store: store) { msg in
            switch msg {
            case let .originalDownloaded(id, .success): probe.record("downloaded \(number[id]!)")
            case let .originalDownloaded(id, .failure(failure)): probe.record("failed \(number[id]!): \(failure.message)")
            default: break
            }
        }
        return (queue, photos, store)
    }

    private func waitUntilIdle(_ queue: OriginalQueue) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        queue.whenIdle { idle.signal() }
        return idle.wait(timeout: .now() + 30) == .success
    }

    @Test func aWantedOriginalIsDownloadedAndSaved() throws {
        let folder = TemporaryFolder(), scheduler = JobScheduler(), probe = JobProbe()
        defer { scheduler.shutdown() }
        let (queue, photos, store) = try Self.setUp(folder, count: 1, scheduler: scheduler, probe: probe)
        #expect(queue.want(photos) == [])
        #expect(probe.wait(for: "downloaded 1"))
        #expect(try store.load().photo(id: photos[0].id)?.isDownloaded == true)
        #expect(FileManager.default.fileExists(atPath: photos[0].path))
    }

    @Test func aDownloadNoLongerWantedIsCancelledAndNothingIsSaved() throws {
        let folder = TemporaryFolder(), scheduler = JobScheduler(), probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        defer { scheduler.shutdown() }
        let (queue, photos, store) = try Self.setUp(folder, count: 2, scheduler: scheduler, probe: probe,
                                                    held: ["1"], gate: gate)
        _ = queue.want([photos[0]])
        #expect(probe.wait(for: "fetch 1"))
        // The user moved on: the download under way is cancelled and reported as not coming.
        #expect(queue.want([photos[1]]) == [photos[0].id])
        gate.signal()
        #expect(probe.wait(for: "downloaded 2"))
        #expect(waitUntilIdle(queue))
        #expect(!probe.recorded.contains { $0.hasSuffix(" 1") && !$0.hasPrefix("fetch") }, "nothing posted for 1")
        #expect(try store.load().photo(id: photos[0].id)?.isDownloaded == false)
        #expect(!FileManager.default.fileExists(atPath: photos[0].path))
    }

    @Test func aWaitingOriginalNoLongerWantedNeverStarts() throws {
        let folder = TemporaryFolder(), scheduler = JobScheduler(), probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        defer { scheduler.shutdown() }
        let (queue, photos, _) = try Self.setUp(folder, count: 4, scheduler: scheduler, probe: probe,
                                                held: ["1", "2", "3"], gate: gate)
        _ = queue.want(photos)                          // three downloads at once; the fourth waits
        #expect(probe.wait { $0.filter { $0.hasPrefix("fetch") }.count == 3 })
        #expect(queue.want(Array(photos[0..<3])) == [photos[3].id])
        for _ in 0..<3 { gate.signal() }
        #expect(waitUntilIdle(queue))
        #expect(Set(probe.recorded) == ["fetch 1", "fetch 2", "fetch 3", "downloaded 1", "downloaded 2", "downloaded 3"])
    }

    @Test func aShutdownStopsADownloadUnderWay() throws {
        let folder = TemporaryFolder(), scheduler = JobScheduler(), probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        let (queue, photos, store) = try Self.setUp(folder, count: 1, scheduler: scheduler, probe: probe,
                                                    held: ["1"], gate: gate)
        _ = queue.want(photos)
        #expect(probe.wait(for: "fetch 1"))
        scheduler.shutdown()
        gate.signal()
        #expect(waitUntilIdle(queue))
        #expect(probe.recorded == ["fetch 1"])
        #expect(try store.load().photo(id: photos[0].id)?.isDownloaded == false)
    }
}
