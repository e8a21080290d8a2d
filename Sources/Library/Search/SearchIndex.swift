import Foundation

/// Everything search looks at, folded once per library so that each keystroke's query over
/// 100,000 photos takes milliseconds: the distinct descriptions, folders, cameras, file names
/// and place names in one buffer each, and per photo their numbers, its date and its flags.
///
/// A value built off the UI thread (`init` takes a moment at 100,000 photos; see `bench`);
/// rebuild it when the library changes.
public struct SearchIndex: Sendable {
    /// Photo ids in library order; positions below index these arrays.
    let ids: [String]
    let names: FoldedTable, folders: FoldedTable, cameras: FoldedTable
    var descriptions: FoldedTable, places: FoldedTable
    /// Folded description group names (exact match for `group:`), by slot; a group's slot
    /// stays while the index is updated (`update(_:in:)`), so a slot may be left unused.
    var groupNames: [String]
    var groupSlotByID: [String: Int32]
    let nameSlot: [Int32], folderSlot: [Int32], cameraSlot: [Int32]
    var descriptionSlot: [Int32], placeSlot: [Int32], groupSlot: [Int32]
    var dateKey: [Int64]
    var flags: [UInt8]
    /// Per photo: its stars (low 3 bits) and colour label (its position in `ColourLabel.allCases`
    /// plus one, the 3 bits above; 0 for none).
    var stars: [UInt8]
    /// The distinct folded tag lists, and each photo's (-1: no tags).
    var tagSets: [[String]]
    var tagSetSlot: [Int32]
    var tagSetByTags: [[String]: Int32]
    // Albums (issue 23): the distinct lists of album ids and each photo's (-1: in none), and
    // each album's folded name (read again on every update, so a rename is followed).
    var albumSets: [[String]]
    var albumSetSlot: [Int32]
    var albumSetByIDs: [[String]: Int32]
    var albumNames: [String: String]
    /// Positions in each sort order, made when first asked for.
    var orders: SortCache
    /// Names the places of positions, for `place:`.
    let placeNames: PlaceNames

    private struct CameraKey: Hashable {
        var make: String?
        var model: String?
    }

    static let favouriteFlag: UInt8 = 1, missingFlag: UInt8 = 2, editedFlag: UInt8 = 4
    /// A raw file's and a video's bit; a photo has neither.
    static let rawFlag: UInt8 = 8, videoFlag: UInt8 = 16
    static let rejectedFlag: UInt8 = 32, pickedFlag: UInt8 = 64
    static let liveFlag: UInt8 = 128   // a motion part (issue 21)

    /// The flags of `photo`.
    static func flags(of photo: Photo) -> UInt8 {
        (photo.isFavourite ? favouriteFlag : 0) | (photo.missing ? missingFlag : 0)
            | (photo.edits.editedFields.isEmpty ? 0 : editedFlag)
            | (photo.kind == .raw ? rawFlag : photo.kind == .video ? videoFlag : 0)
            | (photo.isRejected ? rejectedFlag : 0) | (photo.isPicked ? pickedFlag : 0)
            | (photo.hasMotion ? liveFlag : 0)
    }

    /// Whether `flags` say the photo is of `kind`.
    static func isKind(_ kind: Photo.Kind, _ flags: UInt8) -> Bool {
        switch kind {
        case .photo: flags & (rawFlag | videoFlag) == 0
        case .raw: flags & rawFlag != 0
        case .video: flags & videoFlag != 0
        }
    }

    /// `stars` of a photo.
    static func stars(of photo: Photo) -> UInt8 {
        let label = photo.label.flatMap { ColourLabel.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        return UInt8(photo.rating) | UInt8(label << 3)
    }

    /// The slot of `photo`'s tags in `tagSets`, adding them when new.
    static func tagSlot(of photo: Photo, _ sets: inout [[String]], _ byTags: inout [[String]: Int32]) -> Int32 {
        setSlot(photo.tags, sets: &sets, by: &byTags, stored: { $0.map(SearchText.fold) })
    }

    /// The slot of `photo`'s albums in `albumSets`, adding them when new.
    static func albumSlot(of photo: Photo, _ sets: inout [[String]], _ byIDs: inout [[String]: Int32]) -> Int32 {
        setSlot(photo.edits.albums.keys.sorted(), sets: &sets, by: &byIDs, stored: { $0 })
    }

    /// The slot of the list `items` (-1 when empty), `stored` as it is kept, added when new.
    private static func setSlot(_ items: [String], sets: inout [[String]], by slots: inout [[String]: Int32],
                                stored: ([String]) -> [String]) -> Int32 {
        guard !items.isEmpty else { return -1 }
        if let slot = slots[items] { return slot }
        let slot = Int32(sets.count)
        sets.append(stored(items))
        slots[items] = slot
        return slot
    }

    /// Each album's folded name, by id.
    static func albumNames(_ library: PhotoLibrary) -> [String: String] {
        Dictionary(uniqueKeysWithValues: library.albums.map { ($0.id, Album.key($0.name)) })
    }

    /// Whether the album list in `slot` holds an album named `name` or in the album folder `name`.
    func albumSet(_ slot: Int32, matches name: String) -> Bool {
        slot >= 0 && albumSets[Int(slot)].contains { id in
            // The album, an album folder's albums, or (a name without a folder) an album of that
            // title in any folder: album:"Italy 2024" finds "Trips/Italy 2024".
            albumNames[id].map { $0 == name || $0.hasPrefix(name + "/") || (!name.contains("/") && $0.hasSuffix("/" + name)) } ?? false
        }
    }

    /// Photos in the index.
    public var count: Int { ids.count }

    /// - Parameter places: names the place of each photo's location, for `place:`; without it
    ///   `place:` matches nothing.
    public init(library: PhotoLibrary, places lookup: PlaceLookup? = nil) {
        self.init(library: library, places: lookup, isCancelled: { false })!
    }

    /// The index, or nil when `isCancelled` said so: it is asked between steps (every few
    /// thousand photos), so a build no one waits for any more stops early.
    public static func build(library: PhotoLibrary, places: PlaceLookup? = nil, isCancelled: () -> Bool) -> SearchIndex? {
        SearchIndex(library: library, places: places, isCancelled: isCancelled)
    }

    private init?(library: PhotoLibrary, places lookup: PlaceLookup?, isCancelled: () -> Bool) {
        let photos = library.photos
        var names = FoldedTable(), folders = FoldedTable(), descriptions = FoldedTable()
        var cameras = FoldedTable(), places = FoldedTable()
        var nameSlot = [Int32](), folderSlot = [Int32](), descriptionSlot = [Int32](), cameraSlot = [Int32]()
        var placeSlot = [Int32](), dateKey = [Int64](), flags = [UInt8](), stars = [UInt8]()
        var tagSets: [[String]] = [], tagSetSlot = [Int32](), tagSetByTags: [[String]: Int32] = [:]
        var albumSets: [[String]] = [], albumSetSlot = [Int32](), albumSetByIDs: [[String]: Int32] = [:]
        nameSlot.reserveCapacity(photos.count)
        folderSlot.reserveCapacity(photos.count)
        descriptionSlot.reserveCapacity(photos.count)
        cameraSlot.reserveCapacity(photos.count)
        placeSlot.reserveCapacity(photos.count)
        // Many photos share a folder, description, camera or place: fold each distinct text once.
        var folderMemo: [Substring: Int32] = [:], descriptionMemo: [String: Int32] = [:]
        var cameraMemo: [CameraKey: Int32] = [:], placeMemo: [PlaceName: Int32] = [:]
        func slot<Key: Hashable>(_ key: Key, _ memo: inout [Key: Int32], _ table: inout FoldedTable, _ text: () -> String) -> Int32 {
            if let slot = memo[key] { return slot }
            let folded = SearchText.fold(text())
            let slot = folded.isEmpty ? -1 : table.slot(of: folded)
            memo[key] = slot
            return slot
        }
        let placeNames = PlaceNames(lookup)
        // Each photo's description group: photos with one description share it.
        let groupNames = library.groups.map { SearchText.fold($0.name) }
        let groupSlotByID = Dictionary(uniqueKeysWithValues: library.groups.enumerated().map { ($1.id, Int32($0)) })
        var groupMemo: [String: Int32] = [:], groupSlot = [Int32]()
        groupSlot.reserveCapacity(photos.count)
        for (index, photo) in photos.enumerated() {
            if index % FolderTree.cancelCheckInterval == 0, isCancelled() { return nil }
            let description = photo.description ?? ""
            if let slot = groupMemo[description] {
                groupSlot.append(slot)
            } else {
                let slot = groupSlotByID[PhotoLibrary.groupID(of: photo)] ?? -1
                groupMemo[description] = slot
                groupSlot.append(slot)
            }
            let path = photo.path
            let slash = path.utf8.lastIndex(of: 0x2F)
            let folder = slash.map { path[..<$0] } ?? ""
            let name = slash.map { path[path.index(after: $0)...] } ?? Substring(path)
            nameSlot.append(names.slot(of: SearchText.fold(String(name))))
            folderSlot.append(slot(folder, &folderMemo, &folders) { String(folder) })
            descriptionSlot.append(photo.description.map { text in slot(text, &descriptionMemo, &descriptions) { text } } ?? -1)
            let camera = CameraKey(make: photo.cameraMake, model: photo.cameraModel)
            cameraSlot.append(slot(camera, &cameraMemo, &cameras) { [camera.make, camera.model].compactMap { $0 }.joined(separator: " ") })
            let place = placeNames.place(at: photo.gps)
            placeSlot.append(place.map { place in slot(place, &placeMemo, &places) { "\(place.city), \(place.country)" } } ?? -1)
            dateKey.append(TakenAt.sortKey(photo.takenAt))
            flags.append(Self.flags(of: photo))
            stars.append(Self.stars(of: photo))
            tagSetSlot.append(Self.tagSlot(of: photo, &tagSets, &tagSetByTags))
            albumSetSlot.append(Self.albumSlot(of: photo, &albumSets, &albumSetByIDs))
        }
        self.ids = photos.map(\.id)
        (self.names, self.folders, self.descriptions, self.cameras, self.places) = (names, folders, descriptions, cameras, places)
        (self.nameSlot, self.folderSlot, self.descriptionSlot, self.cameraSlot) = (nameSlot, folderSlot, descriptionSlot, cameraSlot)
        (self.placeSlot, self.groupSlot, self.groupNames) = (placeSlot, groupSlot, groupNames)
        self.groupSlotByID = groupSlotByID
        self.placeNames = placeNames
        self.dateKey = dateKey
        self.flags = flags
        (self.stars, self.tagSets, self.tagSetSlot, self.tagSetByTags) = (stars, tagSets, tagSetSlot, tagSetByTags)
        (self.albumSets, self.albumSetSlot, self.albumSetByIDs) = (albumSets, albumSetSlot, albumSetByIDs)
        albumNames = Self.albumNames(library)
        if isCancelled() { return nil }
        orders = SortCache(photos: photos)
    }

    // MARK: - Searching

    /// The ids of the photos `text` finds, in `sort` order.
    public func search(_ text: String, sort: PhotoSort = .dateTaken) throws(SearchQueryError) -> [String] {
        search(try SearchQuery(parsing: text), sort: sort)
    }

    /// The ids of the photos matching every term of `query`, in `sort` order (every photo for
    /// an empty query).
    public func search(_ query: SearchQuery, sort: PhotoSort = .dateTaken) -> [String] {
        let keep = matches(query)
        return orders.order(sort).compactMap { keep[$0] ? ids[$0] : nil }
    }

    /// One flag per photo, in library order: does it match every term?
    func matches(_ query: SearchQuery) -> [Bool] {
        var keep = [Bool](repeating: true, count: ids.count)
        for term in query.terms {
            let hit = matcher(term.filter)
            let excluded = term.excluded
            keep.withUnsafeMutableBufferPointer { keep in
                for position in keep.indices where keep[position] {
                    keep[position] = hit(position) != excluded
                }
            }
        }
        return keep
    }

    /// Whether the photo at a position matches `filter`; the texts are searched once here.
    private func matcher(_ filter: SearchFilter) -> (Int) -> Bool {
        func lookUp(_ table: FoldedTable, _ slots: [Int32], _ text: String) -> (Int) -> Bool {
            let found = table.entries(containing: Array(text.utf8))
            return { position in slots[position] >= 0 && found[Int(slots[position])] }
        }
        switch filter {
        case let .word(word):
            let needle = Array(word.utf8)
            let name = names.entries(containing: needle), folder = folders.entries(containing: needle)
            let description = descriptions.entries(containing: needle), camera = cameras.entries(containing: needle)
            func hit(_ found: [Bool], _ slot: Int32) -> Bool { slot >= 0 && found[Int(slot)] }
            return { [nameSlot, folderSlot, descriptionSlot, cameraSlot] position in
                hit(name, nameSlot[position]) || hit(description, descriptionSlot[position])
                    || hit(folder, folderSlot[position]) || hit(camera, cameraSlot[position])
            }
        case let .taken(span):
            return { [dateKey] position in span.contains(dateKey[position]) }
        case let .camera(text):
            return lookUp(cameras, cameraSlot, text)
        case let .place(text):
            return lookUp(places, placeSlot, text)
        case let .group(name):
            let found = groupNames.map { $0 == name }
            return { [groupSlot] position in groupSlot[position] >= 0 && found[Int(groupSlot[position])] }
        case .favourite: return flag(Self.favouriteFlag)
        case .missing: return flag(Self.missingFlag)
        case .edited: return flag(Self.editedFlag)
        case let .kind(kind): return { [flags] position in Self.isKind(kind, flags[position]) }
        case let .fileType(type):
            let suffixes = SearchFilter.extensions(of: type)
            let found = (0..<names.count).map { names.entry(Int32($0), endsWithAny: suffixes) }
            return { [nameSlot] position in nameSlot[position] >= 0 && found[Int(nameSlot[position])] }
        case .rejected: return flag(Self.rejectedFlag)
        case .picked: return flag(Self.pickedFlag)
        case .live: return flag(Self.liveFlag)
        case .rating, .label:
            return { [stars] position in Self.matches(filter, stars: stars[position]) }
        case let .tag(prefix):
            let found = tagSets.map { $0.contains { $0 == prefix || $0.hasPrefix(prefix + "/") } }
            return { [tagSetSlot] position in tagSetSlot[position] >= 0 && found[Int(tagSetSlot[position])] }
        case let .album(name):
            let found = albumSets.indices.map { albumSet(Int32($0), matches: name) }
            return { [albumSetSlot] position in albumSetSlot[position] >= 0 && found[Int(albumSetSlot[position])] }
        }
    }

    /// Whether a photo's `stars` (see the property) match a `rating:` or `label:` filter.
    static func matches(_ filter: SearchFilter, stars: UInt8) -> Bool {
        switch filter {
        case let .rating(range): range.contains(Int(stars & 7))
        case let .label(label): Int(stars >> 3) == (ColourLabel.allCases.firstIndex(of: label) ?? -1) + 1
        default: false
        }
    }

    private func flag(_ bit: UInt8) -> (Int) -> Bool {
        { [flags] position in flags[position] & bit != 0 }
    }
}

/// The photos' positions in each sort order, each made once when first needed (sorting by
/// name takes a while at 100,000 photos; the date order is made with the index).
final class SortCache: Sendable {
    private struct State {
        /// What the orders look at of each photo (not the photos: holding the library's array
        /// would make the browser's next edit copy all of it).
        var photos: [SortFields]
        var orders: [PhotoSort: [Int]]
    }

    private let state: Locked<State>

    /// The fields of a photo the orders look at.
    struct SortFields: SortablePhoto {
        var takenAt: String?
        var path: String
        var sourceURL: String?
        var fileSize: Int64
        var rating: Int
        var name: String { Photo.name(path: path, sourceURL: sourceURL) }

        init(_ photo: Photo) {
            (takenAt, path, sourceURL, fileSize) = (photo.takenAt, photo.path, photo.sourceURL, photo.fileSize)
            rating = photo.rating
        }
    }

    init(photos: [Photo]) {
        let fields = photos.map(SortFields.init)
        state = Locked(State(photos: fields, orders: [.dateTaken: PhotoSort.dateTaken.order(of: fields)]))
    }

    /// A copy to update while others keep this one.
    func copy() -> SortCache {
        state.withLock { SortCache(state: $0) }
    }

    private init(state: State) {
        self.state = Locked(state)
    }

    /// The photos at these positions are now `photo`: the orders made so far follow, each
    /// photo whose date changed leaving its place and joining where it belongs (a binary
    /// search in each order), newest first made again from the date order.
    func update(_ changes: [(position: Int, photo: Photo)]) {
        state.withLock { state in
            let moving = changes.filter { state.photos[$0.position].takenAt != $0.photo.takenAt || state.photos[$0.position].rating != $0.photo.rating }
            // Leaving by the values the orders were made with, joining by the new ones.
            var taken: [PhotoSort: [Int]] = [:]
            for sort in state.orders.keys where sort != .newestFirst && !moving.isEmpty {
                var order = state.orders.removeValue(forKey: sort)!
                let photos = state.photos
                for change in moving {
                    OrderedList.remove(change.position, from: &order) { Self.precedes(sort, photos[$0], photos[$1]) }
                }
                taken[sort] = order
            }
            for change in changes { state.photos[change.position] = SortFields(change.photo) }
            let photos = state.photos
            for (sort, var order) in taken {
                for change in moving {
                    OrderedList.insert(change.position, into: &order) { Self.precedes(sort, photos[$0], photos[$1]) }
                }
                state.orders[sort] = order
            }
            if state.orders[.newestFirst] != nil, let byDate = state.orders[.dateTaken] {
                state.orders[.newestFirst] = PhotoSort.newestFirst(byDate, of: photos)
            }
        }
    }

    /// Whether the photo at position `a` goes before the one at `b` in `sort`'s order.
    func precedes(_ sort: PhotoSort, _ a: Int, _ b: Int) -> Bool {
        state.withLock { Self.precedes(sort, $0.photos[a], $0.photos[b]) }
    }

    /// One comparison of `sort`'s order (`PhotoSort.order(of:)`).
    private static func precedes(_ sort: PhotoSort, _ a: SortFields, _ b: SortFields) -> Bool {
        switch sort {
        case .dateTaken:
            return PhotoSort.precedesByDate(a, b)
        case .newestFirst:
            // Known dates newest first, then the unknown ones in the date order.
            let (knownA, knownB) = (a.takenAt != nil, b.takenAt != nil)
            if knownA != knownB { return knownA }
            return knownA ? PhotoSort.precedesByDate(b, a) : PhotoSort.precedesByDate(a, b)
        case .fileSize:
            return a.fileSize != b.fileSize ? a.fileSize > b.fileSize : PhotoSort.precedesByDate(a, b)
        case .rating:
            return a.rating != b.rating ? a.rating > b.rating : PhotoSort.precedesByDate(a, b)
        case .fileName:
            switch PhotoSort.naturalOrder(Array(SearchText.fold(a.name).utf8), Array(SearchText.fold(b.name).utf8)) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return PhotoSort.precedesByDate(a, b)
            }
        }
    }

    func order(_ sort: PhotoSort) -> [Int] {
        state.withLock { state in
            if let order = state.orders[sort] { return order }
            let order = sort == .newestFirst ? PhotoSort.newestFirst(state.orders[.dateTaken]!, of: state.photos)
                : sort.order(of: state.photos)
            state.orders[sort] = order
            return order
        }
    }
}
