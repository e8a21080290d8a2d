import Library

/// Albums in the browser (issue 23): `b` opens the album picker on the marked (or current)
/// photos, `B` on the photos of the folder selected on the home grid or of the grid on screen
/// (a folder, search results); inside an album (`KeyContext.album`) its own keys take the
/// photos out, move one earlier or later, set the cover, change the order, rename and delete
/// it. Every change is an `EditPlanner` step done through `perform`, so `u` takes it back.
extension AppState {
    /// The album whose page is on screen (its grid or a photo of it).
    var currentAlbum: Album? {
        switch screen {
        case .home: nil
        case let .group(id), let .detail(id, _): Album.albumID(ofGroup: id).flatMap { library.album(id: $0) }
        }
    }

    /// The album actions: nil when `action` is not one.
    mutating func handleAlbums(_ action: Action) -> [Effect]? {
        switch action {
        case .addToAlbum:
            let targets = editTargets
            guard !targets.isEmpty else { return [] }
            open(.albumPicker(AlbumPicker(purpose: .add(targets))))
            return []
        case .makeAlbum:
            return openMakeAlbum()
        case .removeFromAlbum, .moveEarlier, .moveLater, .setCover, .albumSort, .renameAlbum, .deleteAlbum:
            guard let album = currentAlbum else { return nil }
            return handleInAlbum(action, album)
        default:
            return nil
        }
    }

    private mutating func handleInAlbum(_ action: Action, _ album: Album) -> [Effect] {
        let planner = EditPlanner(library: library)
        do {
            switch action {
            case .removeFromAlbum:
                let targets = editTargets
                guard !targets.isEmpty else { return [] }
                marks = []
                return perform(try planner.removeFromAlbum(targets, named: album.name))
            case .moveEarlier, .moveLater:
                guard let id = selectedPhotoID else { return [] }
                return perform(try planner.moveInAlbum(album.name, photo: id, by: action == .moveEarlier ? -1 : 1))
            case .setCover:
                guard let id = selectedPhotoID else { return [] }
                return perform(try planner.setAlbumCover(album.name, to: id))
            case .albumSort:
                let orders: [PhotoSort?] = [nil] + PhotoSort.allCases
                let next = orders[((orders.firstIndex(of: album.sort) ?? 0) + 1) % orders.count]
                return perform(try planner.setAlbumSort(album.name, to: next))
            case .renameAlbum:
                open(.albumPicker(AlbumPicker(purpose: .rename(albumName: album.name), name: album.name)))
                return []
            case .deleteAlbum:
                open(.albumDeleteConfirmation(AlbumDeleteConfirmation(albumName: album.name, count: library.albumCount(album.id))))
                return []
            default:
                return []
            }
        } catch {
            status = Self.capitalised(error.description)
            return []
        }
    }

    /// `B`: the picker, named after the folder (or the search), on the photos of the folder
    /// selected on the home grid or of the grid on screen.
    private mutating func openMakeAlbum() -> [Effect] {
        let group: PhotoGroup?
        switch screen {
        case .home:
            let folders = homeFolders
            group = folders.indices.contains(homeCursor.selected) ? page(id: folders[homeCursor.selected].id)?.group : nil
        case .group, .detail:
            group = currentGroup
        }
        guard let group, !group.photoIDs.isEmpty else {
            status = "No photos here to make an album of"
            return []
        }
        let name = group.id == SearchState.resultsID ? search.resultsFor ?? search.field.text : group.name
        open(.albumPicker(AlbumPicker(purpose: .make(group.photoIDs), name: Album.normalisedName(name) ?? "")))
        return []
    }
}
