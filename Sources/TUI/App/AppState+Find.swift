import Library

extension AppState {
    // MARK: - The user's choices (remembered between runs)

    /// How the home grid groups.
    var grouping: GroupingKind { remembered.grouping ?? .description }
    /// The order inside a photo grid.
    var sort: PhotoSort { remembered.sort ?? .dateTaken }
    /// Photo grids show as a list rather than thumbnails.
    var listView: Bool { remembered.listView ?? false }

    /// The folder tree of the active grouping, when it has arrived.
    var activeTree: FolderTree? {
        guard grouping != .description else { return nil }
        return caches.tree(of: grouping)
    }

    /// The tree for the grouping chosen is still being built (the home grid shows the
    /// description groups meanwhile).
    var isGroupingPending: Bool { grouping != .description && activeTree == nil }

    /// What the home grid shows: today's memories, the smart folders, then the folders of the
    /// grouping; under `rejected = "hide"`, not a folder whose every photo is a hidden reject
    /// (it would open empty).
    var homeFolders: [PhotoGroup] {
        if let folders = readingFolders { return folders }   // read behind (issue 26)
        let folders: [PhotoGroup]
        if let tree = activeTree {
            // Albums (issue 23): after the smart folders, unless the tree is the albums'.
            folders = memoryFolders + library.smartGroups + (grouping == .album ? [] : library.albumGroups)
                + library.feedGroups   // paged feeds (issue 24): one folder a feed, whatever the grouping
                + tree.folders.map(\.group)
        } else {
            folders = memoryFolders + library.homeFolders
        }
        guard rejectedDisplay == .hide, library.group(id: SmartFolder.rejected.id) != nil else { return folders }
        // Stops at a folder's first photo that is not rejected: cheap for every folder but those.
        return folders.filter { folder in
            folder.id == SmartFolder.rejected.id || folder.photoIDs.isEmpty
                || !folder.photoIDs.allSatisfy { library.photo(id: $0)?.isRejected == true }
        }
    }

    /// How a photo grid is laid out now: thumbnails, or one row a photo under a header line.
    var photoLayout: GridLayout { listView ? GridLayout(listArea: contentArea) : gridLayout }

    // MARK: - Pages: any grid of photos by id

    /// The grid with `id`: search results, a folder of the active grouping, a smart folder or
    /// a description group; sorted as chosen.
    func page(id: String) -> FolderPage? { caches.pages[id] ?? makePage(id: id) }

    func makePage(id: String) -> FolderPage? {
        if id == SearchState.resultsID { return FolderPage(group: search.group(library: library)) }
        if readingBehind != nil { return readingPage(id: id) }   // read behind (issue 26)
        if let folder = activeTree?.folder(id: id) {
            var group = folder.group
            group.photoIDs = shown(sorted(folder.photoIDs), in: id)
            return FolderPage(folders: folder.children, group: group, totalPhotos: shownCount(folder.allPhotoIDs, in: id))
        }
        guard var group = library.group(id: id) ?? memoryFolder(id: id) else { return nil }
        // Albums (issue 23): an album is in its own order (by hand, or its sort).
        // Paged feeds (issue 24): a feed's folder is in feed order.
        let ownOrder = Album.albumID(ofGroup: id) != nil || LibraryFeed.isFeedGroup(id)
        group.photoIDs = shown(ownOrder ? group.photoIDs : sorted(group.photoIDs), in: id)
        return FolderPage(group: group)
    }

    /// `ids` without the rejected photos when `rejected = "hide"` (the Rejected smart folder
    /// and search results show them all).
    func shown(_ ids: [String], in id: String) -> [String] {
        guard hidesRejects(in: id) else { return ids }
        return ids.filter { library.photo(id: $0)?.isRejected != true }
    }

    /// How many of `ids` the grid `id` shows: the count on a folder's tile, row and title
    /// agrees with what opening it shows (`shown`).
    func shownCount(_ ids: [String], in id: String) -> Int {
        guard hidesRejects(in: id) else { return ids.count }
        return ids.reduce(0) { $0 + (library.photo(id: $1)?.isRejected == true ? 0 : 1) }
    }

    /// `rejected = "hide"` leaves rejects out of the grid `id` (not of the Rejected smart folder,
    /// nor when no photo is rejected).
    private func hidesRejects(in id: String) -> Bool {
        rejectedDisplay == .hide && id != SmartFolder.rejected.id && library.group(id: SmartFolder.rejected.id) != nil
    }

    private func sorted(_ ids: [String]) -> [String] { sort == .dateTaken ? ids : sort.sorted(ids, in: library) }

    /// Forgets the pages made, after the library, the order, the tree or the results changed.
    mutating func invalidatePages() { caches.pages = [:] }

    /// Makes the pages on the stack once, so drawing and keys don't sort again; and asks for
    /// the background work the screen now needs (a folder tree, the search index).
    mutating func followUp() -> [Effect] {
        for frame in stack {
            switch frame.screen {
            case .home: continue
            case let .group(id), let .detail(id, _):
                if caches.pages[id] == nil, let made = makePage(id: id) { caches.pages[id] = made }
            }
        }
        // Read behind (issue 26): nothing is made of the photos read so far (a tree, memories of
        // a few covers would show wrong until the whole library's are made).
        if readingBehind != nil { return pagedReadsDue() }
        var effects: [Effect] = []
        if grouping != .description, let revision = caches.treeToBuild(grouping) {
            effects.append(.buildTree(library, grouping, generation: revision))
        }
        if needsSearchIndex, let revision = caches.indexToBuild() {
            effects.append(.buildSearchIndex(library, generation: revision))
        }
        if let memories = memoriesToBuild() { effects.append(memories) }
        return effects
    }

    /// Search is open or its results are on the stack.
    var needsSearchIndex: Bool {
        isSearchLineOpen || stack.contains { $0.screen == .group(id: SearchState.resultsID) }
    }

    // MARK: - Groupings, sort, list view

    mutating func cycleGrouping() -> [Effect] {
        remembered.grouping = grouping.next
        homeCursor = GridCursor()
        invalidatePages()
        clampCursors()
        return [.remember(remembered)]
    }

    mutating func cycleSort() -> [Effect] {
        let selected = selectedPhotoID
        remembered.sort = sort.next
        invalidatePages()
        if search.results != nil { runSearch() }
        follow(selected)
        status = "Sorted by " + sort.title
        return [.remember(remembered)]
    }

    mutating func toggleListView() -> [Effect] {
        remembered.listView = !listView
        clampCursors()
        return [.remember(remembered)]
    }

    /// `+` / `-`: the grids' tiles one size bigger or smaller (remembered); the selection stays
    /// and is kept in view.
    mutating func changeTileSize(to size: TileSize) -> [Effect] {
        guard size != tileSize else {
            status = "Tiles are as \(size == .huge ? "large" : "small") as they go (\(size.rawValue))"
            return []
        }
        remembered.tileSize = size
        clampCursors()
        status = "Tiles: \(size.rawValue)"
        return [.remember(remembered)]
    }

    /// Keeps `photoID` selected in the grid or detail view on top after its order changed.
    private mutating func follow(_ photoID: String?) {
        guard let photoID, let frame = stack.last else { return }
        switch frame {
        case var .group(followed):
            guard let page = page(id: followed.id), let index = page.group.photoIDs.firstIndex(of: photoID) else { break }
            followed.cursor.selected = page.item(ofPhoto: index)
            stack[stack.count - 1] = .group(followed)
        case let .detail(id, _):
            guard let index = page(id: id)?.group.photoIDs.firstIndex(of: photoID) else { break }
            stack[stack.count - 1] = .detail(groupID: id, index: index)
        case .home:
            break
        }
        clampCursors()
    }

    // MARK: - Background work coming back

    /// A tree built at revision `askedAt` of the caches came.
    mutating func treeBuilt(_ built: FolderTree, kind: GroupingKind, askedAt: Int) {
        guard kind == grouping else { return }
        let wasShowing = activeTree != nil
        var before = openPages()
        if !wasShowing { before.homeSelection = nil }
        // A tree kept in step with edits since is newer than one built from an older library.
        guard caches.treeBuilt(built, kind: kind, askedAt: askedAt) else { return }
        // The same photo stays selected wherever the new tree put it; folders of the grouping
        // that went away close, like groups after an edit.
        follow(before)
        showCaptured()   // a photo just taken (issue 25)
    }

    /// A search index built at revision `askedAt` of the caches came.
    mutating func searchIndexBuilt(_ index: SearchIndex, askedAt: Int) {
        guard caches.indexBuilt(index, askedAt: askedAt) else { return }
        if isSearchLineOpen || search.results != nil || search.resultsFor != nil {
            // The results may come in a new order (an edit or an undo changed a date): the grid
            // and the photo view on them stay on the same photo, not the same position.
            let before = openPages()
            runSearch()
            follow(before)
        }
    }

    // MARK: - Search

    /// `/`: opens the search line over a results grid; Esc will come back to here. Pressed in a
    /// group, it searches that group (`toggleSearchScope` widens it); at home, the whole library.
    mutating func openSearch() {
        open(.searchLine(SearchLineLayer()))
        if screen == .group(id: SearchState.resultsID) { return }
        let origin = stack
        search = SearchState(origin: origin)
        if case let .group(id) = screen, let page = page(id: id) {
            search.scope = SearchScope(groupID: id, groupName: page.group.name)
        }
        runSearch()
        push(.group(id: SearchState.resultsID, cursor: GridCursor()))
    }

    /// `Tab` on the search line: the group ↔ the whole library; the results follow at once, from
    /// their first photo.
    mutating func toggleSearchScope() {
        guard search.scope != nil else {
            status = "Search is over the whole library: press / in a group to search only it"
            return
        }
        search.scope?.wholeLibrary.toggle()
        runSearch()
        showResultsFromTheTop()
    }

    /// The photos of group `id` and of its subfolders (a year's months), as the search scope takes
    /// them; nil when there is no such group any more.
    func scopePhotoIDs(of id: String) -> [String]? {
        activeTree?.folder(id: id)?.allPhotoIDs ?? library.group(id: id)?.photoIDs
    }

    /// Esc on the search line: back to exactly where search was opened.
    mutating func leaveSearch() {
        let origin = search.origin ?? [stack[0]]
        search = SearchState()
        invalidatePages()
        stack = origin
        clampCursors()
    }

    /// A key for the query on the search line (`action` in the line's bindings): the results
    /// follow at once, from their first photo.
    mutating func editQuery(_ key: Key, action: Action?) {
        guard search.field.edit(key, action: action) else { return }
        runSearch()
        showResultsFromTheTop()
    }

    /// The results grid on top goes back to its first photo.
    private mutating func showResultsFromTheTop() {
        if case var .group(results) = stack[stack.count - 1], results.id == SearchState.resultsID {
            results.cursor = GridCursor()
            stack[stack.count - 1] = .group(results)
        }
        clampCursors()
    }

    /// The library's photos `ids` were just edited: `index` (built before) follows them, and so
    /// do the results on screen, each photo leaving them and joining again where it matches
    /// (`SearchIndex.remove`/`add`): no search over the whole library.
    mutating func keepSearchInStep(_ index: inout SearchIndex, touching ids: [String]) {
        let text = search.field.text
        guard var results = search.results, search.error == nil, search.resultsFor == text,
              text.contains(where: { $0 != " " }), let query = try? SearchQuery(parsing: text) else {
            index.update(ids.compactMap(library.photo(id:)), in: library)
            if isSearchLineOpen || search.results != nil || search.resultsFor != nil { runSearch(in: index) }
            return
        }
        index.remove(ids, from: &results, sort: sort, in: library)
        index.update(ids.compactMap(library.photo(id:)), in: library)
        index.add(ids, to: &results, matching: query, sort: sort, in: library)
        search.results = limitedToScope(results)
    }

    /// Runs the query on the line; a bad one shows its message and no results.
    mutating func runSearch(in givenIndex: SearchIndex? = nil) {
        let text = search.field.text
        defer { caches.pages[SearchState.resultsID] = makePage(id: SearchState.resultsID) }
        search.error = nil
        guard text.contains(where: { $0 != " " }) else {
            search.results = []
            search.resultsFor = text
            return
        }
        let query: SearchQuery
        do {
            query = try SearchQuery(parsing: text)
        } catch {
            search.error = error.description
            search.results = []
            search.resultsFor = text
            return
        }
        guard let index = givenIndex ?? caches.searchIndex?.index else {
            search.results = nil
            return
        }
        search.results = limitedToScope(index.search(query, sort: sort))
        search.resultsFor = text
    }

    /// `results` less the photos outside the group searched (all of them when the search is over
    /// the whole library, or its group went away).
    private func limitedToScope(_ results: [String]) -> [String] {
        guard let id = search.limitingGroupID, let inGroup = scopePhotoIDs(of: id).map(Set.init) else { return results }
        return results.filter(inGroup.contains)
    }
}
