import Foundation
import Library

/// Saves the browser's edits in the background, in order, one batch at a time: whatever was
/// queued while a save ran goes into the next one. A save that fails (the library locked by
/// an import in another process, a full disk) keeps its edits queued and tries again every
/// couple of seconds, and once more when the browser quits.
///
/// A save answers "saved through sequence n" (and the journal line it wrote), never a whole
/// library: the browser already shows its edits. Saves and the `JournalFollower`'s reads run
/// one at a time (`inDiskOrder`), so the browser hears of the disk's changes in their order and
/// knows which journal lines are its own.
///
/// The saver keeps its own copy of the library as on disk (`LibraryCopy`, sharing the browser's
/// until a save changes it): a save reads only what other writers appended since its last one,
/// under the lock, and the whole library only after another writer's compaction.
final class EditSaver: @unchecked Sendable {
    /// What a save did (everything up to `throughSequence` is saved), or why it failed.
    typealias Report = (_ result: Result<Msg.EditsSaved, Failure>, _ throughSequence: Int) -> Void

    private let store: any LibraryStoring
    static let lockTimeout = 2.0
    /// The library as on disk after the last save (under `diskOrder`); nil: read it whole.
    private var copy: LibraryCopy?
    private let report: Report
    private let lock = NSLock()
    private let idle = NSCondition()
    private var queued: [(sequence: Int, edit: LibraryEdit)] = []
    private var running = false
    private var stopped = false
    /// Held across a save and its report, and across a follower's read and its report.
    private let diskOrder = NSLock()
    /// Journal lines this browser wrote that the follower has not passed yet (under `diskOrder`).
    private var ownJournalLines: Set<Int> = []
    static let retryDelay = 2.0

    init(store: any LibraryStoring, report: @escaping Report) {
        self.store = store
        self.report = report
    }

    /// Starts from the library the browser loaded (where its load stopped in the journal).
    func start(from copy: LibraryCopy?) {
        diskOrder.withLock { self.copy = copy }
    }

    func save(_ edit: LibraryEdit, sequence: Int) {
        let start = lock.withLock {
            queued.append((sequence, edit))
            guard !running else { return false }
            running = true
            return true
        }
        if start { DispatchQueue.global(qos: .userInitiated).async { self.drain() } }
    }

    /// Saves batches until the queue is empty or a save fails (then retries later).
    private func drain() {
        while true {
            let batch: [(sequence: Int, edit: LibraryEdit)] = lock.withLock {
                if queued.isEmpty { running = false }
                return queued
            }
            guard let last = batch.last else {
                idle.broadcast()
                return
            }
            diskOrder.lock()
            do {
                let edits = batch.map(\.edit)
                let saved = try store.append(lockTimeout: Self.lockTimeout, to: &copy) { _ in edits }
                if let line = saved.sequence { ownJournalLines.insert(line) }
                lock.withLock { queued.removeFirst(batch.count) }
                report(.success(Msg.EditsSaved(journalSequence: saved.sequence, notes: saved.notes)), last.sequence)
                diskOrder.unlock()
            } catch {
                report(.failure(Failure("Edits not saved yet (\(error)); trying again")), last.sequence)
                diskOrder.unlock()
                let retry = lock.withLock {
                    running = false
                    return !stopped
                }
                idle.broadcast()
                if retry {
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.retryDelay) { [weak self] in
                        self?.retry()
                    }
                }
                return
            }
        }
    }

    private func retry() {
        let start = lock.withLock {
            guard !running, !queued.isEmpty, !stopped else { return false }
            running = true
            return true
        }
        if start { drain() }
    }

    /// Runs `body` between saves; `isOwn` tells (once) whether a journal line was written by
    /// this saver, and `forgetOwn` drops what it remembers (the journal was started afresh).
    func inDiskOrder<T>(_ body: (_ isOwn: (Int) -> Bool, _ forgetOwn: () -> Void) -> T) -> T {
        diskOrder.withLock {
            body({ self.ownJournalLines.remove($0) != nil }, { self.ownJournalLines.removeAll() })
        }
    }

    /// Waits for the queue to be saved, trying again and again until `timeout` (a save that
    /// fails meanwhile, the lock held by another writer for a while, is not the end of the
    /// wait); returns the number of edits still not saved.
    func waitUntilSaved(timeout: Double = 15) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            retry()
            idle.lock()
            while lock.withLock({ running }) && Date() < deadline { _ = idle.wait(until: Date().addingTimeInterval(0.05)) }
            idle.unlock()
            let left = lock.withLock { queued.count }
            guard left > 0, Date() < deadline else { return left }
            // The last try failed: a short pause (a full disk or a damaged journal fails at once).
            idle.lock()
            _ = idle.wait(until: min(deadline, Date().addingTimeInterval(0.2)))
            idle.unlock()
        }
    }

    /// Saves what is queued and stops retrying (the browser is quitting); returns the number of
    /// edits that could not be saved.
    func finish(timeout: Double = 15) -> Int {
        let left = waitUntilSaved(timeout: timeout)
        lock.withLock { stopped = true }
        return left
    }
}
