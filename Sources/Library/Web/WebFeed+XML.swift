import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// RSS 2.0 and Atom feeds (issue 24): each `<item>` / `<entry>` with a photo is an item. Its
/// photo is its Media RSS `media:content` (an image), else an image `<enclosure>` (Atom: a
/// `<link rel="enclosure">`); its thumbnail is `media:thumbnail`; its title and `guid` / `id`
/// are kept. The feed's `<title>` and its `<link rel="next">` (RFC 5005, also as `atom:link`)
/// give the feed's title and next page. An entry without an image is a problem of its own.
extension WebFeed {
    /// The feed in `body` when it is RSS or Atom; nil when it is other markup (an HTML page).
    static func parseXML(_ body: [UInt8], from url: URL) throws(WebFeedError) -> WebFeed? {
        let reader = XMLFeedReader(base: url)
        let parser = XMLParser(data: Data(body))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        guard reader.isFeed else { return nil }
        // A feed cut short (its root never closed) is broken even where the parser did not say.
        guard reader.finished else {
            let reason = parsed ? "it ends before </\(reader.root)>"
                : "XML error \(parser.parserError.map { "\(($0 as NSError).code)" } ?? "unknown") at line \(parser.lineNumber)"
            throw .notXML(url: url.absoluteString, reason: reason)
        }
        return reader.feed
    }
}

/// Collects an RSS or Atom document's items as `XMLParser` walks it.
private final class XMLFeedReader: NSObject, XMLParserDelegate {
    let base: URL
    var feed = WebFeed(items: [])
    /// The root is `<rss>`, `<feed>` or `<rdf:RDF>`.
    var isFeed = false
    /// The root element closed (an error after it does not matter).
    var finished = false
    /// The root element's name.
    var root = ""
    private var depth = 0
    private var number = 0
    /// The item being read: its photo, thumbnail, title and id so far.
    private var item: (image: String?, enclosure: String?, thumbnail: String?, title: String?, id: String?)?
    private var text = ""

    init(base: URL) { self.base = base }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        text = ""
        if depth == 1 {
            root = name
            isFeed = ["rss", "feed", "rdf:RDF"].contains(name)
            if !isFeed { parser.abortParsing() }
            return
        }
        let isImage = { (type: String?) in type?.hasPrefix("image/") == true }
        switch name {
        case "item", "entry":
            item = (nil, nil, nil, nil, nil)
            number += 1
        case "media:content" where item != nil:
            if item?.image == nil, attributes["medium"] == "image" || isImage(attributes["type"])
                || (attributes["medium"] == nil && attributes["type"] == nil) {
                item?.image = attributes["url"]
            }
        case "media:thumbnail" where item != nil:
            if item?.thumbnail == nil { item?.thumbnail = attributes["url"] }
        case "enclosure" where item != nil:
            if item?.enclosure == nil, isImage(attributes["type"]) { item?.enclosure = attributes["url"] }
        case "link", "atom:link":
            let rel = attributes["rel"]
            if item != nil, rel == "enclosure", isImage(attributes["type"]), item?.enclosure == nil {
                item?.enclosure = attributes["href"]
            } else if item == nil, rel == "next", feed.next == nil, let href = attributes["href"] {
                feed.next = WebFeed.link(href, base: base)
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { finished = true }
        switch name {
        case "title":
            if item != nil { item?.title = WebFeed.cleanTitle(text) } else if feed.title == nil { feed.title = WebFeed.cleanTitle(text) }
        case "guid", "id" where item != nil:
            item?.id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case "item", "entry":
            if let item { add(item) }
            item = nil
        default: break
        }
        text = ""
    }

    private func add(_ item: (image: String?, enclosure: String?, thumbnail: String?, title: String?, id: String?)) {
        guard let raw = item.image ?? item.enclosure else {
            feed.problems.append(.init(item: number, reason: "item \(number) has no image (media:content or enclosure)"))
            return
        }
        guard let url = WebFeed.link(raw, base: base) else {
            feed.problems.append(.init(item: number, reason: "item \(number): url is not an http or https URL"))
            return
        }
        feed.items.append(WebFeed.Item(url: url, thumbnailURL: item.thumbnail.flatMap { WebFeed.link($0, base: base) },
                                       title: item.title, id: item.id.flatMap { $0.isEmpty ? nil : $0 }))
    }
}
