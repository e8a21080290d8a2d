import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct LibraryStoreTests {
    @Test func missingFileIsAnEmptyLibrary() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/none/library.json")
        #expect(try store.load().photos.isEmpty)
    }

    /// kill -9 between naming a temporary snapshot (or backup, or journal) and its rename leaves
    /// it behind: the next writer removes a dead process's, never a living one's.
    @Test func aWriterRemovesTheTemporaryFilesOfAKilledOne() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: [samplePhoto("abc")]))
        let dead = 0x3FFF_FFF0  // above any pid_max: no such process
        let killed = [".library.json.photory-\(dead)-1", ".library.json.bak.photory-\(dead)-2",
                      ".library.journal.jsonl.photory-\(dead)-3"]
        let living = ".library.json.photory-\(getppid())-4"
        for name in killed + [living] {
            #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data("{".utf8)))
        }
        try store.append([.apply(EditPlanner(library: try store.load()).toggleFavourite(["abc"]))], lockTimeout: 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".photory-") }
        #expect(left == [living])
        #expect(try store.load().photo(id: "abc")?.isFavourite == true)
    }

    @Test func roundTripKeepsEveryField() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/sub/library.json")
        var photo = samplePhoto("abc", description: "Beach", takenAt: "2024-05-01T14:03:22+02:00")
        photo.fileGPS = GPSPosition(latitude: 48.85, longitude: -2.35, altitude: -3)
        photo.cameraMake = "Canon"
        photo.fileOrientation = 6
        let library = PhotoLibrary(photos: [photo, samplePhoto("def", missing: true)])
        try store.save(library)
        let loaded = try store.load()
        #expect(loaded == library)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains("\"schemaVersion\":\(LibraryStore.schemaVersion)"))
    }

    @Test func webFieldsRoundTripAndAreWrittenOnlyWhenSet() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        var lazy = samplePhoto("lazy", description: "accusamus beatae")
        lazy.sourceURL = "http://127.0.0.1:8000/img/1.jpg"
        lazy.feedURL = "http://127.0.0.1:8000/feed.json"
        lazy.albumID = "7"
        lazy.isDownloaded = false
        lazy.fileSize = 0
        lazy.width = 0
        lazy.height = 0
        var gone = samplePhoto("gone")
        gone.feedURL = lazy.feedURL
        gone.leftFeed = true
        gone.missing = true
        let plain = samplePhoto("plain")
        let library = PhotoLibrary(photos: [lazy, gone, plain])
        try store.save(library)
        let loaded = try store.load()
        #expect(loaded == library)
        #expect(loaded.photo(id: "lazy")?.isDownloaded == false)
        #expect(loaded.photo(id: "lazy")?.albumID == "7")
        #expect(loaded.photo(id: "gone")?.leftFeed == true)
        #expect(loaded.photo(id: "plain")?.isDownloaded == true)

        // Defaults are not written: a library without web photos looks as before.
        let lines = try String(contentsOfFile: store.path, encoding: .utf8).split(separator: "\n")
        let plainLine = try #require(lines.first { $0.contains("\"id\":\"plain\"") })
        for key in ["feedURL", "albumID", "isDownloaded", "leftFeed"] { #expect(!plainLine.contains(key)) }
        #expect(lines.contains { $0.contains("\"isDownloaded\":false") })
        #expect(lines.contains { $0.contains("\"leftFeed\":true") })
    }

    @Test func keepsThePreviousFileAsBackup() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: [samplePhoto("1")]))
        try store.save(PhotoLibrary(photos: [samplePhoto("1"), samplePhoto("2")]))
        #expect(try LibraryStore(path: store.backupPath).load().photos.count == 1)
        #expect(try store.load().photos.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // The snapshot, its backup and the (fresh) edit journal beside them; no temporary file left.
        #expect(files == ["library.journal.jsonl", "library.json", "library.json.bak"])
    }

    @Test func corruptFileIsReportedAndLeftUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.write(Data("{\"schemaVersion\":1,\"photos\":[{\"id\":".utf8), to: "library.json")
        let store = LibraryStore(path: path)
        #expect(throws: LibraryStoreError.self) { try store.load() }
        do {
            _ = try store.load()
        } catch {
            #expect(error.description.contains(path))
            #expect(error.description.contains("left untouched"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("{\"schemaVersion\":1,\"photos\":[{\"id\":".utf8))
    }

    @Test func notALibraryAndEmptyFileAreUnreadable() {
        let folder = TemporaryFolder()
        for (name, text) in [("a.json", "[1,2,3]"), ("b.json", ""), ("c.json", "{\"photos\":[]}")] {
            let store = LibraryStore(path: folder.write(Data(text.utf8), to: name))
            #expect(throws: LibraryStoreError.self) { try store.load() }
        }
    }

    @Test func aLibraryPathThatCannotBeReadIsNotAnEmptyLibrary() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/library.json", withIntermediateDirectories: true)
        #expect(throws: LibraryStoreError.self) { try LibraryStore(path: folder.path + "/library.json").load() }
    }

    @Test func newerSchemaIsRefused() {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.write(Data("{\"schemaVersion\":99,\"photos\":[]}".utf8), to: "l.json"))
        #expect(throws: LibraryStoreError.unsupportedVersion(path: store.path, found: 99, supported: LibraryStore.schemaVersion)) {
            try store.load()
        }
    }

    @Test func secondWriterIsRefusedWhileTheFirstHoldsTheLock() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/library.json"
        let first = try LibraryLock(libraryPath: path)
        #expect(throws: LibraryStoreError.self) { _ = try LibraryLock(libraryPath: path, timeout: 0.2) }
        withExtendedLifetime(first) {}
    }

    @Test func lockIsFreeAgainAfterRelease() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/library.json"
        do { _ = try LibraryLock(libraryPath: path) }
        _ = try LibraryLock(libraryPath: path, timeout: 0.2)
    }
}
