import Dispatch
import Testing
@testable import TUI

/// The job scheduler: latest wins per key, stale work cancelled (a running job hears it, a
/// queued one never starts), the wanted order kept, every completion delivered, one shutdown.
/// Every wait is on a signal (`JobProbe`), never a sleep.
@Suite struct JobSchedulerTests {
    /// A job that records its start and its end, holding at `gate` in between when given one.
    static func job(_ key: String, _ probe: JobProbe, name: String? = nil, gate: DispatchSemaphore? = nil) -> Job<String> {
        let name = name ?? key
        return Job(key: key) { token in
            probe.record("start \(name)")
            _ = gate?.wait(timeout: .now() + 30)
            probe.record(token.isCancelled ? "cancelled \(name)" : "end \(name)")
        }
    }

    @Test func aNewerJobWithTheSameKeyWinsAndWaitsForTheRunningOneToStop() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let queue = scheduler.queue("test", workers: 2, keyedBy: String.self)
        let probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        queue.submit(Self.job("k", probe, name: "v1", gate: gate))
        #expect(probe.wait(for: "start v1"))
        queue.submit(Self.job("k", probe, name: "v2"))
        queue.submit(Self.job("k", probe, name: "v3"))     // replaces v2 before it started
        queue.submit(Self.job("other", probe))        // another key is left alone
        gate.signal()
        #expect(probe.waitUntilIdle(queue))
        let events = probe.recorded
        #expect(events.filter { $0.hasSuffix("v1") || $0.hasSuffix("v3") } == ["start v1", "cancelled v1", "start v3", "end v3"],
                "v1 was told to stop, and v3 started only after it had")
        #expect(!events.contains { $0.hasSuffix("v2") }, "v2 never ran")
        #expect(events.contains("end other"))
    }

    @Test func cancellationReachesARunningJob() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let queue = scheduler.queue("test", workers: 1, keyedBy: String.self)
        let probe = JobProbe()
        queue.want([Job(key: "a") { token in
            probe.record("start a")
            probe.record(JobProbe.waitForCancel(token) ? "stopped a" : "never told")
        }])
        #expect(probe.wait(for: "start a"))
        #expect(queue.want([]) == ["a"], "the running job is reported as not ending as asked")
        #expect(probe.wait(for: "stopped a"))
        #expect(probe.waitUntilIdle(queue))
    }

    @Test func aQueuedJobNoLongerWantedNeverStartsAndTheWantedOrderIsKept() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let queue = scheduler.queue("test", workers: 1, keyedBy: String.self)
        let probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        queue.want([Self.job("a", probe, gate: gate), Self.job("b", probe), Self.job("c", probe)])
        #expect(probe.wait(for: "start a"))
        // The user scrolled: b and c are stale; a is still wanted, so it goes on (not twice).
        let dropped = queue.want([Self.job("z", probe), Self.job("a", probe), Self.job("y", probe), Self.job("z", probe)])
        #expect(dropped == ["b", "c"])
        gate.signal()
        #expect(probe.waitUntilIdle(queue))
        #expect(probe.recorded == ["start a", "end a", "start z", "end z", "start y", "end y"])
    }

    @Test func aKeyWantedAgainWhileItsCancelledJobRunsStartsAfterIt() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let queue = scheduler.queue("test", workers: 2, keyedBy: String.self)
        let probe = JobProbe(), gate = DispatchSemaphore(value: 0)
        queue.want([Self.job("a", probe, name: "a1", gate: gate)])
        #expect(probe.wait(for: "start a1"))
        #expect(queue.want([]) == ["a"])
        // Scrolled back: the free worker, woken for b, does not start a2 yet.
        queue.want([Self.job("a", probe, name: "a2"), Self.job("b", probe)])
        #expect(probe.wait(for: "end b"))
        gate.signal()
        #expect(probe.waitUntilIdle(queue))
        #expect(probe.recorded.filter { $0.hasSuffix(" a1") || $0.hasSuffix(" a2") }
                    == ["start a1", "cancelled a1", "start a2", "end a2"])
    }

    /// Four threads hand over jobs at once; each key's last job runs to its end, and no key's
    /// jobs run out of order.
    @Test func everyKeysLastJobCompletesUnderConcurrentSubmits() {
        let scheduler = JobScheduler()
        defer { scheduler.shutdown() }
        let queue = scheduler.queue("test", workers: 3, keyedBy: String.self)
        let probe = JobProbe()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<50 {
                for key in 0..<5 {
                    let name = "t\(thread)k\(key)"
                    queue.submit(Job(key: name) { _ in probe.record("\(name) \(round)") })
                }
            }
        }
        #expect(probe.waitUntilIdle(queue))
        let events = probe.recorded
        for thread in 0..<4 {
            for key in 0..<5 {
                let rounds = events.filter { $0.hasPrefix("t\(thread)k\(key) ") }.map { Int($0.split(separator: " ")[1])! }
                #expect(rounds.last == 49, "t\(thread)k\(key): the last job ran")
                #expect(rounds == rounds.sorted(), "t\(thread)k\(key): never an older job after a newer one")
            }
        }
    }

    @Test func shutdownCancelsWhatRunsDropsWhatWaitsAndStopsEveryQueue() {
        let scheduler = JobScheduler()
        let first = scheduler.queue("first", workers: 1, keyedBy: String.self)
        let second = scheduler.queue("second", workers: 1, keyedBy: Int.self)
        let probe = JobProbe()
        first.want([Job(key: "a") { token in
            probe.record("start a")
            JobProbe.waitForCancel(token)
            probe.record(token.isShutDown ? "shut down a" : "stale a")
        }, Self.job("b", probe)])
        #expect(probe.wait(for: "start a"))
        scheduler.shutdown()
        #expect(probe.wait(for: "shut down a"))
        #expect(probe.waitUntilIdle(first))
        // Nothing given afterwards runs, on any queue, nor on a queue made afterwards.
        first.submit(Self.job("c", probe))
        second.want([Job(key: 1) { _ in probe.record("start 1") }])
        scheduler.queue("late", workers: 1, keyedBy: String.self).submit(Self.job("d", probe))
        #expect(probe.waitUntilIdle(second))
        #expect(probe.recorded == ["start a", "shut down a"])
        #expect(!first.isBusy && !second.isBusy)
    }

    @Test func aStaleCancelThenAShutdownReachesTheJobOnceAndSaysShutDown() {
        let token = JobToken()
        let probe = JobProbe()
        token.onCancel { probe.record("heard") }
        token.cancel(.stale)
        #expect(token.isCancelled && !token.isShutDown)
        token.cancel(.shutdown)
        #expect(token.isShutDown)
        token.onCancel { probe.record("late") }       // already cancelled: at once
        #expect(probe.recorded == ["heard", "late"])
    }
}
