import Library

/// Search from the browser (the line itself is a layer, `SearchLineLayer`): the query typed, the results of the last good query, and
/// where the user was when they pressed `/`, so Esc returns exactly there.
struct SearchState: Sendable {
    /// The id of the results grid on the navigation stack.
    static let resultsID = "search-results"

    var field = TextField()
    /// The results of `field.text`, in the chosen order; nil until the index is ready.
    var results: [String]?
    /// What is wrong with the query ("date:2019-13: no such month"); no results are shown then.
    var error: String?
    /// The stack when `/` was pressed; Esc on the line restores it.
    var origin: [ScreenFrame]?
    /// The query the results are for (the index may arrive after the typing).
    var resultsFor: String?
    /// The group `/` was pressed in, when it was pressed in one (nil: the whole library, from home).
    var scope: SearchScope?

    /// The group the results are limited to now, if any.
    var limitingGroupID: String? { scope.flatMap { $0.wholeLibrary ? nil : $0.groupID } }

    /// The results as a group: "Search: beach 2019", "Search in 2019-06: beach".
    func group(library: PhotoLibrary) -> PhotoGroup {
        // Stacks (issue 21): a stack shows once, through its cover, whichever of its files matched.
        var seen = Set<String>()
        let ids = (results ?? []).compactMap { id in
            let shown = library.photo(id: id)?.isHiddenInStack == true ? library.stack(of: id)?.id ?? id : id
            return seen.insert(shown).inserted ? shown : nil
        }
        let first = ids.first.flatMap(library.photo(id:)), last = ids.last.flatMap(library.photo(id:))
        let query = field.text.isEmpty ? resultsFor ?? "" : field.text
        let title = scope.map { $0.wholeLibrary ? "Search: " : "Search in \($0.groupName): " } ?? "Search: "
        return PhotoFolder(id: Self.resultsID, name: title + query, photoIDs: ids, coverID: ids.first ?? "",
                           firstTakenAt: first?.takenAt ?? "", lastTakenAt: last?.takenAt ?? "").group
    }
}
