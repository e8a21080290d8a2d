import Library
import Testing
@testable import TUI

/// The browser's own import hands back the library as it read it at its end; an edit saved
/// while it ran (a favourite queued before the import started, saved once the lock was free)
/// may not be in it, and must not disappear from the screen when the import finishes.
@Suite struct EditSavedDuringImportTests {
    @Test func anEditSavedWhileTheImportRanStaysWhenItFinishes() throws {
        var state = OrganiseTests.garden()
        let effects = state.press(.char("f"))
        guard case let .saveEdits(_, sequence)? = effects.first else {
            Issue.record("the favourite is saved: \(effects)")
            return
        }
        let photoID = try #require(state.currentGroup?.photoIDs.first)
        state.press(.escape)
        state.press(.char("a"))
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        state.press(.down, .down)
        #expect(state.press(.char("i")).first == .startImport([ImportPickerTests.pictures + "/Holidays"]))
        #expect(state.isImporting)
        // Saved while the import ran; the import's library was read before that save.
        state.send(.editsSaved(.success(Msg.EditsSaved(journalSequence: 1)), through: sequence))
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: ImportOverlayTests.summary))))
        #expect(state.library.photo(id: photoID)?.isFavourite == true)
        #expect(state.library.photos.count == TestLibrary.afterImport().photos.count, "the imported photos are shown")
        #expect(state.library.history.undo.count == 1, "the favourite is done once")
        // A later reload from disk (which holds the favourite) does not do it twice either.
        var onDisk = TestLibrary.afterImport()
        onDisk.replay(.apply(try #require(state.library.history.undo.first)))
        state.send(.libraryLoaded(.success(onDisk), byAnotherWriter: true))
        #expect(state.library.photo(id: photoID)?.isFavourite == true)
        #expect(state.library.history.undo.count == 1)
    }
}
