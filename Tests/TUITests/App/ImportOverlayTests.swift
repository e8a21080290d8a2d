import Library
import Testing
@testable import TUI

/// The import overlay: progress while the import runs, cancelling, the summary, a failure.
@Suite struct ImportOverlayTests {
    /// A state whose import was just started from the picker.
    static func importing(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = ImportPickerTests.openPicker(columns: columns, rows: rows)
        state.press(.down, .down)
        let effects = state.press(.char("i"))
        precondition(effects.first == .startImport([ImportPickerTests.pictures + "/Holidays"]))
        return state
    }

    static let summary = ImportSummary(results: [
        ImportFileResult(path: "/p/Holidays/a1.jpg", outcome: .imported(photoID: "0000000000000401")),
        ImportFileResult(path: "/p/Holidays/a2.jpg", outcome: .imported(photoID: "0000000000000402")),
        ImportFileResult(path: "/p/Holidays/copy.jpg", outcome: .duplicate(photoID: "0000000000000401", original: "/p/Holidays/a1.jpg")),
        ImportFileResult(path: "/p/Holidays/notes.txt", outcome: .unsupported(reason: "not a JPEG")),
        ImportFileResult(path: "/p/Holidays/壊れた.jpg", outcome: .corrupt(reason: "premature end of JPEG data")),
    ], cancelled: false, filesFound: 5)

    @Test func startingAnImportOpensTheOverlay() throws {
        let state = Self.importing()
        let overlay = try #require(state.importOverlay)
        #expect(overlay.phase == .running(cancelling: false))
        #expect(overlay.progress.phase == .scanning)
        #expect(state.isImporting)
        #expect(AppView.render(state).text().contains("Importing"))
    }

    @Test func progressUpdatesTheOverlay() {
        var state = Self.importing()
        let progress = ImportProgress(phase: .importing, done: 3, total: 12, currentFile: "/p/Holidays/IMG_0003.jpg")
        state.send(.importProgress(progress))
        #expect(state.importOverlay?.progress == progress)
        let text = AppView.render(state).text()
        #expect(text.contains("25%  3 of 12"))
        #expect(text.contains("IMG_0003.jpg"))
        #expect(!text.contains("/p/Holidays"))
    }

    @Test func keysOtherThanEscapeAreIgnoredWhileRunning() {
        var state = Self.importing()
        #expect(state.press(.char("q"), .char("a"), .char("?"), .enter, .down, .char("r")) == [])
        #expect(!state.shouldQuit)
        #expect(state.picker == nil && !state.showHelp)
        #expect(state.importOverlay?.isRunning == true)
    }

    @Test func escapeCancelsOnce() {
        var state = Self.importing()
        #expect(state.press(.escape) == [.cancelImport])
        #expect(state.importOverlay?.phase == .running(cancelling: true))
        #expect(AppView.render(state).text().contains("Cancelling import…"))
        #expect(state.press(.escape) == [])
        #expect(state.press(.escape) == [])
        #expect(state.importOverlay?.phase == .running(cancelling: true))
    }

    @Test func successReplacesTheLibraryShowsTheSummaryAndAnyKeyCloses() {
        var state = Self.importing()
        state.send(.importProgress(ImportProgress(phase: .saving, done: 5, total: 5)))
        let newLibrary = TestLibrary.afterImport()
        state.send(.importFinished(.success(.init(library: newLibrary, summary: Self.summary))))
        #expect(state.library == newLibrary)
        #expect(state.importOverlay?.phase == .finished(Self.summary))
        #expect(!state.isImporting)
        let text = AppView.render(state).text()
        #expect(text.contains("Import finished"))
        #expect(text.contains("2 imported, 1 duplicate, 1 unsupported, 1 corrupt"))
        #expect(text.contains("corrupt: 壊れた.jpg — premature end of JPEG data"))

        // The closing key does nothing else.
        #expect(state.press(.char("j")) == [])
        #expect(state.importOverlay == nil)
        // Still on the folder that was selected (Missing, the first smart folder), which stays first.
        #expect(state.homeCursor.selected == 0)
        let home = AppView.render(state).text()
        #expect(home.contains("Home · by description · 5 groups · 41 photos"))
        #expect(home.contains("Aquarium"))
        #expect(home.contains("Aquarium"))
    }

    /// 105 problems (a camera card's videos) do not fit: the grids' moving keys scroll them,
    /// so the last is reachable, and another key still closes.
    @Test func aLongSummaryScrollsToItsLastLine() {
        var state = Self.importing()
        let videos = (1...105).map { ImportFileResult(path: "/p/DCIM/MVI_\($0).MOV", outcome: .unsupported(reason: "video (QuickTime), not a photo")) }
        let skipped = (1...40).map { ImportFileResult(path: "/p/DCIM/MVI_\($0).THM", outcome: .skipped(reason: "sidecar file")) }
        let summary = ImportSummary(results: Self.summary.results.prefix(2) + videos + skipped, cancelled: false, filesFound: 147)
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: summary))))
        var text = AppView.render(state).text()
        #expect(text.contains("2 imported, 105 unsupported, 40 skipped (sidecars and text files)"))
        #expect(!text.contains("THM"), "skipped sidecars are only counted")
        #expect(text.contains("unsupported: MVI_1.MOV — video (QuickTime), not a photo"))
        #expect(text.contains("1–16 of 105 · ↑↓ PgUp PgDn scroll · other keys close"))
        #expect(text.contains("↑↓ PgUp PgDn Home End scroll · other keys close"), "the status line says so too")
        #expect(!text.contains("MVI_17.MOV"))

        state.press(.down)
        text = AppView.render(state).text()
        #expect(text.contains("2–17 of 105") && text.contains("MVI_17.MOV") && !text.contains("MVI_1.MOV"))
        state.press(.pageDown)
        #expect(AppView.render(state).text().contains("17–32 of 105"))
        state.press(.end)
        text = AppView.render(state).text()
        #expect(text.contains("90–105 of 105") && text.contains("MVI_105.MOV"))
        state.press(.down)
        #expect(AppView.render(state).text().contains("90–105 of 105"))
        state.press(.home)
        #expect(AppView.render(state).text().contains("1–16 of 105"))

        #expect(state.press(.char("x")) == [])
        #expect(state.importOverlay == nil)
    }

    @Test func aCancelledImportSaysSo() {
        var state = Self.importing()
        state.press(.escape)
        let summary = ImportSummary(results: Array(Self.summary.results.prefix(2)), cancelled: true, filesFound: 5)
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: summary))))
        let text = AppView.render(state).text()
        #expect(text.contains("Import cancelled"))
        #expect(text.contains("2 imported — cancelled after 2 of 5 files"))
    }

    @Test func failureShowsTheMessageAndKeepsTheLibrary() {
        var state = Self.importing()
        let message = "the library /home/ana/.local/share/photory/library.json is locked by another photory-tui (waited 10 s)"
        state.send(.importFinished(.failure(Failure(message))))
        #expect(state.importOverlay?.phase == .failed(message))
        #expect(state.library == TestLibrary.standard())
        let text = AppView.render(state).text()
        #expect(text.contains("Import failed"))
        #expect(text.contains("by another photory-tui (waited 10 s)"))
        #expect(state.press(.escape) == [])
        #expect(state.importOverlay == nil)
        #expect(!state.shouldQuit)
    }

    @Test func theOverlayCoversThePickerAndHelpIsNotReachable() {
        var state = Self.importing()
        state.press(.char("?"))
        #expect(!state.showHelp)
    }

    /// An import that finishes while the user is in a group keeps them there.
    @Test func importFinishingKeepsTheOpenGroup() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        let garden = state.groupID(at: TestLibrary.gardenIndex)
        state.press(.char("a"))
        state.send(.folderListed(path: ImportPickerTests.pictures, .success(ImportPickerTests.listing)))
        state.press(.char("i"))
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: Self.summary))))
        state.press(.enter)
        #expect(state.screen == .group(id: garden))
        state.press(.escape)
        #expect(state.homeFolders[state.homeCursor.selected].id == garden)
    }

    /// A feed whose items answer 404: `count` problems with a long address and a long reason.
    static func webSummary(count: Int) -> ImportSummary {
        let failed = (0..<count).map {
            ImportFileResult(path: "http://127.0.0.1:8765/img/missing\($0).jpg",
                             outcome: .unreadable(reason: "the server answered 404 Not Found (tried again for 30 s)"))
        }
        return ImportSummary(results: failed, cancelled: false, filesFound: count)
    }

    /// The box takes the screen's width, and a line still too long wraps onto an indented
    /// continuation line: the reason is always read whole, never cut.
    @Test(arguments: [(80, 24), (100, 30), (200, 60), (40, 20)])
    func aLongProblemIsShownWhole(columns: Int, rows: Int) {
        var state = Self.importing(columns: columns, rows: rows)
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: Self.webSummary(count: 2)))))
        let grid = AppView.render(state)
        let text = grid.text()
        #expect(!text.contains("…"), "\(text)")
        // The words of the reason are all there, in order, whatever the wrapping.
        let joined = text.split(separator: "\n").map { $0.replacingOccurrences(of: "│", with: " ") }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(joined.contains("404 Not Found (tried again for 30 s)"), "\(text)")
        #expect(text.contains("missing1"), "\(text)")
        if columns == 200 {
            // One line each: the box is as wide as the longest line.
            #expect(text.contains("unreadable: http://127.0.0.1:8765/img/missing0.jpg — the server answered 404 Not Found (tried again for 30 s)"))
        }
        if columns == 80 {
            #expect(text.contains("│   answered 404 Not Found (tried again for 30 s)"), "\(text)")
        }
        #expect(text.contains("Press any key"))
    }

    /// Wrapped problems scroll by problem: the count says which are shown, End shows the last
    /// one whole, and the status line says scrolling is possible.
    @Test func wrappedProblemsScrollToTheLastOne() {
        var state = Self.importing(columns: 80, rows: 24)
        state.send(.importFinished(.success(.init(library: TestLibrary.afterImport(), summary: Self.webSummary(count: 30)))))
        var text = AppView.render(state).text()
        // 16 lines of room at 80×24: eight problems of two lines each.
        #expect(text.contains("1–8 of 30 · ↑↓ PgUp PgDn scroll"), "\(text)")
        #expect(text.contains("missing7.jpg") && !text.contains("missing8.jpg"))
        state.press(.down)
        text = AppView.render(state).text()
        #expect(text.contains("2–9 of 30") && !text.contains("missing0.jpg") && text.contains("missing8.jpg"))
        state.press(.pageDown)
        #expect(AppView.render(state).text().contains("9–16 of 30"))
        state.press(.end)
        text = AppView.render(state).text()
        #expect(text.contains("23–30 of 30") && text.contains("missing29.jpg"), "\(text)")
        #expect(text.contains("│   answered 404 Not Found (tried again for 30 s)"), "the last line is there, whole")
        state.press(.down)
        #expect(AppView.render(state).text().contains("23–30 of 30"))
        #expect(state.press(.char("x")) == [])
        #expect(state.importOverlay == nil)
    }
}
