/// The folders a grouping makes of a library: built in one pass over the photos and one sort
/// by date; a value, rebuilt when the library or the grouping changes (off the UI thread at
/// 100,000 photos; see `bench`).
public struct FolderTree: Sendable, Equatable {
    /// The top-level folders, in the grouping's order.
    public internal(set) var folders: [PhotoFolder]
    /// Where each folder is: child positions from the top.
    var pathByID: [String: [Int]]
    /// The grouping it was built with, to keep it in step with edits (`update(old:new:in:)`).
    let grouping: any Grouping

    public init(library: PhotoLibrary, grouping: some Grouping) {
        self.init(folders: Self.build(library.photos, grouping, isCancelled: { false })!, grouping: grouping)
    }

    private init(folders: [PhotoFolder], grouping: some Grouping) {
        self.folders = folders
        self.grouping = grouping
        pathByID = [:]
        findPaths()
    }

    /// The tree of one of the offered groupings, or nil when `isCancelled` said so: it is asked
    /// between steps (every few thousand photos), so a build no one waits for any more stops
    /// early instead of running to the end.
    public static func build(library: PhotoLibrary, kind: GroupingKind, places: PlaceLookup? = nil,
                             isCancelled: () -> Bool) -> FolderTree? {
        let grouping = kind.grouping(for: library, places: places)
        guard let folders = build(library.photos, grouping, isCancelled: isCancelled) else { return nil }
        return FolderTree(folders: folders, grouping: grouping)
    }

    /// How many photos a build goes through between two looks at `isCancelled`.
    static let cancelCheckInterval = 4096

    /// `pathByID` again, after folders came or went.
    mutating func findPaths() {
        var paths: [String: [Int]] = [:]
        func walk(_ folders: [PhotoFolder], _ path: [Int]) {
            for (position, folder) in folders.enumerated() {
                paths[folder.id] = path + [position]
                walk(folder.children, path + [position])
            }
        }
        walk(folders, [])
        pathByID = paths
    }

    /// Two trees are equal when they hold the same folders (whatever grouping made them).
    public static func == (a: FolderTree, b: FolderTree) -> Bool { a.folders == b.folders }

    /// The tree of one of the offered groupings.
    public init(library: PhotoLibrary, kind: GroupingKind, places: PlaceLookup? = nil) {
        self.init(library: library, grouping: kind.grouping(for: library, places: places))
    }

    /// Any folder of the tree by id.
    public func folder(id: String) -> PhotoFolder? {
        guard let path = pathByID[id] else { return nil }
        var folder = folders[path[0]]
        for position in path.dropFirst() { folder = folder.children[position] }
        return folder
    }

    /// The folders from the top down to the one with `id` (for a title such as "2019 › July 2019").
    public func ancestry(of id: String) -> [PhotoFolder] {
        guard let path = pathByID[id] else { return [] }
        var chain = [folders[path[0]]]
        for position in path.dropFirst() { chain.append(chain[chain.count - 1].children[position]) }
        return chain
    }

    // MARK: - Building

    /// A folder while the tree is built.
    private struct Node {
        var step: FolderStep
        var children: [Int] = []
        var childByID: [String: Int] = [:]
        var direct: [String] = []
        var all: [String] = []
        var parent: Int
    }

    private struct MemoKey: Hashable {
        var parent: Int
        var key: String
    }

    private static func build(_ photos: [Photo], _ grouping: some Grouping, isCancelled: () -> Bool) -> [PhotoFolder]? {
        // Node 0 is the root; each photo's folder is found by its keys, each distinct
        // (parent, key) pair resolved once.
        var nodes = [Node(step: FolderStep(id: "", name: ""), parent: -1)]
        var memo: [MemoKey: Int] = [:]
        var leavesOf = [[Int]](repeating: [], count: photos.count)
        for (index, photo) in photos.enumerated() {
            if index % cancelCheckInterval == 0, isCancelled() { return nil }
            if photo.isHiddenInStack { continue }   // a stack shows once, through its cover
            for keys in grouping.paths(of: photo) {
                var node = 0
                for level in keys.indices {
                    let memoKey = MemoKey(parent: node, key: keys[level])
                    if let known = memo[memoKey] {
                        node = known
                        continue
                    }
                    let step = grouping.folder(for: Array(keys[...level]))
                    let child: Int
                    if let existing = nodes[node].childByID[step.id] {
                        child = existing
                    } else {
                        child = nodes.count
                        nodes.append(Node(step: step, parent: node))
                        nodes[node].children.append(child)
                        nodes[node].childByID[step.id] = child
                    }
                    memo[memoKey] = child
                    node = child
                }
                if node != 0 { leavesOf[index].append(node) }
            }
        }
        if isCancelled() { return nil }
        let dateOrder = PhotoSort.dateOrder(of: photos)
        if isCancelled() { return nil }
        var first = [Int](repeating: -1, count: nodes.count), last = first
        // The last photo a folder took: a photo in two folders under one parent counts there once.
        var lastTaken = [Int](repeating: -1, count: nodes.count)
        for index in dateOrder {
            let known = photos[index].takenAt != nil
            for leaf in leavesOf[index] where lastTaken[leaf] != index || nodes[leaf].direct.last != photos[index].id {
                nodes[leaf].direct.append(photos[index].id)
                var node = leaf
                while node > 0, lastTaken[node] != index {
                    lastTaken[node] = index
                    nodes[node].all.append(photos[index].id)
                    if known {
                        if first[node] < 0 { first[node] = index }
                        last[node] = index
                    }
                    node = nodes[node].parent
                }
            }
        }
        func folder(_ node: Int) -> PhotoFolder {
            // A folder with one subfolder and no photos of its own is one step with it.
            if nodes[node].children.count == 1, nodes[node].direct.isEmpty {
                let child = nodes[node].children[0]
                if let joined = grouping.joined(nodes[node].step, nodes[child].step) {
                    nodes[child].step = joined
                    return folder(child)
                }
            }
            let children = nodes[node].children.map(folder).sorted(by: grouping.precedes)
            return PhotoFolder(
                id: nodes[node].step.id, name: nodes[node].step.name, rank: nodes[node].step.rank, children: children,
                photoIDs: nodes[node].direct, allPhotoIDs: nodes[node].all, coverID: nodes[node].all[0],
                firstTakenAt: first[node] < 0 ? "" : photos[first[node]].takenAt ?? "",
                lastTakenAt: last[node] < 0 ? "" : photos[last[node]].takenAt ?? "")
        }
        return nodes[0].children.map(folder).sorted(by: grouping.precedes)
    }
}
