import Fixtures
import Foundation
import Testing
@testable import Library

/// A writer's copy of the library (`LibraryCopy`, what the browser's saver and the CLI's `edit`
/// keep): an append with it reads only the journal's tail under the lock, and the library whole
/// only after another snapshot. With the journal's edge cases around it: a backup restored by
/// hand, a batch whose failed write stayed in the file, a reader meeting an append under way.
@Suite struct LibraryCopyTests {
    private func makeStore(_ folder: TemporaryFolder) throws -> LibraryStore {
        let store = LibraryStore(path: folder.path + "/library.json")
        try store.save(PhotoLibrary(photos: (0..<4).map { samplePhoto("p\($0)") }))
        return store
    }

    private func favourite(_ id: String, in library: PhotoLibrary) -> LibraryEdit {
        .apply(EditPlanner(library: library).setFavourite([id], true))
    }

    private func favourites(_ library: PhotoLibrary) -> [String] {
        library.photos.filter(\.isFavourite).map(\.id).sorted()
    }

    /// Runs `body` with the snapshot's bytes garbled in place (same file, size and mtime): a
    /// read of the snapshot during `body` would fail.
    func withSnapshotUnreadable(_ store: LibraryStore, _ body: () throws -> Void) throws {
        let original = try FileBytes.read(store.path)
        var info = stat()
        #expect(stat(store.path, &info) == 0)
        func put(_ bytes: [UInt8]) throws {
            let fd = open(store.path, O_WRONLY)
            #expect(fd >= 0)
            defer { close(fd) }
            #expect(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) } == bytes.count)
            var times = [info.st_atim, info.st_mtim]
            #expect(futimens(fd, &times) == 0)
        }
        let headerEnd = try #require(original.firstIndex(of: UInt8(ascii: "[")))
        try put(Array(original[...headerEnd]) + [UInt8](repeating: UInt8(ascii: "#"), count: original.count - headerEnd - 1))
        #expect(throws: LibraryStoreError.self) { try store.load() }
        try body()
        try put(original)
    }

    @Test func anAppendWithACopyReadsOnlyWhatOtherWritersAppended() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var copy = LibraryCopy(try store.loadWithNotes())
        let base = try #require(copy).library
        try store.append([favourite("p1", in: base)], lockTimeout: 1)   // another writer
        var saved: SavedEdits?
        try withSnapshotUnreadable(store) {
            saved = try store.append(lockTimeout: 1, to: &copy) { library in [favourite("p2", in: library)] }
        }
        #expect(saved?.sequence == 2)
        #expect(favourites(try #require(copy).library) == ["p1", "p2"])
        #expect(try #require(copy).library == (try store.load()))
        // Nothing changed since: the next append reads nothing of the snapshot either.
        try withSnapshotUnreadable(store) {
            try store.append(lockTimeout: 1, to: &copy) { library in [favourite("p3", in: library)] }
        }
        #expect(favourites(try store.load()) == ["p1", "p2", "p3"])
    }

    /// A command plans its edits before taking the lock; only when another writer came between
    /// are they planned again, under the lock, on the library as it is then.
    @Test func editsArePlannedAgainUnderTheLockOnlyWhenAnotherWriterCameBetween() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var copy = LibraryCopy(try store.loadWithNotes())
        var calls = 0
        try store.append(lockTimeout: 1, to: &copy) { library in
            calls += 1
            return [favourite("p0", in: library)]
        }
        #expect(calls == 1)
        calls = 0
        var seen: [[String]] = []
        try store.append(lockTimeout: 1, to: &copy) { library in
            calls += 1
            seen.append(favourites(library))
            if calls == 1 { _ = try? store.append([favourite("p1", in: library)], lockTimeout: 1) }   // between
            return [favourite("p2", in: library)]
        }
        #expect(calls == 2)
        #expect(seen == [["p0"], ["p0", "p1"]])
        #expect(favourites(try store.load()) == ["p0", "p1", "p2"])
        #expect(try #require(copy).library == (try store.load()))
    }

    @Test func aCompactionElsewhereMakesTheCopyReadTheLibraryAgain() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        var copy = LibraryCopy(try store.loadWithNotes())
        try store.append([favourite("p0", in: try store.load())], lockTimeout: 1)
        try store.compact(lockTimeout: 1, repair: false)
        try store.append([favourite("p1", in: try store.load())], lockTimeout: 1)
        try store.append(lockTimeout: 1, to: &copy) { library in [favourite("p2", in: library)] }
        #expect(favourites(try #require(copy).library) == ["p0", "p1", "p2"])
        #expect(try #require(copy).library == (try store.load()))
        #expect(try store.load().history.undo.count == 3)
    }

    /// `cp library.json.bak library.json` puts back a snapshot older than the journal beside
    /// it: the next append starts a fresh journal, and keeps the newer one as `.stale`.
    @Test func restoringTheBackupByHandKeepsTheNewerJournalBeside() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.compact(lockTimeout: 1, repair: false)   // the backup is the first snapshot now
        let lost = favourite("p0", in: try store.load())
        try store.append([lost], lockTimeout: 1)
        try FileManager.default.removeItem(atPath: store.path)
        try FileManager.default.copyItem(atPath: store.backupPath, toPath: store.path)
        let saved = try store.append([favourite("p1", in: try store.load())], lockTimeout: 1)
        let kept = store.journal.staleCopyPath
        #expect(PathBytes.exists(kept))
        let keptText = try String(contentsOfFile: kept, encoding: .utf8)
        guard case let .apply(step) = lost else { return }
        #expect(keptText.contains(step.id), "the newer journal's edit is kept")
        #expect(saved.notes.contains { $0.contains(kept) && $0.contains("restored from its backup") })
        #expect(favourites(try store.load()) == ["p1"])
    }

    /// A compaction killed between its new snapshot and its fresh journal leaves the old journal,
    /// whose edits the snapshot holds: it is replaced without a `.stale` copy.
    @Test func theJournalACompactionFoldedInIsNotKept() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([favourite("p0", in: try store.load())], lockTimeout: 1)
        try store.writeSnapshot(try store.load(), generation: LibraryStore.newGeneration())   // killed here
        try store.append([favourite("p1", in: try store.load())], lockTimeout: 1)
        #expect(!PathBytes.exists(store.journal.staleCopyPath))
        #expect(favourites(try store.load()) == ["p0", "p1"])
    }

    /// A write whose fsync failed and whose truncate failed too may leave the line in the file;
    /// the saver tries the batch again: it is not stored twice, and the line is said to be it.
    @Test func aBatchAlreadyInTheJournalIsNotStoredAgain() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        for useCopy in [true, false] {
            let loaded = try store.loadWithNotes()
            var copy = useCopy ? LibraryCopy(loaded) : nil
            let edit = favourite(useCopy ? "p0" : "p1", in: loaded.library)
            let sequence = (loaded.position?.sequence ?? 0) + 1
            try store.journal.appendWithoutChecks([edit], seq: sequence)   // the failed write's line
            let saved = try store.append(lockTimeout: 1, to: &copy) { _ in [edit] }
            #expect(saved.sequence == sequence)
            let lines = try String(contentsOfFile: store.journal.path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1 + sequence, "the header and one line per batch")
        }
        #expect(try store.load().history.undo.count == 2)
    }

    /// A reader without the lock that meets the last line half written while a writer holds the
    /// lock (an append under way) waits for it rather than calling it torn.
    @Test func aReaderDoesNotCallALineTornWhileAWriterIsAppendingIt() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(folder)
        try store.append([favourite("p0", in: try store.load())], lockTimeout: 1)
        let before = try FileBytes.read(store.journal.path)
        try store.append([favourite("p1", in: try store.load())], lockTimeout: 1)
        let whole = try FileBytes.read(store.journal.path)
        var writer: LibraryLock? = try LibraryLock(libraryPath: store.path, timeout: 1)
        #expect(truncate(store.journal.path, off_t(before.count + 10)) == 0)   // the append under way

        let done = DispatchSemaphore(value: 0)
        let result = Box<Result<LoadedLibrary, LibraryStoreError>>()
        Thread {
            result.value = Result { () throws(LibraryStoreError) in try store.loadWithNotes() }
            done.signal()
        }.start()
        // Until the reader has met the half line: it then waits for the lock (or, without the
        // wait, it has finished).
        Poll.until(timeout: 20) { Self.openCount(of: store.path + ".lock") >= 2 || result.value != nil }
        let fd = open(store.journal.path, O_WRONLY)
        let rest = Array(whole[(before.count + 10)...])
        #expect(rest.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, off_t(before.count + 10)) } == rest.count)
        close(fd)
        writer = nil
        _ = writer
        done.wait()
        let loaded = try #require(result.value).get()
        #expect(loaded.notes.isEmpty)
        #expect(favourites(loaded.library) == ["p0", "p1"])
    }

    /// How many of this process's descriptors have `path` open.
    private static func openCount(of path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.count { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }
    }
}

/// A value set on one thread and read on another.
private final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
