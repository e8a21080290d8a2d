import Foundation

/// The library file's `feeds` list (issue 24), after the albums:
///
///     "feeds":[{"url":"https://host/photos?page={page}","title":"…","next":"https://…","page":2,
///               "photos":["<photo id>",…]},…]
///
/// Optional; a file without it (written before feeds) loads with none, and older builds skip
/// the key.
extension LibraryJSON {
    static func readFeeds(_ scanner: inout JSONScanner) throws -> [LibraryFeed] {
        var feeds: [LibraryFeed] = []
        try scanner.readArray { s in
            var url: String?, title: String?, next: String?, page = 0, ids: [String] = []
            try s.readObject { s, key in
                if key.equals("url") { url = try s.readString() }
                else if key.equals("title") { title = try s.readOptionalString() }
                else if key.equals("next") { next = try s.readOptionalString() }
                else if key.equals("page") { page = try s.readInt() }
                else if key.equals("photos") { try s.readArray { s in ids.append(try s.readString()) } }
                else { try s.skipValue() }
            }
            guard let url else { throw ReadError(description: "a feed without \"url\"") }
            feeds.append(LibraryFeed(url: url, title: title, next: next, page: page, photoIDs: ids))
        }
        return feeds
    }

    static func appendFeeds(_ feeds: [LibraryFeed], _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, feed) in feeds.enumerated() {
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            appendFeed(feed, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// One feed of the list (also a row of a PostgreSQL library's `photory_feeds`).
    static func appendFeed(_ feed: LibraryFeed, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        field("url", feed.url, &out, first: true)
        if let title = feed.title { field("title", title, &out) }
        if let next = feed.next { field("next", next, &out) }
        number("page", Double(feed.page), &out)
        key("photos", &out, first: false)
        out.append(UInt8(ascii: "["))
        for (position, id) in feed.photoIDs.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            appendString(id, &out)
        }
        out.append(contentsOf: "]}".utf8)
    }
}
