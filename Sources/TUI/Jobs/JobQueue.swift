import Dispatch
import Foundation
import Library

/// Keyed jobs run on a few threads of the queue's own, latest wins: made by
/// ``JobScheduler/queue(_:workers:keyedBy:)`` (see there for how to use one).
///
/// - ``want(_:)`` replaces everything with the jobs wanted now, most wanted first: queued jobs
///   not wanted any more never start, running ones not wanted are cancelled, a wanted job whose
///   key is already running is not started twice.
/// - ``submit(_:)`` adds one job and leaves the others: it replaces a queued job with its key
///   and cancels a running one.
/// - At most one job per key runs: a job whose key is still running (cancelled, winding down)
///   waits for it to end.
///
/// Threads, not `Task`s: the work blocks (decoding, downloads, saves under the library lock)
/// and would starve Swift's cooperative pool. They start with the first job and end at
/// ``shutdown()``; idle ones sleep on a semaphore.
final class JobQueue<Key: Hashable & Sendable>: Sendable {
    private struct Running {
        let token: JobToken
        var isCancelled = false
    }

    private struct State {
        /// Waiting, the first one next; one a key.
        var queued: [Job<Key>] = []
        var running: [Key: Running] = [:]
        var threadsStarted = false
        /// Workers waiting on `wake` that no one has signalled yet.
        var idleWorkers = 0
        var isShutDown = false
        /// Run once nothing is queued or running.
        var idleHandlers: [@Sendable () -> Void] = []

        var isIdle: Bool { queued.isEmpty && running.isEmpty }

        /// Marks the job running under `key` cancelled; returns its token to cancel once the
        /// lock is let go (cancel handlers may do anything).
        mutating func cancelRunning(_ key: Key) -> JobToken? {
            guard let job = running[key], !job.isCancelled else { return nil }
            running[key]?.isCancelled = true
            return job.token
        }

        /// How many idle workers to wake for the jobs queued that can start now, besides the
        /// ones the calling worker takes itself; they count as woken.
        /// After a shutdown, all idle workers wake, to end.
        mutating func workersToWake(besides taken: Int = 0) -> Int {
            guard !isShutDown else {
                defer { idleWorkers = 0 }
                return idleWorkers
            }
            let startable = queued.count { running[$0.key] == nil }
            let count = min(idleWorkers, max(0, startable - taken))
            idleWorkers -= count
            return count
        }
    }

    let name: String
    let workers: Int
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)

    init(name: String, workers: Int) {
        self.name = name
        self.workers = max(1, workers)
    }

    /// Replaces the queue with `jobs`, most wanted first (a key given twice counts once).
    /// Returns the keys of the jobs that will not end as asked: those queued and dropped, and
    /// those running and cancelled. Jobs wanted after ``shutdown()`` never run.
    @discardableResult
    func want(_ jobs: [Job<Key>]) -> [Key] {
        let wanted = Set(jobs.map(\.key))
        return change { state in
            guard !state.isShutDown else { return ([], []) }
            var dropped = state.queued.map(\.key).filter { !wanted.contains($0) }
            var cancelled: [JobToken] = []
            for key in state.running.keys where !wanted.contains(key) {
                if let token = state.cancelRunning(key) {
                    cancelled.append(token)
                    dropped.append(key)
                }
            }
            var seen: Set<Key> = []
            state.queued = jobs.filter { job in
                // Running and still wanted: it goes on; running and cancelled: this one follows it.
                guard seen.insert(job.key).inserted else { return false }
                return state.running[job.key].map(\.isCancelled) ?? true
            }
            return (cancelled, dropped)
        }
    }

    /// Adds `job`, leaving the other keys' jobs as they are: a job queued with its key is
    /// replaced (in its place in the line), one running with its key is cancelled and `job`
    /// starts when it has ended.
    func submit(_ job: Job<Key>) {
        change { state in
            guard !state.isShutDown else { return ([], ()) }
            if let index = state.queued.firstIndex(where: { $0.key == job.key }) {
                state.queued[index] = job
            } else {
                state.queued.append(job)
            }
            return (state.cancelRunning(job.key).map { [$0] } ?? [], ())
        }
    }

    /// Drops the job queued with `key` and cancels the one running.
    func cancel(_ key: Key) {
        change { state in
            state.queued.removeAll { $0.key == key }
            return (state.cancelRunning(key).map { [$0] } ?? [], ())
        }
    }

    /// True while a job is queued or running.
    var isBusy: Bool { state.withLock { !$0.isIdle } }

    /// Runs `action` once nothing is queued or running (at once when that is so now): the signal
    /// to wait on for "nothing more will happen".
    func whenIdle(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if state.isIdle { return true }
            state.idleHandlers.append(action)
            return false
        }
        if now { action() }
    }

    /// Drops what is queued, cancels what runs (`JobToken.isShutDown`), and lets the threads end
    /// once their jobs return. Jobs given afterwards never run.
    func shutdown() {
        change(.shutdown) { state in
            state.isShutDown = true
            state.queued = []
            // Jobs cancelled as stale before hear it too: now they stop saving as well.
            for key in state.running.keys { state.running[key]?.isCancelled = true }
            return (state.running.values.map(\.token), ())
        }
    }

    /// Changes the state under the lock with `body`, which returns the tokens it cancelled;
    /// then, with the lock let go, cancels them for `reason`, wakes the workers that have jobs
    /// to start (or, after a shutdown, to end), and runs the idle handlers when all is done.
    @discardableResult
    private func change<Result: Sendable>(_ reason: JobToken.Reason = .stale,
                                          _ body: (inout State) -> (cancelled: [JobToken], result: Result)) -> Result {
        let (cancelled, result, wakeCount, idle) = state.withLock { state in
            let (cancelled, result) = body(&state)
            return (cancelled, result, startOrWakeWorkers(&state), Self.takeIdleHandlers(&state))
        }
        cancelled.forEach { $0.cancel(reason) }
        for _ in 0..<wakeCount { wake.signal() }
        idle.forEach { $0() }
        return result
    }

    // MARK: - Workers

    private enum Step {
        case run(Job<Key>, JobToken)
        case wait
        case end
    }

    /// Starts the worker threads with the first job (they find it themselves), or tells how
    /// many idle ones to wake; holds the lock.
    private func startOrWakeWorkers(_ state: inout State) -> Int {
        guard !state.threadsStarted else { return state.workersToWake() }
        guard !state.queued.isEmpty else { return 0 }
        state.threadsStarted = true
        for index in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
        return 0
    }

    private func work() {
        while true {
            let step = state.withLock { state -> Step in
                if state.isShutDown { return .end }
                guard let index = state.queued.firstIndex(where: { state.running[$0.key] == nil }) else {
                    state.idleWorkers += 1
                    return .wait
                }
                let job = state.queued.remove(at: index)
                let token = JobToken()
                state.running[job.key] = Running(token: token)
                return .run(job, token)
            }
            switch step {
            case .end:
                return
            case .wait:
                wake.wait()
            case let .run(job, token):
                job.run(token)
                let (wakeCount, idle) = state.withLock { state in
                    state.running[job.key] = nil
                    // The job waiting for this key may start now: this worker takes the first
                    // job that can start, idle ones wake for any more.
                    return (state.workersToWake(besides: 1), Self.takeIdleHandlers(&state))
                }
                for _ in 0..<wakeCount { wake.signal() }
                idle.forEach { $0() }
            }
        }
    }

    /// The idle handlers when nothing is queued or running (they are taken); holds the lock.
    private static func takeIdleHandlers(_ state: inout State) -> [@Sendable () -> Void] {
        guard state.isIdle, !state.idleHandlers.isEmpty else { return [] }
        defer { state.idleHandlers = [] }
        return state.idleHandlers
    }
}
