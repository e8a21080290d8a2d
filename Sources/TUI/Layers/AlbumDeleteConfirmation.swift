import Library

/// Asking before an album goes (issue 23): "Delete the album "Italy" (12 photos)? y/n". Only
/// `y` deletes it (one edit: `u` brings it back with its photos and order); the photos stay in
/// the library. Any other key but help cancels.
struct AlbumDeleteConfirmation: Equatable, Sendable, LayerState {
    var albumName: String
    var count: Int

    var keyContext: KeyContext { .albumConfirmation }
    var layer: Layer { .albumDeleteConfirmation(self) }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept:
            do {
                return .close(then: .perform(try EditPlanner(library: state.library).deleteAlbum(albumName)))
            } catch {
                return .close(then: .say(AppState.capitalised(error.description)))
            }
        case .help: return .consumed(then: .showHelp)
        default: return .close(then: .say("The album stays"))
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let yes = state.keyMap.label(.accept, in: .albumConfirmation)
        Panel.drawParagraphs([
            ("Delete the album \"\(DisplayWidth.sanitized(albumName))\" (\(Counted.text(count)))? \(yes)/n", Theme.title),
            ("Its photos stay in the library and their other albums. u brings it back.", Theme.dim),
        ], title: "Delete the album", state: state, into: &grid)
    }
}
