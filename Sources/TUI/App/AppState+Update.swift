import Library

extension AppState {
    /// Applies one message. Pure: no disk, no terminal; work to do comes back as effects.
    public mutating func update(_ msg: Msg) -> [Effect] {
        // A key (or the mouse) ends the animation at once, then acts as usual (and may start another).
        switch msg {
        case .key, .mouse: break
        default: return apply(msg) + followUp() + wantOriginals() + videoFollowUp()
        }
        let before = screenBefore
        transition = nil
        readingBehind?.retryFailed()   // read behind (issue 26)
        let effects = apply(msg)
        dropZoomOfHiddenPhoto()
        startTransition(after: before)
        return effects + followUp() + wantOriginals() + videoFollowUp() + loadMoreIfDue()   // paged feeds (issue 24)
    }

    private mutating func apply(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .key(key):
            return handle(key)
        case let .mouse(event):
            return handleMouse(event)
        case let .resized(columns, rows):
            self.columns = columns
            self.rows = rows
            transition = nil   // drawn for the old size
            clampCursors()
            return videoResized() + webcamResized()
        case let .cellSizeChanged(size):
            graphics.cellSize = size
            return []
        case let .previewReady(key, result):
            previews.insert(result, for: key)
            zoomedPreviewCame(key)
            slideshowPreviewCame(key)   // Slideshow (issue 23)
            return []
        case let .folderListed(path, result):
            let rows = rows
            return changeLayer(ImportPickerState.self) { picker in
                guard picker.camera == nil else { return [] }   // a late answer from the disk (issue 25)
                let effects = picker.receive(path: path, result)
                // The highlighted entry (the folder we came up from) may be far down the list.
                picker.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
                return effects
            } ?? []
        case let .importProgress(progress, elapsed):
            changeLayer(ImportOverlayState.self) { $0.update(progress, elapsed: elapsed) }
            return []
        case let .importFinished(.success(done)):
            installFromDisk(done.library)
            savedDuringImport = []
            changeLayer(ImportOverlayState.self) { $0.finish(done.summary) }
            return []
        case let .feedPageLoaded(url, result):   // paged feeds (issue 24)
            feedPageLoaded(url, result)
            return []
        case let .importFinished(.failure(failure)):
            savedDuringImport = []
            changeLayer(ImportOverlayState.self) { $0.fail(failure.message) }
            return []
        case let .libraryLoaded(.success(library), byAnotherWriter):
            let wasReadBehind = readingBehind != nil
            installFromDisk(library)
            if !isImporting { savedDuringImport = [] }
            if wasReadBehind {
                status = "Library read: \(Counted.text(library.photos.count))"
                return []
            }
            if byAnotherWriter { return [] }
            // The photos only: the folders of a grouping other than by description are still
            // being rebuilt, and the description groups' count would name the wrong ones.
            let photos = library.photos.count
            status = "Library reloaded: \(Counted.text(photos))"
            return []
        case let .missingChecked(missing, checked):
            // The Missing smart folder may come or go: keep the user on the folder and photo they
            // were on (a key pressed just after start-up must not land one folder off).
            let before = openPages()
            library.setMissing(paths: missing, checked: checked)
            caches.record(.missing)
            previews.removeFailures()
            follow(before)
            return []
        case let .libraryLoaded(.failure(failure), byAnotherWriter):
            // Following failed too: "Not saved: …" already says the library is out of reach.
            if byAnotherWriter, !unsaved.isEmpty, libraryTrouble != nil { return [] }
            status = failure.message
            if byAnotherWriter { libraryTrouble = failure.message }   // the follower says when it passes
            return []
        case let .editsSaved(result, sequence):
            editsSaved(result, through: sequence)
            return []
        case let .pagedRead(read, result):   // read behind (issue 26)
            pagedRead(read, result)
            return []
        case .libraryReachable:
            libraryReachable()
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
        // All the metadata (issue 20).
        case let .allTagsRead(photoID, result):
            allTagsRead(photoID: photoID, result)
            return []
        case let .treeBuilt(tree, kind, askedAt):
            treeBuilt(tree, kind: kind, askedAt: askedAt)
            return []
        case let .searchIndexBuilt(index, askedAt):
            searchIndexBuilt(index, askedAt: askedAt)
            return []
        // On this day (issue 23)
        case let .memoriesBuilt(memories, day, index, askedAt):
            memoriesBuilt(memories, day: day, index: index, askedAt: askedAt)
            return []
        case let .newDay(day):
            return newDay(day)
        case let .animationFrame(now, canKeepUp):
            animationFrame(at: now, canKeepUp: canKeepUp)
            return []
        case let .trashChanged(result):
            return trashChanged(result)
        // Open with, run on marks (issue 20)
        case let .openedWith(outcomes):
            openedWith(outcomes)
            return []
        case let .commandFinished(command, outcome):
            commandFinished(command, outcome)
            return []
        // Videos (issue 21)
        case let .videoFrame(frame, now, canKeepUp):
            return videoFrame(frame, now: now, canKeepUp: canKeepUp)
        case let .videoEnded(photoID, generation, failure):
            videoEnded(photoID: photoID, generation: generation, failure: failure)
            return []
        case let .videoPlayerEnded(failure):
            status = failure
            return []
        // Slideshow (issue 23)
        case let .slideshowTick(now):
            slideshowTick(now: now)
            return []
        // Export (issue 23)
        case let .exportFinished(summary):
            changeLayer(ImportOverlayState.self) { $0.phase = .exported(summary) }
            return []
        // GPX geotagging (issue 25)
        case let .tracksRead(typed, tracks, problems):
            tracksRead(typed: typed, tracks: tracks, problems: problems)
            return []
        // Cameras (issue 25)
        case let .camerasDetected(found, webcams, problem):
            camerasDetected(found, webcams: webcams, problem: problem)
            return []
        case let .cameraFolderListed(address, path, result):
            return cameraFolderListed(address, path: path, result)
        case let .cameraThumbnail(address, file, cells):
            cameraThumbnailCame(address, file, cells)
            return []
        case let .cameraFilesDeleted(label, deleted, problems):
            cameraFilesDeleted(label: label, deleted: deleted, problems: problems)
            return []
        case let .captured(result):
            return captured(result)
        // Webcams (issue 25)
        case let .webcamOpened(generation, device):
            changeLayer(WebcamPreview.self) { if $0.generation == generation { $0.device = device } }
            return []
        case let .webcamFrame(frame, canKeepUp):
            return webcamFrame(frame, canKeepUp: canKeepUp)
        case let .webcamFailed(generation, message):
            webcamFailed(generation: generation, message: message)
            return []
        }
    }

    // MARK: - Keys

    private mutating func handle(_ key: Key) -> [Effect] {
        if case let .mouse(event) = key { return handleMouse(event) }
        status = nil
        if key == .resize { return [] }
        // Nothing is visible but the size message: keys would act on what the user can't see.
        if isTooSmall {
            // Only quitting works: the quit key of the home grid, from any screen without a layer.
            if layers.isEmpty, keyMap.action(for: key, in: .home) == .quit { shouldQuit = true }
            return []
        }
        if let effects = routeThroughLayers(key) { return effects }
        if showInfo, InfoPanel.scroll(key, state: &self) { return [] }
        guard var action = keyMap.action(for: key, in: screenKeyContext) else { return [] }
        action = videoAction(action, for: key)   // Videos (issue 21)
        if let effects = handleVideo(action) { return effects }
        if let reason = waitsForWholeLibrary(action) {   // read behind (issue 26)
            status = reason
            return []
        }
        // Ratings, labels, tags, culling, the trash (issue 22)
        if let effects = handleMarking(action) { return effects }
        if let effects = handleOrganising(action) { return effects }
        if let effects = handleTurnsAndPrograms(action) { return effects }   // issue 20
        if let effects = handleAlbums(action) { return effects }   // Albums (issue 23)
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
        // Tile size
        case .largerTiles:
            return changeTileSize(to: tileSize.larger)
        case .smallerTiles:
            return changeTileSize(to: tileSize.smaller)
        case .help:
            openHelp()
            return []
        // All the metadata (issue 20).
        case .allTags:
            return openAllTags()
        case .dismissMemory:   // On this day (issue 23)
            return dismissSelectedMemory()
        // Look-alike duplicates (issue 23)
        case .showDuplicates:
            return openDuplicates()
        case .slideshow:   // Slideshow (issue 23)
            startSlideshow()
            return []
        case .export:   // Export (issue 23)
            askExportFolder()
            return []
        // Paged feeds (issue 24)
        case .feedView:
            openFeedView()
            return []
        case .loadMore:
            return loadMoreNow()
        case .importPhotos:
            return openPicker()
        case .reload:
            return [.reloadLibrary]
        case .refreshFeeds:
            guard hasFeeds else {
                status = "No web feeds to refresh: import one from the picker (a, then u)"
                return []
            }
            open(.importOverlay(ImportOverlayState(purpose: .refreshing)))
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
        open(.picker(newPicker))
        return effects + [.detectCameras]   // cameras head the list (issue 25)
    }
}
