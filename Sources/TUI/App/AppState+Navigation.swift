import Library

extension AppState {
    // MARK: - The navigation stack

    /// Shows `frame` on top of the current screen; back returns to the current one as it is.
    mutating func push(_ frame: ScreenFrame) {
        stack.append(frame)
        clampCursors()
    }

    /// Opens the group at the home cursor.
    mutating func openSelectedGroup() {
        let folders = homeFolders
        guard folders.indices.contains(homeCursor.selected) else { return }
        // The Trash smart folder holds no library photos: it opens as the list of trashed ones.
        if folders[homeCursor.selected].id == SmartFolder.trash.id { return open(.trash(TrashList())) }
        push(.group(id: folders[homeCursor.selected].id, cursor: GridCursor()))
    }

    /// One step back: pops the screen on top and returns to the one below with its selection
    /// and scroll. The detail view hands the photo it ended on to the grid below, so the grid
    /// shows that photo selected. On the home grid, back quits.
    mutating func goBack() {
        guard stack.count > 1 else {
            shouldQuit = true
            return
        }
        // A grid's marks go with its frame.
        let closed = stack.removeLast()
        if case let .detail(_, index) = closed, case var .group(below) = stack[stack.count - 1] {
            below.cursor.selected = page(id: below.id)?.item(ofPhoto: index) ?? index
            stack[stack.count - 1] = .group(below)
        }
        // Leaving the search results leaves search.
        if !stack.contains(where: { $0.screen == .group(id: SearchState.resultsID) }) {
            search = SearchState()
            closeLayers(SearchLineLayer.self)
        }
        clampCursors()
    }

    /// Installs a new library (after an import or reload), keeping the user where they were
    /// when that place still exists: screens whose group went away are closed.
    mutating func replaceLibrary(_ newLibrary: PhotoLibrary) {
        installLibrary(newLibrary, following: openPages())
    }

    /// Installs `newLibrary`, which differs from the one before by `change` (a library read
    /// again: anything); the screens follow what was open `before` (`openPages()`).
    mutating func installLibrary(_ newLibrary: PhotoLibrary, change: LibraryChange = .newLibrary,
                                 following before: (pages: [String: FolderPage], homeSelection: String?)) {
        library = newLibrary
        caches.record(change)
        // A preview that failed ("file missing") may work now (relinked, file restored).
        previews.removeFailures()
        follow(before)
    }

    /// The pages open on the stack and the home grid's selected folder, to follow after the
    /// pages change.
    func openPages() -> (pages: [String: FolderPage], homeSelection: String?) {
        let home = homeFolders
        var pages: [String: FolderPage] = [:]
        for case let .group(frame) in stack { pages[frame.id] = page(id: frame.id) }
        for case let .detail(id, _) in stack { pages[id] = page(id: id) }
        return (pages, home.indices.contains(homeCursor.selected) ? home[homeCursor.selected].id : nil)
    }

    /// After the pages were rebuilt (a new library, a new tree): every screen stays on the same
    /// folder and the same photo, wherever it moved (an edit or a downloaded original can change
    /// a photo's date, hence its place); screens whose folder went away are closed.
    mutating func follow(_ before: (pages: [String: FolderPage], homeSelection: String?)) {
        if let selected = before.homeSelection, let index = homeFolders.firstIndex(where: { $0.id == selected }) {
            homeCursor.selected = index
        }
        let oldPages = before.pages
        var kept: [ScreenFrame] = [stack[0]]
        for (position, frame) in stack.enumerated().dropFirst() {
            switch frame {
            case .home:
                kept.append(frame)
                continue
            case var .group(followed):
                let id = followed.id
                guard let page = page(id: id) else {
                    // The folder went away; a photo view above it follows its photo, if it can.
                    if case let .detail(groupID, index) = stack[stack.count - 1], position < stack.count - 1,
                       let moved = following(groupID: groupID, index: index, oldPages: oldPages, from: kept) {
                        kept = moved
                    }
                    break
                }
                if let old = oldPages[id], let photoID = old.photoID(atItem: followed.cursor.selected) {
                    if let newIndex = page.group.photoIDs.firstIndex(of: photoID) {
                        followed.cursor.selected = page.item(ofPhoto: newIndex)
                    } else if id == SearchState.resultsID, position == stack.count - 1,
                              let index = old.group.photoIDs.firstIndex(of: photoID) {
                        followed.cursor.selected = leftTheResults(old: old, index: index, now: page)
                    }
                }
                kept.append(.group(followed))
                continue
            case let .detail(groupID, index):
                let photoID = oldPages[groupID].flatMap { $0.group.photoIDs.indices.contains(index) ? $0.group.photoIDs[index] : nil }
                if let page = page(id: groupID), let photoID, let newIndex = page.group.photoIDs.firstIndex(of: photoID) {
                    kept.append(.detail(groupID: groupID, index: newIndex))
                    continue
                }
                // Albums (issue 23): the photo on screen taken out of its album: on to the next one of it.
                if Album.albumID(ofGroup: groupID) != nil, let count = page(id: groupID)?.group.photoIDs.count, count > 0 {
                    kept.append(.detail(groupID: groupID, index: min(index, count - 1)))
                    continue
                }
                if let moved = following(groupID: groupID, index: index, oldPages: oldPages, from: kept) {
                    kept = moved
                    continue
                }
                // The photo no longer matches the search: back to the results, on the nearest one.
                if groupID == SearchState.resultsID, let old = oldPages[groupID], let page = page(id: groupID),
                   case var .group(results)? = kept.last, results.id == groupID {
                    results.cursor.selected = leftTheResults(old: old, index: index, now: page)
                    kept[kept.count - 1] = .group(results)
                }
            }
            break
        }
        stack = kept
        clampCursors()
    }

    /// The photo at `index` of the `old` results on screen left them (an edit made it stop
    /// matching): the status line says so, and the grid item of the nearest result still in
    /// `now` (the next one, else the one before) is returned.
    private mutating func leftTheResults(old: FolderPage, index: Int, now: FolderPage) -> Int {
        let note = "it no longer matches the search"
        if let said = status, !said.hasSuffix(note) {
            status = said + " — " + note
        } else if status == nil {
            status = "The photo " + note
        }
        let positions = Dictionary(now.group.photoIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = old.group.photoIDs
        let nearestFirst = Array(ids.indices.dropFirst(index + 1)) + ids.indices.prefix(index).reversed()
        guard let nearest = nearestFirst.lazy.compactMap({ positions[ids[$0]] }).first else { return 0 }
        return now.item(ofPhoto: nearest)
    }

    /// The photo of a photo view left its folder (a new date, a new place): the view goes with
    /// it when the folder was one of the active grouping's.
    private mutating func following(groupID: String, index: Int, oldPages: [String: FolderPage],
                                    from kept: [ScreenFrame]) -> [ScreenFrame]? {
        guard groupID != SearchState.resultsID, library.group(id: groupID) == nil,
              let old = oldPages[groupID], old.group.photoIDs.indices.contains(index) else { return nil }
        return framesFollowing(old.group.photoIDs[index], from: kept)
    }

    /// The stack that shows `photoID` in the folder of the active grouping that now holds it:
    /// the frames below that are not folders of the grouping stay, the chain of folders down
    /// to the photo replaces the rest, and the status line says where it went
    /// ("Moved to 2019 › July 2019"). Nil when the photo is in no folder (or the folder it
    /// left was not one of the grouping's).
    mutating func framesFollowing(_ photoID: String, from frames: [ScreenFrame]) -> [ScreenFrame]? {
        guard let tree = activeTree, let chain = Self.chain(holding: photoID, in: tree.folders),
              let leaf = chain.last, let leafPage = page(id: leaf.id),
              let index = leafPage.group.photoIDs.firstIndex(of: photoID) else { return nil }
        var kept = frames
        while kept.count > 1, case let .group(frame) = kept[kept.count - 1], tree.folder(id: frame.id) != nil {
            kept.removeLast()
        }
        if kept.count == 1, let top = homeFolders.firstIndex(where: { $0.id == chain[0].id }) {
            homeCursor.selected = top
            kept[0] = stack[0]
        }
        for (depth, folder) in chain.enumerated() {
            var cursor = GridCursor()
            if depth + 1 < chain.count {
                cursor.selected = folder.children.firstIndex { $0.id == chain[depth + 1].id } ?? 0
            } else {
                cursor.selected = leafPage.item(ofPhoto: index)
            }
            kept.append(.group(id: folder.id, cursor: cursor))
        }
        kept.append(.detail(groupID: leaf.id, index: index))
        status = "Moved to " + chain.map(\.name).joined(separator: " › ")
        return kept
    }

    /// The folders from the top down to the one holding `photoID` directly.
    private static func chain(holding photoID: String, in folders: [PhotoFolder]) -> [PhotoFolder]? {
        for folder in folders where folder.allPhotoIDs.contains(photoID) {
            if folder.photoIDs.contains(photoID) { return [folder] }
            if let below = chain(holding: photoID, in: folder.children) { return [folder] + below }
        }
        return nil
    }

    /// Keeps every cursor on the stack inside its items and in view for the current size.
    mutating func clampCursors() {
        guard !isTooSmall else { return }
        let layout = gridLayout, photoLayout = photoLayout
        for i in stack.indices {
            switch stack[i] {
            case var .home(cursor):
                cursor.clamp(count: homeFolders.count, layout: homeLayout)
                stack[i] = .home(cursor)
            case var .group(frame):
                frame.cursor.clamp(count: page(id: frame.id)?.count ?? 0, layout: photoLayout)
                stack[i] = .group(frame)
            case let .detail(groupID, index):
                let count = page(id: groupID)?.group.count ?? 0
                stack[i] = .detail(groupID: groupID, index: max(0, min(index, count - 1)))
            }
        }
        let rows = rows
        changeLayer(ImportPickerState.self) { $0.clamp(visibleRows: ImportPickerState.listHeight(rows: rows)) }
    }
}
