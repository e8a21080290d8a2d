import Library

/// "All the metadata" (`I`): every tag of the photo's file (`FileTags`), scrolled with the
/// arrows and filtered by name, group or value with `/` (drawn by `AllTagsView`). The tags are
/// read off the loop (`Effect.readAllTags`); until they come the layer says so. While the filter
/// is typed the layer answers in the search line's context (its editing keys; Enter keeps the
/// filter, Esc clears it), else in its own.
struct AllTagsLayer: Equatable, Sendable, LayerState {
    var photoID: String
    /// The file's name, for the title.
    var fileName: String
    /// The tags, or why they cannot be read; nil while they are read.
    var tags: Result<[MetadataTag], FileMetadataError>?
    var filter = TextField()
    var isFiltering = false
    /// The first tag shown.
    var scroll = 0

    var keyContext: KeyContext { isFiltering ? .search : .allTags }
    var layer: Layer { .allTags(self) }

    /// The tags that match the filter.
    var shown: [MetadataTag] {
        guard case let .success(all)? = tags else { return [] }
        let query = filter.text.lowercased()
        return query.isEmpty ? all : all.filter { $0.matches(query) }
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let visible = AllTagsView.visibleRows(state)
        if let moved = Scrolling.scrolled(scroll, by: action, page: max(1, visible - 1), last: max(0, shown.count - visible)) {
            scroll = moved
            return .consumed()
        }
        switch action {
        case .help: return .consumed(then: .showHelp)
        case .search:
            isFiltering = true
        case .accept where isFiltering:
            isFiltering = false
        case .cancel where isFiltering:
            isFiltering = false
            filter = TextField()
            scroll = 0
        case .close:
            return .close()
        default:
            guard isFiltering, filter.edit(key, action: action) else { return .consumed() }
            scroll = 0
        }
        return .consumed()
    }

    func hints(_ state: AppState) -> String? {
        isFiltering ? state.keyMap.hints([.accept, .cancel], in: .search)
            : state.keyMap.hints([.down, .search, .close, .help], in: .allTags)
    }

    func render(_ state: AppState, into grid: inout CellGrid) { AllTagsView.render(self, state: state, into: &grid) }
}
