/// The album edits (issue 23) as steps: photos join or leave an album by their edits (each
/// photo's place in the album's hand-made order is its own), and the album itself is made,
/// renamed, given a cover or an order, or deleted by the step's `albumChanges`. Each is one
/// step, so one `u` takes it back. Costs the photos and albums named, never the library.
extension EditPlanner {
    /// A new empty album (a duplicate name is refused).
    public func createAlbum(_ name: String) throws(AlbumError) -> EditStep {
        let album = try newAlbum(name)
        return EditStep(label: "make album \"\(album.name)\"", changes: [],
                        albumChanges: [AlbumChange(albumID: album.id, before: nil, after: album)])
    }

    /// Adds the photos `ids` to the album `name` (at the end of its hand-made order); with
    /// `creating`, an album of that name is made when there is none.
    public func addToAlbum(_ ids: [String], named name: String, creating: Bool = false) throws(AlbumError) -> EditStep {
        var made: [AlbumChange] = []
        let album: Album
        if let existing = library.album(named: name) {
            album = existing
        } else if creating {
            album = try newAlbum(name)
            made = [AlbumChange(albumID: album.id, before: nil, after: album)]
        } else {
            throw .unknownAlbum(name)
        }
        var next = nextPosition(in: album.id)
        let joining = try photos(ids).filter { $0.edits.albums[album.id] == nil }
        let changes = joining.map { photo in
            var after = photo.edits
            after.albums[album.id] = next
            next += 1
            return EditStep.Change(photoID: photo.id, before: photo.edits, after: after)
        }
        let what = made.isEmpty ? "add \(Counted.text(changes.count)) to album" : "make album of \(Counted.text(changes.count)):"
        return EditStep(label: "\(what) \"\(album.name)\"", changes: changes, albumChanges: made)
    }

    /// Takes the photos `ids` out of the album `name` (the photos stay in the library).
    public func removeFromAlbum(_ ids: [String], named name: String) throws(AlbumError) -> EditStep {
        let album = try existing(name)
        let changes = try photos(ids).compactMap { photo -> EditStep.Change? in
            guard photo.edits.albums[album.id] != nil else { return nil }
            var after = photo.edits
            after.albums[album.id] = nil
            return EditStep.Change(photoID: photo.id, before: photo.edits, after: after)
        }
        return EditStep(label: "remove \(Counted.text(changes.count)) from album \"\(album.name)\"", changes: changes)
    }

    /// Renames the album `old`, or, when `old` is an album folder, moves every album in it.
    public func renameAlbum(_ old: String, to new: String) throws(AlbumError) -> EditStep {
        guard let newName = Album.normalisedName(new) else { throw .emptyName }
        let renamed = library.albums(under: old)
        guard !renamed.isEmpty else { throw .unknownAlbum(old) }
        let oldKey = Album.key(library.album(named: old)?.name ?? old)
        var changes: [AlbumChange] = []
        for album in renamed {
            var after = album
            let rest = Album.key(album.name) == oldKey ? "" : String(album.name.split(separator: "/")
                .dropFirst(oldKey.split(separator: "/").count).joined(separator: "/"))
            after.name = rest.isEmpty ? newName : newName + "/" + rest
            if let clash = library.album(named: after.name), !renamed.contains(where: { $0.id == clash.id }) {
                throw .duplicateName(clash.name)
            }
            if after != album { changes.append(AlbumChange(albumID: album.id, before: album, after: after)) }
        }
        guard !changes.isEmpty else { throw .sameName(newName) }
        let what = library.album(named: old).map { "album \"\($0.name)\"" } ?? "album folder \"\(old)\""
        let label = "rename \(what) to \"\(newName)\""
        return EditStep(label: label, changes: [], albumChanges: changes)
    }

    /// Deletes the album `name` (its photos stay in the library and in their other albums).
    public func deleteAlbum(_ name: String) throws(AlbumError) -> EditStep {
        let album = try existing(name)
        let changes = library.photoIDs(inAlbum: album.id).compactMap { library.photo(id: $0) }.map { photo in
            var after = photo.edits
            after.albums[album.id] = nil
            return EditStep.Change(photoID: photo.id, before: photo.edits, after: after)
        }
        return EditStep(label: "delete album \"\(album.name)\"", changes: changes,
                        albumChanges: [AlbumChange(albumID: album.id, before: album, after: nil)])
    }

    /// Shows `photoID` on the album's tile.
    public func setAlbumCover(_ name: String, to photoID: String) throws(AlbumError) -> EditStep {
        let album = try existing(name)
        guard library.photo(id: photoID)?.edits.albums[album.id] != nil else { throw .notInAlbum(photo: photoID, album: album.name) }
        var after = album
        after.cover = photoID
        return EditStep(label: "set cover of album \"\(album.name)\"", changes: [],
                        albumChanges: [AlbumChange(albumID: album.id, before: album, after: after)])
    }

    /// Orders the album by `sort`, or (nil) by hand.
    public func setAlbumSort(_ name: String, to sort: PhotoSort?) throws(AlbumError) -> EditStep {
        let album = try existing(name)
        var after = album
        after.sort = sort
        return EditStep(label: "order album \"\(album.name)\" by \(sort?.title ?? "hand")", changes: [],
                        albumChanges: [AlbumChange(albumID: album.id, before: album, after: after)])
    }

    /// Moves `photoID` `offset` places in the album's order (−1: one earlier). An album in a
    /// sort's order is put in that order by hand first (each photo's place then follows it).
    public func moveInAlbum(_ name: String, photo photoID: String, by offset: Int) throws(AlbumError) -> EditStep {
        let album = try existing(name)
        var order = library.photoIDs(inAlbum: album.id)
        guard let from = order.firstIndex(of: photoID) else { throw .notInAlbum(photo: photoID, album: album.name) }
        let to = max(0, min(order.count - 1, from + offset))
        var albumChanges: [AlbumChange] = []
        var positions: [String: Double] = [:]
        if album.sort != nil {
            var after = album
            after.sort = nil
            albumChanges = [AlbumChange(albumID: album.id, before: album, after: after)]
            order.remove(at: from)
            order.insert(photoID, at: to)
            for (index, id) in order.enumerated() { positions[id] = Double(index) }
        } else if to != from {
            // The photos between keep their places; the moved one takes its neighbour's and
            // each one passed moves by one (a swap when moving by one).
            let span = from < to ? Array(from...to) : Array(to...from)
            let places = span.map { library.photo(id: order[$0])?.edits.albums[album.id] ?? 0 }
            var moved = order
            moved.remove(at: from)
            moved.insert(photoID, at: to)
            for (slot, index) in span.enumerated() { positions[moved[index]] = places[slot] }
        }
        let changes = positions.keys.sorted().compactMap { id -> EditStep.Change? in
            guard let photo = library.photo(id: id), photo.edits.albums[album.id] != positions[id] else { return nil }
            var after = photo.edits
            after.albums[album.id] = positions[id]
            return EditStep.Change(photoID: id, before: photo.edits, after: after)
        }
        let label = "move a photo \(offset < 0 ? "earlier" : "later") in album \"\(album.name)\""
        return EditStep(label: label, changes: changes, albumChanges: albumChanges)
    }

    // MARK: - Helpers

    private func newAlbum(_ name: String) throws(AlbumError) -> Album {
        guard let name = Album.normalisedName(name) else { throw .emptyName }
        if let clash = library.album(named: name) { throw .duplicateName(clash.name) }
        return Album(name: name)
    }

    private func existing(_ name: String) throws(AlbumError) -> Album {
        guard let album = library.album(named: name) else { throw .unknownAlbum(name) }
        return album
    }

    /// The photos of `ids` in the order given, each once; an unknown id is refused.
    private func photos(_ ids: [String]) throws(AlbumError) -> [Photo] {
        var seen = Set<String>()
        var found: [Photo] = []
        for id in ids where seen.insert(id).inserted {
            guard let photo = library.photo(id: id) else { throw .unknownPhoto(id) }
            found.append(photo)
        }
        return found
    }

    /// After the album's last photo in its hand-made order.
    private func nextPosition(in albumID: String) -> Double {
        (library.albumMembers[albumID] ?? []).compactMap { library.photo(id: $0)?.edits.albums[albumID] }.max().map { $0 + 1 } ?? 0
    }
}
