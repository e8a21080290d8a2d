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
    public mutating func refreshMissing(fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> Int {
        var changed = 0
        for index in photos.indices {
            let missing = !fileExists(photos[index].path)
            if missing != photos[index].missing {
                photos[index].missing = missing
                changed += 1
            }
        }
        return changed   // Groups and indexes do not depend on the flag.
    }

    /// Sets every photo's missing flag: missing exactly when its id is in `ids`.
    public mutating func setMissing(_ ids: Set<String>) {
        for index in photos.indices { photos[index].missing = ids.contains(photos[index].id) }
    }

    /// Ids of the photos whose files are not at their paths now (one `stat` each; run it off
    /// the UI thread for large libraries).
    public func missingPhotoIDs(fileExists: (String) -> Bool = { access($0, F_OK) == 0 }) -> Set<String> {
        Set(photos.filter { !fileExists($0.path) }.map(\.id))
    }

    // MARK: - Derived data

    private mutating func reindex() {
        indexByID = [:]
        indexByPath = [:]
        indexByID.reserveCapacity(photos.count)
        indexByPath.reserveCapacity(photos.count)
        // Backwards, so the first of two equal keys wins with one hash look-up each; field
        // access through the buffer, since copying whole photos retains every string they hold.
        photos.withUnsafeBufferPointer { buffer in
            for index in buffer.indices.reversed() {
                indexByID[buffer[index].id] = index
                indexByPath[buffer[index].path] = index
            }
        }
        groups = Self.makeGroups(photos)
    }

    /// Groups by normalised description, named after the first photo (in library order) that
    /// carries it; ordered by name case-insensitively with "Other" last.
    static func makeGroups(_ photos: [Photo]) -> [PhotoGroup] {
        // One sort of every photo by date, then path, so each group's members come out in
        // order. Dates compare as integers (YYYYMMDDhhmmss), which is far cheaper than strings.
        let dateKeys = photos.map { TakenAt.sortKey($0.takenAt) }
        let order = Array(photos.indices).sorted {
            dateKeys[$0] != dateKeys[$1] ? dateKeys[$0] < dateKeys[$1] : photos[$0].path < photos[$1].path
        }
        var members: [String: [String]] = [:]
        var names: [String: String] = [:]
        // Many photos share a description: normalise each distinct text once.
        var idByDescription: [String: String] = [:]
        for index in photos.indices {
            guard let description = photos[index].description, idByDescription[description] == nil else { continue }
            let id = PhotoGroup.id(forKey: DescriptionResolver.groupKey(description))
            idByDescription[description] = id
            if names[id] == nil { names[id] = description }
        }
        var dates: [String: (first: String, last: String)] = [:]
        for index in order {
            let id = photos[index].description.map { idByDescription[$0]! } ?? PhotoGroup.otherID
            members[id, default: []].append(photos[index].id)
            if dates[id] == nil { dates[id] = (photos[index].takenAt, "") }
            dates[id]!.last = photos[index].takenAt
        }
        names[PhotoGroup.otherID] = PhotoGroup.otherName
        var groups: [PhotoGroup] = members.map { id, ids in
            PhotoGroup(id: id, name: names[id]!, photoIDs: ids, coverID: ids[0],
                       firstTakenAt: dates[id]!.first, lastTakenAt: dates[id]!.last)
        }
        groups.sort { a, b in
            if a.isOther != b.isOther { return b.isOther }
            let order = a.name.caseInsensitiveCompare(b.name)
            return order != .orderedSame ? order == .orderedAscending : a.id < b.id
        }
        return groups
    }
}
