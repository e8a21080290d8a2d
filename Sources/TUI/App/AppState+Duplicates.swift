import Library

/// Look-alike duplicates (issue 23): opening the review (`D` on home) and resolving a group.
/// Finding the groups is `DuplicateFinder`'s; merging is `DuplicateMerge`'s (one undoable step
/// through `perform`); the trash is the usual confirmation and `Effect.changeTrash`.
extension AppState {
    /// Opens the review on the library's exact and look-alike groups.
    mutating func openDuplicates() -> [Effect] {
        let groups = DuplicateFinder.groups(in: library, near: true)
        open(.duplicates(DuplicatesReview(groups: groups, unhashed: LookAlikeHashes.missing(in: library).count)))
        status = groups.isEmpty ? "No duplicates found" : "\(Counted.text(groups.count, "group")) of duplicates"
        return []
    }

    /// Merges the others into `keep` (favourite, rating, tags, albums, edits), then either asks to move
    /// the others to the trash or marks them rejected.
    mutating func resolveDuplicates(keep: String, others: [String], trash: Bool) -> [Effect] {
        guard let kept = library.photo(id: keep) else { return [] }
        let otherPhotos = others.compactMap { library.photo(id: $0) }
        var steps = DuplicateMerge.step(keeping: kept, from: otherPhotos, albums: library.albums).map { [$0] } ?? []
        if !trash { steps.append(EditPlanner(library: library).setRejected(others, true)) }
        let label = "merge \(Counted.text(otherPhotos.count)) into \(kept.name)" + (trash ? "" : ", the others rejected")
        var effects: [Effect] = []
        if !steps.isEmpty { effects = perform(EditStep.combined(steps, label: label)) }
        if trash {
            let merged = steps.isEmpty ? "Nothing to merge into \(kept.name)." : "Merged into \(kept.name) (favourite, rating, tags, albums, edits)."
            open(.deleteConfirmation(DeleteConfirmation(photoIDs: others, bytes: bytes(of: others), purpose: .trash,
                                                        context: merged)))
        }
        return effects
    }
}
