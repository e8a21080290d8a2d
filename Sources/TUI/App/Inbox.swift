import Library

/// Messages posted by worker threads for the UI loop to pick up.
///
/// Every ``post(_:)`` also writes a byte to ``wake``, which the loop polls beside the terminal
/// input: a finished preview, folder listing or import step wakes the loop at once, and with
/// nothing to do the loop sleeps in `poll(2)` without a timeout.
final class Inbox: Sendable {
    private struct State {
        var messages: [Msg] = []
        var stopRequested = false
    }

    private let state = Locked(State())
    /// Written by ``post(_:)`` and ``stop()``; polled and emptied by the loop.
    let wake = WakePipe()

    func post(_ msg: Msg) {
        state.withLock { $0.messages.append(msg) }
        wake.wake()
    }

    /// Asks the loop to end (as if the user had quit) and wakes it.
    func stop() {
        state.withLock { $0.stopRequested = true }
        wake.wake()
    }

    /// True once ``stop()`` was called.
    var isStopped: Bool { state.withLock { $0.stopRequested } }

    /// Everything posted since the last drain, in order. Empties the wake pipe first, so a
    /// message posted while this runs either is returned now or leaves a byte that wakes the
    /// loop again.
    func drain() -> [Msg] {
        wake.drain()
        return state.withLock { state in
            defer { state.messages.removeAll(keepingCapacity: true) }
            return state.messages
        }
    }
}
