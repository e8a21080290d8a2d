import Foundation
import Library

/// Lets through at most ~30 progress updates a second (and every phase change).
final class ProgressThrottle: @unchecked Sendable {
    private let lock = NSLock()
    private var last: TimeInterval = 0
    private var phase: ImportProgress.Phase?

    /// True at most every 33 ms.
    func isDue() -> Bool {
        lock.withLock {
            let now = ProcessInfo.processInfo.systemUptime
            guard now - last >= 0.033 else { return false }
            last = now
            return true
        }
    }

    func shouldPost(_ progress: ImportProgress) -> Bool {
        lock.withLock {
            let now = ProcessInfo.processInfo.systemUptime
            guard progress.phase != phase || now - last >= 0.033 || progress.done == progress.total else { return false }
            phase = progress.phase
            last = now
            return true
        }
    }
}
