import Foundation
import Library

/// The tag editor (`T`) for the photos it was opened on: a line to type a tag in
/// (`Places/Italy/Rome`), the library's tags that match it to choose from (↑/↓, Tab puts the
/// highlighted one in the line), and, while the line is empty, the photos' own tags, the
/// highlighted one removed with Backspace. Enter adds the tag at once (an edit like any other,
/// undone with `u`); the editor stays open for the next one until Esc (or Enter on an empty line).
/// Drawn by `TagEditorView`.
struct TagEditor: Equatable, Sendable, LayerState {
    var photoIDs: [String]
    var field = TextField()
    /// The highlighted row of `rows` (suggestions while typing, the photos' tags otherwise).
    var index = 0
    /// ↑/↓ chose a suggestion since the last character typed: Enter adds it rather than the line.
    var chose = false
    /// Every tag of the library and every level above one ("Places", "Places/Italy"), sorted;
    /// gathered once when the editor opens.
    let libraryTags: [String]

    /// The most suggestions shown.
    static let shownSuggestions = 8

    init(photoIDs: [String], library: PhotoLibrary) {
        self.photoIDs = photoIDs
        var tags = Set<String>()
        for photo in library.photos { for tag in photo.tags { tags.formUnion(TagPath.ancestry(tag)) } }
        libraryTags = TagPath.unique(tags.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }

    var keyContext: KeyContext { .tagEditor }
    var layer: Layer { .tagEditor(self) }
    var coversPhotos: Bool { true }

    /// The tags the photos have now (any of them), in order.
    func currentTags(_ library: PhotoLibrary) -> [String] {
        TagPath.unique(photoIDs.compactMap { library.photo(id: $0) }.flatMap(\.tags))
    }

    /// Library tags matching what is typed: those with a level starting with it first, then
    /// those containing it, case and accents ignored.
    func suggestions() -> [String] {
        let typed = SearchText.fold(field.text.trimmingCharacters(in: .whitespaces))
        guard !typed.isEmpty else { return [] }
        return Suggestions.matching(typed, among: libraryTags, fold: SearchText.fold, limit: Self.shownSuggestions)
    }

    /// What the list shows: suggestions while typing, else the photos' tags.
    func rows(_ library: PhotoLibrary) -> [String] {
        field.text.isEmpty ? currentTags(library) : suggestions()
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let rows = rows(state.library)
        switch action {
        case .cancel: return .close()
        case .help: return .consumed(then: .showHelp)
        case .previousChoice:
            if !rows.isEmpty { index = (index + rows.count - 1) % rows.count }
            chose = true
            return .consumed()
        case .nextChoice:
            if !rows.isEmpty { index = (index + 1) % rows.count }
            chose = true
            return .consumed()
        case .complete:
            if !field.text.isEmpty, rows.indices.contains(index) { field = TextField(rows[index]) }
            (index, chose) = (0, false)
            return .consumed()
        case .accept:
            guard !field.text.trimmingCharacters(in: .whitespaces).isEmpty else { return .close() }
            // The suggestion chosen with ↑/↓, else the line as typed.
            let chosen = chose && rows.indices.contains(index) ? rows[index] : field.text
            guard TagPath.normalised(chosen) != nil else { return .consumed(then: .say("A tag needs a name")) }
            field = TextField()
            (index, chose) = (0, false)
            return .consumed(then: .perform(EditPlanner(library: state.library).changeTags(photoIDs, adding: [chosen], removing: [])))
        case .deleteBack where field.text.isEmpty:
            guard rows.indices.contains(index) else { return .consumed() }
            let tag = rows[index]
            index = max(0, min(index, rows.count - 2))
            return .consumed(then: .perform(EditPlanner(library: state.library).changeTags(photoIDs, adding: [], removing: [tag])))
        default:
            if field.edit(key, action: action) { (index, chose) = (0, false) }
            return .consumed()
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) { TagEditorView.render(self, state: state, into: &grid) }
}
