import Fixtures
import Foundation
import Testing
@testable import Library

/// Kept-alive connections: a thread's requests to one host share a connection (a feed's photos
/// do not each pay a new TCP and TLS handshake), and a transfer stopped half-way leaves nothing
/// behind that breaks the next one.
@Suite(.serialized, .enabled(if: LocalWebServer.available, "needs python3 for the local test server"))
struct ConnectionReuseTests {
    @Test func requestsOnOneThreadReuseTheirConnectionAndAStoppedOneDoesNotSpoilIt() throws {
        let server = try LocalWebServer()
        for seed in 1...10 { server.serve(WebImporterTests.jpeg(seed), at: "\(seed).jpg") }
        let fetcher = HostileServerTests.fetcher()
        for seed in 1...10 {
            let response = try fetcher.fetch(WebRequest(url: server.url("/files/\(seed).jpg"), kind: .image))
            #expect(Data(response.body) == WebImporterTests.jpeg(seed))
        }
        #expect(try server.connections() == 1, "ten photos, one connection")
        // Refused after its first bytes: that connection is closed, the next request opens another.
        let huge = server.url("/huge.jpg")
        #expect(throws: WebError.self) { try fetcher.fetch(WebRequest(url: huge, kind: .image, maxBytes: 1000)) }
        let after = try fetcher.fetch(WebRequest(url: server.url("/files/1.jpg"), kind: .image))
        #expect(Data(after.body) == WebImporterTests.jpeg(1))
    }
}
