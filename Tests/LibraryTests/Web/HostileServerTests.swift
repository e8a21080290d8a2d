import Fixtures
import Foundation
import Synchronization
import Testing
@testable import Library

/// Servers that attack the client: a gzip bomb, redirects to `file://` and to another port, a
/// slow drip. Each ends its URL with a reason naming it, in bounded time and memory, and none
/// crashes the process.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct HostileServerTests {
    static func fetcher(connectTimeout: Double = 20, deadline: Double = CurlFetcher.Options.defaultDeadline,
                        minimumRate: Double = 1024, rateWindow: Double = 30) -> CurlFetcher {
        CurlFetcher(options: .init(userAgent: "photory-tui/test", connectTimeout: connectTimeout,
                                         idleTimeout: 20, retries: 2, backoff: 0.01, deadline: deadline,
                                         minimumRate: minimumRate, rateWindow: rateWindow))
    }

    @Test func aGzipBombIsRefusedAtItsHeadersAndPlainAnswersAreAskedFor() throws {
        let server = try LocalWebServer()
        let bomb = server.url("/gzip-bomb/256")
        #expect(throws: WebError.compressed(url: bomb.absoluteString, encoding: "gzip")) {
            try Self.fetcher().fetch(WebRequest(url: bomb, kind: .image))
        }
        #expect(WebError.compressed(url: "", encoding: "gzip").description
                == "the server sent it compressed (gzip) although asked not to")
        #expect(try server.acceptEncodings() == ["identity"])
        #expect(try server.hits().hits["/gzip-bomb/256"] == 1)   // not retried
    }

    @Test func aRedirectToAFileIsReportedAsSuchAndOneToAnotherPortIsFollowed() throws {
        let server = try LocalWebServer()
        let other = try LocalWebServer()
        other.serve(WebImporterTests.jpeg(1), at: "1.jpg")
        let toFile = server.url("/redir-file")
        #expect(throws: WebError.redirectRefused(url: toFile.absoluteString, target: "file:///etc/passwd")) {
            try Self.fetcher().fetch(WebRequest(url: toFile, kind: .image))
        }
        #expect(WebError.redirectRefused(url: "", target: "file:///etc/passwd").description
                == "redirected to file:///etc/passwd, which is not an http or https URL")
        #expect(try server.hits().hits["/etc/passwd"] == nil)   // not asked of the same host either
        let toPort = server.url("/redir-port/\(other.port)/files/1.jpg")
        let response = try Self.fetcher().fetch(WebRequest(url: toPort, kind: .image))
        #expect(Data(response.body) == WebImporterTests.jpeg(1))
        #expect(response.url == other.url("/files/1.jpg"))
    }

    /// The feed a crash was found with (under URLSession), fetched all at once on one fetcher,
    /// many times and with connect timeouts short enough that transfers are cut mid-redirect.
    @Test func theHostileFeedNeverCrashesAndEachURLGetsItsReason() throws {
        let server = try LocalWebServer()
        let dead = LocalPort.free()
        // 128 MiB inflated: enough to keep the delegate queue busy, and each round short.
        let paths = ["/gzip-bomb/128", "/redir-file", "/redir-port/\(dead)/x.jpg", "/redir-file",
                     "/redir-port/\(dead)/y.jpg"]
        for round in 0..<18 {
            // Every third round has time enough for every answer; the others cut them short.
            let patient = round % 3 == 0
            let fetcher = Self.fetcher(connectTimeout: patient ? 20 : 0.002 * Double(round % 5 + 1))
            let errors = Mutex<[String: WebError]>([:])
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                let url = server.url(paths[index])
                do throws(WebError) {
                    _ = try fetcher.fetch(WebRequest(url: url, kind: .image))
                    Issue.record("\(paths[index]) was fetched")
                } catch {
                    errors.withLock { $0[paths[index] + "#\(index)"] = error }
                }
            }
            let found = errors.withLock { $0 }
            #expect(found.count == paths.count)
            guard patient else { continue }
            for (key, error) in found {
                switch error {
                case .compressed: #expect(key.hasPrefix("/gzip-bomb"))
                case let .redirectRefused(_, target): #expect(key.hasPrefix("/redir-file") && target == "file:///etc/passwd")
                case .network: #expect(key.hasPrefix("/redir-port"))
                default: Issue.record("\(key): \(error)")
                }
            }
        }
    }

    @Test func aSlowDripEndsAtTheDeadlineAndIsNotRetried() throws {
        let server = try LocalWebServer()
        server.serve(WebImporterTests.jpeg(2), at: "2.jpg")
        let drip = server.url("/drip/2.jpg")
        // The drip sends a byte a second for 30 s: only the (short, injected) deadline ends it.
        #expect(throws: WebError.deadline(url: drip.absoluteString, seconds: 1.5)) {
            try Self.fetcher(deadline: 1.5, minimumRate: 0).fetch(WebRequest(url: drip, kind: .image))
        }
        #expect(WebError.deadline(url: "", seconds: 120).description == "took longer than 120 s, the limit for one URL")
        #expect(try server.hits().hits["/drip/2.jpg"] == 1)
    }

    @Test func aSlowDripBelowTheMinimumRateIsCutAndNotRetried() throws {
        let server = try LocalWebServer()
        server.serve(WebImporterTests.jpeg(3), at: "3.jpg")
        let drip = server.url("/drip/3.jpg")
        #expect(throws: WebError.tooSlow(url: drip.absoluteString, bytesPerSecond: 100, seconds: 1)) {
            try Self.fetcher(minimumRate: 100, rateWindow: 1).fetch(WebRequest(url: drip, kind: .image))
        }
        #expect(WebError.tooSlow(url: "", bytesPerSecond: 1024, seconds: 30).description
                == "too slow: less than 1 KB/s for 30 s")
        #expect(try server.hits().hits["/drip/3.jpg"] == 1)
    }

    /// Transfers stopped at the moment they complete: a photo cancelled from its progress
    /// callback at its last byte, and a page refused as not an image. URLSession's cancel trapped
    /// the whole process on this race (the task had left its registry when the cancel ran); now
    /// each ends with its body or its reason, and the process lives on.
    @Test func transfersStoppedAsTheyCompleteEndWithTheirBodyOrTheirReason() throws {
        let server = try LocalWebServer()
        let photo = WebImporterTests.jpeg(1)
        let photoURL = server.serve(photo, at: "1.jpg")
        let pageURL = server.serve(Data(String(repeating: "<html>not a photo</html>\n", count: 100).utf8), at: "page.jpg")
        let fetcher = Self.fetcher()
        let outcomes = Mutex<[String: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let cancellation = ImportCancellation()
            let outcome: String
            do throws(WebError) {
                let url = index.isMultiple(of: 2) ? photoURL : pageURL
                let response = try fetcher.fetch(WebRequest(url: url, kind: .image), cancellation: cancellation) { transfer in
                    if transfer.received == Int64(photo.count) { cancellation.cancel() }
                }
                outcome = Data(response.body) == photo ? "photo" : "wrong body"
            } catch {
                switch error {
                case .cancelled: outcome = "cancelled"
                case .notAnImage: outcome = index.isMultiple(of: 2) ? "photo refused" : "page refused"
                default: outcome = "\(error)"
                }
            }
            outcomes.withLock { $0[outcome, default: 0] += 1 }
        }
        let counted = outcomes.withLock { $0 }
        #expect(Set(counted.keys).isSubset(of: ["photo", "cancelled", "page refused"]), "\(counted)")
        #expect(counted["page refused"] == 100, "\(counted)")
        #expect(counted.values.reduce(0, +) == 200)
    }
}
