import Foundation
import Library

/// The album picker (issue 23): a line to type an album's name in (a path like
/// `Trips/Italy 2024` puts it in an album folder) over the library's albums that match it
/// (↑/↓ choose, Tab completes). Enter adds the photos to the highlighted album, else to the one
/// typed (made when new); for `B` the line starts with the folder's name, and for renaming with
/// the album's. Every outcome is one edit step, undone with `u`. Drawn by `AlbumPickerView`.
struct AlbumPicker: Equatable, Sendable, LayerState {
    enum Purpose: Equatable, Sendable {
        /// `b`: add these photos to an album, chosen or new.
        case add([String])
        /// `B`: make an album of these photos (a folder's, or search results).
        case make([String])
        /// In an album: its new name.
        case rename(albumName: String)
    }

    var purpose: Purpose
    var field: TextField
    /// The highlighted row of `rows`.
    var index = 0
    /// ↑/↓ chose an album since the last character typed: Enter takes it rather than the line.
    var chose = false

    /// The most albums listed.
    static let shownAlbums = 8

    init(purpose: Purpose, name: String = "") {
        self.purpose = purpose
        field = TextField(name)
    }

    var keyContext: KeyContext { .albumPicker }
    var layer: Layer { .albumPicker(self) }

    /// The box's title: "Add 3 photos to an album".
    var title: String {
        switch purpose {
        case let .add(ids): "Add \(Counted.text(ids.count)) to an album"
        case let .make(ids): "Make an album of \(Counted.text(ids.count))"
        case let .rename(name): "Rename the album \(name)"
        }
    }

    /// The library's album names matching what is typed (all of them while the line is empty):
    /// those starting with it (or with a level starting with it) first, then those containing it.
    func rows(_ library: PhotoLibrary) -> [String] {
        if case .rename = purpose { return [] }
        let typed = Album.key(field.text.trimmingCharacters(in: .whitespaces))
        let names = library.albums.map(\.name)
        guard !typed.isEmpty else { return Array(names.prefix(Self.shownAlbums)) }
        return Suggestions.matching(typed, among: names, fold: Album.key, limit: Self.shownAlbums)
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let rows = rows(state.library)
        switch action {
        case .cancel: return .close()
        case .help: return .consumed(then: .showHelp)
        case .previousChoice, .nextChoice:
            if !rows.isEmpty { index = (index + (action == .nextChoice ? 1 : rows.count - 1)) % rows.count }
            chose = true
            return .consumed()
        case .complete:
            if rows.indices.contains(index) { field = TextField(rows[index]) }
            (index, chose) = (0, false)
            return .consumed()
        case .accept:
            let typed = field.text.trimmingCharacters(in: .whitespaces)
            let name = chose && rows.indices.contains(index) ? rows[index] : typed.isEmpty && rows.indices.contains(index) ? rows[index] : typed
            guard Album.normalisedName(name) != nil else { return .consumed(then: .say("An album needs a name")) }
            let planner = EditPlanner(library: state.library)
            do {
                switch purpose {
                case let .add(ids), let .make(ids):
                    return .close(then: .perform(try planner.addToAlbum(ids, named: name, creating: true)))
                case let .rename(old):
                    return .close(then: .perform(try planner.renameAlbum(old, to: name)))
                }
            } catch {
                return .consumed(then: .say(AppState.capitalised(error.description)))
            }
        default:
            if field.edit(key, action: action) { (index, chose) = (0, false) }
            return .consumed()
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) { AlbumPickerView.render(self, state: state, into: &grid) }
}
