import Foundation

/// A value reached only under a lock: the one locked box for state shared between threads, in
/// place of a class of hand-kept `NSLock`s (the same shape as `Synchronization.Mutex`). A type
/// holding its shared state in one is `Sendable` without `@unchecked`. A thread may also wait
/// for the value to reach some state (`wait(until:for:)`): changes under `withLock` wake it.
///
/// Not `Mutex` itself: on Linux its futex lock lives in the standard library, out of
/// ThreadSanitizer's sight, so `make check-tsan` reports every access under it as a race
/// (Swift 6.3.1: two threads adding to a `Mutex<[Int: Int]>` are reported; with this box they
/// are not). `NSCondition` is a pthread mutex and condition, which ThreadSanitizer follows.
/// When that changes, this type becomes a `typealias` for `Mutex` (and waiting moves elsewhere).
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: this is the lock itself; every access to `value` is under `condition`.
    private let condition = NSCondition()
    private var value: Value
    /// Threads in `wait(until:for:)` (under the lock): changes wake them only when there are some.
    private var waiters = 0

    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; keep it short, and call nothing that might
    /// take the same lock. Threads waiting for the value look at it again afterwards.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            if waiters > 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits, with the lock let go meanwhile, until `isReached` holds for the value or
    /// `deadline` passes (a signal to wait on, never a sleep: every `withLock` wakes the wait to
    /// look again). True when it holds.
    @discardableResult
    public func wait(until deadline: Date, for isReached: (Value) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        waiters += 1
        defer { waiters -= 1 }
        while !isReached(value) {
            if !condition.wait(until: deadline) { return isReached(value) }
        }
        return true
    }
}
