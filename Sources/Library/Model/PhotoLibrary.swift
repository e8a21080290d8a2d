import Foundation

/// The photo library: every photo, indexed by id and path, with its groups derived from the
/// photos' descriptions. A value: the TUI and the CLI each hold their own copy.
public struct PhotoLibrary: Sendable, Equatable {
    public private(set) var photos: [Photo]
    public private(set) var groups: [PhotoGroup] = []
    private var indexByID: [String: Int] = [:]
    private var indexByPath: [String: Int] = [:]

    public init(photos: [Photo] = []) {
        self.photos = photos
        reindex()
    }

    // MARK: - Look-up

    public func photo(id: String) -> Photo? { indexByID[id].map { photos[$0] } }
    public func photo(path: String) -> Photo? { indexByPath[path].map { photos[$0] } }
    public func group(id: String) -> PhotoGroup? { groups.first { $0.id == id } }

    /// A group by name, compared the way photos are grouped (case and spacing ignored).
    public func group(named name: String) -> PhotoGroup? {
        let key = DescriptionResolver.groupKey(name)
        return groups.first { DescriptionResolver.groupKey($0.name) == key }
    }

    /// The id of the group `photo` belongs to.
    public static func groupID(of photo: Photo) -> String {
        photo.description.map { PhotoGroup.id(forKey: DescriptionResolver.groupKey($0)) } ?? PhotoGroup.otherID
    }

    // MARK: - Changes

    /// Adds a photo whose id is not yet in the library.
    public mutating func add(_ photo: Photo) {
        precondition(indexByID[photo.id] == nil, "photo \(photo.id) is already in the library")
        photos.append(photo)
        reindex()
    }

    /// Adds many photos at once (one regrouping instead of one per photo).
    public mutating func add(contentsOf newPhotos: [Photo]) {
        guard !newPhotos.isEmpty else { return }
        photos.append(contentsOf: newPhotos)
        reindex()
    }

    /// Replaces the stored photos with the same ids (unknown ids are ignored).
    public mutating func update(_ changed: [Photo]) {
        guard !changed.isEmpty else { return }
        for photo in changed {
            if let index = indexByID[photo.id] { photos[index] = photo }
        }
        reindex()
    }

    /// Marks each photo missing or present by asking `fileExists`; returns how many changed.
    @discardableResult
    public mutating func refreshMissing(fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Int {
        var changed = 0
        for index in photos.indices {
            let missing = !fileExists(photos[index].path)
            if missing != photos[index].missing {
                photos[index].missing = missing
                changed += 1
            }
        }
        if changed > 0 { reindex() }
        return changed
    }

    // MARK: - Derived data

    private mutating func reindex() {
        indexByID = Dictionary(photos.indices.map { (photos[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        indexByPath = Dictionary(photos.indices.map { (photos[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        groups = Self.makeGroups(photos)
    }

    /// Groups by normalised description, named after the first photo (in library order) that
    /// carries it; ordered by name case-insensitively with "Other" last.
    static func makeGroups(_ photos: [Photo]) -> [PhotoGroup] {
        var members: [String: [Int]] = [:]
        var names: [String: String] = [:]
        for (index, photo) in photos.enumerated() {
            let id = groupID(of: photo)
            members[id, default: []].append(index)
            if names[id] == nil { names[id] = photo.description ?? PhotoGroup.otherName }
        }
        var groups: [PhotoGroup] = members.map { id, indices in
            let sorted = indices.sorted {
                let a = photos[$0], b = photos[$1]
                return a.takenAt != b.takenAt ? a.takenAt < b.takenAt : a.path < b.path
            }
            return PhotoGroup(
                id: id, name: names[id]!, photoIDs: sorted.map { photos[$0].id },
                coverID: photos[sorted[0]].id,
                firstTakenAt: photos[sorted.first!].takenAt, lastTakenAt: photos[sorted.last!].takenAt)
        }
        groups.sort { a, b in
            if a.isOther != b.isOther { return b.isOther }
            let order = a.name.caseInsensitiveCompare(b.name)
            return order != .orderedSame ? order == .orderedAscending : a.id < b.id
        }
        return groups
    }
}
