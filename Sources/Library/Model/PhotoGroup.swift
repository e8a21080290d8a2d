/// A folder of photos that share a description; photos without one form "Other".
public struct PhotoGroup: Sendable, Equatable, Identifiable {
    /// The name and id of the group of photos without a usable description.
    public static let otherName = "Other"
    public static let otherID = "other"
    /// The smart folder of the user's favourites.
    public static let favouritesName = "Favourites"
    public static let favouritesID = SmartFolder.favourites.id

    /// Stable across runs: derived from the normalised grouping key.
    public var id: String
    /// The description as first written by a photo of the group, or "Other".
    public var name: String
    /// Photo ids, oldest first (by date taken, then path).
    public var photoIDs: [String]
    /// The first photo of the group.
    public var coverID: String
    /// Earliest and latest known `takenAt` in the group; "" when none is known.
    public var firstTakenAt: String
    public var lastTakenAt: String
    /// The number of photos when only some (or none) of `photoIDs` are read yet: a folder from
    /// an aggregate of a library not read whole (`DescriptionSummary`); nil: `photoIDs` is all.
    public var summaryCount: Int? = nil

    public var count: Int { summaryCount ?? photoIDs.count }
    /// What `dateRange` says when no photo's date is known.
    static let unknownDate = "date unknown"
    public var isOther: Bool { id == Self.otherID }
    public var isSmart: Bool { SmartFolder.allCases.contains { $0.id == id } }

    /// The stable id for a normalised grouping key.
    public static func id(forKey key: String) -> String { "g" + ContentHash.hex(of: key) }

    /// "2023-04-01 – 2023-04-09", or a single day; "date unknown" when no date is known.
    public var dateRange: String {
        guard !firstTakenAt.isEmpty else { return Self.unknownDate }
        let first = TakenAt.day(firstTakenAt), last = TakenAt.day(lastTakenAt)
        return first == last ? first : "\(first) – \(last)"
    }

    /// The same by year, for narrow places: "2003 – 2026", or a single year.
    public var yearRange: String {
        guard !firstTakenAt.isEmpty else { return Self.unknownDate }
        let first = firstTakenAt.prefix(4), last = lastTakenAt.prefix(4)
        return first == last ? String(first) : "\(first) – \(last)"
    }
}
