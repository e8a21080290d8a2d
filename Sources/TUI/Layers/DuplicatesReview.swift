import Library

/// The duplicates review (`D` on home, issue 23): one group of look-alike (or exact) photos at a
/// time, side by side, with the photo suggested to keep (`DuplicateFinder.ranked`). `←`/`→`
/// choose a photo, `Space` keeps it instead, `↑`/`↓` go to the previous or next group;
/// `Enter` merges the others' favourite, rating, tags and edits into the kept photo and moves
/// the others to the trash (the usual confirmation first, over this group: the review moves on
/// once it is answered, `questionAnswered`), `x` merges and marks the others rejected instead
/// (they stay), `a` keeps them all. Drawn by `DuplicatesReviewView`.
struct DuplicatesReview: Equatable, Sendable, LayerState {
    var groups: [DuplicateGroup]
    /// Photos without a perceptual hash yet (imported before hashes): not in any look-alike group.
    var unhashed = 0
    var groupIndex = 0
    /// The chosen photo in the group shown (an index into its photos still in the library).
    var selected = 0
    /// The photo the user chose to keep, by group index, over the suggestion.
    var keepers: [Int: String] = [:]
    /// Groups dealt with (resolved, or all kept).
    var done: Set<Int> = []

    var keyContext: KeyContext { .duplicates }
    var layer: Layer { .duplicates(self) }

    /// The photos of group `index` still in the library, in keeping order.
    func photos(of index: Int, in library: PhotoLibrary) -> [Photo] {
        guard groups.indices.contains(index) else { return [] }
        return groups[index].photoIDs.compactMap { library.photo(id: $0) }
    }

    /// The photo kept of group `index`: the user's choice, else the suggestion (the best still there).
    func keep(of index: Int, in library: PhotoLibrary) -> Photo? {
        let photos = photos(of: index, in: library)
        if let chosen = keepers[index], let photo = photos.first(where: { $0.id == chosen }) { return photo }
        return photos.first
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        let photos = photos(of: groupIndex, in: state.library)
        switch action {
        case .left: selected = max(0, selected - 1)
        case .right: selected = max(0, min(photos.count - 1, selected + 1))
        case .up: moveToGroup(groupIndex - 1)
        case .down: moveToGroup(groupIndex + 1)
        case .close: return .close()
        case .help: return .consumed(then: .showHelp)
        case .keepThis:
            guard photos.indices.contains(selected) else { return .consumed() }
            keepers[groupIndex] = photos[selected].id
            return .consumed(then: .say("Keeping \(DisplayWidth.sanitized(photos[selected].name))"))
        case .keepAll:
            guard !groups.isEmpty else { return .consumed() }
            done.insert(groupIndex)
            let n = photos.count
            moveToNextOpenGroup()
            return .consumed(then: .say("Kept all \(n) — nothing changed"))
        case .resolveGroup, .rejectOthers:
            guard let kept = keep(of: groupIndex, in: state.library), photos.count > 1 else { return .consumed() }
            done.insert(groupIndex)
            // Enter asks about the trash first: the question stays over this group.
            if action == .rejectOthers { moveToNextOpenGroup() }
            return .consumed(then: .resolveDuplicates(keep: kept.id, others: photos.map(\.id).filter { $0 != kept.id },
                                                      trash: action == .resolveGroup))
        default:
            break
        }
        return .consumed()
    }

    /// The trash question about this group was answered (yes or no): on to the next group.
    mutating func questionAnswered() {
        if done.contains(groupIndex) { moveToNextOpenGroup() }
    }

    private mutating func moveToGroup(_ index: Int) {
        guard !groups.isEmpty else { return }
        groupIndex = max(0, min(groups.count - 1, index))
        selected = 0
    }

    /// On to the next group not dealt with (wrapping round), or stays when all are.
    private mutating func moveToNextOpenGroup() {
        let (count, current, done) = (groups.count, groupIndex, done)
        guard count > 0, let next = (1...count).map({ (current + $0) % count }).first(where: { !done.contains($0) })
        else { return }
        moveToGroup(next)
    }

    func hints(_ state: AppState) -> String? {
        state.keyMap.hints([.left, .right, .up, .down, .keepThis, .resolveGroup, .rejectOthers, .keepAll, .close, .help], in: .duplicates)
    }

    func title(_ state: AppState) -> String? {
        groups.isEmpty ? "Duplicates" : "Duplicates — group \(groupIndex + 1) of \(groups.count)"
    }

    func render(_ state: AppState, into grid: inout CellGrid) { DuplicatesReviewView.render(self, state: state, into: &grid) }
}
