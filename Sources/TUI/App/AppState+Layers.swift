import Library

/// The layers over the screens (see `Layer`): opening them, offering them a key from the top
/// down, and the one place where what a layer answers changes the rest of the state.
extension AppState {
    // MARK: - Opening and finding

    /// Puts `layer` on top of the others; the one exception is the import overlay, which
    /// stays on top of anything opened while it shows (what runs is always in sight, and the
    /// cancel key always reaches it).
    mutating func open(_ layer: Layer) {
        if !(layer.state is ImportOverlayState), let overlay = layers.lastIndex(where: { $0.state is ImportOverlayState }) {
            layers.insert(layer, at: overlay)
        } else {
            layers.append(layer)
        }
    }

    /// The help over whatever is on top now, listing its keys.
    mutating func openHelp() {
        open(.help(HelpState(context: keyContext)))
    }

    /// The topmost layer holding a `T`, wherever it is in the stack (a folder listing arrives
    /// for the picker under the help).
    func layer<T: LayerState>(_: T.Type) -> T? {
        layers.reversed().lazy.compactMap { $0.state as? T }.first
    }

    /// Changes the topmost layer holding a `T`; nothing when there is none.
    mutating func changeLayer<T: LayerState, R>(_: T.Type, _ change: (inout T) -> R) -> R? {
        guard let index = layers.lastIndex(where: { $0.state is T }), var state = layers[index].state as? T else { return nil }
        let result = change(&state)
        layers[index] = state.layer
        return result
    }

    /// Closes every layer holding a `T`.
    mutating func closeLayers<T: LayerState>(_: T.Type) {
        layers.removeAll { $0.state is T }
    }

    var picker: ImportPickerState? { layer(ImportPickerState.self) }
    var dateForm: DateFormState? { layer(DateFormState.self) }
    var placeForm: PlaceFormState? { layer(PlaceFormState.self) }
    var map: MapScreenState? { layer(MapScreenState.self) }
    var writeConfirmation: WriteConfirmation? { layer(WriteConfirmation.self) }
    var isSearchLineOpen: Bool { layer(SearchLineLayer.self) != nil }
    /// The import progress or summary overlay; setting one shows it on top.
    var importOverlay: ImportOverlayState? {
        get { layer(ImportOverlayState.self) }
        set {
            guard let newValue else { return closeLayers(ImportOverlayState.self) }
            if changeLayer(ImportOverlayState.self, { $0 = newValue }) == nil { open(.importOverlay(newValue)) }
        }
    }
    /// The help shows; setting it opens one over the top layer (or closes every help).
    var showHelp: Bool {
        get { layer(HelpState.self) != nil }
        set {
            if !newValue { closeLayers(HelpState.self) } else if !showHelp { openHelp() }
        }
    }
    /// How far the help is scrolled.
    var helpScroll: Int { layer(HelpState.self)?.scroll ?? 0 }
    /// Whose keys the help lists: what it was opened over.
    var helpContext: KeyContext { layer(HelpState.self)?.context ?? keyContext }

    // MARK: - Keys

    /// Offers `key` to the layers from the top down, each with its action in its own context;
    /// nil when every layer let it through (the screen takes it then).
    mutating func routeThroughLayers(_ key: Key) -> [Effect]? {
        for index in layers.indices.reversed() {
            var layer = layers[index]
            let outcome = layer.handle(key, action: keyMap.action(for: key, in: layer.state.keyContext), state: self)
            switch outcome {
            case .ignored:
                continue
            case let .consumed(request):
                layers[index] = layer
                return carryOut(request)
            case let .close(request):
                layers.remove(at: index)
                clampCursors()
                if case .deleteConfirmation = layer { changeLayer(DuplicatesReview.self) { $0.questionAnswered() } }
                return carryOut(request)
            }
        }
        return nil
    }

    /// Does what a layer asked for: the one place a layer's answer reaches the rest of the state.
    private mutating func carryOut(_ request: LayerRequest) -> [Effect] {
        switch request {
        case .nothing:
            return []
        case let .start(effects):
            return effects
        case .showHelp:
            openHelp()
            return []
        case let .say(message):
            status = message
            return []
        case let .importPaths(paths, folder):
            closeLayers(ImportPickerState.self)
            importOverlay = ImportOverlayState()
            remembered.lastImportFolder = folder
            return [.startImport(paths), .remember(remembered)]
        case .cancelImport:
            return [.cancelImport]
        // Cameras (issue 25)
        case let .importFromCamera(request):
            return importFromCamera(request)
        case let .cameraFolderChosen(request, folder):
            return cameraFolderChosen(request, folder)
        case let .confirmCameraDelete(camera, files):
            open(.deleteConfirmation(DeleteConfirmation(photoIDs: [], bytes: 0, purpose: .fromCamera(camera, files))))
            return []
        case let .capture(camera):
            return capture(with: camera)
        case .openWebcam:   // Webcams (issue 25)
            closeLayers(ImportPickerState.self)
            return openWebcam()
        case .takeWebcamPicture:
            return takeWebcamPicture()
        case .stopWebcam:
            return [.stopWebcam]
        case let .deleteFromCamera(camera, files):
            status = "Deleting \(Counted.text(files.count, "file")) from \(camera.name)…"
            return [.deleteFromCamera(camera, files)]
        case let .perform(step):
            return perform(step)
        case let .writeBack(photos):
            status = "Writing \(Counted.text(photos.count, "file"))…"
            return [.writeBack(photos)]
        case let .editQuery(key, action):
            editQuery(key, action: action)
            return wantDetails()
        case .leaveSearch:
            leaveSearch()
            return wantDetails()
        // Scoped search
        case .toggleSearchScope:
            toggleSearchScope()
            return wantDetails()
        case let .setLabel(label):
            return setLabel(label)
        case let .changeTrash(work, photos):
            let counted = library.counted(photos)   // a stack once, its files said (issue 21)
            let verb = switch work {
            case .trash: "Moving \(counted) to the trash…"
            case .restore, .undo: "Restoring \(counted)…"
            case .redo: "Moving \(counted) to the trash again…"
            case .deletePermanently, .erase: "Deleting \(counted) for good…"
            }
            status = verb
            return moveFiles(work, photos)
        case let .confirmErase(photos):
            open(.deleteConfirmation(DeleteConfirmation(photoIDs: photos, bytes: bytes(of: photos), purpose: .erase)))
            return []
        case let .runCommand(command, photoIDs):
            return runCommand(command, on: photoIDs)
        // Look-alike duplicates (issue 23)
        case let .resolveDuplicates(keep, others, trash):
            return resolveDuplicates(keep: keep, others: others, trash: trash)
        // Slideshow (issue 23)
        case let .endSlideshow(lastShown):
            endSlideshow(lastShown: lastShown)
            return wantDetails()
        // Export (issue 23)
        case let .exportPhotos(photoIDs, folder, options):
            return exportPhotos(photoIDs, to: folder, options: options)
        // Paged feeds (issue 24)
        case .loadMoreOfFeed:
            return loadMoreNow()
        }
    }
}
