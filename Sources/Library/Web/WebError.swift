import Foundation

/// Why a URL gave no usable body. Every case names the URL; `description` is the reason shown
/// beside it.
public enum WebError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an absolute `http` or `https` URL.
    case unsupportedURL(String)
    /// The server answered with an error status (4xx are not retried, 5xx are).
    case status(url: String, code: Int)
    /// A 429 or 503 with `Retry-After` (seconds): retried after that wait, bounded (issue 24).
    case rateLimited(url: String, code: Int, retryAfter: Double)
    /// The declared or received size passed the cap.
    case tooLarge(url: String, limit: Int64, declared: Int64?)
    /// More redirects than allowed (a loop, usually).
    case tooManyRedirects(url: String, limit: Int)
    /// A redirect to something other than an `http` or `https` URL (`file:///etc/passwd`).
    case redirectRefused(url: String, target: String)
    /// The answer came compressed (`Content-Encoding`) although photory asked for it plain:
    /// a few megabytes of gzip can inflate to gigabytes, so it is refused unread.
    case compressed(url: String, encoding: String)
    /// The URL took longer than the overall deadline, retries included (not retried).
    case deadline(url: String, seconds: Double)
    /// Bytes came slower than `bytesPerSecond` for `seconds` (a slow drip; not retried).
    case tooSlow(url: String, bytesPerSecond: Double, seconds: Double)
    /// No answer within the connect timeout, or no bytes within the idle timeout.
    case timedOut(url: String, seconds: Double)
    /// The body ended before its declared length.
    case truncated(url: String, received: Int64, expected: Int64)
    /// What arrived is not an image, whatever the server said it was.
    case notAnImage(url: String, reason: String)
    /// DNS, refused connection, reset, TLS: what the network library said.
    case network(url: String, reason: String)
    /// The caller cancelled.
    case cancelled(url: String)
    /// The body arrived but could not be used as the photo: it could not be saved, or read as
    /// a photo. `reason` says which.
    case unusable(url: String, reason: String)

    /// The URL this error is about.
    public var url: String {
        switch self {
        case let .unsupportedURL(url), let .status(url, _), let .rateLimited(url, _, _), let .tooLarge(url, _, _), let .tooManyRedirects(url, _),
             let .redirectRefused(url, _), let .compressed(url, _), let .deadline(url, _), let .tooSlow(url, _, _),
             let .timedOut(url, _), let .truncated(url, _, _), let .notAnImage(url, _), let .network(url, _),
             let .cancelled(url), let .unusable(url, _):
            url
        }
    }

    /// Worth another try: a server error or a network failure, never a client error.
    public var isTransient: Bool {
        switch self {
        case let .status(_, code): code >= 500
        case .rateLimited: true
        case .timedOut, .truncated, .network: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .unsupportedURL: "not an http or https URL"
        case let .status(_, code):
            "the server answered \(Self.status(code))"
        case let .rateLimited(_, code, retryAfter):
            "the server answered \(Self.status(code)) "
                + "(retry after \(Self.seconds(retryAfter)))"
        case let .tooLarge(_, limit, declared?):
            "too large: \(Self.megabytes(declared)) declared, the limit is \(Self.megabytes(limit))"
        case let .tooLarge(_, limit, nil): "too large: more than \(Self.megabytes(limit))"
        case let .tooManyRedirects(_, limit): "more than \(limit) redirects"
        case let .redirectRefused(_, target): "redirected to \(target), which is not an http or https URL"
        case let .compressed(_, encoding): "the server sent it compressed (\(encoding)) although asked not to"
        case let .deadline(_, seconds): "took longer than \(Self.seconds(seconds)), the limit for one URL"
        case let .tooSlow(_, rate, seconds):
            "too slow: less than \(Self.rate(rate)) for \(Self.seconds(seconds))"
        case let .timedOut(_, seconds): "timed out: nothing arrived for \(Self.seconds(seconds))"
        case let .truncated(_, received, expected): "truncated: \(received) of \(expected) bytes arrived"
        case let .notAnImage(_, reason): "not an image: \(reason)"
        case let .network(_, reason): reason
        case .cancelled: "cancelled"
        case let .unusable(_, reason): reason
        }
    }

    /// "404 Not Found": the code and its reason phrase, or the code alone when it has none.
    private static func status(_ code: Int) -> String {
        let phrases = [
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
            408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
            413: "Payload Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
            416: "Range Not Satisfiable", 417: "Expectation Failed", 421: "Misdirected Request",
            422: "Unprocessable Entity", 423: "Locked", 425: "Too Early", 426: "Upgrade Required",
            428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
            451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
            505: "HTTP Version Not Supported", 507: "Insufficient Storage", 508: "Loop Detected",
            511: "Network Authentication Required",
        ]
        return phrases[code].map { "\(code) \($0)" } ?? "\(code)"
    }

    private static func megabytes(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    private static func rate(_ bytesPerSecond: Double) -> String {
        bytesPerSecond >= 1024 ? "\(Int(bytesPerSecond / 1024)) KB/s" : "\(Int(bytesPerSecond)) bytes/s"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
