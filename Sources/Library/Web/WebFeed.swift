import Foundation

/// What a URL the user gave turned out to be: a feed of photos, a list of image links, or an
/// image itself.
///
/// A feed is a JSON array of objects with at least `url`, and optionally `thumbnailUrl`,
/// `title`, `id` and `albumId` (the jsonplaceholder `/photos` shape), `width` and `height` (the
/// original's pixels) and `takenAt` (ISO 8601, "2019-06-05T14:03:22", with an offset or "Z" when
/// known) — a photo not downloaded yet has no size or date unless these say — or an object holding such
/// an array under `photos`, `items` or `data`. A list is plain text with one `http(s)` URL a
/// line (blank lines and `#` comments are skipped). Relative links resolve against the feed's
/// own URL. One bad item is a problem of its own: the rest of the feed still counts.
///
/// Paged feeds (issue 24): a JSON object may give the feed's `title` and the next page's URL
/// (`next_url` of JSON Feed 1.1, `next`, `nextPage`, `links.next`, `paging.next`, a string or an
/// object with `href`); a JSON Feed 1.1 item's photo is its first image attachment, else its
/// `image`, else its `url`; an item with `urls` (Unsplash) takes `full`/`regular`/`raw` and
/// `thumb`/`small`. RSS 2.0 and Atom are read in `WebFeed+XML.swift`.
public struct WebFeed: Sendable, Equatable {
    /// One photo of a feed.
    public struct Item: Sendable, Equatable {
        /// The full image.
        public var url: URL
        public var thumbnailURL: URL?
        /// The feed's title, which becomes the photo's description.
        public var title: String?
        public var id: String?
        public var albumID: String?
        /// The original's pixel size, when the feed gives both sides.
        public var width: Int?
        public var height: Int?
        /// When the photo was taken, in `Photo.takenAt`'s form, when the feed says.
        public var takenAt: String?

        public init(url: URL, thumbnailURL: URL? = nil, title: String? = nil, id: String? = nil,
                    albumID: String? = nil, width: Int? = nil, height: Int? = nil, takenAt: String? = nil) {
            self.url = url
            self.thumbnailURL = thumbnailURL
            self.title = title
            self.id = id
            self.albumID = albumID
            self.width = width
            self.height = height
            self.takenAt = takenAt
        }
    }

    /// An item that could not be used: its position (from 1) and why.
    public struct Problem: Sendable, Equatable {
        public var item: Int
        public var reason: String
    }

    public var items: [Item]
    public var problems: [Problem]
    // Paged feeds (issue 24)
    /// The feed's own title, when it gives one.
    public var title: String?
    /// The next page, when the body names one (a JSON cursor, an RSS/Atom `<link rel="next">`).
    public var next: URL?

    public init(items: [Item], problems: [Problem] = [], title: String? = nil, next: URL? = nil) {
        self.items = items
        self.problems = problems
        self.title = title
        self.next = next
    }

    /// The keys of an object that may name the next page, in the order they are looked at
    /// (dotted: a key inside an object).
    static let nextKeys = ["next_url", "next", "nextPage", "links.next", "paging.next"]

    /// The keys of an object that may hold the photo array, in the order they are looked at.
    static let listKeys = ["photos", "items", "data"]

    /// Reads `body`, fetched from `url`, as a JSON feed or a list of links. (A body that is an
    /// image is not a feed: callers sniff it first.)
    public static func parse(_ body: [UInt8], from url: URL) throws(WebFeedError) -> WebFeed {
        let text = String(decoding: body, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = trimmed.first else { throw .empty(url: url.absoluteString) }
        if first == "[" || first == "{" { return try parseJSON(body, from: url) }
        if first == "<", let feed = try parseXML(body, from: url) { return feed }
        return try parseList(text, from: url)
    }

    // MARK: - JSON

    private static func parseJSON(_ body: [UInt8], from url: URL) throws(WebFeedError) -> WebFeed {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            throw .notJSON(url: url.absoluteString, reason: Self.jsonReason(error))
        }
        let list: [Any]
        if let array = value as? [Any] {
            list = array
        } else if let object = value as? [String: Any],
                  let array = listKeys.lazy.compactMap({ object[$0] as? [Any] }).first {
            list = array
        } else {
            throw .noPhotoList(url: url.absoluteString)
        }
        var feed = WebFeed(items: [])
        if let object = value as? [String: Any] {
            feed.title = (object["title"] as? String).flatMap(cleanTitle)
            feed.next = nextKeys.lazy.compactMap { nextLink(object, $0, base: url) }.first
        }
        let jsonFeed = ((value as? [String: Any])?["version"] as? String)?.hasPrefix("https://jsonfeed.org/version/") == true
        for (index, element) in list.enumerated() {
            let number = index + 1
            guard var object = element as? [String: Any] else {
                feed.problems.append(Problem(item: number, reason: "item \(number) is not an object"))
                continue
            }
            if jsonFeed { object["url"] = jsonFeedImage(object) }
            if let urls = object["urls"] as? [String: Any] {
                object["url"] = object["url"] ?? ["full", "regular", "raw"].lazy.compactMap { urls[$0] as? String }.first
                object["thumbnailUrl"] = object["thumbnailUrl"] ?? ["thumb", "small"].lazy.compactMap { urls[$0] as? String }.first
            }
            guard let raw = object["url"] as? String, !raw.isEmpty else {
                feed.problems.append(Problem(item: number, reason: "item \(number) has no url"))
                continue
            }
            guard let link = link(raw, base: url) else {
                feed.problems.append(Problem(item: number, reason: "item \(number): url is not an http or https URL"))
                continue
            }
            let width = pixels(object["width"]), height = pixels(object["height"])
            let sized = width != nil && height != nil
            feed.items.append(Item(
                url: link,
                thumbnailURL: (object["thumbnailUrl"] as? String).flatMap { Self.link($0, base: url) },
                title: (object["title"] as? String).flatMap(cleanTitle),
                id: scalar(object["id"]), albumID: scalar(object["albumId"]),
                width: sized ? width : nil, height: sized ? height : nil,
                takenAt: (object["takenAt"] as? String).flatMap(takenAt)))
        }
        return feed
    }

    /// The next page's URL under `path` ("links.next": `next` inside `links`), a string or an
    /// object with `href`; nil when absent, null, or not a link (a bare token is not a URL).
    private static func nextLink(_ object: [String: Any], _ path: String, base: URL) -> URL? {
        var value: Any? = object
        for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
        if let nested = value as? [String: Any] { value = nested["href"] }
        guard let raw = value as? String,
              raw.contains("://") || raw.hasPrefix("/") || raw.hasPrefix("?") else { return nil }
        return link(raw, base: base)
    }

    /// A JSON Feed 1.1 item's photo: its first image attachment, else `image`, else `url`.
    private static func jsonFeedImage(_ item: [String: Any]) -> String? {
        let attachments = item["attachments"] as? [[String: Any]] ?? []
        let image = attachments.first { ($0["mime_type"] as? String)?.hasPrefix("image/") == true }
        return image?["url"] as? String ?? item["image"] as? String ?? item["url"] as? String
    }

    /// A string or number as text (ids are numbers in some feeds, strings in others).
    private static func scalar(_ value: Any?) -> String? {
        switch value {
        case let text as String: text.isEmpty ? nil : text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    /// A side of a photo in pixels: a whole number from 1 to 1,000,000; nil for anything else.
    private static func pixels(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double == double.rounded(), double >= 1, double <= 1_000_000 else { return nil }
        return Int(double)
    }

    /// An ISO 8601 date and time ("2019-06-05T14:03:22", "…+02:00", "…Z") in `Photo.takenAt`'s
    /// form; nil when it is not one.
    static func takenAt(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count >= 19 else { return nil }
        let clock = String(trimmed.prefix(19)), rest = String(trimmed.dropFirst(19))
        let offset: String? = rest == "Z" ? "+00:00" : rest.isEmpty ? nil : rest
        guard offset == nil || TakenAt.isValidOffset(offset!), WallClock(iso: clock) != nil,
              let value = TakenAt.fromEXIF(clock, offset: offset) else { return nil }
        return value
    }

    /// A title with its whitespace runs folded to single spaces; nil when blank.
    static func cleanTitle(_ title: String) -> String? {
        let folded = title.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return folded.isEmpty ? nil : folded
    }

    private static func jsonReason(_ error: Error) -> String {
        let info = (error as NSError).userInfo
        return (info[NSDebugDescriptionErrorKey] as? String) ?? "invalid JSON"
    }

    // MARK: - Plain text

    private static func parseList(_ text: String, from url: URL) throws(WebFeedError) -> WebFeed {
        var feed = WebFeed(items: [])
        var entries = 0
        // Lines are numbered as in the file, blank lines and comments included.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            entries += 1
            // The first entry decides: text that does not start with a link is not a list.
            guard entry.contains("://"), let link = link(entry, base: url) else {
                if entries == 1 { throw .notAFeed(url: url.absoluteString) }
                feed.problems.append(Problem(item: index + 1, reason: "line \(index + 1) is not an http or https URL"))
                continue
            }
            feed.items.append(Item(url: link))
        }
        if feed.items.isEmpty { throw .notAFeed(url: url.absoluteString) }
        return feed
    }

    /// `raw` as an absolute http(s) URL, resolved against `base`; nil for anything else.
    static func link(_ raw: String, base: URL) -> URL? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              CurlFetcher.host(of: url) != nil else { return nil }
        return url
    }
}

/// Why a feed could not be read at all. Every case names the feed's URL.
public enum WebFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty(url: String)
    /// It starts like JSON but does not parse.
    case notJSON(url: String, reason: String)
    /// Valid JSON without an array of photos (at the top, or under `photos`, `items`, `data`).
    case noPhotoList(url: String)
    /// Neither an image, nor JSON, nor a list of links (an HTML page, say).
    case notAFeed(url: String)
    /// An RSS or Atom feed that does not parse (issue 24).
    case notXML(url: String, reason: String)

    public var description: String {
        switch self {
        case .empty: "the feed is empty"
        case let .notJSON(_, reason): "not JSON: \(reason)"
        case .noPhotoList: "no list of photos (an array, or one under \"photos\", \"items\" or \"data\")"
        case .notAFeed: "not an image, a JSON feed or a list of image URLs"
        case let .notXML(_, reason): "not a readable RSS or Atom feed: \(reason)"
        }
    }
}
