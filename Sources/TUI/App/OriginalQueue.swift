import Foundation
import Library

/// Downloads web photos' originals for the detail view on a few threads of its own, newest
/// request first (the photo on screen before the ones paged past), and saves each into the
/// library file as it arrives.
final class OriginalQueue: @unchecked Sendable {
    private let downloader: OriginalDownloader
    private let store: LibraryStore
    private let lock = NSLock()
    private let pending = DispatchSemaphore(value: 0)
    private var queue: [Photo] = []
    private let stopping = ImportCancellation()

    /// Downloads at once: the photo on screen and the ones either side.
    static let workers = 3

    init(downloader: OriginalDownloader, store: LibraryStore, post: @escaping @Sendable (Msg) -> Void) {
        self.downloader = downloader
        self.store = store
        for _ in 0..<Self.workers {
            let thread = Thread { [self] in work(post: post) }
            thread.name = "photory-original"
            thread.start()
        }
    }

    func enqueue(_ photo: Photo) {
        lock.withLock { queue.append(photo) }
        pending.signal()
    }

    /// Stops the downloads under way (their files are not kept) and the workers.
    func stop() {
        stopping.cancel()
        for _ in 0..<Self.workers { pending.signal() }
    }

    private func work(post: @escaping @Sendable (Msg) -> Void) {
        while true {
            pending.wait()
            guard !stopping.isCancelled, let photo = lock.withLock({ queue.popLast() }) else { return }
            let throttle = ProgressThrottle()
            let result: Result<PhotoLibrary, Failure>
            do {
                let downloaded = try downloader.download(photo, cancellation: stopping) { transfer in
                    if throttle.isDue() { post(.originalProgress(photoID: photo.id, transfer)) }
                }
                result = .success(try OriginalDownloader.record([downloaded], in: store))
            } catch let error as WebError {
                if stopping.isCancelled { return }
                result = .failure(Failure("\(error.url): \(error)"))
            } catch {
                result = .failure(Failure("\(error)"))
            }
            post(.originalDownloaded(photoID: photo.id, result))
        }
    }
}
