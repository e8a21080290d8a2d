import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real HTTP client: `FoundationNetworking`'s URLSession.
///
/// Why URLSession and not swift-server's AsyncHTTPClient: it ships with the Swift toolchain
/// (libcurl underneath, with the system's CA store for HTTPS), so it costs no build time and no
/// new dependency, and photory only needs plain GETs. Everything photory asks of the network
/// (size caps, timeouts, redirects, retries, connections per host) is enforced here, around
/// URLSession, so a later switch stays behind `HTTPFetching`.
///
/// Manners: a `User-Agent` naming the program; `http` and `https` only, also after a redirect;
/// at most `maxRedirects` redirects; no answer within `connectTimeout` (connecting and the
/// response headers) or no bytes for `idleTimeout` ends the attempt; server errors (5xx) and
/// network failures are retried with exponential backoff, client errors (4xx) never; at most
/// `maxConnectionsPerHost` requests to one host at a time; a host that could not be reached after
/// every retry fails its other requests at once for `unreachableFor` seconds (a server that is
/// down costs one round of retries, not one per photo); a body is refused as soon as its
/// declared length or the bytes received pass the request's cap.
public final class URLSessionFetcher: HTTPFetching, @unchecked Sendable {
    /// How the client behaves; tests shorten the timeouts and the backoff.
    public struct Options: Sendable {
        public var userAgent: String
        public var connectTimeout: Double
        public var idleTimeout: Double
        public var maxRedirects: Int
        /// Further attempts after a transient failure.
        public var retries: Int
        /// The wait before the first retry; each next one waits twice as long.
        public var backoff: Double
        public var maxConnectionsPerHost: Int

        public init(userAgent: String = "photory-tui", connectTimeout: Double = 10, idleTimeout: Double = 30,
                    maxRedirects: Int = 5, retries: Int = 3, backoff: Double = 0.5, maxConnectionsPerHost: Int = 4) {
            self.userAgent = userAgent
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
            self.maxRedirects = maxRedirects
            self.retries = retries
            self.backoff = backoff
            self.maxConnectionsPerHost = max(1, min(6, maxConnectionsPerHost))
        }
    }

    public let options: Options
    private let session: URLSession
    private let router = Router()
    private let gatesLock = NSLock()
    private var gates: [String: DispatchSemaphore] = [:]
    /// Hosts that could not be reached after every retry: when, and why.
    private var unreachableHosts: [String: (since: Double, reason: String)] = [:]

    public init(options: Options = Options()) {
        self.options = options
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = options.maxConnectionsPerHost
        // A backstop only: the watchdog in `attempt` applies the connect and idle timeouts.
        configuration.timeoutIntervalForRequest = options.connectTimeout + options.idleTimeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpAdditionalHeaders = ["User-Agent": options.userAgent]
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func fetch(_ request: WebRequest, cancellation: ImportCancellation?,
                      progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
        guard let host = Self.host(of: request.url) else { throw .unsupportedURL(request.url.absoluteString) }
        let gate = gate(for: host)
        gate.wait()
        defer { gate.signal() }
        if let down = unreachable(host) { throw .network(url: request.url.absoluteString, reason: down) }
        var failures = 0
        var answered = false
        while true {
            do {
                let response = try attempt(request, cancellation: cancellation, answered: &answered, progress: progress)
                markReachable(host)
                return response
            } catch where error.isTransient && failures < options.retries && cancellation?.isCancelled != true {
                Thread.sleep(forTimeInterval: options.backoff * pow(2, Double(failures)))
                failures += 1
            } catch {
                // Retried and still unreachable (refused, or no answer at all): the host's other
                // requests fail at once for a while.
                // A host that answered (and then failed: a dropped connection, a slow body) is
                // still reachable.
                switch error {
                case let .network(_, reason) where !answered: markUnreachable(host, reason: reason)
                case .timedOut where !answered: markUnreachable(host, reason: error.description)
                default: break
                }
                throw error
            }
        }
    }

    /// How long a host that could not be reached is not tried again.
    static let unreachableFor: Double = 30

    /// Why `host` is not tried now, when it could not be reached lately.
    private func unreachable(_ host: String) -> String? {
        gatesLock.withLock {
            guard let down = unreachableHosts[host] else { return nil }
            let left = Self.unreachableFor - (ProcessInfo.processInfo.systemUptime - down.since)
            guard left > 0 else { return nil }
            return down.reason + " (not tried again for \(Int(left.rounded(.up))) s)"
        }
    }

    private func markUnreachable(_ host: String, reason: String) {
        gatesLock.withLock { unreachableHosts[host] = (ProcessInfo.processInfo.systemUptime, reason) }
    }

    private func markReachable(_ host: String) {
        gatesLock.withLock { _ = unreachableHosts.removeValue(forKey: host) }
    }

    /// The lower-cased host of an absolute `http`/`https` URL; nil for any other URL.
    static func host(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }

    private func gate(for host: String) -> DispatchSemaphore {
        gatesLock.withLock {
            if let gate = gates[host] { return gate }
            let gate = DispatchSemaphore(value: options.maxConnectionsPerHost)
            gates[host] = gate
            return gate
        }
    }

    /// One request, watched for the connect and idle timeouts.
    /// `answered` is set when the server answered (headers arrived), whatever came next.
    private func attempt(_ request: WebRequest, cancellation: ImportCancellation?, answered: inout Bool,
                         progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
        if cancellation?.isCancelled == true { throw .cancelled(url: request.url.absoluteString) }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        if let etag = request.validators?.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let since = request.validators?.lastModified {
            urlRequest.setValue(since, forHTTPHeaderField: "If-Modified-Since")
        }
        let transfer = Transfer(request: request, maxRedirects: options.maxRedirects, progress: progress)
        let task = session.dataTask(with: urlRequest)
        router.register(transfer, for: task)
        defer { router.unregister(task) }
        task.resume()
        // Polled a few times a second: the deadline moves with every byte that arrives.
        while true {
            let (responded, lastActivity) = transfer.activity
            let limit = responded ? options.idleTimeout : options.connectTimeout
            let left = lastActivity + limit - ProcessInfo.processInfo.systemUptime
            if cancellation?.isCancelled == true {
                transfer.fail(.cancelled(url: request.url.absoluteString))
                task.cancel()
                break
            }
            if left <= 0 {
                transfer.fail(.timedOut(url: request.url.absoluteString, seconds: limit))
                task.cancel()
                break
            }
            if transfer.finished.wait(timeout: .now() + min(left, 0.2)) == .success { break }
        }
        if transfer.activity.responded { answered = true }
        return try transfer.result()
    }
}

// MARK: - One transfer

/// The state of one request, filled in by the session's delegate queue and read by the
/// waiting thread.
private final class Transfer: @unchecked Sendable {
    let request: WebRequest
    let maxRedirects: Int
    let progress: @Sendable (WebTransfer) -> Void
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var response: HTTPURLResponse?
    private var error: WebError?
    private var redirects = 0
    /// The Content-Length of the answer, when it declared one.
    private var expected: Int64?
    private var sniffed = false
    private var responded = false
    private var signalled = false
    private var lastActivity = ProcessInfo.processInfo.systemUptime

    init(request: WebRequest, maxRedirects: Int, progress: @escaping @Sendable (WebTransfer) -> Void) {
        self.request = request
        self.maxRedirects = maxRedirects
        self.progress = progress
    }

    var url: String { request.url.absoluteString }

    /// Whether headers arrived, and when anything last happened (system uptime).
    var activity: (responded: Bool, at: Double) { lock.withLock { (responded, lastActivity) } }

    /// Records the first failure; later ones (the cancel it causes) are ignored.
    func fail(_ failure: WebError) {
        lock.withLock { record(failure) }
    }

    /// Records the first failure and wakes the waiting thread at once: it does not wait for
    /// the cancelled task to wind down (a server holding the connection open could make that
    /// take as long as it likes). Called with `lock` held.
    private func record(_ failure: WebError) {
        guard error == nil else { return }
        error = failure
        signalOnce()
    }

    /// Wakes the waiting thread, once. Called with `lock` held.
    private func signalOnce() {
        guard !signalled else { return }
        signalled = true
        finished.signal()
    }

    /// Whether to follow a redirect to `target`.
    func redirect(to target: URL?) -> Bool {
        lock.withLock {
            redirects += 1
            lastActivity = ProcessInfo.processInfo.systemUptime
            if redirects > maxRedirects {
                record(.tooManyRedirects(url: url, limit: maxRedirects))
                return false
            }
            guard let target, URLSessionFetcher.host(of: target) != nil else {
                record(.unsupportedURL(target?.absoluteString ?? url))
                return false
            }
            return true
        }
    }

    /// Whether to accept the body of `response`.
    func receive(_ response: URLResponse) -> Bool {
        lock.withLock {
            responded = true
            lastActivity = ProcessInfo.processInfo.systemUptime
            guard let http = response as? HTTPURLResponse else {
                record(.network(url: url, reason: "not an HTTP answer"))
                return false
            }
            self.response = http
            if http.statusCode == 304 { return true }
            guard (200..<300).contains(http.statusCode) else {
                record(.status(url: url, code: http.statusCode))
                return false
            }
            let declared = http.expectedContentLength
            if declared > request.maxBytes {
                record(.tooLarge(url: url, limit: request.maxBytes, declared: declared))
                return false
            }
            if declared > 0 {
                body.reserveCapacity(Int(declared))
                expected = declared
            }
            return true
        }
    }

    /// Appends `data`; false when the body must stop here.
    func append(_ data: Data) -> Bool {
        let transfer: WebTransfer? = lock.withLock {
            lastActivity = ProcessInfo.processInfo.systemUptime
            // Refused already (an error status, say): its page is not the body, nor progress.
            guard error == nil else { return nil }
            body.append(contentsOf: data)
            if Int64(body.count) > request.maxBytes {
                record(.tooLarge(url: url, limit: request.maxBytes, declared: nil))
                return nil
            }
            if request.kind == .image, !sniffed, body.count >= PhotoFormats.sniffLength {
                sniffed = true
                if let reason = Self.notAnImage(body) {
                    record(.notAnImage(url: url, reason: reason))
                    return nil
                }
            }
            return WebTransfer(received: Int64(body.count), expected: expected)
        }
        guard let transfer else { return false }
        progress(transfer)
        return true
    }

    /// Records the end of the task.
    func complete(_ failure: Error?) {
        lock.withLock {
            if let failure, error == nil {
                let received = Int64(body.count)
                if let expected = response?.expectedContentLength, expected > received, response?.statusCode != 304 {
                    error = .truncated(url: url, received: received, expected: expected)
                } else if let urlError = failure as? URLError, urlError.code == .timedOut {
                    error = .timedOut(url: url, seconds: 0)
                } else if let urlError = failure as? URLError, urlError.code == .cancelled {
                    error = .cancelled(url: url)
                } else {
                    error = .network(url: url, reason: Self.reason(failure))
                }
            }
            signalOnce()
        }
    }

    /// The response, or the failure, once `finished` was signalled.
    func result() throws(WebError) -> WebResponse {
        let (error, response, body) = lock.withLock { (self.error, self.response, self.body) }
        if let error { throw error }
        guard let response else { throw .network(url: url, reason: "no answer") }
        if response.statusCode != 304 {
            let expected = response.expectedContentLength
            if expected > 0, Int64(body.count) < expected {
                throw .truncated(url: url, received: Int64(body.count), expected: expected)
            }
            if request.kind == .image, let reason = Self.notAnImage(body) {
                throw .notAnImage(url: url, reason: reason)
            }
        }
        let headers = response.allHeaderFields
        func header(_ name: String) -> String? {
            headers.first { ($0.key as? String)?.lowercased() == name }?.value as? String
        }
        return WebResponse(url: response.url ?? request.url, status: response.statusCode, body: body,
                           validators: WebValidators(etag: header("etag"), lastModified: header("last-modified")),
                           contentType: header("content-type"))
    }

    /// Why `bytes` are not an image, or nil when a photo format recognises them.
    static func notAnImage(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw in
            if raw.isEmpty { return "the body is empty" }
            return PhotoFormats.format(of: raw) == nil ? PhotoFormats.unknownFormatReason(raw) : nil
        }
    }

    private static func reason(_ error: Error) -> String {
        guard let urlError = error as? URLError else { return "\(error)" }
        switch urlError.code {
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .cannotConnectToHost: return "could not connect"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "not connected to the network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "the secure connection failed"
        default: return urlError.localizedDescription
        }
    }
}

// MARK: - Delegate

/// Routes the session's delegate calls to each task's `Transfer`.
private final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
    }

    func unregister(_ task: URLSessionTask) {
        lock.withLock { _ = transfers.removeValue(forKey: task.taskIdentifier) }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(task), transfer.redirect(to: request.url) else {
            completionHandler(nil)
            task.cancel()
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let accept = transfer(dataTask)?.receive(response) ?? false
        completionHandler(accept ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if transfer(dataTask)?.append(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        transfer(task)?.complete(error)
    }
}
