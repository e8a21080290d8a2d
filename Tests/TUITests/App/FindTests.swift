import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

extension AppState {
    /// Sends `msg` and does the background work it asks for (folder trees, the search index, memories)
    /// at once, as the run loop would a moment later.
    @discardableResult
    mutating func sendWorking(_ msg: Msg) -> [Effect] {
        var effects = update(msg)
        var done: [Effect] = []
        while let effect = effects.first {
            effects.removeFirst()
            switch effect {
            case let .buildTree(library, kind, generation):
                effects += update(.treeBuilt(FolderTree(library: library, kind: kind), kind, generation: generation))
            case let .buildSearchIndex(library, generation):
                effects += update(.searchIndexBuilt(SearchIndex(library: library), generation: generation))
            case let .buildMemories(library, day, generation):
                let index = MemoryIndex(library: library)!
                let memories = index.memories(on: day, in: library).map { $0.group(in: library) }
                effects += update(.memoriesBuilt(memories, day, index, generation: generation))
            default:
                done.append(effect)
            }
        }
        return done
    }

    /// Presses keys, doing the background work each asks for.
    @discardableResult
    mutating func pressWorking(_ keys: Key...) -> [Effect] {
        keys.flatMap { sendWorking(.key($0)) }
    }

    /// Types `text` one character at a time, doing the background work each key asks for.
    mutating func typeWorking(_ text: String) {
        for character in text { pressWorking(.char(character)) }
    }
}

/// Search, groupings, nested folders, the list view and sort orders in the browser, as pure
/// updates.
@Suite struct FindTests {
    @Test func searchUpdatesOnEveryKeyEnterKeepsAndEscReturnsToTheSameSpot() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.right, .right, .down)
        let before = state.stack
        state.pressWorking(.char("/"))
        #expect(state.isSearchLineOpen)
        state.pressWorking(.tab)   // from the Garden group: the whole library
        state.typeWorking("tokyo")
        // Every photo of the group matches by its description, "寿司の写真.jpg" too.
        #expect(state.currentGroup?.count == 5)
        state.pressWorking(.backspace, .backspace, .backspace, .backspace, .backspace)
        state.typeWorking("garden-05")
        #expect(state.currentGroup?.count == 1)
        #expect(AppView.render(state).text().contains("1 photo · Enter keeps the results"))
        state.pressWorking(.escape)
        #expect(!state.isSearchLineOpen)
        #expect(state.stack == before)

        // Enter keeps the results: a photo opens and pages like in a group, back returns.
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        state.pressWorking(.enter)
        #expect(!state.isSearchLineOpen)
        #expect(state.screen == .group(id: SearchState.resultsID))
        #expect(state.currentGroup?.count == 30)
        state.pressWorking(.right, .enter)
        #expect(state.detailPhoto?.fileName == "garden-02.jpg")
        state.pressWorking(.char("l"))
        #expect(state.detailPhoto?.fileName == "garden-03.jpg")
        state.pressWorking(.escape)
        #expect(state.groupCursor.selected == 2)
        // Marks work on the results.
        state.pressWorking(.char(" "))
        #expect(state.marks.count == 1)
        state.pressWorking(.escape, .escape)
        #expect(state.stack == before)
    }

    @Test func editsWorkOnSearchResultsAndTheResultsFollowThem() {
        var state = TestLibrary.state()
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        state.pressWorking(.enter, .char(" "), .char(" "), .char("f"))
        #expect(state.status == "Favourite 2 photos")
        #expect(state.library.photos.filter(\.isFavourite).map(\.fileName).sorted() == ["garden-01.jpg", "garden-02.jpg"])
        state.pressWorking(.char("d"), .tab)
        state.typeWorking("+1d")
        state.pressWorking(.enter)
        #expect(state.status == "Shift date of 2 photos by +1d")
        // The two shifted photos now come last among the results, still marked.
        #expect(state.currentGroup?.photoIDs.suffix(2).compactMap { state.library.photo(id: $0)?.fileName }
                == ["garden-01.jpg", "garden-02.jpg"])
        #expect(state.marks.count == 2)
    }

    @Test func aBadFilterSaysWhatIsWrongAndShowsNoResults() {
        var state = TestLibrary.state()
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        #expect(state.currentGroup?.count == 30)
        state.typeWorking(" date:2019-13")
        #expect(state.search.error != nil)
        #expect(state.currentGroup?.count == 0)
        let text = AppView.render(state).text()
        #expect(text.contains("date:2019-13"))
        #expect(!text.contains("garden-01.jpg"))
    }

    @Test func oCyclesGroupingsRemembersThemAndTheTitleSaysWhich() {
        var state = TestLibrary.state()
        #expect(HomeScreen.title(state).hasPrefix("Home · by description"))
        var effects = state.pressWorking(.char("o"))
        #expect(state.grouping == .date)
        #expect(effects.contains(.remember(state.remembered)))
        #expect(state.remembered.grouping == .date)
        #expect(HomeScreen.title(state).hasPrefix("Home · by date · 1 folder"))
        // Missing first, then the year.
        #expect(state.homeFolders.map(\.name) == ["Missing", "2024"])
        for kind in [GroupingKind.camera, .place, .folder, .tag, .album, .description] {
            effects = state.pressWorking(.char("o"))
            #expect(state.grouping == kind)
        }
        #expect(effects.contains(.remember(state.remembered)))
    }

    @Test func theTreeIsBuiltInTheBackgroundAndTheHomeGridWaitsForIt() {
        var state = TestLibrary.state(remembered: RememberedState(grouping: .date))
        let effects = state.followUp()
        guard case let .buildTree(library, .date, generation)? = effects.first else {
            Issue.record("no tree asked for: \(effects)")
            return
        }
        #expect(state.isGroupingPending)
        #expect(HomeScreen.title(state).contains("grouping…"))
        #expect(state.followUp().isEmpty, "asked only once")
        state.send(.treeBuilt(FolderTree(library: library, kind: .date), .date, generation: generation))
        #expect(!state.isGroupingPending)
        #expect(state.homeFolders.last?.name == "2024")
    }

    @Test func aYearOpensToItsMonthsAndEscGoesUpWithTheCursorWhereItWas() {
        var state = TestLibrary.state(remembered: RememberedState(grouping: .date))
        state.sendWorking(.resized(columns: 80, rows: 24))
        state.pressWorking(.right, .enter)
        let year = try! #require(state.currentPage)
        #expect(year.group.name == "2024")
        #expect(year.folders.map(\.name).count == 1)
        #expect(year.group.count == 0)
        state.pressWorking(.enter)
        let month = try! #require(state.currentPage)
        #expect(month.folders.isEmpty)
        #expect(month.group.count == 39)
        state.pressWorking(.right, .right)
        state.pressWorking(.escape)
        #expect(state.currentPage?.group.name == "2024")
        state.pressWorking(.escape)
        #expect(state.screen == .home)
        #expect(state.homeCursor.selected == 1)
    }

    @Test func aDiskFolderShowsSubfoldersFirstThenItsPhotos() {
        var photos = TestLibrary.standard().photos
        photos[0].path = "/photos/trips/beach.jpg"
        photos[1].path = "/photos/trips/2024/garden-01.jpg"
        var state = TestLibrary.state(PhotoLibrary(photos: photos), remembered: RememberedState(grouping: .folder))
        state.sendWorking(.resized(columns: 80, rows: 24))
        guard let trips = state.homeFolders.firstIndex(where: { $0.name.contains("trips") }) else {
            Issue.record("no trips folder in \(state.homeFolders.map(\.name))")
            return
        }
        state.homeCursor.selected = trips
        state.pressWorking(.enter)
        let page = try! #require(state.currentPage)
        #expect(page.folders.map(\.name) == ["2024"])
        #expect(page.group.photoIDs.compactMap { state.library.photo(id: $0)?.fileName } == ["beach.jpg"])
        #expect(page.totalPhotos == 2)
        // Item 1 is the photo: it opens in the detail view, and back selects it again.
        state.pressWorking(.right, .enter)
        #expect(state.detailPhoto?.fileName == "beach.jpg")
        state.pressWorking(.escape)
        #expect(state.groupCursor.selected == 1)
        #expect(state.selectedPhotoID == photos[0].id)
    }

    /// home › anna › Pictures › 2019, each holding only the next, is one tile and one step:
    /// Enter opens 2019's photos at once, Esc comes straight back home.
    @Test func aChainOfSingleFoldersIsOneStep() throws {
        var photos = TestLibrary.standard().photos
        for i in photos.indices { photos[i].path = "/home/anna/Pictures/2019/\(i).jpg" }
        photos[0].path = "/mnt/card/0.jpg"
        var state = TestLibrary.state(PhotoLibrary(photos: photos), remembered: RememberedState(grouping: .folder))
        state.sendWorking(.resized(columns: 80, rows: 24))
        let chain = try #require(state.homeFolders.firstIndex { $0.name == "home/anna/Pictures/2019" },
                                 "\(state.homeFolders.map(\.name))")
        #expect(state.homeFolders.contains { $0.name == "mnt/card" })
        state.homeCursor.selected = chain
        state.pressWorking(.enter)
        let page = try #require(state.currentPage)
        #expect(page.folders.isEmpty && page.group.photoIDs.count == photos.count - 1)
        #expect(AppView.render(state).text().hasPrefix("photory · home/anna/Pictures/2019"))
        state.pressWorking(.escape)
        #expect(state.stack.count == 1 && state.homeCursor.selected == chain)
    }

    @Test func tTogglesTheListViewWhichPagesAndMarksTheSame() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        let effects = state.pressWorking(.char("t"))
        #expect(state.listView)
        #expect(effects == [.remember(state.remembered)])
        // One row a photo under a header: 24 rows − title − status − header = 21 a page.
        state.pressWorking(.pageDown)
        #expect(state.groupCursor.selected == 21)
        state.pressWorking(.char(" "))
        #expect(state.marks.count == 1)
        #expect(state.groupCursor.selected == 22)
        state.pressWorking(.char("j"))
        #expect(state.groupCursor.selected == 23)
        let text = AppView.render(state).text()
        #expect(text.contains("garden-24.jpg"))
        #expect(text.contains("Taken"))
        state.pressWorking(.char("t"))
        #expect(!state.listView)
        #expect(state.groupCursor.selected == 23)
        #expect(state.marks.count == 1)
    }

    @Test func sCyclesTheOrderKeepsThePhotoSelectedAndTheTitleSaysIt() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.pressWorking(.right)
        let selected = state.selectedPhotoID
        let effects = state.pressWorking(.char("s"))
        #expect(state.sort == .newestFirst)
        #expect(effects.contains(.remember(state.remembered)))
        #expect(state.selectedPhotoID == selected)
        #expect(state.groupCursor.selected == 28)
        #expect(state.library.photo(id: state.currentGroup!.photoIDs[0])?.fileName == "garden-30.jpg")
        #expect(GroupScreen.title(state.currentPage!, selected: 0, sort: state.sort).hasSuffix("sorted by newest first"))
        state.pressWorking(.char("s"))
        #expect(state.sort == .fileName)
        state.pressWorking(.char("s"))
        #expect(state.sort == .fileSize)
        state.pressWorking(.char("s"))
        #expect(state.sort == .rating)
        state.pressWorking(.char("s"))
        #expect(state.sort == .dateTaken)
        #expect(!GroupScreen.title(state.currentPage!, selected: 0, sort: state.sort).contains("sorted by"))
    }

    @Test func smartFoldersComeFirstAndMissingPhotosShowTheirPath() {
        var state = TestLibrary.state()
        #expect(state.homeFolders.first?.name == "Missing")
        #expect(state.homeFolders.first?.count == 2)
        state.openGroup(at: 0)
        let text = AppView.render(state).text()
        #expect(text.contains("/photos/IMG_0002.jpg"), "\(text)")
        state.pressWorking(.char("t"))
        state.sendWorking(.resized(columns: 200, rows: 60))
        #expect(AppView.render(state).text().contains("missing: /photos/garden-03.jpg"))
    }

    @Test func theChoicesSurviveTheStateFileAndAnOlderFileStillLoads() throws {
        let folder = Fixtures.TemporaryFolder()
        let file = folder.path + "/photory/state.json"
        let chosen = RememberedState(lastImportFolder: "/photos", grouping: .place, sort: .fileSize, listView: true)
        try chosen.save(to: file)
        #expect(RememberedState.load(from: file) == chosen)
        // A file from before groupings: the defaults for what it does not say.
        try Data(#"{"lastImportFolder": "/old"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let old = RememberedState.load(from: file)
        #expect(old.lastImportFolder == "/old")
        let state = TestLibrary.state(remembered: old)
        #expect(state.grouping == .description && state.sort == .dateTaken && !state.listView)
    }
}
