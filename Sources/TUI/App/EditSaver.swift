import Foundation
import Library

/// Saves the browser's edits in the background, in order, one batch at a time: whatever was
/// queued while a save ran goes into the next one. A save that fails (the library locked by
/// an import in another process, a full disk, a PostgreSQL server stopped or out of reach)
/// keeps its edits queued, says "Not saved: N edits, trying again — why" (the browser keeps
/// saying it until a save succeeds), tries again every couple of seconds, and once more when
/// the browser quits.
///
/// A save answers "saved through sequence n" (and the journal line it wrote), never a whole
/// library: the browser already shows its edits. Saves and the `JournalFollower`'s reads run
/// one at a time (`inDiskOrder`), so the browser hears of the disk's changes in their order and
/// knows which journal lines are its own.
///
/// The saver keeps its own copy of the library as on disk (`LibraryCopy`, sharing the browser's
/// until a save changes it): a save reads only what other writers appended since its last one,
/// under the lock, and the whole library only after another writer's compaction. A store that
/// commits by the photos named (`LibraryPaging`, PostgreSQL) needs no copy: a save reads only
/// the photos its edits change.
final class EditSaver: Sendable {
    /// What a save did (everything up to `throughSequence` is saved), or why it failed.
    typealias Report = @Sendable (_ result: Result<Msg.EditsSaved, Failure>, _ throughSequence: Int) -> Void

    /// The queue: what waits to be saved, and whether a save runs.
    private struct Queue {
        var queued: [(sequence: Int, edit: LibraryEdit)] = []
        var running = false
        /// The browser quit: no more retries.
        var stopped = false
        /// Why the last save failed; nil after one succeeded.
        var lastFailure: String?
        /// The number of the save running (nil: none), and of the last one started.
        var saving: Int?
        var saves = 0
    }

    /// What the disk holds as far as this saver knows; held across a save and its report, and
    /// across a follower's read and its report (`inDiskOrder`), so they run one at a time.
    private struct Disk {
        /// The library as on disk after the last save; nil: read it whole.
        var copy: LibraryCopy?
        /// Journal lines this browser wrote that the follower has not passed yet.
        var ownJournalLines: Set<Int> = []
    }

    private let store: any LibraryStoring
    private let report: Report
    private let queue = Locked(Queue())
    private let disk = Locked(Disk())
    /// How long a save waits for the library's lock before it fails (and is tried again).
    let lockTimeout: Double
    /// The pause before a failed save is tried again.
    let retryDelay: Double
    /// How long a save runs before the browser is told it is not saved yet (a PostgreSQL
    /// server that hangs, or a network that dropped without a word, answers only after a
    /// connection's timeouts).
    let slowAfter: Double

    init(store: any LibraryStoring, lockTimeout: Double = 2, retryDelay: Double = 2, slowAfter: Double = 3,
         report: @escaping Report) {
        self.store = store
        self.lockTimeout = lockTimeout
        self.retryDelay = retryDelay
        self.slowAfter = slowAfter
        self.report = report
    }

    /// Starts from the library the browser loaded (where its load stopped in the journal).
    func start(from copy: LibraryCopy?) {
        disk.withLock { $0.copy = copy }
    }

    func save(_ edit: LibraryEdit, sequence: Int) {
        let start = queue.withLock { queue in
            queue.queued.append((sequence, edit))
            guard !queue.running else { return false }
            queue.running = true
            return true
        }
        if start { DispatchQueue.global(qos: .userInitiated).async { self.drain() } }
    }

    /// Saves batches until the queue is empty or a save fails (then retries later).
    private func drain() {
        while true {
            let batch = queue.withLock { queue in
                if queue.queued.isEmpty { queue.running = false }
                return queue.queued
            }
            guard let last = batch.last else { return }
            let edits = batch.map(\.edit)
            let number = queue.withLock { queue in
                queue.saves += 1
                queue.saving = queue.saves
                return queue.saves
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + slowAfter) { [weak self] in
                self?.sayNotSavedYet(save: number, edits: batch.count, through: last.sequence)
            }
            // Under the disk lock for the whole save and its report: the follower's reads wait.
            let saved = disk.withLock { disk -> Bool in
                do {
                    let saved = try saveBatch(edits, copy: &disk.copy)
                    if let line = saved.sequence { disk.ownJournalLines.insert(line) }
                    queue.withLock { queue in
                        queue.queued.removeFirst(batch.count)
                        queue.lastFailure = nil
                        queue.saving = nil
                    }
                    report(.success(Msg.EditsSaved(journalSequence: saved.sequence, notes: saved.notes)), last.sequence)
                    return true
                } catch {
                    let waiting = queue.withLock { queue in
                        queue.lastFailure = "\(error)"
                        queue.saving = nil
                        return queue.queued.count
                    }
                    report(.failure(Failure("Not saved: \(Counted.text(waiting, "edit")), trying again — \(error)")), last.sequence)
                    return false
                }
            }
            guard !saved else { continue }
            let retry = queue.withLock { queue in
                queue.running = false
                return !queue.stopped
            }
            if retry {
                DispatchQueue.global().asyncAfter(deadline: .now() + retryDelay) { [weak self] in self?.retry() }
            }
            return
        }
    }

    /// One batch: on a store that commits by the photos an edit names (`LibraryPaging`:
    /// PostgreSQL), only those photos are read (a million photos cost what ten do; no copy is
    /// kept); otherwise appended with the copy caught up from the log.
    private func saveBatch(_ edits: [LibraryEdit], copy: inout LibraryCopy?) throws(LibraryStoreError) -> SavedEdits {
        guard let paging = store as? any LibraryPaging else {
            return try store.append(lockTimeout: lockTimeout, to: &copy) { _ in edits }
        }
        copy = nil
        return try paging.commit(photoIDs: [], lockTimeout: lockTimeout) { _ in edits }
    }

    private func retry() {
        let start = queue.withLock { queue in
            guard !queue.running, !queue.queued.isEmpty, !queue.stopped else { return false }
            queue.running = true
            return true
        }
        if start { drain() }
    }

    /// Why the last save failed, while edits wait (for the message when the browser quits).
    var lastFailure: String? { queue.withLock { $0.lastFailure } }

    /// Says that save `number` has not finished after `slowAfter` seconds, if it still runs
    /// (said under the queue's lock, so never after the save's own report).
    private func sayNotSavedYet(save number: Int, edits: Int, through sequence: Int) {
        queue.withLock { queue in
            guard queue.saving == number else { return }
            report(.failure(Failure("Not saved yet: \(Counted.text(edits, "edit")) — the library \(store.location) "
                + "has not answered for \(Int(slowAfter)) s; still waiting")), sequence)
        }
    }

    /// Runs `body` between saves; `isOwn` tells (once) whether a journal line was written by
    /// this saver, and `forgetOwn` drops what it remembers (the journal was started afresh).
    func inDiskOrder<T>(_ body: (_ isOwn: (Int) -> Bool, _ forgetOwn: () -> Void) -> T) -> T {
        disk.withLock { disk in
            body({ disk.ownJournalLines.remove($0) != nil }, { disk.ownJournalLines.removeAll() })
        }
    }

    /// Waits for the queue to be saved, trying again and again until `timeout` (a save that
    /// fails meanwhile, the lock held by another writer for a while, is not the end of the
    /// wait); returns the number of edits still not saved.
    func waitUntilSaved(timeout: Double = 15) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            retry()
            queue.wait(until: deadline) { !$0.running }
            let left = queue.withLock { $0.queued.count }
            guard left > 0, Date() < deadline else { return left }
            // The last try failed: a short pause before the next (a full disk or a damaged
            // journal fails at once), cut short when the retry timer saved them meanwhile.
            queue.wait(until: min(deadline, Date().addingTimeInterval(0.2))) { $0.queued.isEmpty }
        }
    }

    /// Saves what is queued and stops retrying (the browser is quitting); returns the number of
    /// edits that could not be saved.
    func finish(timeout: Double = 15) -> Int {
        let left = waitUntilSaved(timeout: timeout)
        queue.withLock { $0.stopped = true }
        return left
    }
}
