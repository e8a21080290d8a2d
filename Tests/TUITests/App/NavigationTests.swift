import Library
import Testing
@testable import TUI

/// Moving through the home grid, a group's grid and the detail view: pure `update` calls.
/// At 80×24 a grid has 3 columns and 2 visible rows (6 tiles a page); at 160×48, 6 × 4.
@Suite struct NavigationTests {
    // MARK: - Home grid

    @Test func homeGridMovesWithArrowsAndHJKLAndClampsAtTheEdges() {
        var state = TestLibrary.state()
        #expect(state.screen == .home)
        #expect(state.gridLayout.columns == 3 && state.gridLayout.visibleRows == 2)
        #expect(state.library.groups.count == 4)
        #expect(state.homeCursor.selected == 0)

        state.press(.left)
        #expect(state.homeCursor.selected == 0)
        state.press(.up, .char("k"))
        #expect(state.homeCursor.selected == 0)
        state.press(.right)
        #expect(state.homeCursor.selected == 1)
        state.press(.char("l"))
        #expect(state.homeCursor.selected == 2)
        state.press(.char("h"))
        #expect(state.homeCursor.selected == 1)
        state.press(.char("l"))
        // Down from the first row lands on the last item when the column below is empty.
        state.press(.down)
        #expect(state.homeCursor.selected == 4)
        state.press(.char("j"))
        #expect(state.homeCursor.selected == 4)
        state.press(.right, .right)
        #expect(state.homeCursor.selected == 4)
        state.press(.char("k"))
        #expect(state.homeCursor.selected == 1)
        state.press(.char("j"))
        #expect(state.homeCursor.selected == 4)
        #expect(state.screen == .home)
        #expect(!state.shouldQuit)
    }

    @Test func homeGridFirstLastAndPaging() {
        var state = TestLibrary.state()
        state.press(.end)
        #expect(state.homeCursor.selected == 4)
        state.press(.home)
        #expect(state.homeCursor.selected == 0)
        state.press(.char("G"))
        #expect(state.homeCursor.selected == 4)
        state.press(.char("g"))
        #expect(state.homeCursor.selected == 0)
        state.press(.pageDown)
        #expect(state.homeCursor.selected == 4)
        state.press(.pageUp)
        #expect(state.homeCursor.selected == 0)
        state.press(.ctrl("f"))
        #expect(state.homeCursor.selected == 4)
        state.press(.ctrl("b"))
        #expect(state.homeCursor.selected == 0)
    }

    @Test func emptyLibraryIgnoresMovementAndEnter() {
        var state = TestLibrary.state(PhotoLibrary())
        state.press(.down, .right, .end, .pageDown, .enter)
        #expect(state.screen == .home)
        #expect(state.homeCursor.selected == 0)
        #expect(state.wantedPreviews().isEmpty)
    }

    // MARK: - Group grid

    @Test func groupGridMovesPagesAndScrolls() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        #expect(state.screen == .group(id: state.groupID(at: TestLibrary.gardenIndex)))
        #expect(state.currentGroup?.count == 30)
        #expect(state.groupCursor == GridCursor())

        state.press(.char("j"))
        #expect(state.groupCursor.selected == 3 && state.groupCursor.topRow == 0)
        state.press(.down)
        #expect(state.groupCursor.selected == 6 && state.groupCursor.topRow == 1)
        state.press(.char("k"), .up)
        #expect(state.groupCursor.selected == 0 && state.groupCursor.topRow == 0)

        state.press(.ctrl("f"))
        #expect(state.groupCursor.selected == 6 && state.groupCursor.topRow == 1)
        state.press(.pageDown)
        #expect(state.groupCursor.selected == 12 && state.groupCursor.topRow == 3)
        state.press(.pageUp)
        #expect(state.groupCursor.selected == 6 && state.groupCursor.topRow == 2)
        state.press(.ctrl("b"), .ctrl("b"))
        #expect(state.groupCursor.selected == 0 && state.groupCursor.topRow == 0)

        state.press(.char("G"))
        #expect(state.groupCursor.selected == 29 && state.groupCursor.topRow == 8)
        state.press(.right, .char("l"), .down, .char("j"), .pageDown, .ctrl("f"))
        #expect(state.groupCursor.selected == 29 && state.groupCursor.topRow == 8)
        state.press(.char("g"))
        #expect(state.groupCursor.selected == 0 && state.groupCursor.topRow == 0)
        state.press(.left, .char("h"), .up, .pageUp, .ctrl("b"))
        #expect(state.groupCursor.selected == 0 && state.groupCursor.topRow == 0)
        state.press(.end)
        #expect(state.groupCursor.selected == 29)
        state.press(.home)
        #expect(state.groupCursor.selected == 0)
    }

    /// Whatever keys arrive, the selection stays inside the items and on screen.
    @Test(arguments: [(80, 24), (160, 48), (30, 12), (101, 37)])
    func selectionAlwaysStaysInView(size: (Int, Int)) {
        var state = TestLibrary.state(columns: size.0, rows: size.1)
        state.openGroup(at: TestLibrary.gardenIndex)
        let keys: [Key] = [.left, .right, .up, .down, .char("h"), .char("j"), .char("k"), .char("l"),
                           .pageUp, .pageDown, .ctrl("b"), .ctrl("f"), .home, .end, .char("g"), .char("G")]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            state.press(keys[Int(seed >> 33) % keys.count])
            let cursor = state.groupCursor
            let visible = cursor.visibleRange(count: 30, layout: state.gridLayout)
            #expect((0..<30).contains(cursor.selected))
            #expect(visible.contains(cursor.selected), "selected \(cursor.selected) not in \(visible)")
            #expect(state.gridLayout.tileRect(index: cursor.selected, topRow: cursor.topRow) != nil)
        }
    }

    // MARK: - Opening and going back

    @Test func enterOpensAGroupThenAPhoto() {
        var state = TestLibrary.state()
        state.press(.right, .right, .enter)
        let garden = state.groupID(at: TestLibrary.gardenIndex)
        #expect(state.screen == .group(id: garden))
        state.press(.right, .right, .right, .right)
        state.press(.enter)
        #expect(state.screen == .detail(groupID: garden, index: 4))
        #expect(state.detailPhoto?.fileName == "garden-05.jpg")
    }

    @Test func detailPagesAndStopsAtTheEnds() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        let tokyo = state.groupID(at: TestLibrary.tokyoIndex)
        state.press(.enter)
        #expect(state.screen == .detail(groupID: tokyo, index: 0))
        state.press(.left)
        #expect(state.screen == .detail(groupID: tokyo, index: 0))
        state.press(.char("h"))
        #expect(state.screen == .detail(groupID: tokyo, index: 0))
        state.press(.right)
        #expect(state.screen == .detail(groupID: tokyo, index: 1))
        state.press(.char("l"), .char("l"), .char("l"))
        #expect(state.screen == .detail(groupID: tokyo, index: 4))
        state.press(.right, .char("l"))
        #expect(state.screen == .detail(groupID: tokyo, index: 4))
        state.press(.char("h"))
        #expect(state.screen == .detail(groupID: tokyo, index: 3))
        state.press(.char("g"))
        #expect(state.screen == .detail(groupID: tokyo, index: 0))
        state.press(.char("G"))
        #expect(state.screen == .detail(groupID: tokyo, index: 4))
        state.press(.home)
        #expect(state.screen == .detail(groupID: tokyo, index: 0))
        state.press(.end)
        #expect(state.screen == .detail(groupID: tokyo, index: 4))
    }

    /// Photo 25 of 30 is on grid row 8; at 80×24 only two rows fit, so the grid must scroll.
    @Test(arguments: ["escape", "backspace", "q"])
    func backFromDetailSelectsThatPhotoInView(keyName: String) {
        let back: Key = keyName == "escape" ? .escape : keyName == "backspace" ? .backspace : .char("q")
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        let garden = state.groupID(at: TestLibrary.gardenIndex)
        state.press(.enter)
        for _ in 0..<24 { state.press(.right) }
        #expect(state.screen == .detail(groupID: garden, index: 24))
        #expect(state.detailPhoto?.fileName == "garden-25.jpg")

        state.press(back)
        #expect(state.screen == .group(id: garden))
        #expect(!state.shouldQuit)
        #expect(state.groupCursor.selected == 24)
        #expect(state.groupCursor.visibleRange(count: 30, layout: state.gridLayout).contains(24))
        let text = AppView.render(state).text()
        #expect(text.contains("garden-25.jpg"))
        #expect(!text.contains("garden-01.jpg"))
    }

    @Test func backFromDetailAtTheTopScrollsUp() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("G"), .enter)
        state.press(.char("g"))
        state.press(.escape)
        #expect(state.groupCursor.selected == 0 && state.groupCursor.topRow == 0)
    }

    @Test func backFromGroupSelectsThatGroupOnHome() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.escape)
        #expect(state.screen == .home)
        #expect(state.homeCursor.selected == TestLibrary.tokyoIndex)

        state.openGroup(at: TestLibrary.otherIndex)
        state.press(.backspace)
        #expect(state.screen == .home)
        #expect(state.homeCursor.selected == TestLibrary.otherIndex)
    }

    /// A reload that adds a group sorting first moves the open group to another index; going
    /// back still selects it.
    @Test func backFromGroupFollowsTheGroupAfterAReload() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        let garden = state.groupID(at: TestLibrary.gardenIndex)
        state.send(.libraryLoaded(.success(TestLibrary.afterImport())))
        #expect(state.screen == .group(id: garden))
        state.press(.escape)
        #expect(state.homeFolders[state.homeCursor.selected].id == garden)
        #expect(state.homeCursor.selected == 3)
    }

    @Test func qQuitsFromHomeButGoesBackElsewhere() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter)
        state.press(.char("q"))
        #expect(state.screen == .group(id: state.groupID(at: TestLibrary.gardenIndex)))
        #expect(!state.shouldQuit)
        state.press(.char("q"))
        #expect(state.screen == .home)
        #expect(!state.shouldQuit)
        state.press(.char("q"))
        #expect(state.shouldQuit)
    }

    /// Esc and Backspace mean "back": on the home grid there is nowhere to go back to, so they
    /// must not quit (an impatient second Esc after closing the picker would lose the app).
    @Test func escapeAndBackspaceDoNotQuitFromHome() {
        var state = TestLibrary.state()
        state.press(.escape, .backspace)
        #expect(state.screen == .home)
        #expect(!state.shouldQuit)
        state.press(.char("a"), .escape, .escape)
        #expect(state.picker == nil)
        #expect(!state.shouldQuit)
    }

    // MARK: - Help

    @Test func questionMarkOpensHelpAndAnyKeyClosesIt() {
        var state = TestLibrary.state()
        state.press(.char("?"))
        #expect(state.showHelp)
        #expect(AppView.render(state).text().contains("Keys — groups"))
        // The closing key does nothing else: q does not quit.
        state.press(.char("q"))
        #expect(!state.showHelp)
        #expect(!state.shouldQuit)

        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("?"))
        #expect(AppView.render(state).text().contains("Keys — photos of a group"))
        // Taller than 80×24: j scrolls the help; another key closes it and does nothing else.
        state.press(.char("j"))
        #expect(state.showHelp)
        state.press(.char("x"))
        #expect(!state.showHelp)
        #expect(state.groupCursor.selected == 0)

        state.press(.enter, .char("?"))
        #expect(AppView.render(state).text().contains("Keys — photo"))
        state.press(.right)
        #expect(!state.showHelp)
        #expect(state.screen == .detail(groupID: state.groupID(at: TestLibrary.gardenIndex), index: 0))
    }

    // MARK: - Resize

    @Test func resizeClampsTheCursorsAndKeepsTheSelectionInView() {
        var state = TestLibrary.state(columns: 160, rows: 48)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.end)
        // 6 columns, 5 rows of tiles: all 30 photos in view.
        #expect(state.groupCursor.selected == 29 && state.groupCursor.topRow == 0)
        state.send(.resized(columns: 80, rows: 24))
        #expect(state.groupCursor.selected == 29)
        #expect(state.groupCursor.topRow == 8)
        state.press(.home)
        state.send(.resized(columns: 300, rows: 100))
        #expect(state.groupCursor.topRow == 0)
        #expect(state.groupCursor.visibleRange(count: 30, layout: state.gridLayout) == 0..<30)
    }

    @Test func tooSmallTerminalShowsOneLineAndIgnoresKeysButQ() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.right)
        state.send(.resized(columns: 20, rows: 8))
        #expect(state.isTooSmall)
        let lines = AppView.render(state).lines()
        #expect(lines.count == 8)
        #expect(!lines[0].isEmpty)
        #expect(lines.dropFirst().allSatisfy { $0.isEmpty })
        #expect(state.wantedPreviews().isEmpty)

        state.press(.enter, .down, .escape, .char("a"), .char("?"))
        #expect(state.screen == .group(id: state.groupID(at: TestLibrary.gardenIndex)))
        #expect(state.picker == nil && !state.showHelp)
        #expect(state.groupCursor.selected == 1)

        state.send(.resized(columns: 80, rows: 24))
        #expect(!state.isTooSmall)
        state.press(.enter)
        #expect(state.detailPhoto?.fileName == "garden-02.jpg")

        state.send(.resized(columns: 29, rows: 24))
        state.press(.char("q"))
        #expect(state.shouldQuit)
    }

    @Test func resizeWhileTooSmallThenBackClampsEverything() {
        var state = TestLibrary.state(columns: 160, rows: 48)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.end)
        state.send(.resized(columns: 10, rows: 5))
        state.send(.resized(columns: 80, rows: 24))
        #expect(state.groupCursor.selected == 29 && state.groupCursor.topRow == 8)
    }

    // MARK: - Library reload

    @Test func libraryLoadedKeepsTheSelectedGroup() {
        var state = TestLibrary.state()
        state.press(.right, .right, .right)
        let tokyo = state.groupID(at: TestLibrary.tokyoIndex)
        state.send(.libraryLoaded(.success(TestLibrary.afterImport())))
        #expect(state.library.groups.count == 5)
        #expect(state.homeFolders[state.homeCursor.selected].id == tokyo)
        #expect(AppView.render(state).text().contains("Library reloaded: 41 photos"))
        #expect(!AppView.render(state).text().contains("photos in"), "the description groups' count is not the folders on screen")
        // The status message goes with the next key.
        state.press(.left)
        #expect(state.status == nil)
    }

    @Test func libraryLoadedKeepsTheDetailPhotoWhenItMoved() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.otherIndex)
        state.press(.end, .enter)
        #expect(state.detailPhoto?.fileName == "IMG_0003.jpg")
        var library = TestLibrary.standard()
        library.add(TestLibrary.photo(399, name: "old.jpg", description: nil, day: 1))
        state.send(.libraryLoaded(.success(library)))
        #expect(state.detailPhoto?.fileName == "IMG_0003.jpg")
        #expect(state.screen == .detail(groupID: PhotoGroup.otherID, index: 3))
    }

    @Test func libraryLoadedWithoutTheOpenGroupGoesHome() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.beachIndex)
        state.press(.enter)
        let withoutBeach = PhotoLibrary(photos: TestLibrary.standard().photos.filter { $0.fileName != "beach.jpg" })
        state.send(.libraryLoaded(.success(withoutBeach)))
        #expect(state.screen == .home)
        #expect(state.homeCursor.selected < withoutBeach.groups.count)
        state.send(.libraryLoaded(.success(PhotoLibrary())))
        #expect(state.homeCursor.selected == 0)
        #expect(AppView.render(state).text().contains("Your library is empty."))
    }

    @Test func libraryLoadFailureShowsTheMessage() {
        var state = TestLibrary.state()
        state.press(.function(5))
        #expect(state.press(.function(5)) == [.reloadLibrary])
        state.send(.libraryLoaded(.failure(Failure("cannot read /home/ana/.local/share/photory/library.json: bad JSON"))))
        #expect(state.library.groups.count == 4)
        #expect(AppView.render(state).lines()[23].contains("cannot read /home/ana/.local/share/photory/library.json"))
    }
}
