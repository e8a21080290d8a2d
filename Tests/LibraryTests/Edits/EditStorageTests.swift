import Foundation
import Testing
import Fixtures
@testable import Library

@Suite struct EditStorageTests {
    @Test func editsAndHistorySurviveTheFileAndKeepTheFilesValues() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        var photo = samplePhoto("a", description: "Trip", takenAt: "2024-07-01T10:00:00")
        photo.fileGPS = GPSPosition(latitude: 10, longitude: 20)
        var library = PhotoLibrary(photos: [photo, samplePhoto("b")])
        let planner = { EditPlanner(library: library) }
        library.apply(planner().setDate(["a"], to: try DateInput(parsing: "2004-12")))
        library.apply(planner().setLocation(["a"], to: nil))
        library.apply(planner().setDescription(["b"], to: "Zoo \"quoted\"\n"))
        library.apply(planner().toggleFavourite(["a", "b"]))
        library.undo()
        try store.save(library)

        let loaded = try store.load()
        #expect(loaded == library)
        let a = try #require(loaded.photo(id: "a"))
        #expect(a.takenAt == "2004-12-01T00:00:00" && a.takenAtPrecision == .month)
        #expect(a.fileTakenAt == "2024-07-01T10:00:00")
        #expect(a.gps == nil && a.fileGPS?.latitude == 10)
        #expect(loaded.history.redo.map(\.label) == ["favourite 2 photos"])
        #expect(loaded.history.undo.count == 3)
    }

    @Test func aSaveRereadsTheFileSoAnotherProcesssImportIsKept() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: [samplePhoto("a")]))
        let stale = try store.load()
        // Another process adds a photo after the browser loaded its copy.
        try store.save(PhotoLibrary(photos: [samplePhoto("a"), samplePhoto("new")]))

        let step = EditPlanner(library: stale).toggleFavourite(["a"])
        let saved = try store.append([.apply(step)], lockTimeout: 10).library
        #expect(saved.photos.map(\.id) == ["a", "new"])
        let reread = try store.load()
        #expect(reread.photo(id: "a")?.isFavourite == true)
        #expect(reread.photo(id: "new") != nil)

        try store.append([.undo(stepID: step.id)], lockTimeout: 10)
        #expect(try store.load().photo(id: "a")?.isFavourite == false)
        try store.append([.redo(stepID: step.id)], lockTimeout: 10)
        #expect(try store.load().photo(id: "a")?.isFavourite == true)
    }

    @Test func aLibraryThatCannotBeReadIsNotOverwrittenByAnEdit() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("{\"schemaVersion\":2,\"photos\":[{".utf8), to: "library.json")
        let step = EditPlanner(library: PhotoLibrary(photos: [samplePhoto("a")])).toggleFavourite(["a"])
        #expect(throws: LibraryStoreError.self) { try LibraryStore(path: path).append([.apply(step)], lockTimeout: 10) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("{\"schemaVersion\":2,\"photos\":[{".utf8))
    }
}
