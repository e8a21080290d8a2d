import Foundation

/// How to get a feed's next page (issue 24), in this order: the answer's `Link: <…>; rel="next"`
/// header (RFC 8288); a cursor in the body (`WebFeed.next`: JSON `next_url`, `next`, `nextPage`,
/// `links.next`, `paging.next`, or RSS/Atom `<link rel="next">`); the user's URL template with
/// `{page}` (and optionally `{per_page}`, `{offset}`). Next URLs are opaque: used as given.
///
/// Paging stops at the end (no next page, an empty page, a template page shorter than asked
/// for), at a next page already fetched in this run (a cursor loop), and at the page limit.
public struct FeedPaging: Sendable, Equatable {
    /// Items asked for a page when a template has `{per_page}` or `{offset}`.
    public static let perPage = 24
    /// Pages fetched at most by `--pages all`.
    public static let pageCap = 1000

    /// The address as the user gave it.
    public let source: String

    /// `source` with its placeholders written plainly (a URL type may have escaped the braces).
    public init(_ source: String) {
        var plain = source
        for name in ["page", "per_page", "offset"] {
            for escaped in ["%7B\(name)%7D", "%7b\(name)%7d"] { plain = plain.replacingOccurrences(of: escaped, with: "{\(name)}") }
        }
        self.source = plain
    }

    /// Whether the address is a template (`{page}` or `{offset}`).
    public var isTemplate: Bool { source.contains("{page}") || source.contains("{offset}") }

    /// Items a template page asks for; nil when the template does not say (then the first
    /// page's length is what a full page holds).
    public var asked: Int? {
        source.contains("{per_page}") || source.contains("{offset}") ? Self.perPage : nil
    }

    /// Page `page` (from 1) of a template; the address itself when it is no template.
    public func url(page: Int) -> URL? {
        guard isTemplate else { return URL(string: source) }
        let filled = source
            .replacingOccurrences(of: "{page}", with: String(page))
            .replacingOccurrences(of: "{per_page}", with: String(Self.perPage))
            .replacingOccurrences(of: "{offset}", with: String((page - 1) * Self.perPage))
        return URL(string: filled)
    }

    /// The page after `page`, fetched in `response` as `feed`; nil at the end. `fullPage` is
    /// what a full template page holds.
    func next(after page: Int, response: WebResponse, feed: WebFeed, fullPage: Int?) -> URL? {
        if feed.items.isEmpty { return nil }
        if let link = response.headers["link"].flatMap({ Self.nextLink($0, base: response.url) }) { return link }
        if let next = feed.next { return next }
        if isTemplate {
            if let fullPage, feed.items.count < fullPage { return nil }
            return url(page: page + 1)
        }
        return nil
    }

    /// The `rel="next"` target of a `Link` header (RFC 8288), resolved against `base`.
    static func nextLink(_ header: String, base: URL) -> URL? {
        // Links are separated by commas outside <…>; each is <target>; param; param…
        var links: [String] = []
        var current = "", inTarget = false
        for character in header {
            if character == "<" { inTarget = true } else if character == ">" { inTarget = false }
            if character == ",", !inTarget {
                links.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        links.append(current)
        for link in links {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let rels = parts.dropFirst().compactMap { parameter -> [String]? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return nil }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                    .split(separator: " ").map(String.init)
            }.flatMap { $0 }
            if rels.contains("next") { return WebFeed.link(String(target.dropFirst().dropLast()), base: base) }
        }
        return nil
    }

    /// How long to wait before the next request when the answer says the rate limit is used up
    /// (`X-RateLimit-Remaining: 0`): until `X-RateLimit-Reset` (seconds, or a Unix time), else
    /// `Retry-After`, else a second; never more than `limit`. Zero when requests are left.
    static func rateWait(_ response: WebResponse, limit: Double, now: Double = Date().timeIntervalSince1970) -> Double {
        guard let remaining = response.headers["x-ratelimit-remaining"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
              remaining <= 0 else { return 0 }
        var wait = 1.0
        if let reset = response.headers["x-ratelimit-reset"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
            wait = reset > 1_000_000_000 ? reset - now : reset
        } else if let after = response.headers["retry-after"].flatMap(CurlFetcher.retryAfter) {
            wait = after
        }
        return max(0, min(wait, limit))
    }
}
