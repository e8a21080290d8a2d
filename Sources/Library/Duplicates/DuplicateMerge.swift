/// What resolving one duplicate group does to the library: the kept photo takes what the user
/// gave the others (favourite, pick, the highest rating, every tag, and the edits it lacks),
/// as one undoable step; the others are then trashed (`LibraryTrash`) or left where they are.
public enum DuplicateMerge {
    /// The edit step that merges `others` into `kept`, or nil when it would change nothing.
    public static func step(keeping kept: Photo, from others: [Photo]) -> EditStep? {
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
        }
        guard edits != kept.edits else { return nil }
        let label = "merge \(others.count) look-alike\(others.count == 1 ? "" : "s") into \(kept.name)"
        return EditStep(label: label, changes: [EditStep.Change(photoID: kept.id, before: kept.edits, after: edits)])
    }

    /// The library edits that resolve a group keeping `kept`: the merge step, then the album
    /// memberships of the others.
    public static func edits(keeping kept: Photo, from others: [Photo]) -> [LibraryEdit] {
        (step(keeping: kept, from: others).map { [LibraryEdit.apply($0)] } ?? []) + albumEdits(keeping: kept, from: others)
    }

    /// Albums hook (issue 23, albums by wt-albums): when album membership lands in the library,
    /// return here the edits that add `kept` to every album of `others` (in the same place in
    /// each album's manual order). Until then there is nothing to carry over.
    static func albumEdits(keeping kept: Photo, from others: [Photo]) -> [LibraryEdit] {
        []
    }
}
