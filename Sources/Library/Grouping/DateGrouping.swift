/// By date taken: years, then months inside a year, newest first; a photo whose date is known
/// only to the year sits in the year itself; photos without a known, readable date (a web
/// photo not downloaded yet among them) in "Undated", last.
public struct DateGrouping: Grouping {
    public init() {}

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    public func keys(of photo: Photo) -> [String] {
        guard let takenAt = photo.takenAt, let clock = WallClock(iso: takenAt), (1...12).contains(clock.month)
        else { return [""] }
        let year = String(Substring(takenAt.utf8.prefix(4)))
        return photo.takenAtPrecision == .year ? [year] : [year, String(Substring(takenAt.utf8.prefix(7)))]
    }

    public func folder(for keys: [String]) -> FolderStep {
        guard let key = keys.last, !key.isEmpty else { return FolderStep(id: "undated", name: "Undated", rank: 1) }
        guard keys.count == 2, let month = Int(key.suffix(2)) else { return FolderStep(id: "y" + key, name: key) }
        return FolderStep(id: "m" + key, name: "\(Self.monthNames[month - 1]) \(key.prefix(4))")
    }

    public var namesFollowIDs: Bool { true }

    /// Newest first: ids hold the year and month as digits of fixed width.
    public func precedes(_ a: PhotoFolder, _ b: PhotoFolder) -> Bool {
        a.rank != b.rank ? a.rank < b.rank : a.id > b.id
    }
}
