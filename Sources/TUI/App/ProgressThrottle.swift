import Foundation
import Library

/// Lets through at most ~30 progress updates a second (and every phase change).
final class ProgressThrottle: Sendable {
    private struct State {
        var last: TimeInterval = 0
        var phase: ImportProgress.Phase?

        /// Whether an update goes through now (always when `force`).
        mutating func admit(force: Bool) -> Bool {
            let now = ProcessInfo.processInfo.systemUptime
            guard force || now - last >= 0.033 else { return false }
            last = now
            return true
        }
    }

    private let state = Locked(State())

    /// True at most every 33 ms.
    func isDue() -> Bool {
        state.withLock { $0.admit(force: false) }
    }

    /// True at most every 33 ms, and always for a new phase or the last file.
    func shouldPost(_ progress: ImportProgress) -> Bool {
        state.withLock { state in
            let newPhase = progress.phase != state.phase
            state.phase = progress.phase
            return state.admit(force: newPhase || progress.done == progress.total)
        }
    }
}
