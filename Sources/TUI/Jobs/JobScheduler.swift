import Library

/// The browser's background work, one place for all of it: queues of keyed jobs where only the
/// latest matters, each on a few threads of its own, all stopped by one ``shutdown()``.
///
/// It serves previews (`PreviewLoader`), originals (`OriginalQueue`), folder trees and the
/// search index (`DerivedBuilds`) and imports (`BrowserApp`).
///
/// How a new kind of background work uses it (the preview loader and the original queue do):
/// 1. Pick the key: what makes two jobs the same work (`PreviewKey`, a photo id, a grouping).
///    A newer job with the same key wins; at most one job per key runs at a time.
/// 2. Make a queue once, beside the run loop: `scheduler.queue("originals", workers: 3,
///    keyedBy: String.self)`. Its threads start with its first job. Blocking work (decoding,
///    downloads, the library lock) is fine there; the work never touches the terminal.
/// 3. Give it work as `Job(key:) { token in … }`, the job delivering what it made itself
///    (`inbox.post(...)`):
///    - the whole list of what the screen wants now, most wanted first, with ``JobQueue/want(_:)``
///      (what is no longer in the list is dropped before it starts or cancelled while it runs;
///      the keys returned are those that will not end as asked, for the state to forget);
///    - or one job at a time with ``JobQueue/submit(_:)`` (a rebuild: the newer one wins).
/// 4. In the job, check `token.isCancelled` between steps and return early without delivering;
///    hand `token.onCancel` to work that has a cancel flag of its own. What is finished and
///    saved is still delivered: the state must hear of what changed on disk.
/// 5. Nothing to stop by hand: the loop's ``shutdown()`` cancels every queue's jobs
///    (`token.isShutDown`) and ends their threads.
final class JobScheduler: Sendable {
    private struct State {
        var isShutDown = false
        var shutdowns: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    init() {}

    /// A new queue of jobs keyed by `Key`, run on `workers` threads, stopped with the rest.
    /// After ``shutdown()`` it is made stopped: nothing given to it runs.
    func queue<Key: Hashable & Sendable>(_ name: String, workers: Int, keyedBy: Key.Type = Key.self) -> JobQueue<Key> {
        let queue = JobQueue<Key>(name: name, workers: workers)
        let isShutDown = state.withLock { state in
            state.shutdowns.append { queue.shutdown() }
            return state.isShutDown
        }
        if isShutDown { queue.shutdown() }
        return queue
    }

    /// Cancels every queue's jobs, drops what waits, and lets the threads end (it does not wait
    /// for the running jobs to return: they stop at their next check).
    func shutdown() {
        let shutdowns = state.withLock { state in
            state.isShutDown = true
            defer { state.shutdowns = [] }
            return state.shutdowns
        }
        shutdowns.forEach { $0() }
    }
}
