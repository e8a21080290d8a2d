import Library
import Testing
@testable import TUI

/// Every screen and overlay rendered at 80×24 and 160×48, compared with the recorded text and styles in
/// `Tests/TUITests/__Snapshots__/<test>.<size>.txt` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite struct ScreenSnapshotTests {
    /// Stands in for chafa: a solid block the size of the preview, so snapshots are stable.
    static func fakePreview(_ key: PreviewKey, glyph: String) -> PreviewResult {
        .cells(Array(repeating: Array(repeating: Cell(glyph), count: key.columns), count: key.rows))
    }

    /// Marks every preview the state asks for as ready, drawn with `glyph`.
    static func fillPreviews(_ state: inout AppState, glyph: String = "▒") {
        for request in state.wantedPreviews() {
            state.send(.previewReady(request.key, fakePreview(request.key, glyph: glyph)))
        }
    }

    @Test(arguments: ScreenSize.both)
    func emptyLibrary(size: ScreenSize) {
        let state = TestLibrary.state(PhotoLibrary(), columns: size.columns, rows: size.rows)
        assertSnapshot(AppView.render(state), named: "emptyLibrary.\(size.name)")
    }

    @Test(arguments: ScreenSize.both)
    func homeWithGroups(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.press(.right)
        Self.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "homeWithGroups.\(size.name)")
        let text = grid.text()
        #expect(text.contains("Home · by description · 4 groups · 39 photos"))
        #expect(text.contains("Beach day") && !text.contains("[31m"))   // the whole escape sequence goes
        #expect(text.contains("30 photos · 2024-05-10"))
        #expect(text.contains("東京の旅 🍣 Tokyo"))
        #expect(text.contains("1 photo · 2024-05-01"))
    }

    /// Photo 5 of "Garden" selected; the third photo's file is missing.
    @Test(arguments: ScreenSize.both)
    func groupGrid(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.right, .right, .right, .right)
        Self.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "groupGrid.\(size.name)")
        let text = grid.text()
        #expect(text.contains("Garden · 30 photos · 2024-05-10"))
        #expect(text.contains("file missing"))
        #expect(text.contains("garden-05.jpg"))
    }

    /// Far down the group: the grid is scrolled so that photo 25 shows.
    @Test(arguments: ScreenSize.both)
    func groupGridScrolled(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.enter)
        for _ in 0..<24 { state.press(.right) }
        state.press(.escape)
        Self.fillPreviews(&state)
        assertSnapshot(AppView.render(state), named: "groupGridScrolled.\(size.name)")
    }

    /// The wide-character group, whose second photo has a CJK file name.
    @Test(arguments: ScreenSize.both)
    func groupGridWide(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.right)
        Self.fillPreviews(&state)
        assertSnapshot(AppView.render(state), named: "groupGridWide.\(size.name)")
    }

    @Test(arguments: ScreenSize.both)
    func detailView(size: ScreenSize) throws {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.tokyoIndex)
        state.press(.right, .enter)
        let key = try #require(state.wantedPreviews().first?.key)
        state.send(.previewReady(key, Self.fakePreview(key, glyph: "█")))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "detailView.\(size.name)")
        #expect(grid.text().contains("寿司の写真.jpg  2/5  3000×4000  2024-05-22 12:22  Canon EOS 6D"))
    }

    @Test(arguments: ScreenSize.both)
    func detailMissingPhoto(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.otherIndex)
        state.press(.right, .enter)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "detailMissingPhoto.\(size.name)")
        #expect(grid.text().contains("file missing"))
        #expect(grid.text().contains("IMG_0002.jpg  2/3  4032×3024  2024-05-03 12:02  Canon EOS 6D  FILE MISSING"))
    }

    @Test(arguments: ScreenSize.both)
    func importPicker(size: ScreenSize) {
        var state = ImportPickerTests.openPicker(columns: size.columns, rows: size.rows)
        let entries = ImportPickerTests.listing + [
            FolderEntry(name: "夏休み 🌊", isFolder: true),
            FolderEntry(name: "bad\u{1B}[2Jname\u{07}.jpg", isFolder: false),
            FolderEntry(name: String(repeating: "very-long-file-name-", count: 10) + ".jpg", isFolder: false),
        ]
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(entries)))
        state.press(.down, .char(" "), .down, .char(" "), .char(" "))   // 2024, a.jpg, b.jpg marked
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "importPicker.\(size.name)")
        #expect(grid.text().contains("3 marked"))
    }

    @Test(arguments: ScreenSize.both)
    func importProgress(size: ScreenSize) {
        var state = ImportOverlayTests.importing(columns: size.columns, rows: size.rows)
        state.send(.importProgress(ImportProgress(
            phase: .importing, done: 37, total: 120, bytesDone: 80_000_000, bytesTotal: 260_000_000,
            currentFile: "/home/ana/Pictures/Holidays/2019 サマー/IMG_20190801_101500.jpg")))
        assertSnapshot(AppView.render(state), named: "importProgress.\(size.name)")
    }

    @Test(arguments: ScreenSize.both)
    func importSummary(size: ScreenSize) {
        var state = ImportOverlayTests.importing(columns: size.columns, rows: size.rows)
        var results = ImportOverlayTests.summary.results
        for i in 1...12 {
            results.append(ImportFileResult(path: "/p/Holidays/dup-\(i).jpg",
                                            outcome: .duplicate(photoID: "x", original: "/p/Holidays/a\(i).jpg")))
        }
        results.append(ImportFileResult(path: "/p/Holidays/locked.jpg",
                                        outcome: .unreadable(reason: "permission denied (" + String(repeating: "long reason ", count: 12) + ")")))
        let summary = ImportSummary(results: results, cancelled: false, filesFound: results.count)
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: summary))))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "importSummary.\(size.name)")
        #expect(grid.text().contains("2 imported, 13 duplicates, 1 unsupported, 1 unreadable, 1 corrupt"))
        // The box grows to the screen: all 16 problems fit at 160×48, none hidden behind "… more".
        // At 80×24 the long reason wraps onto continuation lines: the last lines scroll into view.
        if size.columns < 100 {
            #expect(grid.text().contains("of 16 · ↑↓ PgUp PgDn scroll"))
            state.press(.end)
        }
        let text = AppView.render(state).text()
        #expect(text.contains("unreadable: locked.jpg — permission denied (long reason"))
        #expect(text.contains("long reason )"), "the reason's end shows too")
        #expect(text.contains(size.columns < 100 ? "of 16 · ↑↓" : "Press any key"))
    }

    @Test(arguments: ScreenSize.both)
    func importFailed(size: ScreenSize) {
        var state = ImportOverlayTests.importing(columns: size.columns, rows: size.rows)
        state.send(.importFinished(.failure(Failure(
            "the library /home/ana/.local/share/photory/library.json is locked by another photory-tui (waited 10 s)"))))
        assertSnapshot(AppView.render(state), named: "importFailed.\(size.name)")
    }

    @Test(arguments: ScreenSize.both)
    func help(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.press(.char("?"))
        assertSnapshot(AppView.render(state), named: "help.\(size.name)")
    }

    @Test(arguments: ScreenSize.both)
    func helpInPicker(size: ScreenSize) {
        var state = ImportPickerTests.openPicker(columns: size.columns, rows: size.rows)
        state.press(.char("?"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "helpInPicker.\(size.name)")
        #expect(grid.text().contains("import the marked entries (or the highlighted one)"))
    }

    @Test func tooSmall() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.send(.resized(columns: 20, rows: 8))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "tooSmall.20x8")
        #expect(grid.lines().filter { !$0.isEmpty }.count == 1)
    }

    /// The smallest size the screens draw at: nothing may overlap or spill.
    @Test func smallestScreens() {
        var state = TestLibrary.state(columns: 30, rows: 12)
        assertWellFormed(AppView.render(state))
        state.openGroup(at: TestLibrary.tokyoIndex)
        assertWellFormed(AppView.render(state))
        state.press(.right, .enter)
        assertWellFormed(AppView.render(state))
        state.press(.char("?"))
        assertWellFormed(AppView.render(state))
        state.press(.escape, .char("a"))
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        assertSnapshot(AppView.render(state), named: "importPicker.30x12")
        state.press(.char("i"))
        state.send(.importProgress(ImportProgress(phase: .importing, done: 1, total: 3, currentFile: "/p/写真.jpg")))
        assertSnapshot(AppView.render(state), named: "importProgress.30x12")
    }
}
