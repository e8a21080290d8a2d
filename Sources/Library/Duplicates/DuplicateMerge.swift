/// What resolving one duplicate group does to the library: the kept photo takes what the user
/// gave the others (favourite, pick, the highest rating, the colour label, every tag, every
/// album with the other's place in it and its cover, and the date, place and description it
/// lacks), as one undoable step; the others are then trashed (`LibraryTrash`) or left where they
/// are. A turn (orientation) is not carried: it belongs to the other file's own pixels.
public enum DuplicateMerge {
    /// The edit step that merges `others` into `kept`, or nil when it would change nothing.
    /// `albums` are the library's: an album whose cover is one of `others` gets `kept` as cover.
    public static func step(keeping kept: Photo, from others: [Photo], albums: [Album] = []) -> EditStep? {
        var edits = kept.edits
        for other in others {
            if other.isFavourite { edits.favourite = true }
            if other.isPicked { edits.picked = true }
            // Marks as shown (the user's over the file's): the kept photo shows the best of them.
            let shown = edits.marks(over: kept.fileMarks)
            if other.rating > shown.rating { edits.rating = other.rating }
            if shown.label == nil, let label = other.label { edits.label = .set(label) }
            let missingTags = other.tags.filter { !shown.tags.contains($0) }
            if !missingTags.isEmpty { edits.tags = shown.tags + missingTags }
            // The user's own date, place and description, when the kept photo has none.
            if edits.date == nil { edits.date = other.edits.date }
            if edits.location == nil { edits.location = other.edits.location }
            if edits.description == nil { edits.description = other.edits.description }
            // Albums: the kept photo joins each album of the other, in the other's place in it.
            for (albumID, position) in other.edits.albums where edits.albums[albumID] == nil {
                edits.albums[albumID] = position
            }
        }
        let otherIDs = Set(others.map(\.id))
        let covers = albums.filter { album in album.cover.map(otherIDs.contains) == true && edits.albums[album.id] != nil }
            .map { album in
                var after = album
                after.cover = kept.id
                return AlbumChange(albumID: album.id, before: album, after: after)
            }
        guard edits != kept.edits || !covers.isEmpty else { return nil }
        let label = "merge \(Counted.text(others.count, "look-alike")) into \(kept.name)"
        return EditStep(label: label, changes: edits == kept.edits ? [] : [EditStep.Change(photoID: kept.id, before: kept.edits, after: edits)],
                        albumChanges: covers)
    }
}
