import Foundation
import Library

/// Saves the browser's edits in the background, in order, one batch at a time: whatever was
/// queued while a save ran goes into the next one. A save that fails (the library locked by
/// an import in another process, a full disk) keeps its edits queued and tries again every
/// couple of seconds, and once more when the browser quits.
final class EditSaver: @unchecked Sendable {
    /// What a save did: the library as written (with everything up to `throughSequence`), or why it failed.
    typealias Report = (_ result: Result<PhotoLibrary, Failure>, _ throughSequence: Int) -> Void

    private let editor: LibraryEditor
    private let report: Report
    private let lock = NSLock()
    private let idle = NSCondition()
    private var queued: [(sequence: Int, edit: LibraryEdit)] = []
    private var running = false
    private var stopped = false
    static let retryDelay = 2.0

    init(store: LibraryStore, report: @escaping Report) {
        editor = LibraryEditor(store: store, lockTimeout: 2)
        self.report = report
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
            do {
                let saved = try editor.save(batch.map(\.edit))
                lock.withLock { queued.removeFirst(batch.count) }
                report(.success(saved.library), last.sequence)
            } catch {
                report(.failure(Failure("Edits not saved yet (\(error)); trying again")), last.sequence)
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

    /// Waits for the queue to be saved (trying at once if the last try failed); returns the
    /// number of edits still not saved.
    func waitUntilSaved(timeout: Double = 15) -> Int {
        retry()
        let deadline = Date().addingTimeInterval(timeout)
        idle.lock()
        while lock.withLock({ running }) && Date() < deadline { _ = idle.wait(until: Date().addingTimeInterval(0.05)) }
        idle.unlock()
        return lock.withLock { queued.count }
    }

    /// Saves what is queued and stops retrying (the browser is quitting); returns the number of
    /// edits that could not be saved.
    func finish(timeout: Double = 15) -> Int {
        let left = waitUntilSaved(timeout: timeout)
        lock.withLock { stopped = true }
        return left
    }
}
