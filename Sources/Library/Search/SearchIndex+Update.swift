extension SearchIndex {
    /// Keeps the index in step with photos whose edits changed (`changed`, as they are in
    /// `library` now): their description, place, date, flags and group, their places in the
    /// sort orders made so far (a binary search each), and the groups' names. Edits do not move
    /// photos in the library, so positions stay those the index was built with. Searching
    /// gives what an index built again gives (`EditInStepTests`).
    public mutating func update(_ changed: [Photo], in library: PhotoLibrary) {
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

    /// The slot of `text` folded in `table`, as the index is built (-1 for nothing left).
    private static func slot(of text: String, in table: inout FoldedTable) -> Int32 {
        let folded = SearchText.fold(text)
        return folded.isEmpty ? -1 : table.slot(of: folded)
    }
}
