import Foundation
import Library

/// Rating, reject, pick, colour labels, tags, culling and the trash (issue 22). Every mark is
/// an `EditPlanner` step made like the CLI's `edit --rating/--reject/--pick/--label/--tag`,
/// done through `perform` (on screen at once, saved by the `EditSaver` in the background, so a
/// key never waits on the disk) and undone with `u` like every edit. They apply to the marked
/// photos, else the one selected or shown; in cull mode (`c` in the photo view) to the photo
/// shown, and the view then moves on to the next one.
extension AppState {
    /// The marking actions: nil when `action` is not one.
    mutating func handleMarking(_ action: Action) -> [Effect]? {
        switch action {
        case .rate0, .rate1, .rate2, .rate3, .rate4, .rate5:
            let stars = Self.stars(of: action)
            return mark { planner, ids in planner.setRating(ids, stars) } saying: { n, _ in
                "\(n): " + (stars == 0 ? "no stars" : PhotoBadges.stars(stars))
            }
        case .reject:
            return mark { planner, ids in planner.toggleRejected(ids) } saying: { n, photos in
                "\(n): " + (photos.allSatisfy(\.isRejected) ? "✗ rejected" : "not rejected")
            }
        case .pick:
            return mark { planner, ids in
                planner.setPicked(ids, !ids.allSatisfy { planner.library.photo(id: $0)?.isPicked == true })
            } saying: { n, photos in
                "\(n): " + (photos.allSatisfy(\.isPicked) ? "P picked" : "not picked")
            }
        case .labelRed, .labelYellow, .labelGreen, .labelBlue:
            let label = Self.label(of: action)
            // Again on photos that all have it: no label.
            let again = markTargets.allSatisfy { library.photo(id: $0)?.label == label }
            return setLabel(again ? nil : label)
        case .chooseLabel:
            guard !markTargets.isEmpty else { return [] }
            let current = markTargets.compactMap { library.photo(id: $0) }.first?.label
            open(.labelChoice(LabelChoice(photoIDs: markTargets, selected: current)))
            return []
        case .editTags:
            guard !markTargets.isEmpty else { return [] }
            open(.tagEditor(TagEditor(photoIDs: markTargets, library: library)))
            return []
        case .cull:
            guard case .detail = screen else { return [] }
            culling.toggle()
            status = culling ? "Cull mode: a rating, reject (x), pick (P) or label key moves on; c leaves it" : "Cull mode off"
            return []
        case .deletePhotos:
            return askToTrash()
        default:
            return nil
        }
    }

    /// What a marking key applies to: in cull mode the photo shown, else the edit targets.
    var markTargets: [String] {
        if isCulling { return [detailPhoto?.id].compactMap { $0 } }
        return editTargets
    }

    /// In cull mode in the photo view.
    var isCulling: Bool {
        guard culling, case .detail = screen else { return false }
        return true
    }

    /// Sets (or, with nil, removes) the label of the targets.
    mutating func setLabel(_ label: ColourLabel?) -> [Effect] {
        return mark { planner, ids in planner.setLabel(ids, label) } saying: { n, _ in
            "\(n): " + (label.map { "● " + $0.rawValue } ?? "no label")
        }
    }

    /// Makes `plan`'s step for the targets, does it, says what it did ("3 photos: ★★★★☆"),
    /// and in cull mode moves on to the next photo.
    private mutating func mark(_ plan: (EditPlanner, [String]) -> EditStep,
                               saying: (String, [Photo]) -> String) -> [Effect] {
        let targets = markTargets
        guard !targets.isEmpty else { return [] }
        // Where cull mode goes next, taken before the edit (a hidden reject leaves the group).
        var cull: (groupID: String, index: Int, next: String?)?
        if isCulling, case let .detail(groupID, index) = screen { cull = (groupID, index, nextPhotoID) }
        let step = plan(EditPlanner(library: library), targets)
        var effects: [Effect] = []
        if !step.changes.isEmpty {
            effects = perform(step)
            let photos = targets.compactMap { library.photo(id: $0) }
            status = saying(Counted.text(library.itemCount(of: targets)), photos)
        }
        if step.changes.isEmpty, status == nil || cull != nil { status = "\(Counted.text(library.itemCount(of: targets))): unchanged" }
        if let cull { cullMove(to: cull.next, in: cull.groupID, from: cull.index) }
        return effects + wantDetails()
    }

    /// The photo after the one shown in the photo view.
    private var nextPhotoID: String? {
        guard case let .detail(_, index) = screen, let ids = currentGroup?.photoIDs, ids.indices.contains(index + 1) else { return nil }
        return ids[index + 1]
    }

    /// Cull mode: on to `next` in the group (found again: a hidden reject left it, and the photo
    /// view with it, which comes back), or says the group is done.
    private mutating func cullMove(to next: String?, in groupID: String, from index: Int) {
        guard let ids = page(id: groupID)?.group.photoIDs, !ids.isEmpty else { return }
        let target = next.flatMap { ids.firstIndex(of: $0) }
        if target == nil { status = (status.map { $0 + " · " } ?? "") + "the last photo of the group" }
        let frame = ScreenFrame.detail(groupID: groupID, index: target ?? max(0, min(index, ids.count - 1)))
        if case .detail = screen { stack[stack.count - 1] = frame } else { push(frame) }
    }

    static func stars(of action: Action) -> Int {
        [Action.rate0, .rate1, .rate2, .rate3, .rate4, .rate5].firstIndex(of: action) ?? 0
    }

    static func label(of action: Action) -> ColourLabel {
        switch action {
        case .labelRed: .red
        case .labelYellow: .yellow
        case .labelGreen: .green
        default: .blue
        }
    }


    static func size(_ bytes: Int64) -> String { ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file) }

    // MARK: - The trash

    /// Asks before the targets go to the trash ("Move 3 photos (12.4 MB) to the trash?").
    mutating func askToTrash() -> [Effect] {
        let targets = library.withStackMembers(editTargets)   // a stack's every file (issue 21)
        guard !targets.isEmpty else { return [] }
        open(.deleteConfirmation(DeleteConfirmation(photoIDs: targets, bytes: bytes(of: targets), purpose: .trash)))
        return []
    }

    func bytes(of ids: [String]) -> Int64 {
        ids.compactMap { library.photo(id: $0)?.fileSize ?? library.trashed(idOrPath: $0)?.size }.reduce(0, +)
    }

    /// The trash work came back: the library as saved, and what happened to each photo.
    mutating func trashChanged(_ result: Result<Msg.TrashDone, Failure>) -> [Effect] {
        trashMovesInFlight = max(0, trashMovesInFlight - 1)
        if case let .success(done) = result { installTrashChange(done) }
        if case let .failure(failure) = result { status = failure.message }
        guard trashMovesInFlight == 0, !travelsWaiting.isEmpty else { return [] }
        return travel(back: travelsWaiting.removeFirst())
    }

    /// Shows what a move to or from the trash did.
    private mutating func installTrashChange(_ done: Msg.TrashDone) {
        // Counted before the change, while the library still knows every file and its stack.
        let worked = done.outcomes.filter { $0.problem == nil }
        let photos = library.counted(worked.map(\.photoID))
        let movedPhotos = library.counted(worked.map(\.photoID), detail: Self.size(done.bytes))
        installFromDisk(done.library)
        infoDetails = nil
        let problems = done.outcomes.compactMap(\.problem)
        var text: String
        switch done.work {
        case .trash:
            text = worked.isEmpty ? "Nothing moved to the trash"
                : "Moved \(movedPhotos) to the trash; u brings them back"
            let stuck = done.outcomes.filter(\.noTrash).map(\.photoID)
            if !stuck.isEmpty, let reason = done.outcomes.first(where: \.noTrash)?.problem {
                open(.deleteConfirmation(DeleteConfirmation(photoIDs: stuck, bytes: bytes(of: stuck), purpose: .noTrash(reason: reason))))
            }
        case .restore, .undo: text = "Restored \(photos) from the trash, with their edits"
        case .redo: text = "Moved \(photos) to the trash again; u brings them back"
        case .deletePermanently: text = "Deleted \(photos) for good"
        case .erase: text = "Deleted \(photos) from the trash for good"
        }
        if let first = problems.first { text += "; \(problems.count) not done: " + first }
        status = text
        clampCursors()
    }

    /// `u` / `U` when the newest step (undone step) is a move to the trash: its files move back
    /// (forward) in the background; nil for any other step.
    mutating func travelTrash(back: Bool) -> [Effect]? {
        guard let step = back ? library.history.undo.last : library.history.redo.last, step.isTrash else { return nil }
        status = (back ? "Restoring " : "Moving ") + library.counted(step.trashedIDs) + (back ? " from the trash…" : " to the trash again…")
        return moveFiles(back ? .undo(step: step.id) : .redo(step: step.id), step.trashedIDs)
    }

    /// The one way files go to, from or out of the trash: counted while they move (see `travelsWaiting`).
    mutating func moveFiles(_ work: TrashWork, _ ids: [String]) -> [Effect] {
        trashMovesInFlight += 1
        return [.changeTrash(work, ids)]
    }
}
