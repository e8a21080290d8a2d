import CCurl
import Foundation

/// The state of one attempt of `CurlFetcher` (its redirects included), filled in by libcurl's
/// header and write callbacks and read between them, all on the fetching thread: no lock, and
/// nothing of it outlives the attempt. A callback stops the transfer by returning false (libcurl
/// then ends it with `CURLE_WRITE_ERROR`); the reason is recorded first, so that is not shown.
final class CurlTransfer {
    let request: WebRequest
    let cancellation: ImportCancellation?
    let progress: @Sendable (WebTransfer) -> Void
    /// Whether the server answered (headers arrived, a redirect among them).
    private(set) var responded = false
    /// When anything last arrived (system uptime): the connect and idle timeouts count from here.
    private(set) var lastActivity = ProcessInfo.processInfo.systemUptime
    /// The first reason the attempt failed.
    private(set) var error: WebError?
    /// The `Location` of a redirect: the request ended there, for the fetcher to follow or refuse.
    private(set) var redirect: String?
    // The answer to the current request
    private var status = 0
    private var headers: [String: String] = [:]
    private var headersEnded = false
    private var body: [UInt8] = []
    /// The Content-Length of the answer, when it declared one.
    private var expected: Int64?
    private var sniffed = false

    init(request: WebRequest, cancellation: ImportCancellation?, progress: @escaping @Sendable (WebTransfer) -> Void) {
        self.request = request
        self.cancellation = cancellation
        self.progress = progress
    }

    var url: String { request.url.absoluteString }

    /// The body bytes of the current request so far.
    var received: Int64 { Int64(body.count) }

    /// Forgets the previous request's answer (a redirect) before the next one.
    func startRequest() {
        status = 0
        headers = [:]
        headersEnded = false
        body = []
        expected = nil
        sniffed = false
        redirect = nil
    }

    /// Records `failure` when it is the first.
    func fail(_ failure: WebError) {
        if error == nil { error = failure }
    }

    /// One header line, as libcurl passes them (the status line first, a blank line last);
    /// false when the answer is refused at its headers.
    func header(_ line: String) -> Bool {
        let line = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new answer (after an interim 1xx one, say): its status, and headers of its own.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            headers = [:]
            return true
        }
        if !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return true }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
            return true
        }
        // The headers ended; an interim answer (100 Continue) is followed by the real one.
        if (100..<200).contains(status) { return true }
        return receive()
    }

    /// Whether to accept the body of the answer whose headers just ended.
    private func receive() -> Bool {
        headersEnded = true
        responded = true
        lastActivity = ProcessInfo.processInfo.systemUptime
        if [301, 302, 303, 307, 308].contains(status), let location = headers["location"], !location.isEmpty {
            redirect = location
            return false
        }
        if status == 304 { return true }
        if let encoding = headers["content-encoding"], !encoding.isEmpty, encoding.lowercased() != "identity" {
            fail(.compressed(url: url, encoding: String(encoding.prefix(40)).strippingControlCharacters))
            return false
        }
        guard (200..<300).contains(status) else {
            if [429, 503].contains(status), let wait = headers["retry-after"].flatMap(CurlFetcher.retryAfter) {
                fail(.rateLimited(url: url, code: status, retryAfter: wait))
            } else {
                fail(.status(url: url, code: status))
            }
            return false
        }
        if let declared = headers["content-length"].flatMap({ Int64($0) }), declared >= 0 {
            if declared > request.maxBytes {
                fail(.tooLarge(url: url, limit: request.maxBytes, declared: declared))
                return false
            }
            body.reserveCapacity(Int(declared))
            expected = declared
        }
        return true
    }

    /// Appends a piece of the body; false when the body must stop here.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = ProcessInfo.processInfo.systemUptime
        guard error == nil else { return false }
        if cancellation?.isCancelled == true {
            fail(.cancelled(url: url))
            return false
        }
        body.append(contentsOf: bytes)
        if received > request.maxBytes {
            fail(.tooLarge(url: url, limit: request.maxBytes, declared: nil))
            return false
        }
        if request.kind == .image, !sniffed, body.count >= PhotoFormats.sniffLength {
            sniffed = true
            if let reason = Self.notAnImage(body) {
                fail(.notAnImage(url: url, reason: reason))
                return false
            }
        }
        progress(WebTransfer(received: received, expected: expected))
        return true
    }

    /// Records how libcurl ended the request.
    func complete(_ code: CURLcode) {
        guard code != CURLE_OK, error == nil, redirect == nil else { return }
        if let expected, received < expected, status != 304 {
            fail(.truncated(url: url, received: received, expected: expected))
        } else if code == CURLE_OPERATION_TIMEDOUT {
            fail(.timedOut(url: url, seconds: 0))
        } else {
            fail(.network(url: url, reason: Self.reason(code)))
        }
    }

    /// The answer from `location` (where the redirects led), or why there is none.
    func result(from location: URL) throws(WebError) -> WebResponse {
        if let error { throw error }
        guard headersEnded else { throw .network(url: url, reason: "no answer") }
        if status != 304 {
            if let expected, received < expected {
                throw .truncated(url: url, received: received, expected: expected)
            }
            if request.kind == .image, let reason = Self.notAnImage(body) {
                throw .notAnImage(url: url, reason: reason)
            }
        }
        var paging: [String: String] = [:]
        for name in WebResponse.pagingHeaders { paging[name] = headers[name] }
        return WebResponse(url: location, status: status, body: body,
                           validators: WebValidators(etag: headers["etag"], lastModified: headers["last-modified"]),
                           contentType: headers["content-type"], headers: paging)
    }

    /// Why `bytes` are not an image, or nil when a photo format recognises them.
    static func notAnImage(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw in
            if raw.isEmpty { return "the body is empty" }
            return PhotoFormats.format(of: raw) == nil ? PhotoFormats.unknownFormatReason(raw) : nil
        }
    }

    /// What went wrong, in a user's words (libcurl's own message when it is none of these).
    private static func reason(_ code: CURLcode) -> String {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: "host not found"
        case CURLE_COULDNT_CONNECT: "could not connect"
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE: "the connection was lost"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            "the secure connection failed"
        default: String(cString: curl_easy_strerror(code)).lowercased()
        }
    }
}
