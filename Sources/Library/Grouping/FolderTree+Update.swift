extension FolderTree {
    /// Keeps the tree in step with photos whose edits changed, `old` and `new` being the same
    /// photos before and after (in `library` now): a photo whose folder or date changed leaves
    /// its folder and the folders around it and joins where it belongs now; folders are made
    /// and emptied ones go. The work is that of the photos and the folders they touch; the
    /// result is the tree a build of `library` gives (`EditInStepTests`). False when it cannot
    /// tell (a grouping that joins folders, a folder it does not know): build it again then.
    public mutating func update(old: [Photo], new: [Photo], in library: PhotoLibrary) -> Bool {
        if grouping.putsPhotosInSeveralFolders {
            return zip(old, new).allSatisfy { $0.isHiddenInStack || grouping.paths(of: $0) == grouping.paths(of: $1) && $0.takenAt == $1.takenAt }
        }
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var moves: [(old: Photo, oldKeys: [String], new: Photo, newKeys: [String])] = []
        for (before, after) in zip(old, new) where !before.isHiddenInStack {
            let (oldKeys, newKeys) = (grouping.keys(of: before), grouping.keys(of: after))
            guard oldKeys != newKeys || before.takenAt != after.takenAt else { continue }
            if oldKeys != newKeys, grouping.joinsFolders { return false }
            moves.append((before, oldKeys, after, newKeys))
        }
        guard !moves.isEmpty else { return true }
        let beforeLookUp = { (id: String) in oldByID[id] ?? library.photo(id: id) }
        var touched = Set<String>(), left: [String: Int] = [:]
        // Every moving photo leaves while the others hold the values the folders are ordered
        // by (the old ones for the photos that move); then they join by the new ones.
        for move in moves {
            guard let path = pathByID[grouping.folder(for: move.oldKeys).id] else { return false }
            change(along: path) { folder, isLeaf in
                if isLeaf { DateOrderedIDs.remove(move.old, from: &folder.photoIDs, photo: beforeLookUp) }
                DateOrderedIDs.remove(move.old, from: &folder.allPhotoIDs, photo: beforeLookUp)
                touched.insert(folder.id)
                left[folder.id, default: 0] += 1
            }
        }
        for move in moves {
            let path = makeFolders(for: move.newKeys)
            change(along: path) { folder, isLeaf in
                if isLeaf { DateOrderedIDs.insert(move.new, into: &folder.photoIDs, photo: library.photo(id:)) }
                DateOrderedIDs.insert(move.new, into: &folder.allPhotoIDs, photo: library.photo(id:))
                touched.insert(folder.id)
                left[folder.id, default: 0] -= 1
            }
        }
        finish(touched, in: library)
        // Folders photos joined or left may take another name (their first photo changed).
        if !grouping.namesFollowIDs { rename(left.filter { $0.value != 0 }.map(\.key), in: library) }
        return true
    }

    /// Calls `change` on each folder from the top down to the one at `path` (the last: the leaf).
    private mutating func change(along path: [Int], _ body: (inout PhotoFolder, Bool) -> Void) {
        func walk(_ folders: inout [PhotoFolder], _ rest: ArraySlice<Int>) {
            guard let position = rest.first else { return }
            body(&folders[position], rest.count == 1)
            walk(&folders[position].children, rest.dropFirst())
        }
        walk(&folders, path[...])
    }

    /// The path of the folder `keys` name, made (empty, among its siblings in the grouping's
    /// order) with the folders around it when not there yet.
    private mutating func makeFolders(for keys: [String]) -> [Int] {
        var parent: [Int] = []
        for level in keys.indices {
            let step = grouping.folder(for: Array(keys[...level]))
            if let path = pathByID[step.id] {
                parent = path
                continue
            }
            let made = PhotoFolder(id: step.id, name: step.name, rank: step.rank, photoIDs: [], allPhotoIDs: [],
                                   coverID: "", firstTakenAt: "", lastTakenAt: "")
            let grouping = self.grouping
            if parent.isEmpty {
                Self.insert(made, into: &folders, grouping)
            } else {
                change(along: parent) { folder, isLeaf in if isLeaf { Self.insert(made, into: &folder.children, grouping) } }
            }
            findPaths()
            parent = pathByID[step.id]!
        }
        return parent
    }

    /// Names these folders after their first photo in library order, as a build does, and
    /// puts a renamed one in its place among its siblings.
    private mutating func rename(_ ids: [String], in library: PhotoLibrary) {
        let grouping = self.grouping
        for id in ids {
            guard let path = pathByID[id] else { continue }
            var renamed: PhotoFolder?
            change(along: path) { folder, isLeaf in
                guard isLeaf, let first = folder.allPhotoIDs.min(by: { library.indexByID[$0]! < library.indexByID[$1]! }),
                      let photo = library.photo(id: first) else { return }
                let name = grouping.folder(for: Array(grouping.keys(of: photo).prefix(path.count))).name
                if name != folder.name {
                    folder.name = name
                    renamed = folder
                }
            }
            if let renamed { reorder(renamed, at: path) }
        }
    }

    /// Puts the folder at `path` (now `folder`) where the grouping's order puts it among its siblings.
    private mutating func reorder(_ folder: PhotoFolder, at path: [Int]) {
        let grouping = self.grouping, position = path[path.count - 1]
        if path.count == 1 {
            folders.remove(at: position)
            Self.insert(folder, into: &folders, grouping)
        } else {
            change(along: Array(path.dropLast())) { parent, isLeaf in
                guard isLeaf else { return }
                parent.children.remove(at: position)
                Self.insert(folder, into: &parent.children, grouping)
            }
        }
        findPaths()
    }

    /// Inserts `folder` among `siblings` in the grouping's order.
    private static func insert(_ folder: PhotoFolder, into siblings: inout [PhotoFolder], _ grouping: any Grouping) {
        siblings.insert(folder, at: siblings.firstIndex { grouping.precedes(folder, $0) } ?? siblings.count)
    }

    /// The touched folders' covers and dates again; emptied folders go.
    private mutating func finish(_ touched: Set<String>, in library: PhotoLibrary) {
        var emptied = false
        for id in touched {
            guard let path = pathByID[id] else { continue }
            change(along: path) { folder, isLeaf in
                guard isLeaf else { return }
                guard let cover = folder.allPhotoIDs.first else {
                    emptied = true
                    return
                }
                folder.coverID = cover
                (folder.firstTakenAt, folder.lastTakenAt) = DateOrderedIDs.dateSpan(of: folder.allPhotoIDs, photo: library.photo(id:))
            }
        }
        guard emptied else { return }
        func prune(_ folders: inout [PhotoFolder]) {
            folders.removeAll { $0.allPhotoIDs.isEmpty }
            for index in folders.indices where folders[index].children.contains(where: { $0.allPhotoIDs.isEmpty }) {
                prune(&folders[index].children)
            }
        }
        prune(&folders)
        findPaths()
    }
}
