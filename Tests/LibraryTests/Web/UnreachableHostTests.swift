import Foundation
import Fixtures
import Testing
@testable import Library

/// A server that is down costs one round of retries, not one per photo.
@Suite struct UnreachableHostTests {
    @Test func aHostThatRefusedIsNotTriedAgainForAWhile() throws {
        let fetcher = CurlFetcher(options: .init(userAgent: "photory-tui/test", retries: 2, backoff: 0.01))
        let port = LocalPort.free()
        let first = URL(string: "http://127.0.0.1:\(port)/a.jpg")!
        #expect {
            try fetcher.fetch(WebRequest(url: first, kind: .image))
        } throws: { error in
            guard case let .network(url, reason)? = error as? WebError else { return false }
            return url == first.absoluteString && !reason.contains("not tried again")
        }
        // Another photo on the same host fails at once, naming its own URL and why.
        let second = URL(string: "http://127.0.0.1:\(port)/b.jpg")!
        #expect {
            try fetcher.fetch(WebRequest(url: second, kind: .image))
        } throws: { error in
            guard case let .network(url, reason)? = error as? WebError else { return false }
            return url == second.absoluteString && reason.contains("not tried again for ")
        }
    }

    /// A server that takes the connection but never answers: after the connect timeout and
    /// its retries, the host's other requests fail at once too.
    @Test func aHostThatNeverAnswersIsNotTriedAgainForAWhile() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let port = LocalPort.bind(fd)
        #expect(listen(fd, 16) == 0)   // the kernel accepts connections; nobody answers them
        let fetcher = CurlFetcher(options: .init(userAgent: "photory-tui/test", connectTimeout: 0.3,
                                                       retries: 1, backoff: 0.01))
        #expect {
            try fetcher.fetch(WebRequest(url: URL(string: "http://127.0.0.1:\(port)/a.jpg")!, kind: .image))
        } throws: { error in
            if case .timedOut? = error as? WebError { true } else { false }
        }
        #expect {
            try fetcher.fetch(WebRequest(url: URL(string: "http://127.0.0.1:\(port)/b.jpg")!, kind: .image))
        } throws: { error in
            guard case let .network(_, reason)? = error as? WebError else { return false }
            return reason.hasPrefix("timed out") && reason.contains("not tried again")
        }
    }
}
