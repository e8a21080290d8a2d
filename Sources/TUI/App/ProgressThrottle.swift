import Foundation
import Library

/// Lets through at most ~30 progress updates a second (and every phase change).
final class ProgressThrottle: @unchecked Sendable {
    private let lock = NSLock()
    private var last: TimeInterval = 0
    private var phase: ImportProgress.Phase?

    /// True at most every 33 ms.
    func isDue() -> Bool {
        lock.withLock { admit(force: false) }
    }

    /// True at most every 33 ms, and always for a new phase or the last file.
    func shouldPost(_ progress: ImportProgress) -> Bool {
        lock.withLock {
            let newPhase = progress.phase != phase
            phase = progress.phase
            return admit(force: newPhase || progress.done == progress.total)
        }
    }

    /// Whether an update goes through now (always when `force`); holds `lock`.
    private func admit(force: Bool) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        guard force || now - last >= 0.033 else { return false }
        last = now
        return true
    }
}
