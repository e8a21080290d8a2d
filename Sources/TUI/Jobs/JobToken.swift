import Library

/// What a running job holds to learn that it should stop: checked between steps
/// (`isCancelled`), or heard at once through ``onCancel(_:)`` by work that has a cancel flag of
/// its own (a download's `ImportCancellation`). Cancelling only asks: the job decides where it
/// can stop, and what it has already made may still be delivered.
final class JobToken: Sendable {
    /// Why a job was cancelled.
    enum Reason: Sendable, Equatable {
        /// Not wanted any more, or a newer job with the same key came.
        case stale
        /// The scheduler is shutting down: the program is ending.
        case shutdown
    }

    private struct State {
        var reason: Reason?
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    init() {}

    var isCancelled: Bool { state.withLock { $0.reason != nil } }

    /// True once the scheduler shuts down: even work that outlives a stale cancel (saving a
    /// download that finished) stops then.
    var isShutDown: Bool { state.withLock { $0.reason == .shutdown } }

    /// Runs `handler` once, on the cancelling thread, when the job is cancelled; at once when it
    /// already is.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            if state.reason != nil { return true }
            state.handlers.append(handler)
            return false
        }
        if already { handler() }
    }

    /// Cancels for `reason` (a shutdown overrides a stale cancel) and runs the handlers the
    /// first time.
    func cancel(_ reason: Reason) {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard state.reason != .shutdown else { return [] }
            state.reason = reason
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers.forEach { $0() }
    }
}
