import Foundation
import Testing
import Fixtures
@testable import Library

/// Manual albums (issue 23): made, filled, ordered, renamed and deleted by edit steps that undo,
/// go through the journal, survive a reload, a compaction, a re-import and the trash.
@Suite struct AlbumTests {
    private func library() -> PhotoLibrary {
        PhotoLibrary(photos: [samplePhoto("a", takenAt: "2024-01-01T10:00:00"), samplePhoto("b", takenAt: "2024-01-02T10:00:00"),
                              samplePhoto("c", takenAt: "2024-01-03T10:00:00"), samplePhoto("d", takenAt: "2024-01-04T10:00:00")])
    }

    private func apply(_ library: inout PhotoLibrary, _ plan: (EditPlanner) throws -> EditStep) throws {
        library.apply(try plan(EditPlanner(library: library)))
    }

    @Test func aPhotoIsInManyAlbumsInTheOrderAddedAndDeletingAnAlbumKeepsThePhotos() throws {
        var library = library()
        try apply(&library) { try $0.addToAlbum(["c", "a"], named: "Trips/Italy 2024", creating: true) }
        try apply(&library) { try $0.createAlbum("Best") }
        try apply(&library) { try $0.addToAlbum(["a", "b"], named: "best") }
        let italy = try #require(library.album(named: "trips / italy 2024"))
        #expect(italy.name == "Trips/Italy 2024" && italy.title == "Italy 2024")
        #expect(library.photoIDs(inAlbum: italy.id) == ["c", "a"], "the order added, not the date")
        #expect(library.albums(of: "a").map(\.name) == ["Best", "Trips/Italy 2024"])
        // On the home grid after the smart folders, before the description groups.
        let home = library.homeFolders.map(\.name)
        #expect(Array(home.prefix(2)) == ["Best", "Trips/Italy 2024"])
        #expect(library.group(id: italy.groupID)?.coverID == "c")

        try apply(&library) { try $0.deleteAlbum("Trips/Italy 2024") }
        #expect(library.album(named: "Trips/Italy 2024") == nil && library.photos.count == 4)
        #expect(library.albums(of: "a").map(\.name) == ["Best"])
        library.undo()
        #expect(library.photoIDs(inAlbum: italy.id) == ["c", "a"], "undo brings the album back with its order")
        library.undo(); library.undo(); library.undo()
        #expect(library.albums.isEmpty && library.albumGroups.isEmpty)
        #expect(library.photos.allSatisfy { $0.edits.isEmpty })
        library.redo()
        #expect(library.photoIDs(inAlbum: italy.id) == ["c", "a"])
    }

    @Test func errorsNameTheAlbumAndTheReason() throws {
        var library = library()
        try apply(&library) { try $0.createAlbum("Best") }
        let planner = EditPlanner(library: library)
        #expect(throws: AlbumError.duplicateName("Best")) { try planner.createAlbum(" BEST ") }
        #expect(throws: AlbumError.unknownAlbum("Nope")) { try planner.addToAlbum(["a"], named: "Nope") }
        #expect(throws: AlbumError.unknownPhoto("zz")) { try planner.addToAlbum(["zz"], named: "Best") }
        #expect(throws: AlbumError.emptyName) { try planner.createAlbum(" / ") }
        #expect(AlbumError.unknownAlbum("Nope").description == "no album named \"Nope\"")
    }

    @Test func movingByHandCoverSortAndRenamingAFolder() throws {
        var library = library()
        try apply(&library) { try $0.addToAlbum(["a", "b", "c", "d"], named: "Trips/Italy", creating: true) }
        try apply(&library) { try $0.addToAlbum(["d"], named: "Trips/Japan", creating: true) }
        let italy = try #require(library.album(named: "Trips/Italy")).id
        try apply(&library) { try $0.moveInAlbum("Trips/Italy", photo: "c", by: -1) }
        #expect(library.photoIDs(inAlbum: italy) == ["a", "c", "b", "d"])
        try apply(&library) { try $0.moveInAlbum("Trips/Italy", photo: "a", by: 3) }
        #expect(library.photoIDs(inAlbum: italy) == ["c", "b", "d", "a"])
        try apply(&library) { try $0.setAlbumCover("Trips/Italy", to: "d") }
        #expect(library.group(id: Album(id: italy, name: "").groupID)?.coverID == "d")
        try apply(&library) { try $0.setAlbumSort("Trips/Italy", to: .newestFirst) }
        #expect(library.photoIDs(inAlbum: italy) == ["d", "c", "b", "a"])
        // Moving in a sorted album takes that order by hand first.
        try apply(&library) { try $0.moveInAlbum("Trips/Italy", photo: "a", by: -1) }
        #expect(library.album(id: italy)?.sort == nil && library.photoIDs(inAlbum: italy) == ["d", "c", "a", "b"])
        library.undo()
        #expect(library.photoIDs(inAlbum: italy) == ["d", "c", "b", "a"])

        // Renaming the folder moves both albums; a clash is refused.
        try apply(&library) { try $0.renameAlbum("trips", to: "Voyages") }
        #expect(library.albums.map(\.name) == ["Voyages/Italy", "Voyages/Japan"])
        #expect(throws: AlbumError.duplicateName("Voyages/Japan")) { try EditPlanner(library: library).renameAlbum("Voyages/Italy", to: "Voyages/Japan") }
        // A rename to the name it has makes no step for undo to go through.
        #expect(throws: AlbumError.sameName("Voyages/Italy")) { try EditPlanner(library: library).renameAlbum("Voyages/Italy", to: "Voyages/Italy") }
        library.undo()
        #expect(library.albums.map(\.name) == ["Trips/Italy", "Trips/Japan"])
    }

    @Test func searchAndTheAlbumGroupingFollowAlbumsAndRenames() throws {
        var library = library()
        try apply(&library) { try $0.addToAlbum(["b", "c"], named: "Trips/Italy 2024", creating: true) }
        try apply(&library) { try $0.addToAlbum(["d"], named: "Best", creating: true) }
        var index = SearchIndex(library: library)
        #expect(try index.search("album:\"italy 2024\"") == ["b", "c"], "an album's own name finds it in its folder")
        #expect(try index.search("album:\"rips/Italy 2024\"") == [])
        #expect(try index.search("album:\"Trips/Italy 2024\"") == ["b", "c"])
        #expect(try index.search("album:trips") == ["b", "c"], "an album folder finds its albums' photos")
        #expect(try index.search("-album:best") == ["a", "b", "c"])
        #expect(throws: SearchQueryError.self) { try SearchQuery(parsing: "album:") }
        // In step: a photo added, the album renamed.
        try apply(&library) { try $0.addToAlbum(["a"], named: "Best") }
        try apply(&library) { try $0.renameAlbum("Best", to: "Favs") }
        index.update([try #require(library.photo(id: "a"))], in: library)
        #expect(try index.search("album:favs") == ["a", "d"])

        let tree = FolderTree(library: library, grouping: GroupingKind.album.grouping(for: library))
        #expect(tree.folders.map(\.name) == ["Favs", "Trips"], "every photo is in an album")
        #expect(tree.folders[1].children.map(\.name) == ["Italy 2024"])
    }

    @Test func albumEditsGoThroughTheJournalAndSurviveReloadCompactionAndUndo() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(library())
        let make = try EditPlanner(library: try store.load()).addToAlbum(["a", "b"], named: "Trips/Italy", creating: true)
        try store.append([.apply(make)], lockTimeout: 10)
        let cover = try EditPlanner(library: try store.load()).setAlbumCover("Trips/Italy", to: "b")
        try store.append([.apply(cover)], lockTimeout: 10)
        let journal = try String(contentsOfFile: folder.path + "/library.journal.jsonl", encoding: .utf8)
        #expect(journal.contains("\"albums\":[{\"album\":"), "each album edit is a journal line")
        var loaded = try store.load()
        let italy = try #require(loaded.album(named: "Trips/Italy"))
        #expect(italy.cover == "b" && loaded.photoIDs(inAlbum: italy.id) == ["a", "b"])
        // Folded into a new snapshot: the same albums.
        _ = try store.compact(lockTimeout: 10, repair: false)
        let compacted = try store.load()
        #expect(compacted.albums == loaded.albums && compacted.photoIDs(inAlbum: italy.id) == ["a", "b"])
        // Undone through the journal, by id.
        try store.append([.undo(stepID: cover.id), .undo(stepID: make.id)], lockTimeout: 10)   // newest first, as u does
        loaded = try store.load()
        #expect(loaded.albums.isEmpty)
        #expect(loaded.photos.allSatisfy { $0.edits.albums.isEmpty })
    }

    @Test func membershipSurvivesReimportAndComesBackWithATrashedPhoto() throws {
        let folder = TemporaryFolder("photory-albums")
        let store = LibraryStore(path: folder.path + "/library.json")
        _ = folder.write(JPEGFixture.encode(width: 16, height: 12), to: "photos/a.jpg")
        _ = folder.write(JPEGFixture.encode(width: 18, height: 12), to: "photos/b.jpg")
        _ = try Importer(workers: 1).run([folder.path + "/photos"], store: store)
        var library = try store.load()
        let ids = library.photos.map(\.id)
        let step = try EditPlanner(library: library).addToAlbum(ids, named: "Kept", creating: true)
        try store.append([.apply(step)], lockTimeout: 10)
        // Importing the same folder again keeps the membership.
        _ = try Importer(workers: 1).run([folder.path + "/photos"], store: store)
        library = try store.load()
        let kept = try #require(library.album(named: "Kept"))
        #expect(Set(library.photoIDs(inAlbum: kept.id)) == Set(ids))
        // Trashed, the photo leaves the album; restored, it is back in its place.
        let environment = ["XDG_DATA_HOME": folder.path + "/data", "HOME": folder.path]
        let trash = LibraryTrash(store: store, environment: environment)
        let (afterTrash, _) = try trash.trash([ids[0]])
        #expect(afterTrash.photoIDs(inAlbum: kept.id) == [ids[1]])
        let (restored, _) = try trash.restore([ids[0]])
        #expect(restored.photoIDs(inAlbum: kept.id) == ids)
        #expect(try store.load().photoIDs(inAlbum: kept.id) == ids)
    }
}
