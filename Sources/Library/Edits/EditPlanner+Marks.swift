/// Stars, rejects, picks, colour labels and tags, as edit steps like every other edit (undone
/// with them, saved through the journal). A value equal to the file's is no edit: setting a
/// photo back to what its file says clears the edit.
extension EditPlanner {
    /// Sets the stars (0–5) of every photo.
    public func setRating(_ ids: [String], _ rating: Int) -> EditStep {
        let rating = min(5, max(0, rating))
        let photos = photosInDateOrder(ids)
        return step("rate \(count(photos)) \(Counted.text(rating, "star"))", photos) { photo, _ in
            var edits = photo.edits
            edits.rating = rating == photo.fileMarks.rating ? nil : rating
            return edits
        }
    }

    /// Rejects (or un-rejects) every photo.
    public func setRejected(_ ids: [String], _ rejected: Bool) -> EditStep {
        let photos = photosInDateOrder(ids)
        return step("\(rejected ? "reject" : "unreject") \(count(photos))", photos) { photo, _ in
            var edits = photo.edits
            edits.rejected = rejected == photo.fileMarks.rejected ? nil : rejected
            return edits
        }
    }

    /// Rejects every photo, or un-rejects them all when all already are (a toggle for a batch).
    public func toggleRejected(_ ids: [String]) -> EditStep {
        setRejected(ids, !photosInDateOrder(ids).allSatisfy(\.isRejected))
    }

    public func setPicked(_ ids: [String], _ picked: Bool) -> EditStep {
        let photos = photosInDateOrder(ids)
        return step("\(picked ? "pick" : "unpick") \(count(photos))", photos) { photo, _ in
            var edits = photo.edits
            edits.picked = picked
            return edits
        }
    }

    /// Sets (or, with nil, removes) the colour label of every photo.
    public func setLabel(_ ids: [String], _ label: ColourLabel?) -> EditStep {
        let photos = photosInDateOrder(ids)
        let what = label.map { "label \(count(photos)) \($0.rawValue)" } ?? "remove the label of \(count(photos))"
        return step(what, photos) { photo, _ in
            var edits = photo.edits
            edits.label = label == photo.fileMarks.label ? nil : (label.map(LabelEdit.set) ?? .cleared)
            return edits
        }
    }

    /// Adds `add` to every photo's tags and takes `remove` away (a tag and everything under it).
    public func changeTags(_ ids: [String], adding add: [String], removing remove: [String]) -> EditStep {
        let add = TagPath.unique(add.compactMap { TagPath.normalised($0) })
        let remove = remove.compactMap { TagPath.normalised($0) }.map(SearchText.fold)
        let photos = photosInDateOrder(ids)
        let n = count(photos)
        let label = switch (add.isEmpty, remove.isEmpty) {
        case (false, true): "tag \(n) \(add.joined(separator: ", "))"
        case (true, false): "untag \(n) \(remove.joined(separator: ", "))"
        default: "retag \(n): +\(add.joined(separator: ", +")) -\(remove.joined(separator: ", -"))"
        }
        return step(label, photos) { photo, _ in
            var tags = photo.tags.filter { tag in !remove.contains { TagPath.tag(tag, isUnder: $0) } }
            tags = TagPath.unique(tags + add)
            var edits = photo.edits
            edits.tags = TagPath.same(tags, photo.fileMarks.tags) && tags.count == photo.fileMarks.tags.count ? nil : tags
            return edits
        }
    }
}
