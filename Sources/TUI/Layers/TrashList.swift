import Library

/// The Trash (its smart folder on the home grid, opened like any folder): what photory moved to the freedesktop trash, newest first,
/// with the days left before `trash-days` deletes it for good. `r` (or Enter) restores the
/// highlighted photo (its files back where they were, the photo into the library with its
/// edits); `Delete` deletes it from the trash for good, after a confirmation. Drawn by
/// `TrashListView`. (`r` is free here: the layer has its own key context.)
struct TrashList: Equatable, Sendable, LayerState {
    var index = 0
    var top = 0

    var keyContext: KeyContext { .trash }
    var layer: Layer { .trash(self) }

    /// The trashed photos, newest first.
    static func records(_ library: PhotoLibrary) -> [TrashedPhoto] {
        library.trash.sorted { $0.deletedAt > $1.deletedAt }
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let records = Self.records(state.library)
        let page = max(1, TrashListView.listHeight(state))
        switch action {
        case .up: index -= 1
        case .down: index += 1
        case .pageUp: index -= page
        case .pageDown: index += page
        case .close: return .close()
        case .help: return .consumed(then: .showHelp)
        case .restore:
            guard records.indices.contains(index) else { return .consumed() }
            return .consumed(then: .changeTrash(.restore, [records[index].photo.id]))
        case .deletePhotos:
            guard records.indices.contains(index) else { return .consumed() }
            return .consumed(then: .confirmErase([records[index].photo.id]))
        default:
            return .consumed()
        }
        index = max(0, min(index, records.count - 1))
        if index < top { top = index } else if index >= top + page { top = index - page + 1 }
        return .consumed()
    }

    func hints(_ state: AppState) -> String? {
        state.keyMap.hints([.up, .restore, .deletePhotos, .close, .help], in: .trash)
    }

    func render(_ state: AppState, into grid: inout CellGrid) { TrashListView.render(self, state: state, into: &grid) }
}
