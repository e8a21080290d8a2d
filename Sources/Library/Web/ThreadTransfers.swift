import CCurl
import Foundation

/// One libcurl multi handle per thread, kept for the thread's life: its connection cache is
/// what lets `CurlFetcher`'s next request to a host reuse a kept-alive connection. Only its own
/// thread ever touches it (a multi handle is not thread-safe); it is cleaned up with the thread.
final class ThreadTransfers {
    private static let key = "photory.curl.multi"
    let multi: UnsafeMutableRawPointer

    private init?() {
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
    }

    deinit { curl_multi_cleanup(multi) }

    /// This thread's multi handle, made on its first request.
    static func current() -> UnsafeMutableRawPointer? {
        let thread = Thread.current
        if let kept = thread.threadDictionary[key] as? ThreadTransfers { return kept.multi }
        guard let made = ThreadTransfers() else { return nil }
        thread.threadDictionary[key] = made
        return made.multi
    }
}
