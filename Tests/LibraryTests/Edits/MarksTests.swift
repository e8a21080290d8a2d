import Foundation
import Testing
import Fixtures
@testable import Library

/// Stars, rejects, picks, labels and tags: edits over the file's marks, undoable, saved through
/// the journal, searched, sorted and grouped.
@Suite struct MarksTests {
    private func library() -> PhotoLibrary {
        var a = samplePhoto("a", takenAt: "2024-01-01T10:00:00")
        a.fileMarks = PhotoMarks(rating: 3, label: .red, tags: ["Places/Italy/Rome"])
        var b = samplePhoto("b", takenAt: "2024-01-02T10:00:00")
        b.fileMarks = PhotoMarks(rejected: true, tags: ["Places/Italyx"])
        return PhotoLibrary(photos: [a, b, samplePhoto("c", takenAt: "2024-01-03T10:00:00")])
    }

    @Test func theUsersMarksWinOverTheFilesAndUndoBringsThemBack() throws {
        var library = library()
        let planner = { EditPlanner(library: library) }
        library.apply(planner().setRating(["a", "c"], 5))
        library.apply(planner().setRejected(["b"], false))
        library.apply(planner().setPicked(["c"], true))
        library.apply(planner().setLabel(["a"], nil))
        library.apply(planner().changeTags(["a", "c"], adding: ["Family / Anna"], removing: ["places/italy"]))
        let a = try #require(library.photo(id: "a")), b = try #require(library.photo(id: "b")), c = try #require(library.photo(id: "c"))
        #expect(a.rating == 5 && a.label == nil && a.tags == ["Family/Anna"])
        #expect(a.fileMarks.rating == 3 && a.fileMarks.label == .red, "the file's values stay visible")
        #expect(!b.isRejected && b.fileMarks.rejected)
        #expect(c.isPicked && c.rating == 5 && c.tags == ["Family/Anna"])
        #expect(a.edits.editedFields == ["rating", "label", "tags"])

        library.undo()   // the tags
        library.undo()   // the label
        #expect(library.photo(id: "a")?.label == .red)
        #expect(library.photo(id: "a")?.tags == ["Places/Italy/Rome"])
        library.undo(); library.undo(); library.undo()
        #expect(library.photo(id: "a")?.rating == 3)
        #expect(library.photo(id: "a")?.edits == PhotoEdits(), "the file's own value again: no edit left")
        #expect(library.photo(id: "b")?.isRejected == true)
    }

    @Test func settingTheFilesValueIsNoEdit() {
        let library = library()
        #expect(EditPlanner(library: library).setRating(["a"], 3).changes.isEmpty)
        #expect(EditPlanner(library: library).setLabel(["a"], .red).changes.isEmpty)
        #expect(EditPlanner(library: library).changeTags(["a"], adding: ["places/italy/rome"], removing: []).changes.isEmpty)
    }

    @Test func marksSurviveTheJournalAndItsReplay() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(library())
        let loaded = try store.load()
        #expect(loaded.photo(id: "a")?.fileMarks == PhotoMarks(rating: 3, label: .red, tags: ["Places/Italy/Rome"]))
        let rate = EditPlanner(library: loaded).setRating(["b"], 4)
        try store.append([.apply(rate)], lockTimeout: 10)
        var copy = try store.load()
        let tag = EditPlanner(library: copy).changeTags(["b"], adding: ["Places/Italy/Milan"], removing: [])
        copy.apply(tag)
        try store.append([.apply(tag)], lockTimeout: 10)
        try store.append([.apply(EditPlanner(library: copy).setLabel(["b"], .green))], lockTimeout: 10)
        // Read from the snapshot and the replayed journal lines.
        var replayed = try store.load()
        let b = try #require(replayed.photo(id: "b"))
        #expect(b.rating == 4 && b.label == .green && b.tags == ["Places/Italyx", "Places/Italy/Milan"] && b.isRejected)
        replayed.undo(stepID: rate.id)
        #expect(replayed.photo(id: "b")?.rating == 0)
    }

    @Test func searchFindsMarksAndTagsUnderATag() throws {
        var library = library()
        library.apply(EditPlanner(library: library).setPicked(["c"], true))
        let index = SearchIndex(library: library)
        #expect(try index.search("rating:>=3") == ["a"])
        #expect(try index.search("rating:0") == ["b", "c"])
        #expect(try index.search("rating:..2") == ["b", "c"])
        #expect(try index.search("is:rejected") == ["b"])
        #expect(try index.search("-is:rejected") == ["a", "c"])
        #expect(try index.search("is:picked") == ["c"])
        #expect(try index.search("label:red") == ["a"])
        #expect(try index.search("tag:places/italy") == ["a"], "the tag and those under it, not Italyx")
        #expect(try index.search("tag:Places") == ["a", "b"])
        #expect(try index.search("-tag:places") == ["c"])
        #expect(throws: SearchQueryError.self) { try index.search("rating:7") }
        #expect(throws: SearchQueryError.self) { try index.search("label:pink") }
        #expect(try index.search("", sort: .rating) == ["a", "b", "c"])
    }

    @Test func anEditKeepsTheIndexInStep() throws {
        var library = library()
        var index = SearchIndex(library: library)
        let step = EditPlanner(library: library).changeTags(["c"], adding: ["Places/Italy"], removing: [])
        library.apply(step)
        index.update(step.changes.compactMap { library.photo(id: $0.photoID) }, in: library)
        #expect(try index.search("tag:places/italy") == ["a", "c"])
        #expect(try index.search("tag:places/italy") == SearchIndex(library: library).search("tag:places/italy"))
    }

    @Test func byTagIsATreeWithAPhotoUnderEachOfItsTags() throws {
        var library = library()
        library.apply(EditPlanner(library: library).changeTags(["a"], adding: ["Places/Italy/Milan", "Family"], removing: []))
        let tree = FolderTree(library: library, kind: .tag)
        #expect(tree.folders.map(\.name) == ["Family", "Places", "No tags"])
        let places = tree.folders[1]
        #expect(places.allPhotoIDs == ["a", "b"], "a counted once under Places though it has two tags there")
        let italy = try #require(places.children.first { $0.name == "Italy" })
        #expect(italy.children.map(\.name) == ["Milan", "Rome"])
        #expect(tree.folders[2].photoIDs == ["c"])
    }

    @Test func theRejectedSmartFolderFollowsEdits() {
        var library = library()
        #expect(library.smartGroups.first { $0.id == SmartFolder.rejected.id }?.photoIDs == ["b"])
        library.apply(EditPlanner(library: library).setRejected(["c"], true))
        #expect(library.smartGroups.first { $0.id == SmartFolder.rejected.id }?.photoIDs == ["b", "c"])
        #expect(library.smartGroups == PhotoLibrary(photos: library.photos).smartGroups)
    }
}
