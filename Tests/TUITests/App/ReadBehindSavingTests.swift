import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// Edits made while the library is read behind the first frame (issue 26) are saved at once,
/// not after every row is read, and are on screen once the whole library takes over: what a
/// fresh load from disk gives, each edit once.
@Suite struct ReadBehindSavingTests {
    /// A library file whose whole read is held (after reading, before answering) until the test
    /// lets it go: a read of a million rows, with a save coming in the middle.
    final class HeldReadStore: LibraryStoring, @unchecked Sendable {
        let file: LibraryStore
        let reading = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        /// Whole reads that fail (a server stopped) before one is held as above.
        let failures: Locked<Int>

        init(_ file: LibraryStore, failing: Int = 0) {
            self.file = file
            failures = Locked(failing)
        }

        var location: String { file.location }

        func loadWithNotes() throws(LibraryStoreError) -> LoadedLibrary {
            let failing = failures.withLock { failures in
                defer { failures = max(0, failures - 1) }
                return failures > 0
            }
            if failing { throw .server(location: location, reason: "server closed the connection unexpectedly") }
            let loaded = try file.loadWithNotes()
            reading.signal()
            letGo.wait()
            return loaded
        }

        func append(lockTimeout: Double, to copy: inout LibraryCopy?,
                    _ edits: (PhotoLibrary) -> [LibraryEdit]) throws(LibraryStoreError) -> SavedEdits {
            try file.append(lockTimeout: lockTimeout, to: &copy, edits)
        }

        func appendPhotos(_ imported: ImportedPhotos, lockTimeout: Double,
                          after position: inout JournalPosition?) throws(LibraryStoreError) -> [String] {
            try file.appendPhotos(imported, lockTimeout: lockTimeout, after: &position)
        }

        func update(lockTimeout: Double,
                    _ change: (inout PhotoLibrary) throws(LibraryStoreError) -> Bool) throws(LibraryStoreError) -> PhotoLibrary {
            try file.update(lockTimeout: lockTimeout, change)
        }

        func compact(lockTimeout: Double, repair: Bool) throws(LibraryStoreError) -> Compaction {
            try file.compact(lockTimeout: lockTimeout, repair: repair)
        }

        func news(since position: JournalPosition) throws(LibraryStoreError) -> JournalNews {
            try file.news(since: position)
        }
    }

    /// The standard library in a file behind a `HeldReadStore`, with the saver and the follower
    /// a browser has on it (the follower started: the caller stops it).
    struct Workers {
        let folder = TemporaryFolder()
        let file: LibraryStore
        let store: HeldReadStore
        let posted = SaverAndFollowerTests.Posted()
        let saver: EditSaver
        let follower: JournalFollower

        init(failing: Int = 0) throws {
            file = LibraryStore(path: folder.path + "/library.json")
            try file.save(TestLibrary.standard())
            store = HeldReadStore(file, failing: failing)
            let posted = self.posted
            saver = EditSaver(store: store) { result, sequence in posted.post(.editsSaved(result, through: sequence)) }
            follower = JournalFollower(store: store, saver: saver, position: nil) { posted.post($0) }
            follower.start()
        }
    }

    @Test func anEditMadeWhileTheLibraryIsReadIsSavedAtOnceAndKeptOnceItIsIn() throws {
        let workers = try Workers()
        defer { workers.follower.stop() }
        let (file, store, posted, saver, follower) = (workers.file, workers.store, workers.posted, workers.saver, workers.follower)
        let whole = TestLibrary.standard()

        // The browser on the aggregate, Garden's first screen read.
        var state = ReadBehindTests.reading()
        let garden = whole.groups[1]
        state.press(.right)
        for case let .readPaged(read) in state.press(.enter) {
            state.send(.pagedRead(read, .success(Library.FolderPage(photos: ReadBehindTests.photos(garden.photoIDs), next: nil))))
        }
        let photoID = try #require(state.selectedPhotoID)

        follower.readBehind()
        #expect(store.reading.wait(timeout: .now() + 30) == .success, "the whole library is being read")
        for case let .saveEdits(edit, sequence) in state.press(.char("f")) { saver.save(edit, sequence: sequence) }
        #expect(saver.waitUntilSaved(timeout: 10) == 0, "saved while the read goes on")
        store.letGo.signal()

        // The library read (from before the save) takes over; then the follower passes the
        // save's own line without doing it again.
        #expect(Poll.until(timeout: 30) {
            for message in posted.take() { state.send(message) }
            return state.readingBehind == nil
        }, "the whole library came")
        follower.check()
        for message in posted.take() { state.send(message) }
        let disk = try file.load()
        #expect(disk.photo(id: photoID)?.isFavourite == true)
        #expect(state.library.photo(id: photoID)?.isFavourite == true)
        #expect(state.library.history == disk.history, "the favourite once")
        #expect(state.screen == .group(id: garden.id) && state.selectedPhotoID == photoID)
    }

    /// The server stopped while the library was read: said on the status line, tried again
    /// until it answers, and then the library comes without a key.
    @Test func aReadThatFailsIsSaidAndTriedAgainUntilTheLibraryAnswers() throws {
        let workers = try Workers(failing: 2)
        defer { workers.follower.stop() }
        let (store, posted, follower) = (workers.store, workers.posted, workers.follower)
        var state = ReadBehindTests.reading()
        follower.readBehind(retryDelay: 0.05)
        #expect(store.reading.wait(timeout: .now() + 30) == .success, "read again after two failures")
        for message in posted.take() { state.send(message) }
        #expect(state.libraryTrouble?.contains("Could not read the library, trying again") == true)
        #expect(state.libraryTrouble?.contains("server closed the connection unexpectedly") == true)
        #expect(state.readingBehind != nil)
        store.letGo.signal()
        #expect(Poll.until(timeout: 30) {
            for message in posted.take() { state.send(message) }
            return state.readingBehind == nil
        }, "the library came")
        #expect(state.libraryTrouble == nil, "said no more once it answers")
        #expect(state.library.photos.count == TestLibrary.standard().photos.count)
    }
}
