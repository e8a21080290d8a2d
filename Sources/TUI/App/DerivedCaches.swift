import Library

/// What the browser makes from its library and keeps while it stays true: the folder tree of
/// the active grouping and the search index (both built off the UI thread), and the pages of
/// photos on the stack.
///
/// Keyed invalidation: every change of the library says what it touched (`LibraryChange`) and
/// is recorded here (`record`). A tree or an index whose inputs (`GroupingKind.treeInputs`,
/// `SearchIndex.inputs`) it did not touch stays as it is; one it touched is left one change
/// behind, for the caller to follow in step (`takeTouchedTree`/`takeTouchedIndex`, then
/// `putBack`), else it is built again (`treeToBuild`/`indexToBuild` ask for it). A favourite
/// touches no tree; the index follows it in step: nothing is built again.
///
/// How it knows: every change bumps `revision`, and each cache and each build asked for carries
/// the revision it is true at. A change that does not touch a cache moves its revision along; one
/// that does leaves it behind. A build comes back with the revision it was asked at, and is true
/// at whatever its request was moved along to meanwhile.
///
/// Pages are cheap and follow the tree, the sort and the search: any change forgets them all.
struct DerivedCaches: Sendable {
    /// A build asked for: at which revision, and up to which one its result is true.
    struct Request: Sendable, Equatable {
        var askedAt: Int
        var trueAt: Int
    }

    /// Bumped by every change of the library.
    private(set) var revision = 0
    /// The folders of a grouping (not description), maybe behind the library until its rebuild
    /// arrives (it is shown meanwhile).
    private(set) var tree: (kind: GroupingKind, tree: FolderTree, revision: Int)?
    /// The tree asked for and not yet received.
    private(set) var treeRequest: (kind: GroupingKind, request: Request)?
    /// The search index, maybe behind the library until its rebuild arrives.
    private(set) var searchIndex: (index: SearchIndex, revision: Int)?
    private(set) var searchIndexRequest: Request?
    /// Grids and lists of photos on the stack, as shown (sorted, with their subfolders), by id.
    var pages: [String: FolderPage] = [:]

    /// The tree of `kind` when it is on hand (maybe behind).
    func tree(of kind: GroupingKind) -> FolderTree? {
        guard let tree, tree.kind == kind else { return nil }
        return tree.tree
    }

    // MARK: - Changes

    /// Records a change of the library: what it did not touch stays true, what it touched is
    /// behind (to follow in step, or to build again). Pages are forgotten.
    mutating func record(_ change: LibraryChange) {
        let previous = revision
        revision += 1
        pages = [:]
        if let current = tree, current.revision == previous, change.isDisjoint(with: current.kind.treeInputs) {
            tree?.revision = revision
        }
        if let asked = treeRequest, asked.request.trueAt == previous, change.isDisjoint(with: asked.kind.treeInputs) {
            treeRequest?.request.trueAt = revision
        }
        if let current = searchIndex, current.revision == previous, change.isDisjoint(with: SearchIndex.inputs) {
            searchIndex?.revision = revision
        }
        if let asked = searchIndexRequest, asked.trueAt == previous, change.isDisjoint(with: SearchIndex.inputs) {
            searchIndexRequest?.trueAt = revision
        }
    }

    /// The tree when the last change touched it and it was true before: taken out (the cache
    /// holds none meanwhile, so changing it copies nothing) to be followed in step and put back.
    mutating func takeTouchedTree() -> (kind: GroupingKind, tree: FolderTree)? {
        guard let current = tree, current.revision == revision - 1 else { return nil }
        tree = nil
        return (current.kind, current.tree)
    }

    /// Puts back a tree taken by `takeTouchedTree`: true now when `followed`, else still behind
    /// (shown until its rebuild arrives).
    mutating func putBack(tree: FolderTree, of kind: GroupingKind, followed: Bool) {
        self.tree = (kind, tree, followed ? revision : revision - 1)
    }

    /// The index when the last change touched it and it was true before, taken out to be
    /// followed in step (when the change is one it can follow: `SearchIndex.followsInStep`).
    mutating func takeTouchedIndex(for change: LibraryChange) -> SearchIndex? {
        guard let current = searchIndex, current.revision == revision - 1,
              change.isSubset(of: SearchIndex.followsInStep) else { return nil }
        searchIndex = nil
        return current.index
    }

    /// Puts back an index taken by `takeTouchedIndex`, followed: true now.
    mutating func putBack(index: SearchIndex) {
        searchIndex = (index, revision)
    }

    // MARK: - Builds

    /// Whether the tree of `kind` on hand or asked for is true now; when neither is, the
    /// revision to build it at (recorded as asked).
    mutating func treeToBuild(_ kind: GroupingKind) -> Int? {
        if let tree, tree.kind == kind, tree.revision == revision { return nil }
        if let asked = treeRequest, asked.kind == kind, asked.request.trueAt == revision { return nil }
        treeRequest = (kind, Request(askedAt: revision, trueAt: revision))
        return revision
    }

    /// As `treeToBuild`, for the search index.
    mutating func indexToBuild() -> Int? {
        if searchIndex?.revision == revision || searchIndexRequest?.trueAt == revision { return nil }
        searchIndexRequest = Request(askedAt: revision, trueAt: revision)
        return revision
    }

    /// A tree of `kind` built at revision `askedAt` came: kept when none as new is on hand
    /// (one kept in step with edits since is newer). True when it was kept.
    mutating func treeBuilt(_ built: FolderTree, kind: GroupingKind, askedAt: Int) -> Bool {
        var trueAt = askedAt
        if let asked = treeRequest, asked.kind == kind, asked.request.askedAt == askedAt {
            trueAt = asked.request.trueAt
            treeRequest = nil
        }
        if let tree, tree.kind == kind, tree.revision >= trueAt { return false }
        tree = (kind, built, trueAt)
        pages = [:]
        return true
    }

    /// As `treeBuilt`, for the search index.
    mutating func indexBuilt(_ built: SearchIndex, askedAt: Int) -> Bool {
        var trueAt = askedAt
        if let asked = searchIndexRequest, asked.askedAt == askedAt {
            trueAt = asked.trueAt
            searchIndexRequest = nil
        }
        if let searchIndex, searchIndex.revision >= trueAt { return false }
        searchIndex = (built, trueAt)
        return true
    }
}
