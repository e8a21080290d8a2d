import Library

extension AppState {
    /// Applies one message. Pure: no disk, no terminal; work to do comes back as effects.
    public mutating func update(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .key(key):
            return handle(key)
        case let .resized(columns, rows):
            self.columns = columns
            self.rows = rows
            clampCursors()
            return []
        case let .previewReady(key, result):
            previews.insert(result, for: key)
            return []
        case let .folderListed(path, result):
            picker?.receive(path: path, result)
            // The highlighted entry (the folder we came up from) may be far down the list.
            picker?.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
            return []
        case let .importProgress(progress):
            importOverlay?.progress = progress
            return []
        case let .importFinished(.success(done)):
            replaceLibrary(done.library)
            importOverlay?.finish(done.summary)
            return []
        case let .importFinished(.failure(failure)):
            importOverlay?.fail(failure.message)
            return []
        case let .libraryLoaded(.success(library)):
            replaceLibrary(library)
            let photos = library.photos.count, groups = library.groups.count
            status = "Library reloaded: \(photos) photo\(photos == 1 ? "" : "s") in \(groups) group\(groups == 1 ? "" : "s")"
            return []
        case let .missingChecked(missing, checked):
            library.setMissing(paths: missing, checked: checked)
            previews.removeFailures()
            return []
        case let .libraryLoaded(.failure(failure)):
            status = failure.message
            return []
        }
    }

    // MARK: - Keys

    private mutating func handle(_ key: Key) -> [Effect] {
        status = nil
        if key == .resize { return [] }
        // Nothing is visible but the size message: keys would act on what the user can't see.
        if isTooSmall {
            if key == .char("q"), importOverlay == nil, picker == nil { shouldQuit = true }
            return []
        }
        // Modal layers first: the import overlay, then help, then the picker.
        if importOverlay != nil { return ImportOverlayState.handle(key, state: &self) }
        if showHelp {
            showHelp = false
            return []
        }
        if picker != nil { return ImportPickerState.handle(key, state: &self) }
        switch key {
        case .char("?"):
            showHelp = true
            return []
        case .char("a"):
            var newPicker = ImportPickerState(folder: startFolder)
            let effects = newPicker.load()
            picker = newPicker
            return effects
        case .char("r"):
            return [.reloadLibrary]
        default:
            break
        }
        switch screen {
        case .home: HomeScreen.handle(key, state: &self)
        case .group: GroupScreen.handle(key, state: &self)
        case .detail: DetailScreen.handle(key, state: &self)
        }
        return []
    }

    // MARK: - Navigation

    /// Opens the group at the home cursor.
    mutating func openSelectedGroup() {
        guard library.groups.indices.contains(homeCursor.selected) else { return }
        screen = .group(id: library.groups[homeCursor.selected].id)
        groupCursor = GridCursor()
    }

    /// One step back: detail → group (with that photo selected), group → home, home → quit.
    mutating func goBack() {
        switch screen {
        case .home:
            shouldQuit = true
        case let .group(id):
            screen = .home
            if let index = library.groups.firstIndex(where: { $0.id == id }) { homeCursor.selected = index }
        case let .detail(groupID, index):
            screen = .group(id: groupID)
            groupCursor.selected = index
        }
        clampCursors()
    }

    /// Installs a new library (after an import or reload), keeping the user where they were
    /// when that place still exists.
    mutating func replaceLibrary(_ newLibrary: PhotoLibrary) {
        let selectedGroupID = library.groups.indices.contains(homeCursor.selected)
            ? library.groups[homeCursor.selected].id : nil
        let detailPhotoID = detailPhoto?.id
        library = newLibrary
        // A preview that failed ("file missing") may work now (relinked, file restored).
        previews.removeFailures()
        if let selectedGroupID, let index = library.groups.firstIndex(where: { $0.id == selectedGroupID }) {
            homeCursor.selected = index
        }
        switch screen {
        case .home:
            break
        case let .group(id):
            if library.group(id: id) == nil { screen = .home }
        case let .detail(groupID, _):
            if let group = library.group(id: groupID), let photoID = detailPhotoID,
               let index = group.photoIDs.firstIndex(of: photoID) {
                screen = .detail(groupID: groupID, index: index)
            } else {
                screen = library.group(id: groupID) == nil ? .home : .group(id: groupID)
            }
        }
        clampCursors()
    }

    /// Keeps both grid cursors inside their items and in view for the current size.
    mutating func clampCursors() {
        guard !isTooSmall else { return }
        homeCursor.clamp(count: library.groups.count, layout: gridLayout)
        groupCursor.clamp(count: currentGroup?.count ?? 0, layout: gridLayout)
        picker?.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
    }
}
