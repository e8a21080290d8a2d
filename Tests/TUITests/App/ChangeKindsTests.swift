import Library
import Testing
@testable import TUI

/// Each change of the library says what it touched, and a folder tree or the search index is
/// built again only when what it reads changed (issue 19, point 3).
@Suite struct ChangeKindsTests {
    private static func isBuild(_ effect: Effect) -> Bool {
        switch effect {
        case .buildTree, .buildSearchIndex: true
        default: false
        }
    }

    private static func builds(_ effects: [Effect]) -> [String] {
        effects.compactMap { effect in
            switch effect {
            case let .buildTree(_, kind, _): "tree \(kind)"
            case .buildSearchIndex: "index"
            default: nil
            }
        }
    }

    /// A state under `kind` with search results for "garden" open, everything built.
    private static func searching(under kind: GroupingKind) -> AppState {
        var state = TestLibrary.state(remembered: RememberedState(grouping: kind))
        state.sendWorking(.resized(columns: state.columns, rows: state.rows))
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        state.pressWorking(.enter)
        #expect(state.followUp().isEmpty, "everything built")
        #expect(state.search.results?.isEmpty == false)
        return state
    }

    /// The "done when": a favourite under any grouping, with search results open,
    /// asks for no tree and no index; the tree on hand is the one a build gives, and the
    /// results still follow the favourite (`is:favourite` finds it).
    @Test(arguments: GroupingKind.allCases)
    func aFavouriteRebuildsNoTreeAndNoIndex(kind: GroupingKind) throws {
        var state = Self.searching(under: kind)
        let tree = state.activeTree
        let effects = state.update(.key(.char("f")))
        #expect(Self.builds(effects) == [], "a favourite under \(kind)")
        #expect(effects.contains { if case .saveEdits = $0 { true } else { false } })
        #expect(state.activeTree == tree)
        #expect(state.library.photos.contains { $0.isFavourite })
        // Undo, and another writer's favourite, are the same change.
        let undone = state.update(.key(.char("u")))
        #expect(Self.builds(undone) == [], "its undo under \(kind)")
        state.unsaved = []
        let id = try #require(state.search.results?.first)
        let elsewhere = EditPlanner(library: state.library).toggleFavourite([id])
        let passed = state.update(.editsAppendedElsewhere([.apply(elsewhere)]))
        #expect(Self.builds(passed) == [], "another writer's favourite under \(kind)")
        state.pressWorking(.char("/"))
        for _ in "garden" { state.pressWorking(.backspace) }
        state.typeWorking("is:favourite")
        #expect(state.search.results == [id], "the index followed the favourite in step")
    }

    /// Stars, a reject, a pick and a colour label are flags, like a favourite: another writer's
    /// rating asks for no tree and no index under any grouping, and `rating:` finds it at once.
    @Test(arguments: GroupingKind.allCases)
    func aRatingRebuildsNoTreeAndNoIndex(kind: GroupingKind) throws {
        var state = Self.searching(under: kind)
        let tree = state.activeTree
        let id = try #require(state.search.results?.first)
        let rated = EditPlanner(library: state.library).setRating([id], 4)
        let effects = state.update(.editsAppendedElsewhere([.apply(rated)]))
        #expect(Self.builds(effects) == [], "a rating under \(kind)")
        #expect(state.activeTree == tree)
        state.pressWorking(.char("/"))
        for _ in "garden" { state.pressWorking(.backspace) }
        state.typeWorking("rating:>=4")
        #expect(state.search.results == [id], "the index followed the rating in step")
    }

    /// A tag touches the tag grouping's folders only: under it the tree follows (in step or
    /// built again, never left stale); under the others nothing is built.
    @Test(arguments: GroupingKind.allCases)
    func aTagTouchesOnlyTheTagTree(kind: GroupingKind) throws {
        var state = Self.searching(under: kind)
        let id = try #require(state.search.results?.first)
        let tagged = EditPlanner(library: state.library).changeTags([id], adding: ["Places/Italy"], removing: [])
        let effects = state.update(.editsAppendedElsewhere([.apply(tagged)]))
        if kind == .tag {
            #expect(Self.builds(effects).allSatisfy { $0 == "tree tag" })
            if Self.builds(effects).isEmpty {
                #expect(state.activeTree == FolderTree(library: state.library, kind: .tag), "followed in step")
            }
        } else {
            #expect(Self.builds(effects) == [], "a tag under \(kind)")
        }
    }

    @Test func theMissingFileCheckTouchesTheIndexButNoTree() {
        var state = Self.searching(under: .date)
        let photo = state.library.photos[0]
        let effects = state.update(.missingChecked(missing: [photo.path], checked: [photo.path]))
        #expect(Self.builds(effects) == ["index"], "is:missing reads it; no grouping does")
    }

    @Test func anImportBatchAndAReloadTouchEverything() {
        var state = Self.searching(under: .place)
        let new = TestLibrary.photo(40, name: "new.jpg", description: "Garden", day: 9)
        var effects = state.update(.photosAppendedElsewhere(ImportedPhotos(photos: [new])))
        #expect(Self.builds(effects) == ["tree place", "index"])
        effects = state.update(.libraryLoaded(.success(TestLibrary.standard())))
        #expect(Self.builds(effects) == ["tree place", "index"])
    }

    /// A date moves photos under every grouping's order: the tree follows in step where it can,
    /// and the folder grouping (which joins folders) is built again only when a photo moves
    /// between its folders (never here: a date is not a folder). The tag grouping, which puts a
    /// photo in several folders, follows only changes that keep a photo's folders and date and
    /// is built again for a date (its tree reads dates).
    @Test(arguments: GroupingKind.allCases)
    func aDateIsFollowedInStep(kind: GroupingKind) throws {
        var state = Self.searching(under: kind)
        state.pressWorking(.char("d"), .tab)
        for key in "+40d" { state.pressWorking(.char(key)) }
        let effects = state.update(.key(.enter))
        // The album grouping, like the tag grouping, may put a photo in several folders.
        #expect(Self.builds(effects) == (kind == .tag || kind == .album ? ["tree \(kind.rawValue)"] : []), "a date under \(kind)")
    }

    // MARK: - The pieces

    @Test func aChangeSaysWhatItTouched() throws {
        let library = TestLibrary.standard()
        let photo = library.photos[0]
        var favourite = library
        _ = favourite.replay(.apply(EditPlanner(library: library).toggleFavourite([photo.id])))
        #expect(LibraryChange(from: photo, to: try #require(favourite.photo(id: photo.id))) == .favourites)
        var dated = library
        _ = dated.replay(.apply(EditPlanner(library: library).setDate([photo.id], to: try DateInput(parsing: "2001-02-03"))))
        #expect(LibraryChange(from: photo, to: try #require(dated.photo(id: photo.id))) == [.dates, .edits])
        #expect(LibraryChange(from: [photo], to: [photo, photo]) == .photosAdded)
        for kind in GroupingKind.allCases {
            #expect(kind.treeInputs.isDisjoint(with: [.favourites, .missing, .edits]), "\(kind)")
            #expect(kind.treeInputs.isSuperset(of: [.photosAdded, .photosRemoved, .dates]), "\(kind)")
        }
        #expect(LibraryChange.favourites.isSubset(of: SearchIndex.followsInStep))
        #expect(!LibraryChange.files.isSubset(of: SearchIndex.followsInStep))
        #expect("\(LibraryChange([.dates, .favourites]))" == "dates, favourites")
    }

    /// A build asked for is moved along by the changes that do not touch it: it arrives true
    /// and is not asked for again; one that a change touched arrives behind, is shown, and a
    /// new build is asked for.
    @Test func aBuildOnItsWayFollowsTheChangesThatDoNotTouchIt() {
        var caches = DerivedCaches()
        let library = TestLibrary.standard()
        // (#expect cannot call a mutating method itself.)
        func askTree(_ kind: GroupingKind) -> Int? { caches.treeToBuild(kind) }
        func askIndex() -> Int? { caches.indexToBuild() }
        func treeCame(_ kind: GroupingKind, askedAt: Int) -> Bool {
            caches.treeBuilt(FolderTree(library: library, kind: kind), kind: kind, askedAt: askedAt)
        }
        let asked = askTree(.date)
        #expect(asked == 0)
        #expect(askTree(.date) == nil, "asked once")
        caches.record(.favourites)
        #expect(askTree(.date) == nil, "a favourite leaves the build on its way true")
        #expect(treeCame(.date, askedAt: 0))
        #expect(caches.tree?.revision == caches.revision)
        #expect(askTree(.date) == nil)

        caches.record(.descriptions)
        #expect(askTree(.date) == nil, "no date folder reads descriptions")
        #expect(askTree(.description) == 2, "another grouping is built")
        caches.record(.dates)
        #expect(caches.tree(of: .description) == nil)
        #expect(askTree(.description) == 3, "the build on its way went stale")
        #expect(treeCame(.description, askedAt: 2),
                "a stale build is still shown")
        #expect(caches.tree?.revision == 2)
        #expect(askTree(.description) == nil, "the newer one is on its way")
        #expect(treeCame(.description, askedAt: 3))
        #expect(caches.tree?.revision == 3)
        #expect(!treeCame(.description, askedAt: 2),
                "an older build after a newer one is dropped")

        #expect(askIndex() == 3)
        caches.record(.files)
        #expect(askIndex() == 4, "the index reads files")
        let kept = caches.indexBuilt(SearchIndex(library: library), askedAt: 4)
        #expect(kept)
        caches.record(.favourites)
        let taken = caches.takeTouchedIndex(for: .favourites)
        #expect(taken != nil, "a favourite is followed in step")
        #expect(askIndex() == 5, "taken out and not put back: built again")
    }
}
