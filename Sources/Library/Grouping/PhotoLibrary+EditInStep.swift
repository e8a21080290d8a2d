extension PhotoLibrary {
    /// Sets photos' edits and keeps the groups and smart folders in step with them photo by
    /// photo: a photo whose group or date changed leaves its place and joins where it belongs
    /// now (a binary search each), a favourite joins or leaves Favourites. The work is that of
    /// the photos edited and the groups they touch, never a pass over the library; the result
    /// is the same as building the groups again (`EditInStepTests`).
    mutating func setEditsInStep(_ edits: [(photoID: String, edits: PhotoEdits)]) {
        // The photos that change (the last edits of a photo named twice win), as they are now.
        var newEdits: [Int: PhotoEdits] = [:]
        var order: [Int] = []
        for (id, edits) in edits {
            guard let index = indexByID[id] else { continue }
            if newEdits.updateValue(edits, forKey: index) == nil { order.append(index) }
        }
        let changes: [(old: Photo, new: Photo)] = order.compactMap { index in
            var new = photos[index]
            new.edits = newEdits[index]!
            return new.edits == photos[index].edits ? nil : (photos[index], new)
        }
        guard !changes.isEmpty else { return }
        let latestImport = smartGroups.first { $0.id == SmartFolder.recentlyImported.id }
            .flatMap { photo(id: $0.coverID)?.importedAt }
        var touchedGroups = Set<String>(), joinedOrLeft = Set<String>()

        // Every moving photo leaves first, while all photos still hold the values the lists
        // are ordered by; then the edits are set, and they join where the new values put them.
        // A stack's hidden members are in no group: they only take their edits.
        let moving = changes.filter { !$0.old.isHiddenInStack }
        for (old, new) in moving {
            let (from, to) = (Self.groupID(of: old), Self.groupID(of: new))
            let dateMoves = old.takenAt != new.takenAt
            if from != to || dateMoves {
                withGroupIDs(from) { ids, library in DateOrderedIDs.remove(old, from: &ids, photo: library.photo(id:)) }
                touchedGroups.insert(from)
                if from != to { joinedOrLeft.insert(from) }
            }
            for smart in SmartFolder.allCases where Self.isMember(old, of: smart, latestImport: latestImport)
                && (dateMoves || !Self.isMember(new, of: smart, latestImport: latestImport)) {
                withSmartIDs(smart) { ids, library in DateOrderedIDs.remove(old, from: &ids, photo: library.photo(id:)) }
            }
        }
        for (_, new) in changes { photos[indexByID[new.id]!].edits = new.edits }
        for (old, new) in moving {
            let (from, to) = (Self.groupID(of: old), Self.groupID(of: new))
            let dateMoves = old.takenAt != new.takenAt
            if from != to || dateMoves {
                if groupIndexByID[to] == nil { addEmptyGroup(id: to) }
                withGroupIDs(to) { ids, library in DateOrderedIDs.insert(new, into: &ids, photo: library.photo(id:)) }
                touchedGroups.insert(to)
                if from != to { joinedOrLeft.insert(to) }
            }
            for smart in SmartFolder.allCases where Self.isMember(new, of: smart, latestImport: latestImport)
                && (dateMoves || !Self.isMember(old, of: smart, latestImport: latestImport)) {
                withSmartIDs(smart) { ids, library in DateOrderedIDs.insert(new, into: &ids, photo: library.photo(id:)) }
            }
        }
        finishGroups(touched: touchedGroups, joinedOrLeft: joinedOrLeft)
        finishSmartGroups()
    }

    /// Photos added at the end of the library (an import's batch reaching an open browser):
    /// each joins its group in date order (new groups are made and named), and the smart
    /// folders are made again by a scan; the library is not grouped again.
    mutating func addInStep(_ newPhotos: [Photo]) {
        let start = photos.count
        photos.append(contentsOf: newPhotos)
        var joining: [String: [Photo]] = [:]
        for (offset, photo) in newPhotos.enumerated() where indexByID[photo.id] == nil {
            indexByID[photo.id] = start + offset
            joining[Self.groupID(of: photo), default: []].append(photo)
        }
        growPathIndex(with: newPhotos, from: start)
        remakeAlbumGroups(followAlbumMembers(added: newPhotos))
        // Photos that form or join stacks change what the groups show: grouped again.
        if findStacks() { return regroupOnly() }
        var made = Set<String>()
        for (id, photos) in joining {
            if groupIndexByID[id] == nil {
                addEmptyGroup(id: id)
                made.insert(id)
            }
            let sorted = photos.sorted(by: PhotoSort.precedesByDate)
            withGroupIDs(id) { ids, library in ids = DateOrderedIDs.merge(sorted, into: ids, photo: library.photo(id:)) }
        }
        finishGroups(touched: Set(joining.keys), joinedOrLeft: made)
        makeSmartGroups()
    }

    /// Whether `photo` belongs in the smart folder: edits change only Favourites and Rejected; the others
    /// hold the same photos whatever is edited (`latestImport`: the last import's time, when
    /// "Recently imported" is shown).
    private static func isMember(_ photo: Photo, of smart: SmartFolder, latestImport: Double?) -> Bool {
        switch smart {
        case .favourites: photo.isFavourite
        case .missing: photo.missing
        case .rejected: photo.isRejected
        case .recentlyImported: photo.importedAt == latestImport
        case .videos: photo.kind == .video
        case .trash: false   // trashed photos are not in the library
        }
    }

    /// Lends the ids of the group `id` to `change` without copying them (the group keeps
    /// nothing meanwhile; `change` may look photos up in the library).
    private mutating func withGroupIDs(_ id: String, _ change: (inout [String], PhotoLibrary) -> Void) {
        guard let index = groupIndexByID[id] else { return }
        var ids = groups[index].photoIDs
        groups[index].photoIDs = []
        change(&ids, self)
        groups[index].photoIDs = ids
    }

    /// The same for a smart folder, made empty first when it is not shown.
    private mutating func withSmartIDs(_ smart: SmartFolder, _ change: (inout [String], PhotoLibrary) -> Void) {
        var index = smartGroups.firstIndex { $0.id == smart.id }
        if index == nil {
            smartGroups.append(PhotoGroup(id: smart.id, name: smart.title, photoIDs: [], coverID: "", firstTakenAt: "", lastTakenAt: ""))
            index = smartGroups.count - 1
        }
        var ids = smartGroups[index!].photoIDs
        smartGroups[index!].photoIDs = []
        change(&ids, self)
        smartGroups[index!].photoIDs = ids
    }

    /// A group for photos joining a description no photo had; named and placed by `finishGroups`.
    private mutating func addEmptyGroup(id: String) {
        let name = id == PhotoGroup.otherID ? PhotoGroup.otherName : ""
        groups.append(PhotoGroup(id: id, name: name, photoIDs: [], coverID: "", firstTakenAt: "", lastTakenAt: ""))
        groupIndexByID[id] = groups.count - 1
    }

    /// The touched groups' covers and dates again; a group photos joined or left is named after
    /// its first photo in library order (as when grouping), and an emptied one goes.
    private mutating func finishGroups(touched: Set<String>, joinedOrLeft: Set<String>) {
        var reorder = false
        for id in touched {
            guard let index = groupIndexByID[id] else { continue }
            let ids = groups[index].photoIDs
            guard let cover = ids.first else {
                reorder = true
                continue
            }
            groups[index].coverID = cover
            (groups[index].firstTakenAt, groups[index].lastTakenAt) = DateOrderedIDs.dateSpan(of: ids, photo: photo(id:))
            if joinedOrLeft.contains(id), id != PhotoGroup.otherID {
                let first = ids.min { indexByID[$0]! < indexByID[$1]! }!
                let name = photo(id: first)?.description ?? groups[index].name
                if name != groups[index].name {
                    groups[index].name = name
                    reorder = true
                }
            }
        }
        guard reorder else {
            makeHomeFolders()
            return
        }
        groups.removeAll { $0.photoIDs.isEmpty }
        groups.sort(by: groupPrecedes)
        groupIndexByID = Dictionary(uniqueKeysWithValues: groups.indices.map { (groups[$0].id, $0) })
        makeHomeFolders()
    }

    /// The smart folders' covers and dates again; empty ones go, and they stay in their order.
    private mutating func finishSmartGroups() {
        let order = SmartFolder.allCases.map(\.id)
        smartGroups.removeAll { $0.photoIDs.isEmpty }
        smartGroups.sort { order.firstIndex(of: $0.id)! < order.firstIndex(of: $1.id)! }
        for index in smartGroups.indices {
            let ids = smartGroups[index].photoIDs
            smartGroups[index].coverID = ids[0]
            (smartGroups[index].firstTakenAt, smartGroups[index].lastTakenAt) = DateOrderedIDs.dateSpan(of: ids, photo: photo(id:))
        }
        makeHomeFolders()
    }
}
