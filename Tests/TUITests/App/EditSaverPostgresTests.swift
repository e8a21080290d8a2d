import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The browser's saver on a PostgreSQL library (issue 26, "Scale"): it commits each batch by the
/// photos its edits name (`LibraryPaging.commit`), without a copy of the library, and what it
/// saved — edits and an undo — is what the library holds afterwards.
@Suite(.enabled(if: PostgresServer.available, "needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)"))
struct EditSaverPostgresTests {
    @Test func editsAndUndosAreCommittedByThePhotosTheyName() throws {
        let address = try PostgresServer.shared.get().newDatabase()
        let store = PostgresStore(address: try #require(PostgresAddress(address)))
        let library = TestLibrary.standard()
        _ = try store.update(lockTimeout: 5) { stored in
            stored = library
            return true
        }
        let probe = JobProbe()
        let saver = EditSaver(store: store) { result, sequence in
            switch result {
            case let .success(saved): probe.record("saved \(sequence)" + (saved.journalSequence == nil ? "" : " in the log"))
            case let .failure(failure): probe.record("failed \(sequence): \(failure.message)")
            }
        }
        saver.start(from: LibraryCopy(try store.loadWithNotes()))
        let first = library.photos[0].id, second = library.photos[1].id
        let favourite = EditPlanner(library: library).toggleFavourite([first])
        saver.save(.apply(favourite), sequence: 1)
        saver.save(.apply(EditPlanner(library: library).setRating([second], 4)), sequence: 2)
        #expect(saver.waitUntilSaved(timeout: 30) == 0)
        var disk = try store.load()
        #expect(disk.photo(id: first)?.isFavourite == true)
        #expect(disk.photo(id: second)?.marks.rating == 4)
        #expect(disk.history.undo.count == 2)

        saver.save(.undo(stepID: favourite.id), sequence: 3)
        #expect(saver.waitUntilSaved(timeout: 30) == 0)
        disk = try store.load()
        #expect(disk.photo(id: first)?.isFavourite == false, "the undo read the step's photo")
        #expect(disk.photo(id: second)?.marks.rating == 4, "the other step kept")
        #expect(disk.history.redo.map(\.id) == [favourite.id])
        #expect(probe.recorded.allSatisfy { $0.hasPrefix("saved") && $0.hasSuffix("in the log") }, "\(probe.recorded)")
        #expect(disk.photos.count == library.photos.count)
    }
}
