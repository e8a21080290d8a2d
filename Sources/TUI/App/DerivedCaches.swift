import Library

/// What the browser makes from its library and keeps while it stays true: the folder tree of
/// the active grouping, the search index and today's memories (all built off the UI thread,
/// each a `DerivedValue`), and the pages of photos on the stack.
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
    /// The search index has one key.
    struct Whole: Equatable, Sendable {}

    /// Bumped by every change of the library.
    private(set) var revision = 0
    /// The folders of a grouping (not description).
    private var trees = DerivedValue<GroupingKind, FolderTree>()
    private var index = DerivedValue<Whole, SearchIndex>()
    /// "On this day" (`OnThisDay`), as folders, for the day they were made for.
    private var onThisDay = DerivedValue<OnThisDay, [PhotoGroup]>()
    /// The day-of-year index the memories are read from (`MemoryIndex`): built with the first
    /// memories, then followed edit by edit, so a date edit or a new day costs milliseconds.
    private var memoryIndex = DerivedValue<Whole, MemoryIndex>()
    /// Grids and lists of photos on the stack, as shown (sorted, with their subfolders), by id.
    var pages: [String: FolderPage] = [:]

    /// The tree on hand (maybe behind), with the revision it is true at.
    var tree: (kind: GroupingKind, tree: FolderTree, revision: Int)? {
        trees.current.map { ($0.key, $0.value, $0.revision) }
    }

    /// The search index on hand (maybe behind), with the revision it is true at.
    var searchIndex: (index: SearchIndex, revision: Int)? { index.current.map { ($0.value, $0.revision) } }

    /// The tree of `kind` when it is on hand (maybe behind).
    func tree(of kind: GroupingKind) -> FolderTree? { trees.value(for: kind) }

    /// The memories of `day` when on hand (maybe behind).
    func memories(of day: OnThisDay) -> [PhotoGroup]? { onThisDay.value(for: day) }

    // MARK: - Changes

    /// Records a change of the library: what it did not touch stays true, what it touched is
    /// behind (to follow in step, or to build again). Pages are forgotten.
    mutating func record(_ change: LibraryChange) {
        let previous = revision
        revision += 1
        pages = [:]
        trees.record(change, inputs: \.treeInputs, from: previous, to: revision)
        index.record(change, inputs: { _ in SearchIndex.inputs }, from: previous, to: revision)
        onThisDay.record(change, inputs: { _ in OnThisDay.inputs }, from: previous, to: revision)
        memoryIndex.record(change, inputs: { _ in MemoryIndex.inputs }, from: previous, to: revision)
    }

    /// The day-of-year index when it is true now.
    var memoryIndexNow: MemoryIndex? {
        guard let current = memoryIndex.current, current.revision == revision else { return nil }
        return current.value
    }

    /// The day-of-year index when the last change touched only dates of photos it had (and it was
    /// true before): taken out to be followed in step (`MemoryIndex.update`) and put back.
    mutating func takeTouchedMemoryIndex(for change: LibraryChange) -> MemoryIndex? {
        guard change.isDisjoint(with: [.photosAdded, .photosRemoved]) else { return nil }
        return memoryIndex.takeTouched(at: revision)?.value
    }

    /// Puts back an index taken by `takeTouchedMemoryIndex`, followed: true now.
    mutating func putBack(memoryIndex followed: MemoryIndex) {
        memoryIndex.putBack(followed, key: Whole(), trueAt: revision)
    }

    /// The tree when the last change touched it and it was true before: taken out (the cache
    /// holds none meanwhile, so changing it copies nothing) to be followed in step and put back.
    mutating func takeTouchedTree() -> (kind: GroupingKind, tree: FolderTree)? {
        trees.takeTouched(at: revision).map { ($0.key, $0.value) }
    }

    /// Puts back a tree taken by `takeTouchedTree`: true now when `followed`, else still behind
    /// (shown until its rebuild arrives).
    mutating func putBack(tree: FolderTree, of kind: GroupingKind, followed: Bool) {
        trees.putBack(tree, key: kind, trueAt: followed ? revision : revision - 1)
    }

    /// The index when the last change touched it and it was true before, taken out to be
    /// followed in step (when the change is one it can follow: `SearchIndex.followsInStep`).
    mutating func takeTouchedIndex(for change: LibraryChange) -> SearchIndex? {
        guard change.isSubset(of: SearchIndex.followsInStep) else { return nil }
        return index.takeTouched(at: revision)?.value
    }

    /// Puts back an index taken by `takeTouchedIndex`, followed: true now.
    mutating func putBack(index followed: SearchIndex) {
        index.putBack(followed, key: Whole(), trueAt: revision)
    }

    // MARK: - Builds

    /// Whether the tree of `kind` on hand or asked for is true now; when neither is, the
    /// revision to build it at (recorded as asked).
    mutating func treeToBuild(_ kind: GroupingKind) -> Int? { trees.toBuild(kind, at: revision) }

    /// As `treeToBuild`, for the search index.
    mutating func indexToBuild() -> Int? { index.toBuild(Whole(), at: revision) }

    /// As `treeToBuild`, for the memories of `day`.
    mutating func memoriesToBuild(_ day: OnThisDay) -> Int? { onThisDay.toBuild(day, at: revision) }

    /// Records that the day-of-year index is being built at the current revision (with memories).
    mutating func memoryIndexToBuild() { _ = memoryIndex.toBuild(Whole(), at: revision) }

    /// A tree of `kind` built at revision `askedAt` came: kept when none as new is on hand
    /// (one kept in step with edits since is newer). True when it was kept.
    mutating func treeBuilt(_ built: FolderTree, kind: GroupingKind, askedAt: Int) -> Bool {
        guard trees.built(built, key: kind, askedAt: askedAt) else { return false }
        pages = [:]
        return true
    }

    /// As `treeBuilt`, for the search index.
    mutating func indexBuilt(_ built: SearchIndex, askedAt: Int) -> Bool {
        index.built(built, key: Whole(), askedAt: askedAt)
    }

    /// As `treeBuilt`, for the memories of `day`.
    mutating func memoriesBuilt(_ built: [PhotoGroup], day: OnThisDay, index: MemoryIndex?, askedAt: Int) -> Bool {
        if let index { _ = memoryIndex.built(index, key: Whole(), askedAt: askedAt) }
        guard onThisDay.built(built, key: day, askedAt: askedAt) else { return false }
        pages = [:]
        return true
    }
}
