import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The browser's state after its own saves (point 3 of issue 18: the saver answers "saved
/// through n", the state is kept) and after other writers' (the follower passes their lines,
/// skipping the browser's own): always what a fresh load from disk gives.
@Suite struct SaverAndFollowerTests {
    /// Collects what workers post, for the test to hand to the state in order.
    final class Posted: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [Msg] = []
        func post(_ msg: Msg) { lock.withLock { messages.append(msg) } }
        func take() -> [Msg] { lock.withLock { defer { messages = [] }; return messages } }
    }

    struct Browser {
        var state: AppState
        let store: LibraryStore
        let posted = Posted()
        let saver: EditSaver
        let follower: JournalFollower

        init(_ folder: TemporaryFolder) throws {
            store = LibraryStore(path: folder.path + "/library.json")
            try store.save(TestLibrary.standard())
            let loaded = try store.loadWithNotes()
            state = TestLibrary.state(loaded.library)
            state.openGroup(at: TestLibrary.gardenIndex)
            let posted = self.posted
            saver = EditSaver(store: store) { result, sequence in posted.post(.editsSaved(result, through: sequence)) }
            follower = JournalFollower(store: store, saver: saver, position: loaded.position) { posted.post($0) }
        }

        /// Saves what `effects` ask to save, as the run loop would.
        func perform(_ effects: [Effect]) {
            for case let .saveEdits(edit, sequence) in effects { saver.save(edit, sequence: sequence) }
        }

        /// Waits for the saves, looks at the journal once, and hands everything posted to the
        /// state (reading the library again when it asks to), as the run loop would.
        mutating func settle() {
            #expect(saver.waitUntilSaved() == 0)
            follower.check()
            var messages = posted.take()
            while !messages.isEmpty {
                for msg in messages where state.send(msg).contains(.catchUpWithDisk) {
                    follower.reloadNow(byAnotherWriter: true)
                }
                messages = posted.take()
            }
        }
    }

    /// The edits, places, dates, descriptions and undo/redo history must match photo for photo.
    func expectSameAsDisk(_ state: AppState, _ store: LibraryStore) throws {
        let disk = try store.load()
        #expect(state.library.photos.count == disk.photos.count)
        for photo in disk.photos {
            let shown = try #require(state.library.photo(id: photo.id))
            #expect(shown.edits == photo.edits, "photo \(photo.id)")
            #expect(shown.isFavourite == photo.isFavourite && shown.takenAt == photo.takenAt
                && shown.gps == photo.gps && shown.description == photo.description, "photo \(photo.id)")
        }
        #expect(state.library.history == disk.history)
    }

    @Test func afterItsOwnSavesTheBrowsersLibraryIsTheOneOnDisk() throws {
        let folder = TemporaryFolder()
        var browser = try Browser(folder)
        let ids = try #require(browser.state.currentGroup).photoIDs
        let planner = { EditPlanner(library: browser.state.library) }
        browser.perform(browser.state.press(.char("f")))
        browser.perform(browser.state.perform(planner().setDate([ids[1]], to: try DateInput(parsing: "2020-02-03 04:05"))))
        browser.perform(browser.state.perform(planner().setLocation([ids[2]], to: GPSPosition(latitude: 38.72, longitude: -9.14),
                                                                     name: "Lisbon, PT")))
        browser.perform(browser.state.perform(planner().setDescription([ids[3]], to: "Alfama")))
        browser.perform(browser.state.press(.char("u"), .char("u"), .char("U")))
        let shown = browser.state.library
        browser.settle()
        #expect(browser.state.unsaved.isEmpty)
        #expect(browser.state.library == shown, "the state is kept, not replaced by a copy from disk")
        try expectSameAsDisk(browser.state, browser.store)
        #expect(browser.state.library.history.undo.count == 3 && browser.state.library.history.redo.count == 1)
    }

    @Test func anotherWritersEditReachesTheBrowserOnceAndItsOwnAreNotDoneTwice() throws {
        let folder = TemporaryFolder()
        var browser = try Browser(folder)
        let ids = try #require(browser.state.currentGroup).photoIDs
        // The browser marks a favourite while a CLI `edit` describes another photo.
        browser.perform(browser.state.press(.char("f")))
        let cli = LibraryStore(path: browser.store.path)
        try cli.append([.apply(EditPlanner(library: try browser.store.load()).setDescription([ids[5]], to: "From the CLI"))], lockTimeout: 10)
        browser.settle()
        #expect(browser.state.library.photo(id: ids[5])?.description == "From the CLI")
        try expectSameAsDisk(browser.state, browser.store)
        // With nothing pending, a CLI edit arrives as the edit itself, and undoing on the
        // browser undoes it (the newest step on disk too).
        try cli.append([.apply(EditPlanner(library: try browser.store.load()).setDescription([ids[6]], to: "Later"))], lockTimeout: 10)
        browser.settle()
        #expect(browser.state.library.photo(id: ids[6])?.description == "Later")
        #expect(browser.state.status?.contains("another photory-tui") == true)
        browser.perform(browser.state.press(.char("u")))
        browser.settle()
        #expect(browser.state.library.photo(id: ids[6])?.description != "Later")
        try expectSameAsDisk(browser.state, browser.store)
        // A compaction in another process: the browser reads the library again, its pending edit kept.
        browser.perform(browser.state.press(.right, .char("f")))
        try LibraryStore(path: browser.store.path).compact(lockTimeout: 1, repair: false)
        browser.settle()
        try expectSameAsDisk(browser.state, browser.store)
        #expect(browser.state.library.photo(id: ids[1])?.isFavourite == true)
    }

    @Test func anotherWritersLineUnderTheBrowsersOwnIsReadAgainInTheDisksOrder() throws {
        let folder = TemporaryFolder()
        var browser = try Browser(folder)
        let ids = try #require(browser.state.currentGroup).photoIDs
        // The CLI's line lands first (seq 1), then the browser's favourite (seq 2), before the
        // follower looks: the screen did the favourite first, the disk the description.
        let cli = LibraryStore(path: browser.store.path)
        let described = EditPlanner(library: try browser.store.load()).setDescription([ids[4]], to: "First")
        try cli.append([.apply(described)], lockTimeout: 10)
        browser.perform(browser.state.press(.char("f")))
        browser.settle()
        #expect(browser.state.library.history.undo.map(\.id).suffix(2).first == described.id)
        try expectSameAsDisk(browser.state, browser.store)
        #expect(browser.state.library.photo(id: ids[0])?.isFavourite == true)
    }
    /// The lock of another writer, let go of from another thread.
    final class HeldLock: @unchecked Sendable {
        private let lock = NSLock()
        private var held: LibraryLock?
        init(_ path: String) throws { held = try LibraryLock(libraryPath: path, timeout: 0) }
        func release() { lock.withLock { held = nil } }
    }

    /// Quitting while another writer holds the lock longer than one try: the saver keeps trying
    /// until its wait is over, so the favourite pressed just before quitting is saved, not dropped
    /// after the first failed try.
    @Test func quittingKeepsTryingWhileAnotherWriterHoldsTheLock() throws {
        let folder = TemporaryFolder()
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(TestLibrary.standard())
        let photo = try #require(try store.load().photos.first)
        let other = try HeldLock(store.path)
        let failures = DispatchSemaphore(value: 0)
        let saver = EditSaver(store: store) { result, _ in
            if case .failure = result { failures.signal() }
        }
        // The other writer lets go once the saver has failed twice (two 2 s lock waits).
        DispatchQueue.global().async {
            _ = failures.wait(timeout: .now() + 30)
            _ = failures.wait(timeout: .now() + 30)
            other.release()
        }
        saver.save(.apply(EditPlanner(library: try store.load()).toggleFavourite([photo.id])), sequence: 1)
        #expect(saver.finish(timeout: 30) == 0, "no edit left unsaved on quit")
        other.release()
        #expect(try store.load().photo(id: photo.id)?.isFavourite == !photo.isFavourite)
    }
}
