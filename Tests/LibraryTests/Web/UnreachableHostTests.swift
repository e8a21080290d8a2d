import Foundation
import Testing
@testable import Library

/// A server that is down costs one round of retries, not one per photo.
@Suite struct UnreachableHostTests {
    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    static func deadPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return bound(fd)
    }

    /// Binds `fd` to a free port on 127.0.0.1 and returns the port.
    static func bound(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func aHostThatRefusedIsNotTriedAgainForAWhile() throws {
        let fetcher = CurlFetcher(options: .init(userAgent: "photory-tui/test", retries: 2, backoff: 0.01))
        let port = Self.deadPort()
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
        let port = Self.bound(fd)
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
