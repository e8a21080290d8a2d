import Foundation

/// The photo library: every photo, indexed by id and path, with its groups derived from the
/// photos' descriptions. A value: the TUI and the CLI each hold their own copy.
public struct PhotoLibrary: Sendable, Equatable {
    public internal(set) var photos: [Photo]
    public internal(set) var groups: [PhotoGroup] = []
    /// Folders made by a rule rather than a description (`SmartFolder`), only when not empty.
    public internal(set) var smartGroups: [PhotoGroup] = []
    /// What the home grid shows: the smart folders, then the groups.
    public internal(set) var homeFolders: [PhotoGroup] = []
    /// The user's edit steps, for undo and redo; saved with the photos.
    public internal(set) var history = EditHistory()
    /// The photos photory moved to the trash, with their records (`TrashedPhoto`); saved with the photos.
    public internal(set) var trash: [TrashedPhoto] = []
    /// The stacks (RAW+JPEG, Live Photos) by id, derived from the photos (`findStacks`).
    public internal(set) var stacks: [String: PhotoStack] = [:]
    // Albums (issue 23): the user's albums by name (`Album`), their members (from the photos'
    // edits, kept in step with them) and their pages, which the home grid shows after the
    // smart folders.
    public internal(set) var albums: [Album] = []
    var albumMembers: [String: Set<String>] = [:]
    public internal(set) var albumGroups: [PhotoGroup] = []
    // Paged feeds (issue 24): the feeds followed (`LibraryFeed`, saved with the photos) and
    // their folders, which the home grid shows after the albums.
    public internal(set) var feeds: [LibraryFeed] = []
    public internal(set) var feedGroups: [PhotoGroup] = []
    var indexByID: [String: Int] = [:]
    /// Built on first use: only imports and the CLI look photos up by path, so opening the
    /// browser does not pay for it. Replaced whenever the photos are reindexed.
    private var indexByPath = LazyPathIndex()
    var groupIndexByID: [String: Int] = [:]
    /// Inside `deferringGroups`: groups and smart folders are made once at its end, not after
    /// each change (`groupsAreStale` says a change happened).
    var groupsDeferred = false
    var groupsAreStale = false

    public init(photos: [Photo] = [], history: EditHistory = EditHistory(), trash: [TrashedPhoto] = [], albums: [Album] = [],
                feeds: [LibraryFeed] = []) {
        self.feeds = feeds
        self.photos = photos
        self.history = history
        self.trash = trash
        self.albums = albums.sorted(by: Self.albumPrecedes)
        reindex()
    }

    // MARK: - Look-up

    public func photo(id: String) -> Photo? { indexByID[id].map { photos[$0] } }
    public func photo(path: String) -> Photo? { indexByPath.positions(of: photos)[path].map { photos[$0] } }
    /// A group or smart folder by id.
    public func group(id: String) -> PhotoGroup? {
        groupIndexByID[id].map { groups[$0] } ?? smartGroups.first { $0.id == id } ?? albumGroups.first { $0.id == id }
            ?? feedGroups.first { $0.id == id }
    }

    /// A group by name, compared the way photos are grouped (case and spacing ignored).
    public func group(named name: String) -> PhotoGroup? {
        let key = DescriptionResolver.groupKey(name)
        return groups.first { DescriptionResolver.groupKey($0.name) == key }
    }

    // MARK: Stacks (RAW+JPEG, Live Photos; issue 21)

    /// The stack the photo with `id` is a member of.
    public func stack(of id: String) -> PhotoStack? {
        photo(id: id)?.stack.flatMap { stacks[$0.id] }
    }

    /// How many items the library shows: its photos, each stack once.
    public var itemCount: Int { photos.count - stacks.values.reduce(0) { $0 + $1.memberIDs.count - 1 } }

    /// How many items `ids` are as the library shows them: a stack once, whichever of its
    /// members are named (issue 21: "2 photos: ★★★" for two RAW+JPEG pairs). Ids of trashed
    /// photos count by the stacks they form in the trash ("Restored 1 photo").
    public func itemCount(of ids: [String]) -> Int {
        let inTrash = ids.contains { photo(id: $0) == nil } ? trashedStacks : []
        guard !stacks.isEmpty || !inTrash.isEmpty else { return ids.count }
        var trashedStackOf: [String: String] = [:]
        for stack in inTrash { for member in stack.memberIDs { trashedStackOf[member] = stack.id } }
        return Set(ids.map { photo(id: $0)?.stack?.id ?? trashedStackOf[$0] ?? $0 }).count
    }

    /// `ids` as a user counts them: "3 photos", or "1 photo (2 files)" for a RAW+JPEG pair;
    /// `detail` joins the brackets ("1 photo (2 files, 31 MB)").
    public func counted(_ ids: [String], detail: String? = nil) -> String {
        let items = itemCount(of: ids)
        let details = (ids.count > items ? ["\(ids.count) files"] : []) + (detail.map { [$0] } ?? [])
        return Counted.text(items) + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }

    /// The stacks the trashed photos form among themselves (`StackFinder`, as in the library).
    var trashedStacks: [PhotoStack] { StackFinder.stacks(in: trash.map(\.photo)).map(\.stack) }

    /// `ids` with every other member of their stacks after each (edits, marks and trash apply
    /// to a whole stack), each id once.
    public func withStackMembers(_ ids: [String]) -> [String] {
        guard !stacks.isEmpty else { return ids }
        var seen = Set<String>()
        var all: [String] = []
        for id in ids {
            for member in stack(of: id)?.memberIDs ?? [id] where seen.insert(member).inserted { all.append(member) }
        }
        return all
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
        apply(adding: newPhotos)
    }

    /// Replaces the stored photos with the same ids (unknown ids are ignored).
    public mutating func update(_ changed: [Photo]) {
        apply(updating: changed)
    }

    /// Removes, replaces (by id) and adds photos in one step, regrouping once.
    public mutating func apply(adding newPhotos: [Photo] = [], updating changed: [Photo] = [],
                               removing removedIDs: Set<String> = []) {
        guard !newPhotos.isEmpty || !changed.isEmpty || !removedIDs.isEmpty else { return }
        var pathsMoved = false
        for photo in changed {
            if let index = indexByID[photo.id] {
                pathsMoved = pathsMoved || photos[index].path != photo.path
                photos[index] = photo
            }
        }
        if groupsDeferred && removedIDs.isEmpty {
            // An import's chunk: the indexes grow by the photos added (no rebuild per chunk; an
            // import of 100,000 files made 1,500 of them), and grouping waits for the end.
            let start = photos.count
            photos.append(contentsOf: newPhotos)
            for (offset, photo) in newPhotos.enumerated() where indexByID[photo.id] == nil {
                indexByID[photo.id] = start + offset
            }
            if pathsMoved { indexByPath = LazyPathIndex() } else { growPathIndex(with: newPhotos, from: start) }
            groupsAreStale = true
            return
        }
        if removedIDs.isEmpty && changed.isEmpty {
            // Only photos added (an import's batch in an open browser): they join their groups.
            return addInStep(newPhotos)
        }
        if !removedIDs.isEmpty { photos.removeAll { removedIDs.contains($0.id) } }
        photos.append(contentsOf: newPhotos)
        reindex()
    }

    /// Runs `body` (many changes in a row: the journal's lines replayed at load) with the
    /// groups and smart folders made once at the end instead of after each change: replaying
    /// 500 edits into 100,000 photos took 13 s, regrouping after each. Look-ups by id and path
    /// stay current throughout; `groups`, `smartGroups` and `homeFolders` are stale inside `body`.
    public mutating func deferringGroups<E: Error>(_ body: (inout PhotoLibrary) throws(E) -> Void) throws(E) {
        guard !groupsDeferred else { return try body(&self) }
        groupsDeferred = true
        defer {
            groupsDeferred = false
            if groupsAreStale {
                groupsAreStale = false
                regroupOnly()
            }
        }
        try body(&self)
    }

    // MARK: - Edits

    /// Applies the user's `step` (each photo's edits become its `after`, or, where another writer
    /// changed the photo since the step was planned, take the fields the step sets:
    /// `PhotoEdits.applying`; photos no longer in the library are skipped) and records it for
    /// undo, dropping what could be redone.
    public mutating func apply(_ step: EditStep) {
        setEdits(edits(step.changes, from: \.before, to: \.after))
        setAlbums(step.albumChanges.map { ($0.albumID, $0.after) })
        history.recordDone(step)
        history.redo.removeAll()
    }

    /// Takes back the newest step, or the step with `id`; returns it (nil when there is none).
    @discardableResult
    public mutating func undo(stepID id: String? = nil) -> EditStep? {
        guard let step = take(from: \.undo, id: id) else { return nil }
        setEdits(edits(step.changes, from: \.after, to: \.before))
        setAlbums(step.albumChanges.reversed().map { ($0.albumID, $0.before) })
        history.redo.append(step)
        return step
    }

    /// Does again the newest undone step, or the undone step with `id`; returns it.
    @discardableResult
    public mutating func redo(stepID id: String? = nil) -> EditStep? {
        guard let step = take(from: \.redo, id: id) else { return nil }
        setEdits(edits(step.changes, from: \.before, to: \.after))
        setAlbums(step.albumChanges.map { ($0.albumID, $0.after) })
        history.recordDone(step)
        return step
    }

    /// Each changed photo's edits now with its change made (from one side to the other): only
    /// the fields the change sets, so another writer's edits to other fields are kept.
    private func edits(_ changes: [EditStep.Change], from: KeyPath<EditStep.Change, PhotoEdits>,
                       to: KeyPath<EditStep.Change, PhotoEdits>) -> [(photoID: String, edits: PhotoEdits)] {
        changes.map { change in
            let now = photo(id: change.photoID)?.edits ?? change[keyPath: from]
            return (change.photoID, now.applying(from: change[keyPath: from], to: change[keyPath: to]))
        }
    }

    /// Removes the step with `id` (the newest when nil) from one of the history's stacks. A
    /// move to the trash is not taken: its files move too (`LibraryTrash.restore(…, undoing:)`,
    /// `trash(…, step:)`), never the library alone.
    private mutating func take(from stack: WritableKeyPath<EditHistory, [EditStep]>, id: String?) -> EditStep? {
        let steps = history[keyPath: stack]
        let index = id.map { id in steps.lastIndex { $0.id == id } } ?? steps.indices.last
        guard let index, !steps[index].isTrash else { return nil }
        return history[keyPath: stack].remove(at: index)
    }

    /// Sets photos' edits; the groups and smart folders follow photo by photo (`setEditsInStep`).
    /// The path index with `newPhotos`, appended at `start`, added (made again on its next use
    /// when it is shared with another copy or not made yet).
    mutating func growPathIndex(with newPhotos: [Photo], from start: Int) {
        if !isKnownUniquelyReferenced(&indexByPath) || !indexByPath.add(newPhotos, from: start) {
            indexByPath = LazyPathIndex()
        }
    }

    /// Inside `deferringGroups` the edits are only set, and everything is grouped once at its end.
    private mutating func setEdits(_ edits: [(photoID: String, edits: PhotoEdits)]) {
        let touchedAlbums = followAlbumMembers(edits)
        defer { remakeAlbumGroups(touchedAlbums) }
        guard groupsDeferred else { return setEditsInStep(edits) }
        for (id, photoEdits) in edits {
            if let index = indexByID[id] { photos[index].edits = photoEdits }
        }
        groupsAreStale = true
    }

    /// The smart folders and the home grid's list again.
    /// The smart folders (`SmartFolder`: Favourites, Recently imported, Missing) that are not
    /// empty, then the groups: what the home grid shows.
    mutating func makeSmartGroups() {
        if groupsDeferred { groupsAreStale = true; return }
        smartGroups = SmartFolder.folders(in: self).map(\.group)
        makeHomeFolders()
    }

    /// The photos' groups again, the indexes kept (they do not depend on edits).
    mutating func regroupOnly() {
        if groupsDeferred { groupsAreStale = true; return }
        findStacks()
        groups = Self.makeGroups(photos)
        groupIndexByID = Dictionary(uniqueKeysWithValues: groups.indices.map { (groups[$0].id, $0) })
        albumMembers = Self.makeAlbumMembers(photos)
        albumGroups = albums.map(makeAlbumGroup)
        makeSmartGroups()
    }

    /// Write-back rewrote these photos' files: each record becomes `after` (its written edits
    /// folded into its file values), and the history learns what each file held before
    /// (`FileRewrite`), so undoing a written step brings the old values back as edits.
    public mutating func filesRewritten(_ rewritten: [(before: Photo, after: Photo)]) {
        for (before, after) in rewritten {
            if let rewrite = FileRewrite(before: before, after: after) { history.fileRewritten(rewrite) }
        }
        update(rewritten.map(\.after))
    }

    /// A photo's id changed (its file was rewritten or replaced): the history follows it.
    public mutating func renameInHistory(_ oldID: String, to newID: String) {
        history.renamePhoto(oldID, to: newID)
        for index in albums.indices where albums[index].cover == oldID { albums[index].cover = newID }
    }

    /// Marks each photo missing or present by asking `fileExists`; returns how many changed.
    @discardableResult
    public mutating func refreshMissing(fileExists: (String) -> Bool = PathBytes.exists) -> Int {
        var changed = 0
        for index in photos.indices {
            let missing = photos[index].isMissing(fileExists: fileExists(photos[index].path))
            if missing != photos[index].missing {
                photos[index].missing = missing
                changed += 1
            }
        }
        // Groups and indexes do not depend on the flag; the Missing smart folder does.
        if changed > 0 { makeSmartGroups() }
        return changed
    }

    /// Applies a missing-file check made earlier (possibly on another copy of the library):
    /// a photo whose path was checked is missing exactly when its path is in `missingPaths`
    /// (as `missingPaths()` gives them), judged by `Photo.isMissing(fileExists:)`;
    /// photos at paths that were not checked (relinked since, say) keep their flag.
    public mutating func setMissing(paths missingPaths: Set<String>, checked: Set<String>) {
        for index in photos.indices where checked.contains(photos[index].path) {
            photos[index].missing = photos[index].isMissing(fileExists: !missingPaths.contains(photos[index].path))
        }
        makeSmartGroups()
    }

    /// Paths of the photos that are missing now by `Photo.isMissing(fileExists:)`: files not
    /// there (one `stat` each; run it off the UI thread for large libraries) and photos that
    /// left their feed; a web photo not downloaded yet is not missing for lack of its file.
    public func missingPaths(fileExists: (String) -> Bool = PathBytes.exists) -> Set<String> {
        Set(photos.filter { $0.isMissing(fileExists: fileExists($0.path)) }.map(\.path))
    }

    // MARK: - Derived data

    /// Rebuilds the look-up indexes and the groups; the two are independent, so they are
    /// built on two threads (this is most of the time it takes to open a large library).
    private mutating func reindex() {
        if !groupsDeferred { findStacks() }
        let photos = self.photos
        albumMembers = Self.makeAlbumMembers(photos)
        if groupsDeferred {
            indexByID = Self.makeIndex(photos) { $0.id }
            indexByPath = LazyPathIndex()
            groupsAreStale = true
            return
        }
        let work = Locked(ReindexWork())
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                let made = Self.makeIndex(photos) { $0.id }
                work.withLock { $0.indexByID = made }
            } else {
                let made = Self.makeGroups(photos)
                work.withLock { $0.groups = made }
            }
        }
        // Taken out of the box, so the library holds the only references.
        (indexByID, groups) = work.withLock { work in
            defer { work = ReindexWork() }
            return (work.indexByID, work.groups)
        }
        indexByPath = LazyPathIndex()
        groupIndexByID = Dictionary(uniqueKeysWithValues: groups.indices.map { (groups[$0].id, $0) })
        albumGroups = albums.map(makeAlbumGroup)
        makeSmartGroups()
    }

    /// Finds the stacks again (`StackFinder`) and sets each photo's `stack`; true when any
    /// photo's changed (the groups must be made again then).
    @discardableResult
    mutating func findStacks() -> Bool {
        let found = StackFinder.stacks(in: photos)
        guard !found.isEmpty || !stacks.isEmpty else { return false }
        var membership: [Int: PhotoStack.Membership] = [:]
        for (stack, positions) in found {
            for (n, position) in positions.enumerated() {
                membership[position] = PhotoStack.Membership(id: stack.id, kind: stack.kind, isCover: n == 0)
            }
        }
        var changed = false
        if !stacks.isEmpty {
            for index in photos.indices where photos[index].stack != nil && membership[index] == nil {
                photos[index].stack = nil
                changed = true
            }
        }
        for (index, member) in membership where photos[index].stack != member {
            photos[index].stack = member
            changed = true
        }
        stacks = Dictionary(found.map { ($0.stack.id, $0.stack) }, uniquingKeysWith: { first, _ in first })
        return changed
    }

    /// Position of each photo by `key` (the first wins for repeated keys).
    fileprivate static func makeIndex(_ photos: [Photo], by key: (Photo) -> String) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(photos.count)
        // Backwards, so the first of two equal keys wins with one hash look-up each; field
        // access through the buffer, since copying whole photos retains every string they hold.
        photos.withUnsafeBufferPointer { buffer in
            for index in buffer.indices.reversed() {
                positions[key(buffer[index])] = index
            }
        }
        return positions
    }

    /// Groups by normalised description, named after the first photo (in library order) that
    /// carries it; ordered by name case-insensitively with "Other" last.
    static func makeGroups(_ photos: [Photo]) -> [PhotoGroup] {
        photos.withUnsafeBufferPointer { buffer in
            // Each photo's group as a slot number; many photos share a description, so each
            // distinct text is normalised once.
            var slotByDescription: [String: Int] = [:]
            var slotByID: [String: Int] = [:]
            var slots: [(id: String, name: String)] = []
            var slotOfPhoto = [Int](repeating: -1, count: buffer.count)
            for index in buffer.indices {
                guard let description = buffer[index].description else { continue }
                if let slot = slotByDescription[description] {
                    slotOfPhoto[index] = slot
                    continue
                }
                let id = PhotoGroup.id(forKey: DescriptionResolver.groupKey(description))
                let slot = slotByID[id] ?? slots.count
                if slot == slots.count {
                    slots.append((id, description))
                    slotByID[id] = slot
                }
                slotByDescription[description] = slot
                slotOfPhoto[index] = slot
            }
            let otherSlot = slots.count
            slots.append((PhotoGroup.otherID, PhotoGroup.otherName))

            // One sort of every photo by date, then path, so each group's members come out in order.
            let order = PhotoSort.dateOrder(Array(buffer.indices), in: buffer)
            var members = [[String]](repeating: [], count: slots.count)
            var firstLast = [(first: Int, last: Int)](repeating: (-1, -1), count: slots.count)
            for index in order where !buffer[index].isHiddenInStack {   // a stack shows once, through its cover
                let slot = slotOfPhoto[index] < 0 ? otherSlot : slotOfPhoto[index]
                members[slot].append(buffer[index].id)
                guard buffer[index].takenAt != nil else { continue }
                if firstLast[slot].first < 0 { firstLast[slot].first = index }
                firstLast[slot].last = index
            }
            var groups: [PhotoGroup] = []
            for slot in slots.indices where !members[slot].isEmpty {
                groups.append(PhotoGroup(
                    id: slots[slot].id, name: slots[slot].name, photoIDs: members[slot], coverID: members[slot][0],
                    firstTakenAt: firstLast[slot].first < 0 ? "" : buffer[firstLast[slot].first].takenAt ?? "",
                    lastTakenAt: firstLast[slot].last < 0 ? "" : buffer[firstLast[slot].last].takenAt ?? ""))
            }
            groups.sort(by: groupPrecedes)
            return groups
        }
    }
}

/// The order of the groups: by name case-insensitively, "Other" last.
func groupPrecedes(_ a: PhotoGroup, _ b: PhotoGroup) -> Bool {
    if a.isOther != b.isOther { return b.isOther }
    let order = a.name.caseInsensitiveCompare(b.name)
    return order != .orderedSame ? order == .orderedAscending : a.id < b.id
}

/// Results of the two halves of `reindex`, written by one thread each.
private struct ReindexWork {
    var indexByID: [String: Int] = [:]
    var groups: [PhotoGroup] = []
}

/// The photos' positions by path, made the first time they are asked for. Copies of a library
/// share it until one of them reindexes (which gives it a new one); until then their paths and
/// order are the same. Derived data: it never makes two libraries unequal.
private final class LazyPathIndex: Sendable, Equatable {
    private let positions = Locked<[String: Int]?>(nil)

    func positions(of photos: [Photo]) -> [String: Int] {
        positions.withLock { positions in
            if let positions { return positions }
            let made = PhotoLibrary.makeIndex(photos) { $0.path }
            positions = made
            return made
        }
    }

    /// Adds the positions of `photos`, appended at `start` (a path already known keeps its
    /// first photo); false when the index was not made yet (it is made whole when asked for).
    func add(_ photos: [Photo], from start: Int) -> Bool {
        positions.withLock { positions in
            guard positions != nil else { return false }
            for (offset, photo) in photos.enumerated() where positions![photo.path] == nil {
                positions![photo.path] = start + offset
            }
            return true
        }
    }

    static func == (a: LazyPathIndex, b: LazyPathIndex) -> Bool { true }
}
