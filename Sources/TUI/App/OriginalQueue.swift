import Library

/// Downloads web photos' originals for the photo view on a queue of the job scheduler and
/// saves each into the library file as it arrives.
///
/// Like the preview loader, only what the screen wants now matters: each `want` replaces the
/// photos still waiting (the photo on screen first, then its neighbours); those no longer
/// wanted are dropped, or their download is cancelled, and reported. A download that finished
/// is saved even when no longer wanted (the state hears of it). A save that finds the library
/// locked (an import is running) is tried again until it goes through or the scheduler shuts down.
final class OriginalQueue: Sendable {
    private let jobs: JobQueue<String>
    private let downloader: OriginalDownloader
    private let store: any LibraryStoring
    private let post: @Sendable (Msg) -> Void

    /// Downloads at once: the photo on screen and the ones either side.
    static let workers = 3
    /// The wait before saving again into a library that was locked.
    static let lockRetry: Double = 1

    init(scheduler: JobScheduler, downloader: OriginalDownloader, store: any LibraryStoring,
         post: @escaping @Sendable (Msg) -> Void) {
        self.jobs = scheduler.queue("original", workers: Self.workers, keyedBy: String.self)
        self.downloader = downloader
        self.store = store
        self.post = post
    }

    /// The photos to download now, most wanted first; returns the ids of those that were
    /// asked for before and will not come: not started, or their download cancelled.
    func want(_ photos: [Photo]) -> [String] {
        let downloader = self.downloader, store = self.store, post = self.post
        return jobs.want(photos.map { photo in
            Job(key: photo.id) { token in
                guard let result = Self.fetch(photo, downloader: downloader, store: store, token: token, post: post)
                else { return }
                post(.originalDownloaded(photoID: photo.id, result))
            }
        })
    }

    /// Runs `action` once nothing is waiting or downloading.
    func whenIdle(_ action: @escaping @Sendable () -> Void) { jobs.whenIdle(action) }

    /// The photo downloaded and saved, or why not; nil when the job was cancelled before the
    /// download finished, or the scheduler shut down before it was saved.
    private static func fetch(_ photo: Photo, downloader: OriginalDownloader, store: any LibraryStoring, token: JobToken,
                              post: @escaping @Sendable (Msg) -> Void) -> Result<Photo, Failure>? {
        let cancellation = ImportCancellation()
        token.onCancel { cancellation.cancel() }
        let throttle = ProgressThrottle()
        let downloaded: Photo
        do {
            downloaded = try downloader.download(photo, cancellation: cancellation) { transfer in
                if !token.isCancelled, throttle.isDue() { post(.originalProgress(photoID: photo.id, transfer)) }
            }
        } catch {
            if token.isCancelled { return nil }
            return .failure(Failure("\(error.url): \(error)"))
        }
        while true {
            do {
                _ = try OriginalDownloader.record([downloaded], in: store, lockTimeout: lockRetry)
                return .success(downloaded)
            } catch {
                if token.isShutDown { return nil }
                if case .locked = error { continue }
                return .failure(Failure("\(photo.sourceURL ?? photo.path): downloaded, but not saved: \(error)"))
            }
        }
    }
}
