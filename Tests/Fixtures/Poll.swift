import Foundation

/// The one poll of the test targets, for state no signal announces (a file another process
/// writes, a descriptor a worker closes, a screen): looks until it is there or the time is up.
/// Never a sleep that hopes: a test either waits on a signal or polls here with a deadline.
public enum Poll {
    /// The usual pause between two looks, in seconds.
    public static let interval = 0.02

    /// Looks at `check` every `interval` seconds until it says true or `timeout` seconds pass;
    /// true when it did.
    @discardableResult
    public static func until(timeout: Double, every interval: Double = Poll.interval, _ check: () throws -> Bool) rethrows -> Bool {
        try value(timeout: timeout, every: interval) { try check() ? true : nil } ?? false
    }

    /// Asks `produce` every `interval` seconds until it gives a value or `timeout` seconds pass;
    /// that value, or nil.
    public static func value<T>(timeout: Double, every interval: Double = Poll.interval, _ produce: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try produce() { return value }
            if Date() >= deadline { return nil }
            usleep(useconds_t(interval * 1_000_000))
        }
    }
}
