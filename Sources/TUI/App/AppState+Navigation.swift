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
        guard library.homeFolders.indices.contains(homeCursor.selected) else { return }
        push(.group(id: library.homeFolders[homeCursor.selected].id, cursor: GridCursor()))
    }

    /// One step back: pops the screen on top and returns to the one below with its selection
    /// and scroll. The detail view hands the photo it ended on to the grid below, so the grid
    /// shows that photo selected. On the home grid, back quits.
    mutating func goBack() {
        guard stack.count > 1 else {
            shouldQuit = true
            return
        }
        let closed = stack.removeLast()
        if case .group = closed {
            marks = []
            markAnchor = nil
        }
        if case let .detail(_, index) = closed, case let .group(id, cursor) = stack[stack.count - 1] {
            var followed = cursor
            followed.selected = index
            stack[stack.count - 1] = .group(id: id, cursor: followed)
        }
        clampCursors()
    }

    /// Installs a new library (after an import or reload), keeping the user where they were
    /// when that place still exists: screens whose group went away are closed.
    mutating func replaceLibrary(_ newLibrary: PhotoLibrary) {
        let selectedGroupID = library.homeFolders.indices.contains(homeCursor.selected)
            ? library.homeFolders[homeCursor.selected].id : nil
        let oldLibrary = library
        library = newLibrary
        // A preview that failed ("file missing") may work now (relinked, file restored).
        previews.removeFailures()
        if let selectedGroupID, let index = library.homeFolders.firstIndex(where: { $0.id == selectedGroupID }) {
            homeCursor.selected = index
        }
        var kept: [ScreenFrame] = [stack[0]]
        for frame in stack.dropFirst() {
            switch frame {
            case .home:
                kept.append(frame)
                continue
            case let .group(id, cursor):
                // The same photo selected, wherever an edit moved it in its group.
                guard let group = library.group(id: id) else { break }
                var followed = cursor
                if let old = oldLibrary.group(id: id), old.photoIDs.indices.contains(cursor.selected),
                   let newIndex = group.photoIDs.firstIndex(of: old.photoIDs[cursor.selected]) {
                    followed.selected = newIndex
                }
                kept.append(.group(id: id, cursor: followed))
                continue
            case let .detail(groupID, index):
                // The same photo, wherever it moved to in its group.
                guard let group = library.group(id: groupID) else { break }
                let photoID = oldLibrary.group(id: groupID).flatMap { $0.photoIDs.indices.contains(index) ? $0.photoIDs[index] : nil }
                if let photoID, let newIndex = group.photoIDs.firstIndex(of: photoID) {
                    kept.append(.detail(groupID: groupID, index: newIndex))
                    continue
                }
            }
            break
        }
        stack = kept
        clampCursors()
    }

    /// Keeps every cursor on the stack inside its items and in view for the current size.
    mutating func clampCursors() {
        guard !isTooSmall else { return }
        let layout = gridLayout
        for i in stack.indices {
            switch stack[i] {
            case var .home(cursor):
                cursor.clamp(count: library.homeFolders.count, layout: layout)
                stack[i] = .home(cursor)
            case .group(let id, var cursor):
                cursor.clamp(count: library.group(id: id)?.count ?? 0, layout: layout)
                stack[i] = .group(id: id, cursor: cursor)
            case let .detail(groupID, index):
                let count = library.group(id: groupID)?.count ?? 0
                stack[i] = .detail(groupID: groupID, index: max(0, min(index, count - 1)))
            }
        }
        picker?.clamp(visibleRows: ImportPickerState.listHeight(rows: rows))
    }
}
