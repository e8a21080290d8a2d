import Fixtures
import Foundation
import Testing
@testable import Library

/// A PostgreSQL library shown without reading it whole (issue 26, "Scale"; `LibraryPaging`),
/// against a real server: the folders from the aggregate are those of the library read whole,
/// a folder walked a screen at a time gives each of its photos once in order, and an edit
/// that reads only its photos is what every reader of the library sees.
@Suite(.enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct PostgresPagesTests {
    /// 60 photos in three folders (one nested in another, one at the top), a few without a date,
    /// some sharing a date (the path decides), written whole.
    private func filledStore() throws -> (store: PostgresStore, photos: [Photo]) {
        let store = PostgresStore(address: try #require(PostgresAddress(try PostgresServer.shared.get().newDatabase())))
        let folders = ["/photos/2024", "/photos/2024/Beach", "/top"]
        let photos = (0..<60).map { i in
            let taken = i % 7 == 0 ? nil : "2024-0\(1 + i % 5)-0\(1 + i % 4)T10:00:00"
            return Photo(id: String(format: "p%03d", (i * 37) % 60), path: "\(folders[i % 3])/IMG_\(String(format: "%02d", 59 - i)).jpg",
                         fileSize: 100, fileModified: 0, width: 40, height: 30,
                         takenAt: taken, takenAtSource: taken == nil ? nil : .dateTimeOriginal, importedAt: 0)
        }
        _ = try store.update(lockTimeout: 5) { library in
            library = PhotoLibrary(photos: photos)
            return true
        }
        return (store, photos)
    }

    @Test func theHomeGridsFoldersComeFromOneAggregateAsTheWholeLibraryHasThem() throws {
        let (store, photos) = try filledStore()
        let byFolder = Dictionary(grouping: photos) { FolderPageKey.folder(of: $0.path) }
        let expected = byFolder.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { folder in
            let members = byFolder[folder]!
            let dates = members.compactMap(\.takenAt).sorted()
            return FolderSummary(folder: folder, count: members.count, firstTakenAt: dates.first ?? "",
                                 lastTakenAt: dates.last ?? "", coverID: members.min { FolderPageKey($0) < FolderPageKey($1) }!.id)
        }
        let summaries = try store.folderSummaries()
        #expect(summaries == expected)
        #expect(summaries.map(\.folder) == ["/photos/2024", "/photos/2024/Beach", "/top"])
        #expect(summaries.map(\.count) == [20, 20, 20])
    }

    /// With `[roots]`, the pages speak this machine's paths: another machine that names the same
    /// root at another folder sees its own folder and paths.
    @Test func pagesMapSharedRootsToThisMachinesFolders() throws {
        let database = try PostgresServer.shared.get().newDatabase()
        var nas = try #require(PostgresAddress(database))
        nas.roots = SharedRoots(["photos": "/volume1/photos"])
        var laptop = nas
        laptop.roots = SharedRoots(["photos": "/mnt/nas/photos"])
        _ = try PostgresStore(address: nas).update(lockTimeout: 5) { library in
            library = PhotoLibrary(photos: [samplePhoto("a", path: "/volume1/photos/2024/a.jpg")])
            return true
        }
        let store = PostgresStore(address: laptop)
        #expect(try store.folderSummaries().map(\.folder) == ["/mnt/nas/photos/2024"])
        let page = try store.photos(inFolder: "/mnt/nas/photos/2024", after: nil, limit: 10)
        #expect(page.photos.map(\.path) == ["/mnt/nas/photos/2024/a.jpg"])
    }

    @Test func aLibraryMadeBeforeTheFolderIndexGetsItWithItsPhotos() throws {
        let server = try PostgresServer.shared.get()
        let address = try server.newDatabase()
        let store = PostgresStore(address: try #require(PostgresAddress(address)))
        _ = try store.update(lockTimeout: 5) { library in
            library = PhotoLibrary(photos: [samplePhoto("a", path: "/old/a.jpg"), samplePhoto("b", path: "/old/b.jpg")])
            return true
        }
        // Back to schema 1, as a library made before migration 2 is.
        try server.sql("ALTER TABLE photory_photos DROP COLUMN folder, DROP COLUMN taken_key, DROP COLUMN description_key, "
                       + "DROP COLUMN description, DROP COLUMN stack_hidden, DROP COLUMN stack_stem, DROP COLUMN content_id; "
                       + "DELETE FROM schema_version WHERE version > 1", database: address)
        let reopened = PostgresStore(address: try #require(PostgresAddress(address)))
        #expect(try reopened.folderSummaries().map { [$0.folder, String($0.count), $0.coverID] } == [["/old", "2", "a"]])
        #expect(try server.sql("SELECT max(version) FROM schema_version", database: address) == "\(PostgresSchema.latest)\n")
    }

    @Test func aFolderReadAScreenAtATimeGivesEachPhotoOnceInItsOrder() throws {
        let (store, photos) = try filledStore()
        let expected = photos.filter { FolderPageKey.folder(of: $0.path) == "/photos/2024" }
            .sorted { FolderPageKey($0) < FolderPageKey($1) }
        #expect(expected.first?.takenAt == nil, "photos without a date come first")
        var read: [Photo] = [], key: FolderPageKey?, screens = 0
        repeat {
            let page = try store.photos(inFolder: "/photos/2024", after: key, limit: 6)
            #expect(page.photos.count <= 6)
            read += page.photos
            key = page.next
            screens += 1
        } while key != nil && screens < 10
        #expect(read.map(\.id) == expected.map(\.id), "the nested folder's photos are not in it")
        #expect(read == expected, "every field read back")
        #expect(screens == 4, "20 photos: three full screens, then one of two")
        #expect(try store.photos(inFolder: "/nowhere", after: nil, limit: 6) == FolderPage(photos: [], next: nil))
    }

    /// A browser's edit planned before another machine's edit of the same photo and saved after
    /// it (the server was down meanwhile) keeps that machine's edit: only the field it sets changes.
    @Test func anEditSavedLateKeepsAnotherMachinesEditOfThePhoto() throws {
        let (store, photos) = try filledStore()
        let id = photos[3].id
        let stale = try store.load()
        let late = EditPlanner(library: stale).setFavourite([id], true)
        try store.commit(photoIDs: [id], lockTimeout: 5) { library in
            var after = library.photo(id: id)!.edits
            after.rating = 5
            after.description = "laptop edit"
            return [.apply(EditStep(label: "other machine", changes: [.init(photoID: id, before: library.photo(id: id)!.edits, after: after)]))]
        }
        try store.commit(photoIDs: [id], lockTimeout: 5) { _ in [.apply(late)] }
        let edits = try #require(try store.load().photo(id: id)?.edits)
        #expect(edits.favourite && edits.rating == 5 && edits.description == "laptop edit", "\(edits)")
    }

    @Test func anEditThatReadsOnlyItsPhotoIsWhatEveryReaderSees() throws {
        let (store, photos) = try filledStore()
        let before = try store.loadWithNotes()
        let id = photos[5].id
        let saved = try store.commit(photoIDs: [id], lockTimeout: 5) { library in
            #expect(library.photos.map(\.id) == [id], "only the photo named is read")
            return [.apply(EditPlanner(library: library).setFavourite([id], true))]
        }
        #expect(saved.sequence != nil)
        var library = try store.load()
        #expect(library.photo(id: id)?.isFavourite == true)
        #expect(library.photos.filter(\.isFavourite).count == 1)
        #expect(library.history.undo.count == 1)
        // A follower (the browser) reads it as one line of news.
        guard case let .appended(lines, _) = try store.news(since: try #require(before.position)) else {
            Issue.record("no news after a commit")
            return
        }
        #expect(lines.count == 1)
        // An undo names no photo: the step's photos are read for it.
        try store.commit(photoIDs: [], lockTimeout: 5) { _ in [.undoLatest] }
        library = try store.load()
        #expect(library.photo(id: id)?.isFavourite == false)
        #expect(library.history.undo.isEmpty && library.history.redo.count == 1)
        #expect(library.photos == before.library.photos, "the other photos untouched")
        // A move to the trash needs the trash and the library: it is saved by `append`.
        let gone = photos[9]
        try store.commit(photoIDs: [gone.id], lockTimeout: 5) { library in
            [.trash(.trashed([TrashedPhoto(photo: library.photo(id: gone.id) ?? gone, files: [])]))]
        }
        library = try store.load()
        #expect(library.photo(id: gone.id) == nil && library.trash.map(\.photo.id) == [gone.id])
        #expect(library.photos.count == photos.count - 1)
    }
}
