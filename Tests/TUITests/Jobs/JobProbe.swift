import Dispatch
import Library
@testable import TUI

/// What background jobs did, in order, for tests to wait on: every `record` is a signal, and
/// `wait(until:)` wakes on each one to look again, up to a deadline (it never sleeps to see).
/// Also gates to hold a job where a test wants it.
final class JobProbe: Sendable {
    private let events = Locked<[String]>([])
    private let changed = DispatchSemaphore(value: 0)

    func record(_ event: String) {
        events.withLock { $0.append(event) }
        changed.signal()
    }

    var recorded: [String] { events.withLock { $0 } }

    /// Waits until `condition` holds for what was recorded; false when 30 s passed first.
    @discardableResult
    func wait(until condition: ([String]) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + 30
        while !condition(recorded) {
            if changed.wait(timeout: deadline) == .timedOut { return condition(recorded) }
        }
        return true
    }

    /// Waits until `event` was recorded.
    @discardableResult
    func wait(for event: String) -> Bool { wait { $0.contains(event) } }

    /// Waits until `queue` has nothing queued or running: after it, nothing more will be recorded
    /// by its jobs, so what was not recorded did not happen.
    @discardableResult
    func waitUntilIdle<Key>(_ queue: JobQueue<Key>) -> Bool {
        let idle = DispatchSemaphore(value: 0)
        queue.whenIdle { idle.signal() }
        return idle.wait(timeout: .now() + 30) == .success
    }

    /// Blocks the calling job until its token is cancelled (the signal comes through
    /// `onCancel`, as it does for a download); false after 30 s.
    @discardableResult
    static func waitForCancel(_ token: JobToken) -> Bool {
        let cancelled = DispatchSemaphore(value: 0)
        token.onCancel { cancelled.signal() }
        return cancelled.wait(timeout: .now() + 30) == .success
    }
}
