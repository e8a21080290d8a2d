import Library

extension AppState {
    // MARK: - Which photos an action applies to

    /// The photos an edit applies to: the marked ones when there are marks, else the photo
    /// on screen (detail view) or selected (group grid). Empty on the home grid.
    var editTargets: [String] {
        if !marks.isEmpty {
            let order = currentGroup?.photoIDs ?? []
            return order.filter(marks.contains)
        }
        return [selectedPhotoID].compactMap { $0 }
    }

    /// The photo selected in the group grid or shown in the detail view.
    var selectedPhotoID: String? {
        switch screen {
        case .home: return nil
        case .group:
            return currentPage?.photoID(atItem: groupCursor.selected)
        case .detail: return detailPhoto?.id
        }
    }

    // MARK: - Doing, undoing, saving

    /// Applies the user's `step` on screen at once and asks for it to be saved.
    mutating func perform(_ step: EditStep) -> [Effect] {
        guard !step.isEmpty else {
            status = "Nothing to change"
            return []
        }
        editInPlace(touching: step.changes.map(\.photoID), { $0.apply(step) }, saying: { _, _ in Self.capitalised(step.label) })
        return queueSave(.apply(step))
    }

    mutating func undo() -> [Effect] { travel(back: true) }
    mutating func redo() -> [Effect] { travel(back: false) }

    /// Undoes or redoes the newest step on screen and asks for it to be saved.
    mutating func travel(back: Bool) -> [Effect] {
        if trashMovesInFlight > 0 {
            travelsWaiting.append(back)
            status = "Still moving files: " + (back ? "the undo" : "the redo") + " follows when they have moved"
            return []
        }
        if let effects = travelTrash(back: back) { return effects }
        let edit: LibraryEdit = back ? .undoLatest : .redoLatest
        let done = editInPlace(touching: photoIDs(touchedBy: edit), { $0.replay(edit) }) { step, library in
            step.map { (back ? "Undid: " : "Redid: ") + $0.label + (library.unwrittenNote(for: $0).map { " — " + $0 } ?? "") }
        }
        guard let step = done else {
            status = back ? "Nothing to undo" : "Nothing to redo"
            return []
        }
        return queueSave(back ? .undo(stepID: step.id) : .redo(stepID: step.id))
    }

    private mutating func queueSave(_ edit: LibraryEdit) -> [Effect] {
        editSequence += 1
        unsaved.append((editSequence, edit))
        return [.saveEdits(edit, sequence: editSequence)]
    }

    /// A save finished. The screen shows those edits already (and the journal line holds just
    /// them), so the state is kept: the edits up to `sequence` are only no longer pending.
    mutating func editsSaved(_ result: Result<Msg.EditsSaved, Failure>, through sequence: Int) {
        switch result {
        case let .success(saved):
            // The library an import, or the read behind the first frame (issue 26), hands back may
            // have been read before them.
            if isImporting || readingBehind != nil { savedDuringImport += unsaved.filter { $0.sequence <= sequence }.map(\.edit) }
            let count = unsaved.count
            unsaved.removeAll { $0.sequence <= sequence }
            if libraryTrouble != nil {   // saved after the library was out of reach: said, as the failure was
                libraryTrouble = nil
                status = "Saved now: \(Counted.text(count - unsaved.count, "edit")) that waited; the library answers again"
            }
            if !saved.notes.isEmpty { status = saved.notes.joined(separator: "; ") }
        case let .failure(failure):
            status = failure.message
            libraryTrouble = failure.message
        }
    }

    /// Following the library works again: the trouble is over unless edits still wait (their
    /// save says when they are in).
    mutating func libraryReachable() {
        guard libraryTrouble != nil, unsaved.isEmpty else { return }
        libraryTrouble = nil
        status = "The library answers again"
    }

    /// Another process appended `edits` to the journal: they are done on the screen's library
    /// too. With edits of the browser's still pending (they will land after these on disk),
    /// the library is read again instead, the pending ones replayed on top, so the undo
    /// history has the disk's order.
    mutating func editsAppendedElsewhere(_ edits: [LibraryEdit]) -> [Effect] {
        guard !edits.isEmpty else { return [] }
        // Photos trashed or restored by the CLI leave or join the library: read it again, as
        // after an import (the caches then know everything changed).
        guard unsaved.isEmpty, !edits.contains(where: \.isTrash) else { return [.catchUpWithDisk] }
        // Said first: a screen following a photo that moved says so after it.
        status = "Changed by another photory-tui: \(Counted.text(edits.count, "edit"))"
        for edit in edits { editInPlace(touching: photoIDs(touchedBy: edit)) { $0.replay(edit) } }
        return []
    }

    /// The photos `edit` would change in the library now.
    func photoIDs(touchedBy edit: LibraryEdit) -> [String] {
        let history = library.history
        let step: EditStep? = switch edit {
        case let .apply(step): step
        case let .undo(id): history.undo.last { $0.id == id }
        case let .redo(id): history.redo.last { $0.id == id }
        case .undoLatest: history.undo.last
        case .redoLatest: history.redo.last
        case .trash: nil   // the CLI's; the browser reads the library again for it
        }
        return step?.changes.map(\.photoID) ?? []
    }

    /// Edits the library on screen in place (no copy of it) and keeps what is made from it in
    /// step with the photos `ids` it touches: what the change touched of the folder tree of the
    /// grouping and the search index is updated for those photos, not built again (what it did
    /// not touch stays as it is: `DerivedCaches`), and every screen stays on its
    /// folder and photo. Work in proportion to the edit, not to the library. `saying` gives the
    /// status line before the screens follow (which may add to it: "Moved to 2019 › July 2019").
    @discardableResult
    mutating func editInPlace<Result>(touching ids: [String], _ edit: (inout PhotoLibrary) -> Result,
                                      saying: (Result, PhotoLibrary) -> String? = { _, _ in nil }) -> Result {
        let before = openPages()
        let old = ids.compactMap { library.photo(id: $0) }
        let albumsBefore = library.albums
        let result = edit(&library)
        let new = old.compactMap { library.photo(id: $0.id) }
        var change = LibraryChange(from: old, to: new)
        if library.albums != albumsBefore { change.insert(.albums) }   // Albums (issue 23): renamed, made, deleted
        caches.record(change)
        // Only what the change touched follows it (a favourite: the search index alone).
        if let (kind, tree) = caches.takeTouchedTree() {
            var followed = tree
            let inStep = followed.update(old: old, new: new, in: library)
            caches.putBack(tree: followed, of: kind, followed: inStep)
        }
        if var index = caches.takeTouchedIndex(for: change) {
            keepSearchInStep(&index, touching: ids)
            caches.putBack(index: index)
        }
        if var memoryIndex = caches.takeTouchedMemoryIndex(for: change) {   // On this day (issue 23)
            memoryIndex.update(old: old, new: new, in: library)
            caches.putBack(memoryIndex: memoryIndex)
        }
        if let said = saying(result, library) { status = said }
        invalidatePages()
        follow(before)
        return result
    }

    /// Installs a library read from disk (after an import, a reload), with the edits
    /// not saved yet replayed on it, so nothing the user did disappears from the screen.
    mutating func installFromDisk(_ fromDisk: PhotoLibrary) {
        let before = openPages()   // as shown: the folders read behind, while they are
        readingBehind = nil   // a whole library: it takes over from the one read behind (issue 26)
        var library = fromDisk
        for edit in savedDuringImport + unsaved.map(\.edit) { library.replayOnce(edit) }
        _ = applyDownloads(to: &library)
        installLibrary(library, following: before)
    }

    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

extension AppState {
    // MARK: - Organising keys (group grid and detail view)

    /// The organising actions: nil when `action` is not one (the screen handles it).
    mutating func handleOrganising(_ action: Action) -> [Effect]? {
        switch action {
        case .undo: return undo()
        case .redo: return redo()
        case .favourite:
            let targets = editTargets
            guard !targets.isEmpty else { return [] }
            return perform(EditPlanner(library: library).toggleFavourite(targets))
        case .info:
            showInfo.toggle()
            infoScroll = nil
            return wantDetails()
        case .editDate:
            let targets = editTargets
            guard !targets.isEmpty else { return [] }
            open(.dateForm(DateFormState(photoIDs: targets)))
            return []
        case .editPlace:
            let targets = editTargets
            guard !targets.isEmpty else { return [] }
            open(.placeForm(PlaceFormState(photoIDs: targets)))
            return []
        case .map:
            guard let id = selectedPhotoID else { return [] }
            let others = marks.isEmpty ? currentGroup?.photoIDs ?? [] : editTargets
            guard let map = MapScreenState(photoID: id, others: others, library: library) else {
                status = "No place to show: neither this photo nor the others have one (L sets it)"
                return []
            }
            open(.map(map))
            return []
        case .writeBack:
            return askToWriteBack()
        case .geotag:   // GPX geotagging (issue 25)
            return openGeotagForm()
        default:
            return nil
        }
    }

    /// Asks for the file metadata of the photo the info panel shows, unless it is there.
    mutating func wantDetails() -> [Effect] {
        guard showInfo, let id = selectedPhotoID, let photo = library.photo(id: id) else { return [] }
        if infoDetails?.photoID == id { return [] }
        infoDetails = nil
        // A web photo's file is not there until its original is downloaded.
        return photo.missing || !photo.isDownloaded ? [] : [.readDetails(photoID: id, path: photo.path)]
    }
}
