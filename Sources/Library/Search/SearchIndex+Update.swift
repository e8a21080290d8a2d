extension SearchIndex {
    /// Keeps the index in step with photos whose edits changed (`changed`, as they are in
    /// `library` now): their description, place, date, flags and group, their places in the
    /// sort orders made so far (a binary search each), and the groups' names. Edits do not move
    /// photos in the library, so positions stay those the index was built with. Searching
    /// gives what an index built again gives (`EditInStepTests`).
    public mutating func update(_ changed: [Photo], in library: PhotoLibrary) {
        albumNames = Self.albumNames(library)
        guard !changed.isEmpty else { return }
        if !isKnownUniquelyReferenced(&orders) { orders = orders.copy() }
        var moved: [(position: Int, photo: Photo)] = []
        for photo in changed {
            guard let position = library.indexByID[photo.id], position < ids.count, ids[position] == photo.id else { continue }
            moved.append((position, photo))
            descriptionSlot[position] = photo.description.map { Self.slot(of: $0, in: &descriptions) } ?? -1
            placeSlot[position] = placeNames.place(at: photo.gps).map { Self.slot(of: "\($0.city), \($0.country)", in: &places) } ?? -1
            dateKey[position] = TakenAt.sortKey(photo.takenAt)
            flags[position] = Self.flags(of: photo)
            stars[position] = Self.stars(of: photo)
            tagSetSlot[position] = Self.tagSlot(of: photo, &tagSets, &tagSetByTags)
            albumSetSlot[position] = Self.albumSlot(of: photo, &albumSets, &albumSetByIDs)
        }
        // A group may have been made or renamed (its first photo left): every group's name
        // again, slots kept; then the photos' groups.
        for group in library.groups {
            let folded = SearchText.fold(group.name)
            if let slot = groupSlotByID[group.id] {
                groupNames[Int(slot)] = folded
            } else {
                groupSlotByID[group.id] = Int32(groupNames.count)
                groupNames.append(folded)
            }
        }
        for (position, photo) in moved { groupSlot[position] = groupSlotByID[PhotoLibrary.groupID(of: photo)] ?? -1 }
        orders.update(moved)
    }

    /// Takes the photos `ids` out of `results` (ids in `sort` order, as `search` gave them from
    /// this index): call it before `update`, while the index holds what the order was made by.
    public func remove(_ ids: [String], from results: inout [String], sort: PhotoSort, in library: PhotoLibrary) {
        let before = precedes(sort, in: library)
        for id in Set(ids) { OrderedList.remove(id, from: &results, by: before) }
    }

    /// Puts those of the photos `ids` that match `query` into `results` where `sort` puts them:
    /// call it after `update`. With `remove` before, the results are what `search` gives.
    public func add(_ ids: [String], to results: inout [String], matching query: SearchQuery, sort: PhotoSort,
                    in library: PhotoLibrary) {
        let before = precedes(sort, in: library)
        for id in Set(ids) {
            guard let position = library.indexByID[id], position < self.ids.count, matches(query, at: position) else { continue }
            OrderedList.insert(id, into: &results, by: before)
        }
    }

    /// The order of `sort` on photo ids.
    private func precedes(_ sort: PhotoSort, in library: PhotoLibrary) -> (String, String) -> Bool {
        { [orders] a, b in
            guard let first = library.indexByID[a], let second = library.indexByID[b] else { return false }
            return orders.precedes(sort, first, second)
        }
    }

    /// Whether the photo at `position` matches every term of `query`: `matches(_:)` for one photo,
    /// looking at its own texts only.
    func matches(_ query: SearchQuery, at position: Int) -> Bool {
        query.terms.allSatisfy { matches($0.filter, at: position) != $0.excluded }
    }

    private func matches(_ filter: SearchFilter, at position: Int) -> Bool {
        switch filter {
        case let .word(word):
            let needle = Array(word.utf8)
            return names.entry(nameSlot[position], contains: needle) || descriptions.entry(descriptionSlot[position], contains: needle)
                || folders.entry(folderSlot[position], contains: needle) || cameras.entry(cameraSlot[position], contains: needle)
        case let .taken(span): return span.contains(dateKey[position])
        case let .camera(text): return cameras.entry(cameraSlot[position], contains: Array(text.utf8))
        case let .place(text): return places.entry(placeSlot[position], contains: Array(text.utf8))
        case let .group(name): return groupSlot[position] >= 0 && groupNames[Int(groupSlot[position])] == name
        case .favourite: return flags[position] & Self.favouriteFlag != 0
        case .missing: return flags[position] & Self.missingFlag != 0
        case .edited: return flags[position] & Self.editedFlag != 0
        case let .kind(kind): return Self.isKind(kind, flags[position])
        case let .fileType(type): return names.entry(nameSlot[position], endsWithAny: SearchFilter.extensions(of: type))
        case .rejected: return flags[position] & Self.rejectedFlag != 0
        case .picked: return flags[position] & Self.pickedFlag != 0
        case .live: return flags[position] & Self.liveFlag != 0
        case .rating, .label: return Self.matches(filter, stars: stars[position])
        case let .tag(prefix):
            return tagSetSlot[position] >= 0 && tagSets[Int(tagSetSlot[position])].contains { $0 == prefix || $0.hasPrefix(prefix + "/") }
        case let .album(name): return albumSet(albumSetSlot[position], matches: name)
        }
    }

    /// The slot of `text` folded in `table`, as the index is built (-1 for nothing left).
    private static func slot(of text: String, in table: inout FoldedTable) -> Int32 {
        let folded = SearchText.fold(text)
        return folded.isEmpty ? -1 : table.slot(of: folded)
    }
}
