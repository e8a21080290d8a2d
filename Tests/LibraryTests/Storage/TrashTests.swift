import Foundation
import Testing
import Fixtures
@testable import Library

/// The freedesktop.org Trash as the specification says it, and the library in step with it.
@Suite struct TrashTests {
    private struct Setup {
        let folder = TemporaryFolder("photory-trash")
        let store: LibraryStore
        var environment: [String: String] { ["XDG_DATA_HOME": folder.path + "/data", "HOME": folder.path] }
        var trashFolder: String { folder.path + "/data/Trash" }

        init(_ names: [String]) throws {
            store = LibraryStore(path: folder.path + "/library.json")
            for (index, name) in names.enumerated() {
                _ = folder.write(JPEGFixture.encode(width: 16 + index, height: 12), to: name)
            }
            _ = try Importer(workers: 1).run([folder.path + "/photos"], store: store)
        }

        func id(_ name: String) throws -> String { try #require(try store.load().photo(path: folder.file(name))).id }
    }

    @Test func sameNamesAreMadeUniqueAndPathsEscaped() throws {
        let setup = try Setup(["photos/a/IMG 1%.jpg", "photos/b/IMG 1%.jpg"])
        let trash = LibraryTrash(store: setup.store, environment: setup.environment)
        let ids = [try setup.id("photos/a/IMG 1%.jpg"), try setup.id("photos/b/IMG 1%.jpg")]
        let (library, outcomes) = try trash.trash(ids)
        #expect(outcomes.allSatisfy { $0.problem == nil })
        #expect(library.photos.isEmpty && library.trash.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.trashFolder + "/files").sorted()
        #expect(files == ["IMG 1%.2.jpg", "IMG 1%.jpg"])
        let info = try String(contentsOfFile: setup.trashFolder + "/info/IMG 1%.2.jpg.trashinfo", encoding: .utf8)
        let lines = info.split(separator: "\n")
        #expect(lines.count == 3 && lines[0] == "[Trash Info]")
        #expect(lines[1] == "Path=" + setup.folder.file("photos/b/IMG%201%25.jpg"))
        #expect(lines[2].hasPrefix("DeletionDate=") && lines[2].count == "DeletionDate=2026-11-27T10:46:36".count)
        // The journal replays it: a fresh read holds the same.
        #expect(try setup.store.load().trash == library.trash)
    }

    @Test func restoreGivesTheRecordBackAndEmptyOnlyTouchesWhatPhotoryTrashed() throws {
        let setup = try Setup(["photos/a.jpg", "photos/b.jpg"])
        let a = try setup.id("photos/a.jpg"), b = try setup.id("photos/b.jpg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: setup.folder.file("photos/a.jpg")))
        try setup.store.append([.apply(EditPlanner(library: try setup.store.load()).setRating([a], 5))], lockTimeout: 10)
        let trash = LibraryTrash(store: setup.store, environment: setup.environment)
        let old = Date(timeIntervalSinceNow: -40 * 86_400)
        _ = try trash.trash([a])
        _ = try trash.trash([b], now: old)
        // Another program's file in the same trash is never touched.
        _ = FileManager.default.createFile(atPath: setup.trashFolder + "/files/theirs.txt", contents: Data("x".utf8))
        let (afterEmpty, erased) = try trash.empty(before: Date().timeIntervalSince1970 - 30 * 86_400)
        #expect(erased.map(\.photo.id) == [b] && afterEmpty.trash.map(\.photo.id) == [a])
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.trashFolder + "/files").sorted() == ["a.jpg", "theirs.txt"])

        let (library, outcomes) = try trash.restore([setup.folder.file("photos/a.jpg")])
        #expect(outcomes.first?.problem == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: setup.folder.file("photos/a.jpg"))) == bytes)
        #expect(library.photo(id: a)?.rating == 5 && library.trash.isEmpty)
        #expect(try setup.store.load() == library)
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm"), "no /dev/shm"))
    func aFileOnAnotherFilesystemGoesToItsTopdirTrash() throws {
        var here = stat(), shm = stat()
        guard stat(NSTemporaryDirectory(), &here) == 0, stat("/dev/shm", &shm) == 0, here.st_dev != shm.st_dev else { return }
        let folder = "/dev/shm/photory-trash-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/x.jpg"
        FileManager.default.createFile(atPath: file, contents: Data("photo".utf8))
        let home = TemporaryFolder("photory-home")
        let trash = try FreedesktopTrash.forFile(file, environment: ["XDG_DATA_HOME": home.path])
        #expect(trash.folder == "/dev/shm/.Trash-\(getuid())" && trash.topdir == "/dev/shm")
        let entry = try trash.move(file)
        defer { FreedesktopTrash.erase(entry) }
        let info = try String(contentsOfFile: entry.infoPath, encoding: .utf8)
        #expect(info.contains("\nPath=" + String(folder.dropFirst("/dev/shm/".count)) + "/x.jpg\n"), "relative to the topdir")
        try FreedesktopTrash.restore(entry)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "photo")
    }
}
