import Library

extension AppState {
    /// Applies one message. Pure: no disk, no terminal; work to do comes back as effects.
    public mutating func update(_ msg: Msg) -> [Effect] {
        // A key ends the animation at once, then acts as usual (and may start another).
        guard case .key = msg else { return apply(msg) + followUp() + wantOriginals() }
        let before = screenBefore
        transition = nil
        let effects = apply(msg)
        startTransition(after: before)
        return effects + followUp() + wantOriginals()
    }

    private mutating func apply(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .key(key):
            return handle(key)
        case let .resized(columns, rows):
            self.columns = columns
            self.rows = rows
            transition = nil   // drawn for the old size
            clampCursors()
            return []
        case let .cellSizeChanged(size):
            graphics.cellSize = size
            return []
        case let .previewReady(key, result):
            previews.insert(result, for: key)
            return []
        case let .folderListed(path, result):
            let effects = picker?.receive(path: path, result) ?? []
            // The highlighted entry (the folder we came up from) may be far down the list.
            picker?.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
            return effects
        case let .importProgress(progress, elapsed):
            importOverlay?.update(progress, elapsed: elapsed)
            return []
        case let .importFinished(.success(done)):
            installFromDisk(done.library)
            savedDuringImport = []
            importOverlay?.finish(done.summary)
            return []
        case let .importFinished(.failure(failure)):
            savedDuringImport = []
            importOverlay?.fail(failure.message)
            return []
        case let .libraryLoaded(.success(library), byAnotherWriter):
            installFromDisk(library)
            if byAnotherWriter { return [] }
            // The photos only: the folders of a grouping other than by description are still
            // being rebuilt, and the description groups' count would name the wrong ones.
            let photos = library.photos.count
            status = "Library reloaded: \(photos) photo\(photos == 1 ? "" : "s")"
            return []
        case let .missingChecked(missing, checked):
            // The Missing smart folder may come or go: keep the user on the folder and photo they
            // were on (a key pressed just after start-up must not land one folder off).
            let before = openPages()
            library.setMissing(paths: missing, checked: checked)
            invalidatePages()
            previews.removeFailures()
            follow(before)
            return []
        case let .libraryLoaded(.failure(failure), _):
            status = failure.message
            return []
        case let .editsSaved(result, sequence):
            editsSaved(result, through: sequence)
            return []
        case let .editsAppendedElsewhere(edits):
            return editsAppendedElsewhere(edits)
        case let .photosAppendedElsewhere(imported):
            photosAppendedElsewhere(imported)
            return []
        case let .wroteBack(result):
            wroteBack(result)
            return []
        case let .originalProgress(photoID, transfer):
            originalProgress(photoID: photoID, transfer)
            return []
        case let .originalDownloaded(photoID, result):
            return originalDownloaded(photoID: photoID, result)
        case let .originalsDropped(ids):
            originalsDropped(ids)
            return []
        case let .detailsRead(photoID, result):
            infoDetails = (photoID, result)
            return []
        case let .treeBuilt(tree, kind, generation):
            treeBuilt(tree, kind: kind, generation: generation)
            return []
        case let .searchIndexBuilt(index, generation):
            searchIndexBuilt(index, generation: generation)
            return []
        case let .animationFrame(now, canKeepUp):
            animationFrame(at: now, canKeepUp: canKeepUp)
            return []
        }
    }

    // MARK: - Keys

    private mutating func handle(_ key: Key) -> [Effect] {
        status = nil
        if key == .resize { return [] }
        // Nothing is visible but the size message: keys would act on what the user can't see.
        if isTooSmall {
            // Only quitting works: the quit key of the home grid, from any screen without a modal layer.
            if importOverlay == nil, picker == nil, keyMap.action(for: key, in: .home) == .quit { shouldQuit = true }
            return []
        }
        // Modal layers first: the import overlay, then help, then the picker. Each answers
        // with an outcome; this is where the outcome changes the rest of the state.
        if importOverlay != nil {
            switch importOverlay!.handle(key, keyMap: keyMap, columns: columns, rows: rows) {
            case .stay: return []
            case .cancel:
                importOverlay?.phase = .running(cancelling: true)
                return [.cancelImport]
            case .dismiss:
                importOverlay = nil
                clampCursors()
                return []
            }
        }
        if showHelp {
            if HelpOverlay.scroll(key, state: &self) { return [] }
            showHelp = false
            helpScroll = 0
            return []
        }
        if picker != nil { return handlePicker(key) }
        if let form = dateForm { return handleDateForm(form, key) }
        if let form = placeForm { return handlePlaceForm(form, key) }
        if let photos = writeConfirmation { return handleWriteConfirmation(photos, key) }
        if var shown = map {
            if let action = keyMap.action(for: key, in: .map) {
                if action == .help {
                    showHelp = true
                } else {
                    map = shown.handle(action, area: contentArea) == .close ? nil : shown
                }
            }
            return []
        }
        if search.isEditing {
            handleSearchKey(key)
            return wantDetails()
        }
        if showInfo, InfoPanel.scroll(key, state: &self) { return [] }
        guard let action = keyMap.action(for: key, in: keyContext) else { return [] }
        if let effects = handleOrganising(action) { return effects }
        switch action {
        case .search:
            openSearch()
            return []
        case .grouping:
            return cycleGrouping()
        case .sort:
            return cycleSort()
        case .listView:
            return toggleListView()
        case .help:
            showHelp = true
            return []
        case .importPhotos:
            return openPicker()
        case .reload:
            return [.reloadLibrary]
        case .refreshFeeds:
            guard hasFeeds else {
                status = "No web feeds to refresh: import one from the picker (a, then u)"
                return []
            }
            importOverlay = ImportOverlayState(purpose: .refreshing)
            return [.refreshFeeds]
        default:
            break
        }
        switch screen {
        case .home: HomeScreen.handle(action, state: &self)
        case .group: GroupScreen.handle(action, state: &self)
        case .detail: DetailScreen.handle(action, state: &self)
        }
        return wantDetails()
    }

    // MARK: - The import picker

    /// Opens the picker where the last import came from, else in the folder photory was
    /// started in.
    private mutating func openPicker() -> [Effect] {
        var newPicker = ImportPickerState(folder: remembered.lastImportFolder ?? startFolder, startFolder: startFolder)
        let effects = newPicker.load()
        picker = newPicker
        return effects
    }

    private mutating func handlePicker(_ key: Key) -> [Effect] {
        guard var current = picker else { return [] }
        let outcome = current.handle(key, keyMap: keyMap, listHeight: ImportPickerState.listHeight(rows: rows),
                                     homeFolder: homeFolder)
        switch outcome {
        case let .stay(effects):
            current.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
            picker = current
            return effects
        case .showHelp:
            picker = current
            showHelp = true
            return []
        case .close:
            picker = nil
            return []
        case let .importPaths(paths):
            picker = nil
            importOverlay = ImportOverlayState()
            remembered.lastImportFolder = current.folder
            return [.startImport(paths), .remember(remembered)]
        }
    }
}
