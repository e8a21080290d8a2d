import Library
import Testing
@testable import TUI

/// On screen, an edit (a key, an undo, another writer's journal line) updates the folder tree
/// of the grouping and the open search's index for the photos it touches, without asking for
/// either to be built again, and the screen shows what a fresh build would (issue 18, point 9).
@Suite struct EditsInStepOnScreenTests {
    /// The state after `keys` (background work done at once), compared with a state that
    /// builds everything from its library again.
    private func expectInStep(_ state: inout AppState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!state.followUp().contains { if case .buildTree = $0 { true } else if case .buildSearchIndex = $0 { true } else { false } },
                "\(what): nothing built again", sourceLocation: sourceLocation)
        if state.grouping != .description {
            #expect(state.activeTree == FolderTree(library: state.library, kind: state.grouping), "\(what): the tree", sourceLocation: sourceLocation)
        }
        var fresh = AppState(library: PhotoLibrary(photos: state.library.photos, history: state.library.history),
                             columns: state.columns, rows: state.rows, colorMode: state.colorMode,
                             startFolder: "/", homeFolder: "/", remembered: state.remembered)
        fresh.sendWorking(.resized(columns: state.columns, rows: state.rows))
        #expect(state.homeFolders == fresh.homeFolders, "\(what): the home grid", sourceLocation: sourceLocation)
        let index = SearchIndex(library: state.library)
        #expect(state.search.results == (try? index.search(state.search.field.text, sort: state.sort)),
                "\(what): the search results", sourceLocation: sourceLocation)
        #expect(state.currentGroup?.photoIDs == state.search.results, "\(what): the results grid", sourceLocation: sourceLocation)
    }

    /// The state holds the only copy of its library (as in the app once the start-up check is
    /// done): an edit, an undo and a redo change its photos where they are, never a copy of them.
    @Test func editsChangeTheLibraryInPlace() {
        var state = TestLibrary.state()
        func storage() -> UnsafeRawPointer? { state.library.photos.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let before = storage()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.pressWorking(.char("f"), .char("u"), .char("U"))
        #expect(state.library.photos.filter(\.isFavourite).count == 1)
        #expect(storage() == before)
    }

    @Test(arguments: GroupingKind.allCases)
    func editsUndoAndOtherWritersKeepTheTreeAndTheSearchInStep(kind: GroupingKind) throws {
        var state = TestLibrary.state(remembered: RememberedState(grouping: kind))
        state.sendWorking(.resized(columns: state.columns, rows: state.rows))
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        state.pressWorking(.enter, .char(" "), .char(" "), .char("f"))
        expectInStep(&state, "favourite 2")
        state.pressWorking(.char("d"), .tab)
        state.typeWorking("+40d")
        state.pressWorking(.enter)
        #expect(state.status == "Shift date of 2 photos by +40d")
        expectInStep(&state, "shifted into a new month")
        state.pressWorking(.char("L"))
        state.typeWorking("38.7223, -9.1393")
        state.pressWorking(.enter)
        expectInStep(&state, "place set")
        // Its saves done (else another writer's line makes the browser read the library again).
        state.unsaved = []
        let marked = Array(state.marks)
        let describe = EditPlanner(library: state.library).setDescription(marked, to: "Tokyo garden")
        state.sendWorking(.editsAppendedElsewhere([.apply(describe)]))
        expectInStep(&state, "described by another writer")
        for round in 0..<4 {
            state.pressWorking(.char("u"))
            expectInStep(&state, "undo \(round)")
        }
        for round in 0..<4 {
            state.pressWorking(.char("U"))
            expectInStep(&state, "redo \(round)")
        }
    }
}
