import Foundation

/// A value reached only under a lock: the one locked box behind the scheduler's types, in place
/// of a class of hand-kept `NSLock`s for each (the same shape as `Synchronization.Mutex`).
///
/// Not `Mutex` itself: on Linux its futex lock lives in the standard library, out of
/// ThreadSanitizer's sight, so `make check-tsan` reports every access under it as a race
/// (Swift 6.3.1: two threads adding to a `Mutex<[Int: Int]>` are reported; with this box they
/// are not). `NSLock` is a pthread mutex, which ThreadSanitizer follows. When that changes,
/// this type becomes a `typealias` for `Mutex`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; keep it short, and call nothing that might
    /// take the same lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
