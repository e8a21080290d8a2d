import Library

/// The browser while its library is read behind the first frame (issue 26; `ReadingBehind`):
/// the home grid from the aggregate, covers and a folder's screens read as they are needed,
/// and the whole library taking over once it is in.
extension AppState {
    /// The home grid's folders while the library is read: the default grouping's, from the
    /// aggregate; none for another grouping (its folders need every photo).
    var readingFolders: [PhotoGroup]? {
        guard let readingBehind else { return nil }
        return showsFoldersRead ? readingBehind.folders : []
    }

    /// The library is read behind and the grouping is the one whose folders show meanwhile.
    private var showsFoldersRead: Bool { readingBehind != nil && grouping == .description }

    /// The grid of folder `id` while the library is read: the photos read so far, in page order
    /// (the chosen sort waits for the whole library), rejected ones hidden when so set.
    func readingPage(id: String) -> FolderPage? {
        guard let readingBehind, showsFoldersRead,
              var group = readingBehind.folders.first(where: { $0.id == id }) else { return nil }
        let total = group.count
        group.photoIDs = shown(readingBehind.pages[id]?.photoIDs ?? [], in: id)
        group.summaryCount = nil   // the grid goes as far as the photos read
        return FolderPage(group: group, totalPhotos: total)
    }

    /// After each message: the covers once, and the next screen of the folder on screen when
    /// the cursor nears the end of what is read (a failed read is asked again after a key).
    mutating func pagedReadsDue() -> [Effect] {
        guard var reading = readingBehind else { return [] }
        var effects: [Effect] = []
        if !reading.coversAsked {
            reading.coversAsked = true
            let covers = reading.folders.map(\.coverID).filter { !$0.isEmpty && library.photo(id: $0) == nil }
            if !covers.isEmpty { effects.append(.readPaged(.covers(covers))) }
        }
        let position: (id: String, index: Int)?
        switch screen {
        case .home: position = nil
        case let .group(id): position = (id, currentPage?.photoIndex(ofItem: groupCursor.selected) ?? 0)
        case let .detail(id, index): position = (id, index)
        }
        if let position, showsFoldersRead, let read = reading.readDue(folder: position.id, position: position.index) {
            effects.append(.readPaged(read))
        }
        readingBehind = reading
        return effects
    }

    /// Photos read for `read` came (or why not): they join the stand-in library, the screens
    /// staying on their photo.
    mutating func pagedRead(_ read: PagedRead, _ result: Result<Library.FolderPage, Failure>) {
        guard readingBehind != nil else { return }   // the whole library came first
        switch result {
        case let .success(page):
            let photos = page.photos, next = page.next
            let before = openPages()
            let new = photos.filter { library.photo(id: $0.id) == nil }
            if !new.isEmpty {
                var changed = PhotoLibrary()
                swap(&changed, &library)
                changed.add(contentsOf: new)
                library = changed
            }
            if case let .page(id, _, _, _) = read {
                readingBehind?.pageRead(folder: id, photoIDs: photos.map(\.id), next: next)
            }
            caches.record(.photosAdded)
            follow(before)
        case let .failure(failure):
            if case let .page(id, _, _, _) = read { readingBehind?.pageFailed(folder: id, failure.message) }
            status = ReadingBehind.couldNotRead(failure.message)
        }
    }

    /// The order the grid on screen is in: by date while its folder is read a screen at a time
    /// (the chosen one applies once every photo is read).
    var sortShown: PhotoSort { showsFoldersRead ? .dateTaken : sort }

    /// What an empty grid of folder `id` says while its first screen is read (or could not be).
    func readingLine(folder id: String) -> String? {
        guard let page = readingBehind?.pages[id], page.photoIDs.isEmpty, !page.complete else { return nil }
        return page.failure.map(ReadingBehind.couldNotRead) ?? "Reading the photos…"
    }

    /// What the home grid says while the library is read and shows no folders yet.
    var readingLines: [String]? {
        guard let readingBehind else { return nil }
        let reading = "Reading \(Counted.text(readingBehind.total))…"
        guard grouping != .description else { return [reading] }
        return [reading, "", "The folders by \(grouping.title.lowercased()) show once every photo is read;",
                "those by description show now (\(keyMap.label(.grouping, in: .home)) until the title says \"by description\")."]
    }

    /// Why `action` waits for the whole library while it is read (search, another sort, the
    /// duplicates, writing edits into the files: they need every photo; marking all, an album or
    /// a slideshow of a whole folder not read to its end); nil when it does not.
    func waitsForWholeLibrary(_ action: Action) -> String? {
        guard let readingBehind else { return nil }
        let what: String
        switch action {
        case .search: what = "search works"
        case .sort: what = "the photos can be sorted another way"
        case .showDuplicates: what = "duplicates can be found"
        case .writeBack: what = "edits can be written into the files"
        case .reload: return "Reading \(Counted.text(readingBehind.total)) already: the library shows once every photo is read"
        case .markAll, .makeAlbum, .slideshow:
            // A with everything read marked unmarks them: that needs no more photos.
            let unmarking = action == .markAll && !marks.isEmpty && marks.count >= (currentGroup?.photoIDs.count ?? 0)
            guard !unmarking, let folder = folderActedOn,
                  let summary = readingBehind.folders.first(where: { $0.id == folder }),
                  readingBehind.pages[folder]?.complete != true else { return nil }
            let read = readingBehind.pages[folder]?.photoIDs.count ?? 0
            return "Still reading this folder (\(read) of \(Counted.text(summary.count)) read): "
                + "\(keyMap.label(action, in: keyContext)) works on all of them once they are read"
        default: return nil
        }
        return "Still reading \(Counted.text(readingBehind.total)): \(what) once every photo is read"
    }

    /// The folder a whole-folder action takes: the one selected on the home grid, or on screen.
    private var folderActedOn: String? {
        switch screen {
        case .home: homeFolders.indices.contains(homeCursor.selected) ? homeFolders[homeCursor.selected].id : nil
        case let .group(id), let .detail(id, _): id
        }
    }
}
