import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The browser's saver when another writer holds the library's lock: it reports the failure,
/// tries again, and saves once the lock is free; quitting waits for it, then gives up with a
/// message naming how many edits were not saved. Short lock waits and retry pauses keep the
/// test quick; nothing sleeps: every wait is on the saver's reports.
@Suite struct EditSaverTests {
    private struct Setup {
        let folder = TemporaryFolder()
        let store: LibraryStore
        let probe = JobProbe()
        let saver: EditSaver
        let edit: LibraryEdit

        init() throws {
            store = LibraryStore(path: folder.path + "/library.json")
            let library = TestLibrary.standard()
            try store.save(library)
            edit = .apply(EditPlanner(library: library).toggleFavourite([library.photos[0].id]))
            let probe = self.probe
            saver = EditSaver(store: store, lockTimeout: 0.05, retryDelay: 0.05) { result, sequence in
                switch result {
                case let .success(saved): probe.record("saved \(sequence)" + (saved.journalSequence == nil ? "" : " in the journal"))
                case let .failure(failure): probe.record("failed \(sequence): \(failure.message)")
                }
            }
            saver.start(from: nil)
        }

        /// The lock another writer would hold.
        func holdLock() throws -> LibraryLock { try LibraryLock(libraryPath: store.path, timeout: 5) }

        var failures: [String] { probe.recorded.filter { $0.hasPrefix("failed") } }
    }

    @Test func aLockedLibraryIsTriedAgainUntilTheEditIsSaved() throws {
        let setup = try Setup()
        var lock: LibraryLock? = try setup.holdLock()
        setup.saver.save(setup.edit, sequence: 1)
        // Two failures: the first save, and a retry after it.
        #expect(setup.probe.wait { $0.count { $0.hasPrefix("failed 1") } >= 2 })
        #expect(setup.failures.allSatisfy { $0.contains("Not saved: 1 edit, trying again — ") && $0.contains(setup.store.path) },
                "\(setup.failures)")
        withExtendedLifetime(lock) {}
        lock = nil   // the other writer is done
        #expect(setup.probe.wait { $0.contains { $0.hasPrefix("saved 1") } })
        #expect(setup.saver.waitUntilSaved(timeout: 30) == 0)
        let disk = try setup.store.load()
        #expect(disk.photos[0].isFavourite, "on disk after the retry")
        #expect(disk.photos.filter(\.isFavourite).count == 1, "saved once")
    }

    @Test func quittingWaitsForTheLockThenGivesUpWithAMessage() throws {
        let setup = try Setup()
        let lock = try setup.holdLock()
        setup.saver.save(setup.edit, sequence: 1)
        setup.saver.save(setup.edit, sequence: 2)
        #expect(setup.saver.finish(timeout: 0.5) == 2, "both edits still unsaved when the wait ends")
        #expect(!setup.failures.isEmpty)
        #expect(setup.failures.last?.contains("is being changed by another photory-tui") == true,
                "the message says why: \(setup.failures.last ?? "none")")
        let message = BrowserApp.UnsavedEdits(count: 2, libraryPath: setup.store.path).description
        #expect(message == "2 edits could not be saved to \(setup.store.path) (is another photory-tui importing?)")
        let withReason = BrowserApp.UnsavedEdits(count: 2, libraryPath: setup.store.path, reason: setup.saver.lastFailure).description
        #expect(withReason.hasPrefix("2 edits could not be saved: the library \(setup.store.path) is being changed by another photory-tui"),
                "\(withReason)")
        let disk = try withExtendedLifetime(lock) { try setup.store.load() }
        #expect(!disk.photos[0].isFavourite, "nothing saved while the lock was held")
    }

    @Test func waitingReturnsAsSoonAsTheQueueIsSaved() throws {
        let setup = try Setup()
        setup.saver.save(setup.edit, sequence: 1)
        #expect(setup.saver.waitUntilSaved(timeout: 30) == 0)
        #expect(setup.probe.recorded.count == 1 && setup.probe.recorded[0].hasPrefix("saved 1"))
        #expect(setup.saver.finish(timeout: 30) == 0)
    }
}
