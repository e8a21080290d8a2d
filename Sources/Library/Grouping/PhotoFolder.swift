/// A folder of a grouping: a description group, a year or a month, a camera, a country or a
/// city, a folder on disk. It may hold photos, folders or both.
public struct PhotoFolder: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    /// 0 for ordinary folders, more for catch-alls such as "Other" (see `FolderStep.rank`).
    public var rank: Int
    public var children: [PhotoFolder]
    /// The photos directly in this folder, oldest first (by date taken, then path).
    public var photoIDs: [String]
    /// Every photo in this folder and its subfolders, oldest first.
    public var allPhotoIDs: [String]
    /// The first photo of `allPhotoIDs`.
    public var coverID: String
    /// Earliest and latest known `takenAt` of all its photos; "" when none is known.
    public var firstTakenAt: String
    public var lastTakenAt: String

    public init(id: String, name: String, rank: Int = 0, children: [PhotoFolder] = [], photoIDs: [String],
                allPhotoIDs: [String]? = nil, coverID: String, firstTakenAt: String, lastTakenAt: String) {
        self.id = id
        self.name = name
        self.rank = rank
        self.children = children
        self.photoIDs = photoIDs
        self.allPhotoIDs = allPhotoIDs ?? photoIDs
        self.coverID = coverID
        self.firstTakenAt = firstTakenAt
        self.lastTakenAt = lastTakenAt
    }

    /// Photos in the folder and its subfolders.
    public var count: Int { allPhotoIDs.count }
    /// "Other", "Undated", "Unknown camera", "No location" and their like.
    public var isCatchAll: Bool { rank > 0 }

    /// The folder as a group of all its photos: what the home grid and `list --group` show
    /// today, with the same id, name, cover and dates (and so `dateRange` and `yearRange`).
    public var group: PhotoGroup {
        PhotoGroup(id: id, name: name, photoIDs: allPhotoIDs, coverID: coverID,
                   firstTakenAt: firstTakenAt, lastTakenAt: lastTakenAt)
    }
}
