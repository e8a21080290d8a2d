import Library

/// Builds the folder tree of the active grouping, the search index and the memories of the day
/// off the UI thread, on a
/// queue of the job scheduler, latest wins: a newer build of the same thing (the tree, whatever
/// its grouping, or the index) cancels the one running, which stops at its next look at its
/// token (every few thousand photos) instead of running to the end to be dropped. What is built
/// comes back as `.treeBuilt`/`.searchIndexBuilt` with the revision of the caches it was asked
/// at (`DerivedCaches`).
final class DerivedBuilds: Sendable {
    /// What a build makes: one of each at a time.
    enum Key: Hashable, Sendable {
        case folderTree
        case searchIndex
        case memories
    }

    /// Makes a tree, or nil when the token was cancelled before it was done.
    typealias MakeTree = @Sendable (PhotoLibrary, GroupingKind, JobToken) -> FolderTree?
    /// Makes an index, or nil when the token was cancelled before it was done.
    typealias MakeIndex = @Sendable (PhotoLibrary, JobToken) -> SearchIndex?

    private let jobs: JobQueue<Key>
    private let makeTree: MakeTree
    private let makeIndex: MakeIndex
    private let post: @Sendable (Msg) -> Void

    /// - Parameters: `makeTree`, `makeIndex`: how to build (tests give builds they can watch).
    init(scheduler: JobScheduler, makeTree: @escaping MakeTree = DerivedBuilds.tree, makeIndex: @escaping MakeIndex = DerivedBuilds.index,
         post: @escaping @Sendable (Msg) -> Void) {
        // A tree and an index may be built at once (search opened under a new grouping).
        jobs = scheduler.queue("derived", workers: 2, keyedBy: Key.self)
        (self.makeTree, self.makeIndex, self.post) = (makeTree, makeIndex, post)
    }

    /// Builds the folders of `kind` for `library`, in place of any tree being built.
    func buildTree(_ library: PhotoLibrary, _ kind: GroupingKind, askedAt revision: Int) {
        let makeTree = self.makeTree, post = self.post
        jobs.submit(Job(key: .folderTree) { token in
            guard let tree = makeTree(library, kind, token), !token.isCancelled else { return }
            post(.treeBuilt(tree, kind, generation: revision))
        })
    }

    /// Builds the search index for `library`, in place of any index being built.
    func buildIndex(_ library: PhotoLibrary, askedAt revision: Int) {
        let makeIndex = self.makeIndex, post = self.post
        jobs.submit(Job(key: .searchIndex) { token in
            guard let index = makeIndex(library, token), !token.isCancelled else { return }
            post(.searchIndexBuilt(index, generation: revision))
        })
    }

    /// Makes the day-of-year index of `library` and the memories of `day` from it (`MemoryIndex`),
    /// in place of any being made.
    func buildMemories(_ library: PhotoLibrary, _ day: OnThisDay, askedAt revision: Int) {
        let post = self.post
        jobs.submit(Job(key: .memories) { token in
            guard let index = MemoryIndex(library: library, isCancelled: { token.isCancelled }), !token.isCancelled else { return }
            let memories = index.memories(on: day, in: library)
            post(.memoriesBuilt(memories.map { $0.group(in: library) }, day, index, generation: revision))
        })
    }

    /// Runs `action` once nothing is being built or waiting.
    func whenIdle(_ action: @escaping @Sendable () -> Void) { jobs.whenIdle(action) }

    /// The real tree build, stopping when `token` is cancelled.
    static let tree: MakeTree = { library, kind, token in
        FolderTree.build(library: library, kind: kind, places: kind == .place ? PlaceTable.sharedLookup : nil,
                         isCancelled: { token.isCancelled })
    }

    /// The real index build, stopping when `token` is cancelled.
    static let index: MakeIndex = { library, token in
        SearchIndex.build(library: library, places: PlaceTable.sharedLookup, isCancelled: { token.isCancelled })
    }
}
