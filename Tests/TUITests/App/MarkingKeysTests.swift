import Foundation
@testable import Library
import Testing
@testable import TUI

/// Ratings, rejects, picks, labels, tags, cull mode and the trash keys: pure `update` calls
/// (issue 22). The edits are the CLI's (`EditPlanner`), saved through `.saveEdits`.
@Suite struct MarkingKeysTests {
    static func garden() -> AppState { OrganiseTests.garden() }

    func photo(_ state: AppState, _ index: Int) -> Photo? {
        state.currentGroup.flatMap { state.library.photo(id: $0.photoIDs[index]) }
    }

    // MARK: - Stars, reject, pick, labels

    @Test func aDigitRatesTheSelectedPhotoOrEveryMarkedOneAndSaysSo() {
        var state = Self.garden()
        let effects = state.press(.char("3"))
        #expect(photo(state, 0)?.rating == 3)
        #expect(state.status == "1 photo: ★★★☆☆")
        guard case .saveEdits(.apply, _)? = effects.first else {
            Issue.record("a rating must be saved through the journal: \(effects)")
            return
        }
        state.press(.right, .char(" "), .char(" "), .char(" "), .char("4"))   // marks 2, 3, 4
        #expect(state.status == "3 photos: ★★★★☆")
        #expect((1...3).allSatisfy { photo(state, $0)?.rating == 4 })
        #expect(photo(state, 0)?.rating == 3 && photo(state, 4)?.rating == 0)
        state.press(.char("0"))
        #expect(state.status == "3 photos: no stars")
        #expect((1...3).allSatisfy { photo(state, $0)?.rating == 0 })
    }

    @Test func xTogglesRejectPTogglesPickAndTheDigitsSixToNineSetLabels() {
        var state = Self.garden()
        state.press(.char("x"))
        #expect(photo(state, 0)?.isRejected == true && state.status == "1 photo: ✗ rejected")
        state.press(.char("x"))
        #expect(photo(state, 0)?.isRejected == false && state.status == "1 photo: not rejected")
        state.press(.char("P"))
        #expect(photo(state, 0)?.isPicked == true && state.status == "1 photo: P picked")
        state.press(.char("P"))
        #expect(photo(state, 0)?.isPicked == false)
        for (key, label) in [("6", ColourLabel.red), ("7", .yellow), ("8", .green), ("9", .blue)] {
            state.press(.char(Character(key)))
            #expect(photo(state, 0)?.label == label)
            #expect(state.status == "1 photo: ● \(label.rawValue)")
        }
        state.press(.char("9"))   // the same label again: none
        #expect(photo(state, 0)?.label == nil && state.status == "1 photo: no label")
    }

    @Test func cOpensTheLabelChoiceWithAllSixColoursAndNone() {
        var state = Self.garden()
        state.press(.char("C"))
        #expect(state.layer(LabelChoice.self) != nil)
        let text = AppView.render(state).text()
        for name in ["red", "orange", "yellow", "green", "blue", "purple", "none"] { #expect(text.contains(name)) }
        state.press(.char("p"))   // a first letter sets it at once
        #expect(photo(state, 0)?.label == .purple && state.layers.isEmpty)
        state.press(.char("C"), .down, .down, .enter)   // from purple: none, then red
        #expect(photo(state, 0)?.label == .red)
        state.press(.char("C"), .char("n"))
        #expect(photo(state, 0)?.label == nil)
        state.press(.char("C"), .char("o"), .char("C"), .escape)
        #expect(photo(state, 0)?.label == .orange && state.status == "No label set")
    }

    @Test func everyMarkIsUndoneAndRedoneWithUAndShiftU() {
        var state = Self.garden()
        state.press(.char("5"), .char("x"), .char("6"))
        state.press(.char("u"))
        #expect(photo(state, 0)?.label == nil && photo(state, 0)?.isRejected == true)
        state.press(.char("u"), .char("u"))
        #expect(photo(state, 0)?.rating == 0 && photo(state, 0)?.isRejected == false)
        #expect(state.status?.hasPrefix("Undid: rate 1 photo 5 stars") == true)
        state.press(.char("U"))
        #expect(photo(state, 0)?.rating == 5)
    }

    @Test func theKeysWorkInTheListAndThePhotoViewToo() {
        var state = Self.garden()
        state.press(.char("t"), .down, .char("2"))
        #expect(photo(state, 1)?.rating == 2)
        state.press(.enter, .char("x"), .char("7"))
        #expect(photo(state, 1)?.isRejected == true && photo(state, 1)?.label == .yellow)
        #expect(DetailScreen.statusLine(state).contains("✗ ● ★★☆☆☆"))
    }

    // MARK: - Cull mode

    @Test func cullModeAppliesAKeyToThePhotoShownAndMovesOn() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "))   // marks are not what cull mode rates
        state.press(.left, .left, .enter, .char("c"))
        #expect(state.isCulling && DetailScreen.statusLine(state).hasPrefix("CULL"))
        state.press(.char("3"), .char("x"), .char("P"), .char("8"))
        #expect(photo(state, 0)?.rating == 3 && photo(state, 1)?.isRejected == true)
        #expect(photo(state, 2)?.isPicked == true && photo(state, 3)?.label == .green)
        let garden = state.currentGroup?.id ?? ""
        #expect(state.screen == .detail(groupID: garden, index: 4))
        #expect(photo(state, 1)?.rating == 0, "the marked photo 1 was not rated with 0")
        state.press(.char("c"))
        #expect(!state.isCulling)
        state.press(.char("5"))   // out of cull mode: stays
        #expect(state.screen == .detail(groupID: garden, index: 4))
    }

    @Test func cullingTheLastPhotoStaysAndSaysSo() {
        var state = Self.garden()
        state.press(.enter, .end, .char("c"), .char("4"))
        #expect(photo(state, 29)?.rating == 4)
        #expect(state.status?.contains("the last photo of the group") == true)
    }

    @Test func hiddenRejectsLeaveTheGridAndCullingMovesToTheRightNextPhoto() {
        var state = Self.garden()
        state.rejectedDisplay = .hide
        let second = state.currentGroup!.photoIDs[1]
        state.press(.enter, .char("c"), .char("x"))
        #expect(state.detailPhoto?.id == second)
        #expect(state.currentGroup?.count == 29)
        state.press(.escape, .escape, .home)
        // The Rejected smart folder shows it.
        let rejected = state.homeFolders.firstIndex { $0.id == SmartFolder.rejected.id }
        #expect(rejected != nil)
        if let rejected { #expect(state.page(id: state.homeFolders[rejected].id)?.group.count == 1) }
    }

    @Test func underHideEveryFolderCountSaysWhatOpeningItShows() throws {
        var state = Self.garden()
        state.rejectedDisplay = .hide
        let garden = try #require(state.currentGroup?.id)
        state.press(.char(" "), .char(" "), .char("x"))   // two rejected
        state.press(.escape)
        let tile = try #require(state.homeFolders.first { $0.id == garden })
        #expect(tile.count == 30 && state.shownCount(tile.photoIDs, in: garden) == 28, "30 less the 2 hidden")
        #expect(state.page(id: garden)?.group.count == 28)
        let rejected = try #require(state.homeFolders.first { $0.id == SmartFolder.rejected.id })
        #expect(state.shownCount(rejected.photoIDs, in: rejected.id) == 2, "the Rejected folder shows them all")
        // The tile says so.
        var grid = CellGrid(width: 40, height: 12)
        HomeScreen.folderTile(tile, in: Rect(x: 0, y: 0, width: 40, height: 12), selected: false, state: state, into: &grid)
        #expect(grid.text().contains("28 photos"))
        state.rejectedDisplay = .dim
        #expect(state.shownCount(tile.photoIDs, in: garden) == 30, "dimmed, they are counted")
    }

    /// Under hide, a folder whose every photo is rejected would open empty: it leaves the home
    /// grid (the Rejected folder holds its photos) and comes back when one is unrejected.
    @Test func underHideAFolderOfOnlyRejectsLeavesTheHomeGrid() throws {
        var state = TestLibrary.state(columns: 120, rows: 40)
        state.rejectedDisplay = .hide
        let beach = state.homeFolders[TestLibrary.beachIndex].id
        state.openGroup(at: TestLibrary.beachIndex)
        state.press(.char("x"), .escape)
        #expect(!state.homeFolders.contains { $0.id == beach })
        #expect(state.homeFolders.contains { $0.id == SmartFolder.rejected.id })
        state.rejectedDisplay = .dim
        #expect(state.homeFolders.contains { $0.id == beach }, "dimmed, it stays")
    }

    @Test func rejectedPixelTilesAreDimmedLikeTheirCharacterArt() throws {
        var state = GraphicsStateTests.state(columns: 120, rows: 40, grid: true)
        state.openGroup(at: TestLibrary.gardenIndex)
        let id = try #require(state.selectedPhotoID)
        state.press(.char("x"))
        let keys = state.wantedPreviews().map(\.key)
        let rejected = try #require(keys.first { $0.photoID == id })
        #expect(rejected.pixels != nil && rejected.dimmed && rejected.imageContent.hasSuffix(" dimmed"))
        #expect(keys.filter { $0.photoID != id }.allSatisfy { !$0.dimmed }, "only the reject")
        state.press(.enter)
        #expect(state.wantedPreviews().first?.key.dimmed == false, "the photo view shows it as it is")
        // Dimmed pixels are a third as bright, as dimmed cells are.
        let image = DecodedImage(width: 1, height: 1, pixels: [90, 150, 255, 255])
        #expect(PhotoBadges.darkened(image).pixels == [30, 50, 85, 255])
    }

    @Test func cullingTwoHundredPhotosQueuesEveryEditWithoutWaiting() {
        var library = PhotoLibrary()
        library.add(contentsOf: (1...200).map { TestLibrary.photo(1000 + $0, name: "c\($0).jpg", description: "Cull", day: 1 + $0 % 28) })
        var state = TestLibrary.state(library)
        state.openGroup(at: 0)
        state.press(.enter, .char("c"))
        var saves = 0
        for i in 0..<200 {
            let effects = state.press(.char(i % 7 == 0 ? "x" : Character(String(i % 6))))
            saves += effects.filter { if case .saveEdits = $0 { true } else { false } }.count
        }
        // Every key but the zero stars on an unrated photo made an edit, queued for the saver.
        let unchanged = (0..<200).filter { $0 % 7 != 0 && $0 % 6 == 0 }.count
        #expect(saves == 200 - unchanged)
        #expect(state.library.photos.filter(\.isRejected).count == (0..<200).filter { $0 % 7 == 0 }.count)
    }

    // MARK: - Tags

    @Test func theTagEditorAddsCompletesFromTheLibraryAndRemoves() {
        var state = Self.garden()
        state.press(.char("T"))
        state.type("Places/Italy/Rome")
        state.press(.enter)
        #expect(photo(state, 0)?.tags == ["Places/Italy/Rome"])
        #expect(state.status == "Tag 1 photo Places/Italy/Rome")
        state.press(.escape, .right, .char("T"))
        state.type("ita")
        let text = AppView.render(state).text()
        #expect(text.contains("Places › Italy") && text.contains("Places › Italy › Rome"))
        state.press(.down, .enter)   // the second suggestion: Places/Italy/Rome
        #expect(photo(state, 1)?.tags == ["Places/Italy/Rome"])
        state.type("pl")
        state.press(.tab)
        #expect(state.layer(TagEditor.self)?.field.text == "Places")
        state.press(.char("/"))
        state.type("France")
        state.press(.enter)
        #expect(photo(state, 1)?.tags == ["Places/Italy/Rome", "Places/France"])
        // An empty line lists the photo's tags; Backspace removes the highlighted one.
        state.press(.down, .backspace)
        #expect(photo(state, 1)?.tags == ["Places/Italy/Rome"])
        state.press(.enter)
        #expect(state.layers.isEmpty)
        state.press(.char("u"))
        #expect(photo(state, 1)?.tags == ["Places/Italy/Rome", "Places/France"])
    }

    @Test func tagsGoToEveryMarkedPhoto() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "), .char("T"))
        state.type("Family")
        state.press(.enter, .escape)
        #expect(photo(state, 0)?.tags == ["Family"] && photo(state, 1)?.tags == ["Family"])
        #expect(photo(state, 2)?.tags.isEmpty == true)
    }

    // MARK: - The trash

    @Test func deleteAsksNamingCountAndSizeAndOnlyYGoesAhead() {
        var state = Self.garden()
        state.press(.char(" "), .char(" "), .char(" "))
        state.press(.delete)
        #expect(AppView.render(state).text().contains("Move 3 photos (6 MB) to the trash? y/n"))
        for key in [Key.char("n"), .escape, .enter, .char("Y"), .char("x")] {
            let effects = state.press(key)
            #expect(!effects.contains { if case .changeTrash = $0 { true } else { false } })
            #expect(state.layers.isEmpty && state.library.photos.count == 39)
            state.press(.delete)
        }
        let ids = state.editTargets
        #expect(state.press(.char("y")) == [.changeTrash(.trash, ids)])
        #expect(state.status == "Moving 3 photos to the trash…")
    }

    @Test func afterTheTrashTheyAreGoneAndUBringsThemBack() {
        var state = Self.garden()
        let id = state.selectedPhotoID!
        var after = state.library
        let record = TrashedPhoto(photo: after.photo(id: id)!, files: [])
        after.apply(.trashed([record], step: "s1"))
        state.send(.trashChanged(.success(Msg.TrashDone(work: .trash, library: after,
                                                        outcomes: [.init(photoID: id, path: "/photos/garden-01.jpg")],
                                                        bytes: 2_000_101))))
        #expect(state.library.photo(id: id) == nil)
        #expect(state.status == "Moved 1 photo (2 MB) to the trash; u brings them back")
        #expect(state.press(.char("u")) == [.changeTrash(.undo(step: "s1"), [id])])
        #expect(state.status == "Restoring 1 photo from the trash…")
        after.apply(.untrashed(photoIDs: [id], restored: true, undoing: "s1"))
        state.send(.trashChanged(.success(Msg.TrashDone(work: .undo(step: "s1"), library: after,
                                                        outcomes: [.init(photoID: id, path: "/photos/garden-01.jpg")]))))
        #expect(state.library.photo(id: id) != nil)
        #expect(state.press(.char("U")) == [.changeTrash(.redo(step: "s1"), [id])], "redo trashes it again")
    }

    /// `u` pressed while a redone move is still running waits for it: undoing then would skip
    /// past the move (its step is not back in the history yet) and undo an older edit.
    @Test func anUndoPressedWhileFilesMoveWaitsForThem() {
        var state = Self.garden()
        let id = state.selectedPhotoID!
        var trashed = state.library
        trashed.apply(.trashed([TrashedPhoto(photo: trashed.photo(id: id)!, files: [])], step: "s1"))
        var restored = trashed
        restored.apply(.untrashed(photoIDs: [id], restored: true, undoing: "s1"))
        state.send(.trashChanged(.success(Msg.TrashDone(work: .undo(step: "s1"), library: restored, outcomes: [.init(photoID: id, path: "")]))))
        #expect(state.press(.char("U")) == [.changeTrash(.redo(step: "s1"), [id])])
        #expect(state.press(.char("u")).isEmpty, "nothing undone while the files move")
        #expect(state.status == "Still moving files: the undo follows when they have moved")
        let then = state.send(.trashChanged(.success(Msg.TrashDone(work: .redo(step: "s1"), library: trashed,
                                                                  outcomes: [.init(photoID: id, path: "")]))))
        #expect(then == [.changeTrash(.undo(step: "s1"), [id])], "the waiting u brings the photo back")
        #expect(state.status == "Restoring 1 photo from the trash…")
    }

    @Test func anEditAfterTheTrashIsUndoneFirst() {
        var state = Self.garden()
        let id = state.selectedPhotoID!
        var after = state.library
        after.apply(.trashed([TrashedPhoto(photo: after.photo(id: id)!, files: [])], step: "s1"))
        state.send(.trashChanged(.success(Msg.TrashDone(work: .trash, library: after, outcomes: [.init(photoID: id, path: "")]))))
        state.send(.editsSaved(.success(.init(journalSequence: nil)), through: state.editSequence))
        state.press(.char("5"))
        let undo = state.press(.char("u"))
        #expect(!undo.contains { if case .changeTrash = $0 { true } else { false } })
        #expect(state.status?.hasPrefix("Undid: ") == true)
        state.send(.editsSaved(.success(.init(journalSequence: nil)), through: state.editSequence))
        #expect(state.press(.char("u")) == [.changeTrash(.undo(step: "s1"), [id])])
    }

    @Test func noTrashAsksASecondTimeBeforeDeletingForGood() {
        var state = Self.garden()
        let id = state.selectedPhotoID!
        state.send(.trashChanged(.success(Msg.TrashDone(work: .trash, library: state.library, outcomes: [
            .init(photoID: id, path: "/photos/garden-01.jpg", problem: "/photos/garden-01.jpg: no trash can hold it: read-only",
                  noTrash: true),
        ]))))
        let text = AppView.render(state).text()
        #expect(text.contains("no trash can hold it") && text.contains("for good instead? y/n"))
        #expect(state.press(.char("n")).isEmpty && state.layers.isEmpty)
        state.send(.trashChanged(.success(Msg.TrashDone(work: .trash, library: state.library, outcomes: [
            .init(photoID: id, path: "", problem: "no trash", noTrash: true),
        ]))))
        #expect(state.press(.char("y")) == [.changeTrash(.deletePermanently, [id])])
    }

    @Test func theTrashListsWhatPhotoryTrashedWithDaysLeftRestoresAndDeletesForGood() {
        var library = TestLibrary.standard()
        let photo = library.photos[1]
        let entry = FreedesktopTrash.Entry(trash: FreedesktopTrash(folder: "/t", topdir: nil), name: photo.name,
                                           originalPath: photo.path, deletedAt: Date().timeIntervalSince1970 - 86_400)
        library.apply(.trashed([TrashedPhoto(photo: photo, files: [entry])]))
        var state = TestLibrary.state(library)
        #expect(state.homeFolders.last(where: \.isSmart)?.name == "Trash", "the Trash is the last smart folder")
        state.openTrash()
        let text = AppView.render(state).text()
        #expect(text.contains("Trash — 1 photo, kept 30 days"))
        #expect(text.contains(photo.name) && text.contains("29 days"))
        #expect(state.press(.char("r")) == [.changeTrash(.restore, [photo.id])])
        state.press(.delete)
        #expect(AppView.render(state).text().contains("Delete 1 photo (2 MB) from the trash for good? y/n"))
        #expect(state.press(.char("n")).isEmpty)
        state.press(.delete)
        #expect(state.press(.char("y")) == [.changeTrash(.erase, [photo.id])])
        state.press(.escape)
        #expect(state.layers.isEmpty && state.screen == .home)
    }
}
