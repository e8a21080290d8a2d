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

    /// A fresh home has no ~/.local/share: the trash makes it (0700), not "no trash".
    @Test func aFreshHomeGetsItsTrashFolders() throws {
        let setup = try Setup(["photos/a.jpg"])
        let environment = ["HOME": setup.folder.path + "/fresh-home"]
        try FileManager.default.createDirectory(atPath: setup.folder.path + "/fresh-home", withIntermediateDirectories: true)
        let (library, outcomes) = try LibraryTrash(store: setup.store, environment: environment).trash([try setup.id("photos/a.jpg")])
        #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes)")
        #expect(library.trash.count == 1)
        #expect(FileManager.default.fileExists(atPath: setup.folder.path + "/fresh-home/.local/share/Trash/files/a.jpg"))
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

    @Test func aMoveToTheTrashIsOneStepOfTheUndoHistoryAndSurvivesARestart() throws {
        let setup = try Setup(["photos/a.jpg", "photos/b.jpg"])
        let a = try setup.id("photos/a.jpg"), b = try setup.id("photos/b.jpg")
        let path = setup.folder.file("photos/a.jpg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let trash = LibraryTrash(store: setup.store, environment: setup.environment)
        var library = try trash.trash([a]).library
        let step = try #require(library.history.undo.last)
        #expect(step.isTrash && step.trashedIDs == [a] && step.label == "move 1 photo to the trash")
        #expect(library.homeFolders.contains { $0.id == SmartFolder.trash.id && $0.photoIDs == [a] }, "the Trash smart folder")
        try setup.store.append([.apply(EditPlanner(library: library).setRating([b], 3))], lockTimeout: 10)
        library = try setup.store.append([.undoLatest], lockTimeout: 10).library
        #expect(library.photo(id: b)?.rating == 0 && library.history.undo.last == step)
        // The library alone never undoes a move: its files must move too.
        var copy = library
        #expect(copy.undo() == nil && copy == library)

        library = try trash.restore(step.trashedIDs, undoing: step.id).library
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(library.photo(id: a) != nil && library.history.redo.map(\.id).suffix(1) == [step.id])
        #expect(!library.homeFolders.contains { $0.id == SmartFolder.trash.id }, "no Trash folder when nothing is trashed")
        library = try trash.trash([a], step: step.id).library
        #expect(!FileManager.default.fileExists(atPath: path) && library.history.undo.last?.id == step.id)
        #expect(library.history.redo.count == 1, "the rating can still be redone")
        // The journal replays the same history, and so does the snapshot it is compacted into.
        #expect(try setup.store.load() == library)
        try setup.store.save(library)
        #expect(try setup.store.load().history == library.history)
    }

    @Test func aRestoreOrEraseOutsideUndoTakesThePhotosOutOfTheirStep() throws {
        let setup = try Setup(["photos/a.jpg", "photos/b.jpg"])
        let a = try setup.id("photos/a.jpg"), b = try setup.id("photos/b.jpg")
        let trash = LibraryTrash(store: setup.store, environment: setup.environment)
        _ = try trash.trash([a, b])
        var library = try trash.restore([a]).library
        #expect(library.history.undo.last?.trashedIDs == [b])
        library = try trash.erase([b]).library
        #expect(!library.history.undo.contains { $0.isTrash } && library.trash.isEmpty)
        #expect(try setup.store.load() == library)
    }

    /// Where no trash can be made (here: the home trash's place is taken by a file, which fails
    /// even for root, unlike permissions), the outcome says so and why; deleting for good is the
    /// caller's second question.
    @Test func noTrashIsSaidAndPermanentDeletionDeletesFileAndSidecar() throws {
        let setup = try Setup(["photos/a.jpg"])
        let a = try setup.id("photos/a.jpg")
        let path = setup.folder.file("photos/a.jpg")
        _ = setup.folder.write(Data("<x:xmpmeta/>".utf8), to: "photos/a.jpg.xmp")
        _ = setup.folder.write(Data("not a folder".utf8), to: "data/Trash")
        let trash = LibraryTrash(store: setup.store, environment: setup.environment)
        let (kept, outcomes) = try trash.trash([a])
        #expect(outcomes.count == 1 && outcomes[0].noTrash, "\(outcomes)")
        #expect(outcomes[0].problem?.contains("no trash can hold it: \(setup.trashFolder) is not a folder") == true)
        #expect(kept.photo(id: a) != nil && FileManager.default.fileExists(atPath: path), "nothing happened")
        #expect(!kept.history.undo.contains { $0.isTrash })
        let (library, deleted) = try trash.deletePermanently([a])
        #expect(deleted.allSatisfy { $0.problem == nil } && library.photo(id: a) == nil && library.trash.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".xmp"))
    }
}
