import Fixtures
import Foundation
import Testing
@testable import Library

/// The default grouping (by description) of a PostgreSQL library without reading it whole
/// (issue 26, "Scale"; `LibraryPaging`), against a real server: the home grid's folders from
/// the aggregate are those `PhotoLibrary.groups` gives once the library is read whole (names,
/// counts, dates, "Other" last, a stack counted once through its cover), a folder walked a
/// screen at a time gives each of its photos once, and edits, imports and a library made
/// before migration 3 keep them so.
@Suite(.enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct PostgresDescriptionsTests {
    static let stackTime = "2024-05-01T10:00:00"

    private static func photo(_ id: String, _ path: String, description: String?, takenAt: String?,
                              kind: Photo.Kind = .photo, edited: String? = nil) -> Photo {
        var photo = Photo(id: id, path: path, fileSize: 100, fileModified: 0, width: 40, height: 30,
                          takenAt: takenAt, takenAtSource: takenAt == nil ? nil : .dateTimeOriginal,
                          description: description, descriptionSource: description == nil ? nil : .exif, importedAt: 0)
        photo.kind = kind
        if let edited { photo.edits.description = edited }
        return photo
    }

    /// One description written three ways (the first, by a RAW its JPEG hides, names the
    /// folder), an undated photo, an edited description, a blank and a cleared one, a RAW+JPEG
    /// whose RAW alone has its description, in library order.
    static let photos = [
        photo("raw-a", "/s/IMG_0001.DNG", description: "beach   DAY", takenAt: stackTime, kind: .raw),
        photo("b1", "/a/b1.jpg", description: "Beach Day", takenAt: "2024-03-02T09:00:00"),
        photo("b2", "/b/b2.jpg", description: "BEACH day", takenAt: "2024-03-01T09:00:00"),
        photo("b-undated", "/a/b3.jpg", description: "Beach Day", takenAt: nil),
        photo("jpg-a", "/s/IMG_0001.JPG", description: "Harbour", takenAt: stackTime),
        photo("raw-b", "/s/IMG_0002.CR2", description: "Raw only", takenAt: "2024-06-01T10:00:00", kind: .raw),
        photo("jpg-b", "/s/img_0002.jpg", description: nil, takenAt: "2024-06-01T10:00:01"),
        photo("m1", "/m/m1.jpg", description: "Mountains", takenAt: "2023-07-01T08:00:00"),
        photo("m-edited", "/m/m2.jpg", description: "Harbour", takenAt: "2023-07-02T08:00:00", edited: "mountains"),
        photo("o-undated", "/o/o1.jpg", description: nil, takenAt: nil),
        photo("o-blank", "/o/o2.jpg", description: "", takenAt: "2022-01-01T00:00:00"),
        photo("o-cleared", "/o/o3.jpg", description: "Harbour", takenAt: "2022-01-02T00:00:00", edited: ""),
    ]

    /// `photos`, and `crowd` more of one description after them.
    private func filledStore(crowd: Int = 0) throws -> (store: PostgresStore, address: String) {
        let address = try PostgresServer.shared.get().newDatabase()
        let store = PostgresStore(address: try #require(PostgresAddress(address)))
        let more = (0..<crowd).map { i in
            Self.photo(String(format: "c%05d", i), "/crowd/\(i).jpg", description: "Crowd", takenAt: "2021-01-01T00:00:00")
        }
        _ = try store.update(lockTimeout: 5) { library in
            library = PhotoLibrary(photos: Self.photos + more)
            return true
        }
        return (store, address)
    }

    /// Every photo of a folder, a screen of `limit` at a time.
    private func walk(_ store: PostgresStore, key: String, limit: Int) throws -> [Photo] {
        var read: [Photo] = [], after: FolderPageKey?, screens = 0
        repeat {
            let page = try store.photos(withDescriptionKey: key, after: after, limit: limit)
            #expect(page.photos.count <= limit)
            read += page.photos
            after = page.next
            screens += 1
        } while after != nil && screens < 50
        return read
    }

    /// The summaries are the groups of the library read whole, each walked in pages.
    private func expectSummariesAreTheGroups(_ store: PostgresStore, _ comment: Comment? = nil, limit: Int = 2) throws {
        let groups = try store.load().groups
        let summaries = try store.descriptionSummaries()
        #expect(summaries.map(\.groupID) == groups.map(\.id), comment)
        #expect(summaries.map(\.name) == groups.map(\.name), comment)
        #expect(summaries.map(\.count) == groups.map(\.count), comment)
        #expect(summaries.map(\.firstTakenAt) == groups.map(\.firstTakenAt), comment)
        #expect(summaries.map(\.lastTakenAt) == groups.map(\.lastTakenAt), comment)
        for (summary, group) in zip(summaries, groups) {
            let read = try walk(store, key: summary.key, limit: limit)
            #expect(read.map(\.id).sorted() == group.photoIDs.sorted(), "\(summary.name): each photo once")
            #expect(read.map(FolderPageKey.init) == read.map(FolderPageKey.init).sorted(), "in page order")
            #expect(summary.coverID == read.first?.id, "\(summary.name): the cover is the first photo of its pages")
            #expect(summary.group.count == summary.count && summary.group.photoIDs.isEmpty)
        }
    }

    @Test func theDefaultGroupingsFoldersComeFromOneAggregateAsTheWholeLibraryHasThem() throws {
        let (store, _) = try filledStore()
        try expectSummariesAreTheGroups(store)
        let summaries = try store.descriptionSummaries()
        #expect(summaries.map(\.name) == ["beach   DAY", "Harbour", "Mountains", "Other"],
                "named by the first photo in library order, \"Raw only\" hidden behind its JPEG, Other last")
        #expect(summaries.map(\.count) == [3, 1, 2, 4])
        #expect(summaries[0].firstTakenAt == "2024-03-01T09:00:00" && summaries[0].lastTakenAt == "2024-03-02T09:00:00")
        #expect(summaries[0].coverID == "b-undated", "photos without a date come first in a folder's pages")
        #expect(summaries[3].key == "" && summaries[3].groupID == PhotoGroup.otherID)
        #expect(try store.photos(withDescriptionKey: "nothing here", after: nil, limit: 5) == FolderPage(photos: [], next: nil))
        // The folder grids leave the RAWs out too.
        #expect(try store.folderSummaries().first { $0.folder == "/s" }?.count == 2)
        #expect(try store.photos(inFolder: "/s", after: nil, limit: 10).photos.map(\.id).sorted() == ["jpg-a", "jpg-b"])
    }

    @Test func anEditThatChangesADescriptionMovesThePhotoBetweenFolders() throws {
        let (store, _) = try filledStore()
        try store.commit(photoIDs: ["b2"], lockTimeout: 5) { library in
            [.apply(EditPlanner(library: library).setDescription(["b2"], to: "Mountains"))]
        }
        try expectSummariesAreTheGroups(store, "after moving b2")
        #expect(try store.descriptionSummaries().map(\.count) == [2, 1, 3, 4])
        // Cleared (blank is cleared): to "Other"; and a new description makes a new folder.
        try store.commit(photoIDs: ["b1", "m1"], lockTimeout: 5) { library in
            let planner = EditPlanner(library: library)
            return [.apply(planner.setDescription(["b1"], to: " \t ")), .apply(planner.setDescription(["m1"], to: "Zoo"))]
        }
        #expect(try store.photos(ids: ["b1"]).first?.description == nil)
        try expectSummariesAreTheGroups(store, "after clearing b1")
        #expect(try store.descriptionSummaries().map(\.name) == ["beach   DAY", "Harbour", "Mountains", "Zoo", "Other"])
    }

    /// A JPEG imported after its RAW hides it (the RAW's row is not written by the import), and
    /// the RAW shows again when the JPEG leaves for the trash; a Live Photo's movie imported
    /// after its still, in another folder, is hidden too.
    @Test func anImportThatFormsAStackHidesTheOlderRaw() throws {
        let (store, _) = try filledStore()
        try store.appendPhotos(ImportedPhotos(photos: [Self.photo("raw-c", "/s/IMG_0003.NEF", description: "Night",
                                                                  takenAt: "2024-07-01T22:00:00", kind: .raw)]), lockTimeout: 5)
        #expect(try store.descriptionSummaries().contains { $0.name == "Night" })
        try store.appendPhotos(ImportedPhotos(photos: [Self.photo("jpg-c", "/s/IMG_0003.jpg", description: "Harbour",
                                                                  takenAt: "2024-07-01T22:00:01")]), lockTimeout: 5)
        try expectSummariesAreTheGroups(store, "after the JPEG's import")
        #expect(try !store.descriptionSummaries().contains { $0.name == "Night" })
        try store.commit(photoIDs: ["jpg-c"], lockTimeout: 5) { library in
            [.trash(.trashed([TrashedPhoto(photo: library.photo(id: "jpg-c")!, files: [])]))]
        }
        try expectSummariesAreTheGroups(store, "after the JPEG's trashing")
        #expect(try store.descriptionSummaries().contains { $0.name == "Night" })
        // A Live Photo's movie, in another folder, found by its content id.
        var still = Self.photo("live", "/l/IMG_0005.HEIC", description: "Harbour", takenAt: "2024-08-01T12:00:00")
        var movie = Self.photo("movie", "/clips/5.mov", description: "Movie only", takenAt: "2024-08-01T12:00:00", kind: .video)
        (still.appleContentID, movie.appleContentID) = ("CID-5", "CID-5")
        try store.appendPhotos(ImportedPhotos(photos: [still]), lockTimeout: 5)
        try store.appendPhotos(ImportedPhotos(photos: [movie]), lockTimeout: 5)
        try expectSummariesAreTheGroups(store, "after the Live Photo's movie")
        #expect(try !store.descriptionSummaries().contains { $0.name == "Movie only" })
    }

    @Test func aLibraryMadeBeforeTheDescriptionIndexGetsItWithItsPhotos() throws {
        let server = try PostgresServer.shared.get()
        // More photos than the backfill reads at a time.
        let (store, address) = try filledStore(crowd: PostgresGroupingColumns.backfillBatch + 100)
        let before = try store.descriptionSummaries()
        #expect(before.map(\.name) == ["beach   DAY", "Crowd", "Harbour", "Mountains", "Other"])
        // Back to schema 2, as a library made before migration 3 is.
        try server.sql("""
            ALTER TABLE photory_photos DROP COLUMN description_key, DROP COLUMN description, DROP COLUMN stack_hidden,
                                       DROP COLUMN stack_stem, DROP COLUMN content_id;
            DROP INDEX IF EXISTS photory_photos_folder_page;
            CREATE INDEX photory_photos_folder_page ON photory_photos (folder, taken_key, path COLLATE "C", id COLLATE "C");
            DELETE FROM schema_version WHERE version > 2
            """, database: address)
        let said = Locked<[String]>([])
        let reopened = PostgresStore(address: try #require(PostgresAddress(address))) { line in said.withLock { $0.append(line) } }
        #expect(try reopened.descriptionSummaries() == before)
        let photos = try #require(Int(try server.sql("SELECT count(*) FROM photory_photos", database: address)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(said.withLock { $0 }.count == 1, "the upgrade is said once, before it starts")
        #expect(said.withLock { $0 }.first?.contains("to schema 3") == true)
        #expect(said.withLock { $0 }.first?.contains(Counted.text(photos)) == true)
        try expectSummariesAreTheGroups(reopened, "after the backfill", limit: 500)
        #expect(try server.sql("SELECT max(version) FROM schema_version", database: address) == "\(PostgresSchema.latest)\n")
    }
}
