import Foundation
import Library
import Testing
@testable import TUI

/// `u` and `U` in the browser after `W` wrote a step into the files: the old values come back
/// on screen, as edits to write, and the status line says the files still hold the new ones.
@Suite struct UndoWrittenEditsTests {
    static let saoPaulo = GPSPosition(latitude: -23.5505, longitude: -46.6333)

    @Test func undoingAPlaceWrittenIntoThreeFilesSaysTheFilesStillHoldIt() throws {
        var state = TestLibrary.state(columns: 120, rows: 40)
        state.openGroup(at: TestLibrary.gardenIndex)
        let ids = Array(try #require(state.currentGroup).photoIDs.prefix(3))
        let effects = state.perform(EditPlanner(library: state.library).setLocation(ids, to: Self.saoPaulo, name: "São Paulo, BR"))
        guard case let .saveEdits(_, sequence)? = effects.first else {
            Issue.record("the step must be saved: \(effects)")
            return
        }
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 1)), through: sequence))

        // What the write-back saves: the three files now hold São Paulo.
        var written = state.library
        written.filesRewritten(ids.compactMap { written.photo(id: $0) }.map { old in
            var new = old
            new.fileGPS = old.gps
            new.edits.location = nil
            return (before: old, after: new)
        })
        state.send(.wroteBack(.success(Msg.WriteBackDone(library: written, outcomes: []))))
        #expect(ids.allSatisfy { state.library.photo(id: $0)?.edits.isEmpty == true })

        state.press(.char("u"))
        #expect(state.status == "Undid: set place of 3 photos to São Paulo, BR — 3 files still hold the written place until you write again")
        #expect(ids.allSatisfy { state.library.photo(id: $0)?.gps == nil }, "the photos had no place before")
        #expect(ids.allSatisfy { state.library.photo(id: $0)?.edits.location == .cleared }, "to be written again")
        #expect(state.writeBackCandidates.count == 3)

        state.press(.char("U"))
        #expect(state.status == "Redid: set place of 3 photos to São Paulo, BR")
        #expect(ids.allSatisfy { state.library.photo(id: $0)?.gps == Self.saoPaulo })
        #expect(state.writeBackCandidates.isEmpty, "the files hold it: nothing to write")
    }
}
