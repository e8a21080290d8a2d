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
/// Manners: a `User-Agent` naming the program; `http` and `https` only, also after a redirect
/// (the `Location` header is read here: URLSession would turn `file:///etc/passwd` into a path on
/// the same host); at most `maxRedirects` redirects; no answer within `connectTimeout` (connecting
/// and the response headers) or no bytes for `idleTimeout` ends the attempt; server errors (5xx)
/// and network failures are retried with exponential backoff, client errors (4xx) never; one URL
/// gets `deadline` seconds in all and must bring `minimumRate` bytes a second over every
/// `rateWindow` (a slow drip), and a transfer cut by either is not retried; at most
/// `maxConnectionsPerHost` requests to one host at a time; a host that could not be reached after
/// every retry fails its other requests at once for `unreachableFor` seconds (a server that is
/// down costs one round of retries, not one per photo); a body is refused as soon as its
/// declared length or the bytes received pass the request's cap. Answers are asked for plain
/// (`Accept-Encoding: identity`) and a compressed one is refused at its headers; libcurl still
/// inflates what it was sent, so the delegate queue holds libcurl back (`DelegateQueue`): a 4 MB
/// gzip bomb costs CPU time, not gigabytes.
///
/// Cancelling and answering a redirect go through the task's `Transfer`, under its lock: a
/// redirect is never answered for a task already cancelled (FoundationNetworking traps when it
/// is), and a refused redirect is not followed by a cancel (the task ends with the 3xx itself).
public final class URLSessionFetcher: HTTPFetching, Sendable {
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
        /// Seconds one URL may take in all, retries included; see `defaultDeadline`.
        public var deadline: Double
        /// Bytes a second the body must bring, counted over each `rateWindow` seconds.
        public var minimumRate: Double
        public var rateWindow: Double
        // Paged feeds (issue 24)
        /// Request headers by lower-cased host (config.toml's `[web."host"] headers`), sent only
        /// to that host (dropped on a redirect elsewhere) and never written anywhere.
        public var hostHeaders: [String: [String: String]] = [:]
        /// The longest a `Retry-After` is waited for; a longer one is cut to this.
        public var maxRetryWait: Double = 60
        /// Waits that many seconds (a retry's backoff, a `Retry-After`); tests record the waits.
        public var pause: @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

        /// Two minutes: a 200 MB photo at 2 MB/s, or a feed on a poor line.
        public static let defaultDeadline: Double = 120

        public init(userAgent: String = "photory-tui", connectTimeout: Double = 10, idleTimeout: Double = 30,
                    maxRedirects: Int = 5, retries: Int = 3, backoff: Double = 0.5, maxConnectionsPerHost: Int = 4,
                    deadline: Double = Options.defaultDeadline, minimumRate: Double = 1024, rateWindow: Double = 30) {
            self.userAgent = userAgent
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
            self.maxRedirects = maxRedirects
            self.retries = retries
            self.backoff = backoff
            self.maxConnectionsPerHost = max(1, min(6, maxConnectionsPerHost))
            self.deadline = deadline
            self.minimumRate = minimumRate
            self.rateWindow = rateWindow
        }
    }

    public let options: Options
    private let session: URLSession
    private let router = Router()
    private struct Hosts {
        /// Connections each host may take at once.
        var gates: [String: DispatchSemaphore] = [:]
        /// Hosts that could not be reached after every retry: when, and why.
        var unreachable: [String: (since: Double, reason: String)] = [:]
    }

    private let hosts = Locked(Hosts())

    public init(options: Options = Options()) {
        self.options = options
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = options.maxConnectionsPerHost
        // A backstop only: the watchdog in `attempt` applies the timeouts and the deadline. It
        // must never fire first: a task it fails is not cancelled through its `Transfer`, and a
        // redirect answered for it then traps.
        configuration.timeoutIntervalForRequest = max(options.connectTimeout + options.idleTimeout, options.deadline) + 60
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpAdditionalHeaders = ["User-Agent": options.userAgent]
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: DelegateQueue())
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
        // The URL's time starts once it may connect, not while it queues behind its host's others.
        let deadline = ProcessInfo.processInfo.systemUptime + options.deadline
        var failures = 0
        var answered = false
        while true {
            do {
                let response = try attempt(request, cancellation: cancellation, deadline: deadline,
                                           answered: &answered, progress: progress)
                markReachable(host)
                return response
            } catch where error.isTransient && failures < options.retries && cancellation?.isCancelled != true {
                var wait = options.backoff * pow(2, Double(failures))
                if case let .rateLimited(_, _, retryAfter) = error { wait = max(0, min(retryAfter, options.maxRetryWait)) }
                guard ProcessInfo.processInfo.systemUptime + wait < deadline else {
                    throw .deadline(url: request.url.absoluteString, seconds: options.deadline)
                }
                options.pause(wait)
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
        hosts.withLock { hosts in
            guard let down = hosts.unreachable[host] else { return nil }
            let left = Self.unreachableFor - (ProcessInfo.processInfo.systemUptime - down.since)
            guard left > 0 else { return nil }
            return down.reason + " (not tried again for \(Int(left.rounded(.up))) s)"
        }
    }

    private func markUnreachable(_ host: String, reason: String) {
        hosts.withLock { $0.unreachable[host] = (ProcessInfo.processInfo.systemUptime, reason) }
    }

    private func markReachable(_ host: String) {
        hosts.withLock { _ = $0.unreachable.removeValue(forKey: host) }
    }

    /// A `Retry-After` value in seconds from now: delta-seconds or an HTTP date; nil when it is neither.
    public static func retryAfter(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: trimmed).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// The lower-cased host of an absolute `http`/`https` URL; nil for any other URL.
    static func host(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }

    private func gate(for host: String) -> DispatchSemaphore {
        hosts.withLock { hosts in
            if let gate = hosts.gates[host] { return gate }
            let gate = DispatchSemaphore(value: options.maxConnectionsPerHost)
            hosts.gates[host] = gate
            return gate
        }
    }

    /// One request, watched for the connect and idle timeouts, the URL's `deadline` (system
    /// uptime) and the minimum rate.
    /// `answered` is set when the server answered (headers arrived), whatever came next.
    private func attempt(_ request: WebRequest, cancellation: ImportCancellation?, deadline: Double,
                         answered: inout Bool,
                         progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
        let url = request.url.absoluteString
        if cancellation?.isCancelled == true { throw .cancelled(url: url) }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let etag = request.validators?.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let since = request.validators?.lastModified {
            urlRequest.setValue(since, forHTTPHeaderField: "If-Modified-Since")
        }
        let host = Self.host(of: request.url) ?? ""
        let privateHeaders = options.hostHeaders[host] ?? [:]
        for (name, value) in privateHeaders { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        let transfer = Transfer(request: request, task: task, maxRedirects: options.maxRedirects, progress: progress,
                                privateHeaders: (host, Array(privateHeaders.keys)))
        router.register(transfer, for: task)
        defer { router.unregister(task) }
        task.resume()
        // Polled a few times a second: the idle deadline moves with every byte that arrives.
        var window: (start: Double, bytes: Int64)?
        while true {
            let (responded, lastActivity, received) = transfer.activity
            let now = ProcessInfo.processInfo.systemUptime
            let limit = responded ? options.idleTimeout : options.connectTimeout
            let left = min(lastActivity + limit, deadline) - now
            if cancellation?.isCancelled == true {
                transfer.stop(.cancelled(url: url))
                break
            }
            if now >= deadline {
                transfer.stop(.deadline(url: url, seconds: options.deadline))
                break
            }
            if left <= 0 {
                transfer.stop(.timedOut(url: url, seconds: limit))
                break
            }
            if responded {
                let started = window ?? (now, received)
                if now - started.start >= options.rateWindow {
                    if Double(received - started.bytes) < options.minimumRate * options.rateWindow {
                        transfer.stop(.tooSlow(url: url, bytesPerSecond: options.minimumRate, seconds: options.rateWindow))
                        break
                    }
                    window = (now, received)
                } else {
                    window = started
                }
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
// @unchecked: it holds the task (not Sendable), whose cancel must be ordered with the answers
// to its redirects under the same lock as the rest of its state (see `cancelLocked`).
private final class Transfer: @unchecked Sendable {
    let request: WebRequest
    private let task: URLSessionTask
    let maxRedirects: Int
    let progress: @Sendable (WebTransfer) -> Void
    /// The configured headers sent to `host`: a redirect to another host goes without them.
    let privateHeaders: (host: String, names: [String])
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
    /// Set once `task` was cancelled: from then on nothing of it is answered.
    private var cancelled = false
    private var lastActivity = ProcessInfo.processInfo.systemUptime

    init(request: WebRequest, task: URLSessionTask, maxRedirects: Int,
         progress: @escaping @Sendable (WebTransfer) -> Void, privateHeaders: (host: String, names: [String])) {
        self.privateHeaders = privateHeaders
        self.request = request
        self.task = task
        self.maxRedirects = maxRedirects
        self.progress = progress
    }

    var url: String { request.url.absoluteString }

    /// Whether the server answered (headers or a redirect arrived), when anything last happened (system uptime), and the body bytes
    /// so far.
    var activity: (responded: Bool, at: Double, received: Int64) {
        lock.withLock { (responded, lastActivity, Int64(body.count)) }
    }

    /// Records `failure` (when it is the first) and cancels the task, once.
    func stop(_ failure: WebError?) {
        lock.withLock {
            if let failure { record(failure) }
            cancelLocked()
        }
    }

    /// Cancels the task unless that was done already. Called with `lock` held: from here on no
    /// redirect is answered, and one answered before was queued ahead of the cancel. The cancel
    /// itself runs elsewhere: it waits for FoundationNetworking's work queue, which may be waiting
    /// for the delegate queue (`DelegateQueue`), which may be waiting for this lock.
    /// Where cancels wait for FoundationNetworking: a queue with a thread of its own, not one of
    /// the global pool's (all of which may be busy fetching, see `DelegateQueue`).
    private static let cancels = DispatchQueue(label: "photory.web.cancel")

    private func cancelLocked() {
        guard !cancelled else { return }
        cancelled = true
        Self.cancels.async { [task] in task.cancel() }
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

    /// Answers a redirect: `answer` gets the request to follow, or nil to end the task with the
    /// redirect itself. Not answered at all once the task was cancelled or failed.
    /// `location` is the redirect's `Location` header, resolved here against `from`.
    func redirect(_ proposed: URLRequest, location: String?, from: URL?, answer: (URLRequest?) -> Void) {
        lock.withLock {
            guard !cancelled, task.state == .running else { return }
            guard error == nil else { return cancelLocked() }
            redirects += 1
            // The first host answered: a target that cannot be reached does not make it unreachable.
            responded = true
            lastActivity = ProcessInfo.processInfo.systemUptime
            if redirects > maxRedirects {
                record(.tooManyRedirects(url: url, limit: maxRedirects))
                return answer(nil)
            }
            let target = location.flatMap { URL(string: $0, relativeTo: from ?? request.url)?.absoluteURL }
                ?? proposed.url
            guard let target, URLSessionFetcher.host(of: target) != nil else {
                let shown = (location ?? proposed.url?.absoluteString ?? "nowhere").prefix(200)
                record(.redirectRefused(url: url, target: String(shown).strippingControlCharacters))
                return answer(nil)
            }
            var next = proposed
            next.url = target
            if URLSessionFetcher.host(of: target) != privateHeaders.host {
                for name in privateHeaders.names { next.setValue(nil, forHTTPHeaderField: name) }
            }
            answer(next)
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
            if let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?
                .trimmingCharacters(in: .whitespaces), !encoding.isEmpty, encoding.lowercased() != "identity" {
                record(.compressed(url: url, encoding: String(encoding.prefix(40)).strippingControlCharacters))
                return false
            }
            guard (200..<300).contains(http.statusCode) else {
                if [429, 503].contains(http.statusCode),
                   let wait = http.value(forHTTPHeaderField: "Retry-After").flatMap(URLSessionFetcher.retryAfter) {
                    record(.rateLimited(url: url, code: http.statusCode, retryAfter: wait))
                    return false
                }
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
        var paging: [String: String] = [:]
        for name in WebResponse.pagingHeaders { paging[name] = header(name) }
        return WebResponse(url: response.url ?? request.url, status: response.statusCode, body: body,
                           validators: WebValidators(etag: header("etag"), lastModified: header("last-modified")),
                           contentType: header("content-type"), headers: paging)
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

/// The session's delegate queue: one operation at a time, and whoever adds more than `room`
/// waits. FoundationNetworking adds each piece of a body from libcurl's thread and never waits for
/// the delegate, so an answer that arrives (or inflates: gzip) faster than the delegate reads it
/// would pile up in memory; waiting here holds libcurl back. So no delegate callback may wait
/// for FoundationNetworking's work queue (`task.cancel()` does).
// @unchecked: an OperationQueue subclass (Foundation's own conformance is unchecked); its one
// count is under `condition`, which `addOperation` must wait on.
private final class DelegateQueue: OperationQueue, @unchecked Sendable {
    /// Operations queued at most (a body piece from libcurl is 16 KB when inflated).
    static let room = 16
    private let condition = NSCondition()
    private var queued = 0
    /// A queue of its own, which gets a thread of its own when it has work. Left to the global
    /// pool, the delegate's work waited for a thread while every pool thread waited for a fetch
    /// (fetches run side by side on it), which waited for the delegate: a hang. Kept here:
    /// `underlyingQueue` does not keep it alive (`unowned(unsafe)`).
    private let dispatchQueue = DispatchQueue(label: "photory.web.delegate")

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        underlyingQueue = dispatchQueue
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.withLock {
            while queued >= Self.room { condition.wait() }
            queued += 1
        }
        super.addOperation { [self] in
            block()
            condition.withLock {
                queued -= 1
                condition.signal()
            }
        }
    }
}

/// Routes the session's delegate calls to each task's `Transfer`.
private final class Router: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    func unregister(_ task: URLSessionTask) {
        transfers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // No transfer: its attempt ended, and every early end cancelled the task. Then the
        // redirect is left unanswered, as FoundationNetworking no longer waits for it.
        transfer(task)?.redirect(request, location: response.value(forHTTPHeaderField: "Location"),
                                 from: response.url, answer: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        // FoundationNetworking ignores the disposition: a refused answer is cancelled here.
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        let accept = transfer.receive(response)
        if !accept { transfer.stop(nil) }
        completionHandler(accept ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        if !transfer.append(data) { transfer.stop(nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        transfer(task)?.complete(error)
    }
}
