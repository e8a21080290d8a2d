import Foundation

/// The one seam between photory and the network: fetch one URL into memory, within a size cap.
///
/// `CurlFetcher` is the real client; tests run it against a local server they start.
public protocol HTTPFetching: Sendable {
    /// The body of `request.url` after redirects, or why there is none. A 304 answer to a
    /// conditional request is a response with `notModified` set and an empty body. `progress`
    /// gets the bytes received so far (and the declared length, when the server sent one);
    /// cancelling stops the transfer within a fraction of a second (`WebError.cancelled`).
    func fetch(_ request: WebRequest, cancellation: ImportCancellation?,
               progress: @escaping @Sendable (WebTransfer) -> Void) throws(WebError) -> WebResponse
}

extension HTTPFetching {
    public func fetch(_ request: WebRequest) throws(WebError) -> WebResponse {
        try fetch(request, cancellation: nil, progress: { _ in })
    }
}

/// What to fetch, and how much of it to accept.
public struct WebRequest: Sendable, Equatable {
    /// A photo (up to `imageLimit`) or a feed (up to `feedLimit`).
    public enum Kind: Sendable, Equatable {
        /// The body must sniff as an image (`PhotoFormats`), whatever the server calls it; the
        /// download stops as soon as its first bytes say otherwise.
        case image
        /// A feed, a list of links, or a single image: whatever a user typed.
        case any
    }

    /// Most bytes of one image: 200 MB.
    public static let imageLimit: Int64 = 200 << 20
    /// Most bytes of one feed: 50 MB (a URL the user typed may also be an image, see `Kind.any`).
    public static let feedLimit: Int64 = 50 << 20

    public var url: URL
    public var kind: Kind
    /// The body is refused as soon as it (or its declared Content-Length) passes this.
    public var maxBytes: Int64
    /// Validators of an earlier answer: when set, the request is conditional.
    public var validators: WebValidators?

    public init(url: URL, kind: Kind, maxBytes: Int64? = nil, validators: WebValidators? = nil) {
        self.url = url
        self.kind = kind
        self.maxBytes = maxBytes ?? (kind == .image ? Self.imageLimit : max(Self.imageLimit, Self.feedLimit))
        self.validators = validators
    }
}

/// An answer's `ETag` and `Last-Modified`, sent back as `If-None-Match` and `If-Modified-Since`
/// so an unchanged feed costs one small request.
public struct WebValidators: Sendable, Equatable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A successful answer.
public struct WebResponse: Sendable, Equatable {
    /// Where the body came from, after redirects.
    public var url: URL
    public var status: Int
    public var body: [UInt8]
    /// The server's validators, for a later conditional request.
    public var validators: WebValidators
    /// The server's Content-Type, for information only: content is judged by its bytes.
    public var contentType: String?
    // Paged feeds (issue 24)
    /// The answer's headers that paging reads (`Link`, `X-RateLimit-Remaining`,
    /// `X-RateLimit-Reset`, `Retry-After`), by lower-cased name.
    public var headers: [String: String]

    public init(url: URL, status: Int, body: [UInt8], validators: WebValidators = WebValidators(),
                contentType: String? = nil, headers: [String: String] = [:]) {
        self.url = url
        self.status = status
        self.body = body
        self.validators = validators
        self.contentType = contentType
        self.headers = headers
    }

    /// The headers a feed's paging reads; no other header is kept.
    public static let pagingHeaders = ["link", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"]

    /// True for a 304 answer to a conditional request.
    public var notModified: Bool { status == 304 }
}
