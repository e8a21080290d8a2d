import Foundation

/// What photory remembers of each feed it imported, for a later refresh: the server's
/// validators (so an unchanged feed costs one small conditional request) and the item URLs it
/// listed. Kept as `feeds.json` in the downloads folder, written atomically.
public struct WebFeedRecords: Sendable, Equatable, Codable {
    /// One feed.
    public struct Record: Sendable, Equatable, Codable {
        public var validators: WebValidators
        /// The feed's photo URLs, in feed order.
        public var items: [String]
        /// When it was last fetched, seconds since 1970.
        public var fetchedAt: Double
        /// Item URL → its thumbnail's URL, for the items that have one (nil in records written
        /// before thumbnails were kept).
        public var thumbnails: [String: String]?

        public init(validators: WebValidators, items: [String], fetchedAt: Double, thumbnails: [String: String]? = nil) {
            self.validators = validators
            self.items = items
            self.fetchedAt = fetchedAt
            self.thumbnails = thumbnails
        }

        /// What `feed`, fetched in `response`, holds, fetched now.
        init(response: WebResponse, feed: WebFeed) {
            var thumbnails: [String: String] = [:]
            for item in feed.items {
                if let thumbnail = item.thumbnailURL { thumbnails[item.url.absoluteString] = thumbnail.absoluteString }
            }
            self.init(validators: response.validators, items: feed.items.map(\.url.absoluteString),
                      fetchedAt: Date().timeIntervalSince1970, thumbnails: thumbnails)
        }
    }

    /// Feed URL → what it held.
    public var feeds: [String: Record] = [:]

    public init() {}

    /// `feeds.json` in `downloads`.
    public static func path(in downloads: DownloadFolder) -> String { downloads.root + "/feeds.json" }

    /// The records in `path`; none when the file is missing or unreadable (they only save a
    /// request: losing them costs one full download of each feed).
    public static func load(_ path: String) -> WebFeedRecords {
        guard let data = FileManager.default.contents(atPath: path),
              let records = try? JSONDecoder().decode(WebFeedRecords.self, from: data) else { return WebFeedRecords() }
        return records
    }

    /// Writes the records atomically.
    public func save(_ path: String) throws(WebSaveError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try AtomicFile.write(Array(try encoder.encode(self)), to: path, options: AtomicFile.Options(createFolder: true))
        } catch let error as AtomicFile.Failure {
            throw WebSaveError(path: path, reason: error.reason)
        } catch {
            throw WebSaveError(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
