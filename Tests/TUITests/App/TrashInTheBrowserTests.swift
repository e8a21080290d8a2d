import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// `Delete` in the browser for real: the files (with their sidecars) go to a freedesktop trash
/// in a temporary XDG_DATA_HOME through the library's `LibraryTrash`, the photos leave the
/// library, and `u` brings them back byte for byte with their edits. Nothing moves before `y`.
@Suite struct TrashInTheBrowserTests {
    final class Setup {
        let folder = TemporaryFolder("photory-tui-trash")
        let store: LibraryStore
        let saver: EditSaver
        var environment: [String: String] { ["XDG_DATA_HOME": folder.path + "/data", "HOME": folder.path] }

        /// Three JPEGs (the first with a sidecar); with `rawPair`, a RAW+JPEG stack beside them too.
        init(rawPair: Bool = false) throws {
            store = LibraryStore(path: folder.path + "/library.json")
            for i in 1...3 { _ = folder.write(JPEGFixture.encode(width: 16 + i, height: 12), to: "photos/p\(i).jpg") }
            if rawPair {
                var raw = RawFixture.Options()
                raw.dateTimeOriginal = "2023:08:09 10:11:12"
                _ = folder.write(RawFixture.dng(raw), to: "photos/IMG_0001.DNG")
                _ = folder.write(MetadataFixture.jpeg(width: 48, height: 32, exif: .init(dateTimeOriginal: raw.dateTimeOriginal)),
                                 to: "photos/IMG_0001.JPG")
            }
            _ = folder.write(Data("<x:xmpmeta/>".utf8), to: "photos/p1.jpg.xmp")
            _ = try Importer(workers: 1).run([folder.path + "/photos"], store: store)
            saver = EditSaver(store: store) { _, _ in }
        }

        /// Does what the browser's run loop does with the effect.
        func perform(_ effects: [Effect], on state: inout AppState) {
            for case let .changeTrash(work, ids) in effects {
                state.send(.trashChanged(BrowserApp.changeTrash(work, ids, store: store, saver: saver, trashDays: 30,
                                                                environment: environment)))
            }
            for case let .saveEdits(edit, sequence) in effects { saver.save(edit, sequence: sequence) }
        }
    }

    @Test func deleteMovesFilesAndSidecarsToTheTrashAndUndoRestoresThemByteForByteWithTheirEdits() throws {
        let setup = try Setup()
        var state = TestLibrary.state(try setup.store.load())
        state.openGroup(at: 0)
        let id = try #require(state.selectedPhotoID)
        let path = try #require(state.library.photo(id: id)?.path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        setup.perform(state.press(.char("4"), .char("T")), on: &state)
        state.type("Places/Italy")
        setup.perform(state.press(.enter, .escape), on: &state)

        setup.perform(state.press(.delete), on: &state)
        #expect(FileManager.default.fileExists(atPath: path), "nothing moves before y")
        setup.perform(state.press(.char("y")), on: &state)
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".xmp"))
        let trashed = setup.folder.path + "/data/Trash/files/" + (path as NSString).lastPathComponent
        #expect(try Data(contentsOf: URL(fileURLWithPath: trashed)) == bytes)
        #expect(FileManager.default.fileExists(atPath: setup.folder.path + "/data/Trash/info/p1.jpg.xmp.trashinfo"))
        #expect(state.library.photo(id: id) == nil && state.currentGroup?.count == 2)
        #expect(state.status?.hasPrefix("Moved 1 photo (") == true)
        #expect(try setup.store.load().photo(id: id) == nil)

        // The move is one step of the undo history: an edit made since is undone first.
        let other = try #require(state.selectedPhotoID)
        setup.perform(state.press(.char("2")), on: &state)
        #expect(state.library.photo(id: other)?.rating == 2)
        setup.perform(state.press(.char("u")), on: &state)
        #expect(state.library.photo(id: other)?.rating == 0 && state.library.photo(id: id) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))

        setup.perform(state.press(.char("u")), on: &state)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(FileManager.default.fileExists(atPath: path + ".xmp"))
        #expect(state.status == "Restored 1 photo from the trash, with their edits")
        let back = try #require(state.library.photo(id: id))
        #expect(back.rating == 4 && back.tags == ["Places/Italy"])
        #expect(try setup.store.load().photo(id: id)?.rating == 4)
        #expect(state.library.trash.isEmpty && state.library.history.redo.last?.isTrash == true)

        // Redo moves it again; undo brings it back again; then the rating redoes no more (a new
        // step would have dropped it, but here the trash step was redone and undone in order).
        setup.perform(state.press(.char("U")), on: &state)
        #expect(!FileManager.default.fileExists(atPath: path) && state.library.photo(id: id) == nil)
        #expect(state.status == "Moved 1 photo to the trash again; u brings them back")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trashed)) == bytes)
        setup.perform(state.press(.char("u")), on: &state)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try setup.store.load().photo(id: id)?.tags == ["Places/Italy"])
        // The history on disk says the same: a restart undoes and redoes alike.
        #expect(try setup.store.load().history == state.library.history)
    }

    @Test func theTrashFolderRestoresAndDeletesForGood() throws {
        let setup = try Setup()
        var state = TestLibrary.state(try setup.store.load())
        state.openGroup(at: 0)
        state.press(.char(" "), .char(" "))
        setup.perform(state.press(.delete, .char("y")), on: &state)
        #expect(state.library.trash.count == 2)
        state.press(.escape, .escape)
        let home = AppView.render(state).text()
        #expect(home.contains("Trash") && home.contains("2 photos · kept 30 days"))
        state.openTrash()
        #expect(AppView.render(state).text().contains("30 days"))
        setup.perform(state.press(.char("r")), on: &state)   // the newest first: both went at once
        #expect(state.library.trash.count == 1 && state.library.photos.count == 2)
        let left = try #require(state.library.trash.first)
        setup.perform(state.press(.delete, .char("y")), on: &state)
        #expect(state.library.trash.isEmpty && state.library.photos.count == 2)
        #expect(!FileManager.default.fileExists(atPath: left.files[0].filePath))
        #expect(!FileManager.default.fileExists(atPath: left.photo.path))
    }
}

extension TrashInTheBrowserTests {
    /// No trash can be made (the home trash's place is taken by a file; for root as for anyone):
    /// the browser says why and asks a second time; only `y` then deletes, file and sidecar.
    @Test func whereNoTrashCanBeMadeItAsksASecondTimeBeforeDeletingForGood() throws {
        let setup = try Setup()
        _ = setup.folder.write(Data("not a folder".utf8), to: "data/Trash")
        var state = TestLibrary.state(try setup.store.load())
        state.openGroup(at: 0)
        let id = try #require(state.selectedPhotoID)
        let path = try #require(state.library.photo(id: id)?.path)
        setup.perform(state.press(.delete, .char("y")), on: &state)
        let asked = AppView.render(state).text()
        #expect(asked.contains("no trash can hold it") && asked.contains("for good instead? y/n"), "\(asked)")
        #expect(FileManager.default.fileExists(atPath: path) && state.library.photo(id: id) != nil)
        setup.perform(state.press(.char("n")), on: &state)
        #expect(FileManager.default.fileExists(atPath: path), "n deletes nothing")

        setup.perform(state.press(.delete, .char("y")), on: &state)
        setup.perform(state.press(.char("y")), on: &state)
        #expect(!FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: path + ".xmp"))
        #expect(state.library.photo(id: id) == nil && state.status == "Deleted 1 photo for good")
        #expect(try setup.store.load().photo(id: id) == nil)
    }
}

extension TrashInTheBrowserTests {
    /// A RAW+JPEG stack is one photo to the user: the question, the status lines of the move,
    /// of undo and redo, the Trash's tile and its list count it once and say its files (issue 21).
    @Test func trashLinesCountAStackOnceAndSayItsFiles() throws {
        let setup = try Setup(rawPair: true)
        var state = TestLibrary.state(try setup.store.load())
        #expect(state.library.photos.count == 5 && state.library.stacks.count == 1)
        state.openGroup(at: 0)
        state.press(.char("A"))   // four tiles, five files
        let asking = state.press(.delete)
        #expect(asking.isEmpty)
        let question = AppView.render(state).text()
        #expect(question.contains("Move 4 photos (5 files, "), "\(question)")
        let moving = state.press(.char("y"))
        #expect(state.status == "Moving 4 photos (5 files) to the trash…")
        setup.perform(moving, on: &state)
        #expect(state.library.photos.isEmpty && state.library.trash.count == 5)
        #expect(state.status?.hasPrefix("Moved 4 photos (5 files, ") == true, "\(state.status ?? "")")
        #expect(state.status?.hasSuffix(") to the trash; u brings them back") == true, "\(state.status ?? "")")

        for _ in 0..<3 where state.screen != .home { state.press(.escape) }   // the emptied group may be gone already
        let home = AppView.render(state).text()
        #expect(home.contains("4 photos · kept 30 days") && home.contains("(5 files)"), "\(home)")
        state.openTrash()
        #expect(AppView.render(state).text().contains("Trash — 4 photos (5 files), kept 30 days"))
        state.press(.escape)

        let undoing = state.press(.char("u"))
        #expect(state.status == "Restoring 4 photos (5 files) from the trash…")
        setup.perform(undoing, on: &state)
        #expect(state.status == "Restored 4 photos (5 files) from the trash, with their edits")
        #expect(state.library.photos.count == 5 && state.library.stacks.count == 1)
        setup.perform(state.press(.char("U")), on: &state)
        #expect(state.status == "Moved 4 photos (5 files) to the trash again; u brings them back")
    }
}

extension AppState {
    /// Selects the Trash smart folder on the home grid and opens it, as a user would.
    mutating func openTrash() {
        guard let index = homeFolders.firstIndex(where: { $0.id == SmartFolder.trash.id }) else { return }
        homeCursor.selected = index
        press(.enter)
    }
}
