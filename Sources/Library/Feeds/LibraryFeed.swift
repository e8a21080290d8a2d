import Foundation

/// A paged web feed the library follows (issue 24): the address the user gave, the feed's
/// title, where its next page is, and its photos in feed order. Saved with the library (the
/// `feeds` list of the library file), so a later `import --pages` or the browser's "load
/// more" continues where the last fetch stopped. Never holds request headers.
public struct LibraryFeed: Sendable, Equatable {
    /// The address as the user gave it (a `{page}` template stays a template); the photos'
    /// `feedURL`.
    public var url: String
    /// The feed's own title, when it gives one.
    public var title: String?
    /// The next page's URL (opaque, as the server gave it); nil when the feed ended.
    public var next: String?
    /// Pages fetched so far (a template's next page is `page + 1`).
    public var page: Int
    /// The photos, in feed order.
    public var photoIDs: [String]

    public init(url: String, title: String? = nil, next: String? = nil, page: Int = 0, photoIDs: [String] = []) {
        self.url = url
        self.title = title
        self.next = next
        self.page = page
        self.photoIDs = photoIDs
    }

    /// Whether more pages may follow.
    public var hasMore: Bool { next != nil }

    /// The home grid's folder of this feed.
    public var groupID: String { Self.groupPrefix + url }
    static let groupPrefix = "feed:"
    /// Whether `groupID` is a feed's folder (kept in feed order, whatever the sort).
    public static func isFeedGroup(_ groupID: String) -> Bool { groupID.hasPrefix(groupPrefix) }

    /// The folder's name: the feed's title, else its host and path.
    public var name: String {
        if let title, !title.isEmpty { return title }
        let shown = url.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        guard let parts = URLComponents(string: shown), let host = parts.host else { return url }
        return host + parts.path
    }
}

extension PhotoLibrary {
    /// Adds `feed`, or replaces the one with its URL, and remakes its folder.
    public mutating func setFeed(_ feed: LibraryFeed) {
        if let index = feeds.firstIndex(where: { $0.url == feed.url }) {
            feeds[index] = feed
        } else {
            feeds.append(feed)
        }
        makeHomeFolders()
    }

    /// The feed imported from `url`.
    public func feed(url: String) -> LibraryFeed? { feeds.first { $0.url == url } }

    /// The feeds' folders (those with a photo in the library), then the home grid's list:
    /// the smart folders, the albums, the feeds, the groups.
    mutating func makeHomeFolders() {
        feedGroups = feeds.compactMap(makeFeedGroup)
        homeFolders = smartGroups + albumGroups + feedGroups + groups
    }

    /// A feed's folder: its photos still in the library, in feed order; nil when none is.
    func makeFeedGroup(_ feed: LibraryFeed) -> PhotoGroup? {
        var seen = Set<String>()
        let ids = feed.photoIDs.filter { indexByID[$0] != nil && seen.insert($0).inserted }
        guard let cover = ids.first else { return nil }
        let dates = ids.compactMap { photo(id: $0)?.takenAt }
        return PhotoGroup(id: feed.groupID, name: feed.name, photoIDs: ids, coverID: cover,
                          firstTakenAt: dates.min() ?? "", lastTakenAt: dates.max() ?? "")
    }
}
