import Foundation
import Library

/// Downloads web photos' originals for the photo view on a few threads of its own and saves
/// each into the library file as it arrives.
///
/// Like the preview loader, only what the screen wants now matters: each `want` replaces the
/// photos still waiting (the photo on screen first, then its neighbours); those no longer
/// wanted are dropped and reported, downloads under way finish. A save that finds the library
/// locked (an import is running) is tried again until it goes through or the queue stops.
final class OriginalQueue: @unchecked Sendable {
    private let downloader: OriginalDownloader
    private let store: LibraryStore
    private let post: @Sendable (Msg) -> Void
    private let condition = NSCondition()
    /// Waiting, the first one next.
    private var pending: [Photo] = []
    private var inFlight: Set<String> = []
    private let stopping = ImportCancellation()

    /// Downloads at once: the photo on screen and the ones either side.
    static let workers = 3
    /// The wait before saving again into a library that was locked.
    static let lockRetry: Double = 1

    init(downloader: OriginalDownloader, store: LibraryStore, post: @escaping @Sendable (Msg) -> Void) {
        self.downloader = downloader
        self.store = store
        self.post = post
        for _ in 0..<Self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "photory-original"
            thread.start()
        }
    }

    /// The photos to download now, most wanted first; returns the ids of those that were
    /// waiting and are not wanted any more (they were not downloaded).
    func want(_ photos: [Photo]) -> [String] {
        condition.withLock {
            let wanted = Set(photos.map(\.id))
            let dropped = pending.map(\.id).filter { !wanted.contains($0) }
            pending = photos.filter { !inFlight.contains($0.id) }
            condition.broadcast()
            return dropped
        }
    }

    /// Stops the downloads under way (their files are not kept) and the workers.
    func stop() {
        stopping.cancel()
        condition.withLock { condition.broadcast() }
    }

    private func next() -> Photo? {
        condition.withLock {
            while pending.isEmpty && !stopping.isCancelled { condition.wait() }
            guard !stopping.isCancelled else { return nil }
            let photo = pending.removeFirst()
            inFlight.insert(photo.id)
            return photo
        }
    }

    private func work() {
        while let photo = next() {
            let result = fetch(photo)
            condition.withLock { _ = inFlight.remove(photo.id) }
            guard let result else { return }   // stopped
            post(.originalDownloaded(photoID: photo.id, result))
        }
    }

    /// The photo downloaded and saved, or why not; nil when the queue stopped meanwhile.
    private func fetch(_ photo: Photo) -> Result<Photo, Failure>? {
        let throttle = ProgressThrottle()
        let downloaded: Photo
        do {
            downloaded = try downloader.download(photo, cancellation: stopping) { [post] transfer in
                if throttle.isDue() { post(.originalProgress(photoID: photo.id, transfer)) }
            }
        } catch {
            if stopping.isCancelled { return nil }
            return .failure(Failure("\(error.url): \(error)"))
        }
        while true {
            do {
                _ = try OriginalDownloader.record([downloaded], in: store, lockTimeout: Self.lockRetry)
                return .success(downloaded)
            } catch {
                if case .locked = error, !stopping.isCancelled { continue }
                if stopping.isCancelled { return nil }
                return .failure(Failure("\(photo.sourceURL ?? photo.path): downloaded, but not saved: \(error)"))
            }
        }
    }
}
