import Library

/// One photo grid as shown: a group, a smart folder, search results or a folder of the active
/// grouping, with its subfolders first and then its photos in the chosen order. Items are
/// numbered across both: the cursor's index is an item, the detail view's index a photo.
struct FolderPage: Sendable {
    /// Subfolders, shown as folder tiles before the photos (a year's months, a disk folder's
    /// subfolders).
    var folders: [PhotoFolder]
    /// The photos directly in it, in order; its name and date range are the whole folder's.
    var group: PhotoGroup
    /// Photos in it and its subfolders.
    var totalPhotos: Int

    init(folders: [PhotoFolder] = [], group: PhotoGroup, totalPhotos: Int? = nil) {
        self.folders = folders
        self.group = group
        self.totalPhotos = totalPhotos ?? group.count
    }

    /// Folder tiles and photo tiles.
    var count: Int { folders.count + group.count }

    /// The photo index of item `item`, when it is a photo.
    func photoIndex(ofItem item: Int) -> Int? {
        let index = item - folders.count
        return group.photoIDs.indices.contains(index) ? index : nil
    }

    /// The item showing photo `index`.
    func item(ofPhoto index: Int) -> Int { folders.count + index }

    /// The photo id at item `item`, when it is a photo.
    func photoID(atItem item: Int) -> String? { photoIndex(ofItem: item).map { group.photoIDs[$0] } }
}
