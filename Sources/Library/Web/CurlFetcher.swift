import CCurl
import Foundation

/// The real HTTP client: libcurl, driven directly on the fetching thread.
///
/// Why libcurl: it is what FoundationNetworking's URLSession runs on (with the system's CA
/// store for HTTPS), without URLSession's worker queue, whose cancel could trap the process when
/// a transfer had just completed (`URLSession.behaviour(for:)`: a task no longer in its
/// registry). Here one thread runs a transfer from start to end (`curl_multi_perform` and
/// `curl_multi_poll` in `perform`) and stops it by returning from that loop or from a callback:
/// no other thread ever touches it. photory only needs plain GETs; everything it asks of the
/// network is enforced here, behind `HTTPFetching`.
///
/// Manners: a `User-Agent` naming the program; `http` and `https` only, also after a redirect
/// (libcurl follows none: the `Location` header is read and checked here, so `file:///etc/passwd`
/// is refused); at most `maxRedirects` redirects, and a host's configured headers are not sent on
/// to another host; no answer within `connectTimeout` (connecting and the response headers) or
/// no bytes for `idleTimeout` ends the attempt; server errors (5xx) and network failures are
/// retried with exponential backoff, client errors (4xx) never, a `Retry-After` is waited for;
/// one URL gets `deadline` seconds in all and must bring `minimumRate` bytes a second over every
/// `rateWindow` (a slow drip), and a transfer cut by either is not retried; at most
/// `maxConnectionsPerHost` requests to one host at a time; a host that could not be reached after
/// every retry fails its other requests at once for `unreachableFor` seconds (a server that is
/// down costs one round of retries, not one per photo); a body is refused as soon as its
/// declared length or the bytes received pass the request's cap. Answers are asked for plain
/// (`Accept-Encoding: identity`, and libcurl is not asked to inflate anything) and a compressed
/// one is refused at its headers: a 4 MB gzip bomb costs nothing. Cancelling
/// (`ImportCancellation`) is seen within a tenth of a second. Connections are kept alive and
/// reused by the next request on the same thread (`ThreadTransfers`): a feed's photos do not
/// each pay a new TCP and TLS handshake.
public final class CurlFetcher: HTTPFetching, Sendable {
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
    private struct Hosts {
        /// Connections each host may take at once.
        var gates: [String: DispatchSemaphore] = [:]
        /// Hosts that could not be reached after every retry: when, and why.
        var unreachable: [String: (since: Double, reason: String)] = [:]
    }

    private let hosts = Locked(Hosts())

    public init(options: Options = Options()) {
        self.options = options
        _ = Self.globalInit
    }

    /// libcurl's process-wide set-up, done once before the first handle.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

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

    /// One attempt: the request and the redirects it leads to, watched for the connect and idle
    /// timeouts, the URL's `deadline` (system uptime) and the minimum rate.
    /// `answered` is set when the server answered (headers arrived), whatever came next.
    private func attempt(_ request: WebRequest, cancellation: ImportCancellation?, deadline: Double,
                         answered: inout Bool,
                         progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse {
        let url = request.url.absoluteString
        if cancellation?.isCancelled == true { throw .cancelled(url: url) }
        let transfer = CurlTransfer(request: request, cancellation: cancellation, progress: progress)
        defer { if transfer.responded { answered = true } }
        let host = Self.host(of: request.url) ?? ""
        var headers = ["Accept-Encoding": "identity"]
        if let etag = request.validators?.etag { headers["If-None-Match"] = etag }
        if let since = request.validators?.lastModified { headers["If-Modified-Since"] = since }
        let privateHeaders = options.hostHeaders[host] ?? [:]
        headers.merge(privateHeaders) { _, configured in configured }
        var target = request.url
        var redirects = 0
        while true {
            perform(transfer, url: target, headers: headers, deadline: deadline)
            guard let location = transfer.redirect else { return try transfer.result(from: target) }
            redirects += 1
            if redirects > options.maxRedirects { throw .tooManyRedirects(url: url, limit: options.maxRedirects) }
            guard let next = URL(string: location, relativeTo: target)?.absoluteURL, let nextHost = Self.host(of: next) else {
                throw .redirectRefused(url: url, target: String(location.prefix(200)).strippingControlCharacters)
            }
            // The configured headers are for their host only; once dropped they stay dropped.
            if nextHost != host { for name in privateHeaders.keys { headers[name] = nil } }
            target = next
        }
    }

    /// One request to `url`, run on this thread until it ends, is stopped by `transfer`'s
    /// callbacks, or is cut here (cancelled, timed out, past the deadline, too slow). The outcome
    /// is left in `transfer`.
    private func perform(_ transfer: CurlTransfer, url: URL, headers: [String: String], deadline: Double) {
        transfer.startRequest()
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }
        guard let easy = curl_easy_init(), let multi = ThreadTransfers.current() else {
            return transfer.fail(.network(url: transfer.url, reason: "libcurl could not start a transfer"))
        }
        defer {
            // Back into this thread's connection cache, for its next request to the same host
            // (a transfer stopped half-way closes its connection instead).
            curl_multi_remove_handle(multi, easy)
            curl_easy_cleanup(easy)
        }
        // libcurl copies the strings it is given.
        photory_curl_setopt_string(easy, CURLOPT_URL, url.absoluteString)
        photory_curl_setopt_string(easy, CURLOPT_USERAGENT, options.userAgent)
        photory_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        photory_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        photory_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, list)
        photory_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        photory_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        // Through a proxy, only the server's own answer reaches the header callback.
        photory_curl_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        let state = Unmanaged.passUnretained(transfer).toOpaque()
        photory_curl_setopt_write(easy, CURLOPT_HEADERFUNCTION) { data, size, count, state in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(state!).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return transfer.header(String(decoding: bytes, as: UTF8.self)) ? size * count : 0
        }
        photory_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, state)
        photory_curl_setopt_write(easy, CURLOPT_WRITEFUNCTION) { data, size, count, state in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(state!).takeUnretainedValue()
            return transfer.append(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        photory_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, state)
        curl_multi_add_handle(multi, easy)
        let url = transfer.url
        // Woken a few times a second: the idle deadline moves with every byte that arrives.
        var window: (start: Double, bytes: Int64)?
        while true {
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE { return transfer.complete(message.pointee.data.result) }
            }
            let now = ProcessInfo.processInfo.systemUptime
            let limit = transfer.responded ? options.idleTimeout : options.connectTimeout
            let left = min(transfer.lastActivity + limit, deadline) - now
            if transfer.cancellation?.isCancelled == true { return transfer.fail(.cancelled(url: url)) }
            if now >= deadline { return transfer.fail(.deadline(url: url, seconds: options.deadline)) }
            if left <= 0 { return transfer.fail(.timedOut(url: url, seconds: limit)) }
            if transfer.responded {
                let started = window ?? (now, transfer.received)
                if now - started.start >= options.rateWindow {
                    if Double(transfer.received - started.bytes) < options.minimumRate * options.rateWindow {
                        return transfer.fail(.tooSlow(url: url, bytesPerSecond: options.minimumRate,
                                                      seconds: options.rateWindow))
                    }
                    window = (now, transfer.received)
                } else {
                    window = started
                }
            }
            curl_multi_poll(multi, nil, 0, Int32(max(1, min(left, 0.1) * 1000)), nil)
        }
    }
}
