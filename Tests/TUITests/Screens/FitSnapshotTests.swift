import Library
import Testing
@testable import TUI

/// Text that matters is never cut with "…": it wraps, or a shorter wording or fewer parts are
/// chosen on purpose; grids use the rows they have; the help scrolls when it does not fit.
/// Styled snapshots at 80×24, 100×30, 120×40, 200×60 and 30×12 (re-record with
/// `RECORD_SNAPSHOTS=1`, and look at each).
@Suite struct FitSnapshotTests {
    static let sizes = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 100, rows: 30),
                        ScreenSize(columns: 120, rows: 40), ScreenSize(columns: 200, rows: 60),
                        ScreenSize(columns: 30, rows: 12)]

    // MARK: - The write-back confirmation says exactly what changed

    @Test(arguments: sizes)
    func writeConfirmationForFavouritesOnly(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char(" "), .char(" "), .char("f"), .char("W"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "writeFavourites.\(size.name)")
        let text = Self.boxed(grid)
        #expect(text.contains("favourite mark of 2 photos"))
        #expect(!text.contains("date") && !text.contains(" place") && !text.contains("description"))
        if size.columns >= 80 { #expect(!text.contains("…")) }
    }

    @Test(arguments: sizes)
    func writeConfirmationForADateAndAFavourite(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("d"))
        state.type("2004-12-25 18:30")
        state.press(.enter, .char("f"), .char("W"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "writeDate.\(size.name)")
        let text = Self.boxed(grid)
        #expect(text.contains("Write the edited date of 1 photo into its file (EXIF) and an XMP sidecar beside it?"))
        #expect(text.contains("The favourite mark goes into the sidecar (rating 5)."))
        #expect(!text.contains(" place") && !text.contains("description"))
        if size.columns >= 80 {
            #expect(text.contains("Enter write · any other key cancels"))
            #expect(!text.contains("…"))
        }
    }

    @Test func writeConfirmationNamesEveryKindOfChange() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("d"))
        state.type("2004-12-25 18:30")
        state.press(.enter, .char("L"))
        state.type("-22.9068, -43.1729")
        state.press(.enter)
        let paragraphs = WriteConfirmationView.paragraphs(state.writeBackCandidates, library: state.library)
        #expect(paragraphs[0].0.hasPrefix("Write the edited date and place of 1 photo"))
        #expect(WriteConfirmationView.listed(["date", "place", "description"]) == "date, place and description")
    }

    /// A library of `names` (a JPEG, a HEIC…), each with an edited date; the paragraphs of `W`.
    static func confirmation(_ names: [String]) -> [String] {
        let library = PhotoLibrary(photos: names.enumerated().map { i, name in
            var photo = TestLibrary.photo(300 + i, name: name, description: nil, day: 1)
            photo.edits.date = EditedDate(value: "2004-12-25T18:30:00")
            return photo
        })
        return WriteConfirmationView.paragraphs(library.photos.map(\.id), library: library).map(\.0)
    }

    @Test func writeConfirmationOfAHEICSaysOnlyTheSidecarIsWritten() {
        let heic = Self.confirmation(["IMG_5195.HEIC"])
        #expect(heic[0] == "Write the edited date of 1 photo into an XMP sidecar beside it?")
        #expect(heic[1] == "The HEIF file itself is not touched: photory writes into JPEG files only, not HEIF, PNG, WebP, raw files or videos.")
        #expect(!heic.joined().contains("EXIF") && !heic.joined().contains("replaced"))

        let mixed = Self.confirmation(["a.jpg", "b.jpg", "c.png", "IMG_1.heic"])
        #expect(mixed[0] == "Write the edited date of 4 photos into an XMP sidecar beside each, and into the files (EXIF) of the 2 JPEGs?")
        #expect(mixed[1].hasPrefix("The other 2 (HEIF and PNG) keep their files as they are: photory writes into JPEG files only"))

        #expect(Self.confirmation(["a.jpg"])[0] == "Write the edited date of 1 photo into its file (EXIF) and an XMP sidecar beside it?")
    }

    // MARK: - Titles keep the count of marks

    @Test(arguments: sizes)
    func markedCountIsNeverCut(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("A"), .char("s"))
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "markedTitle.\(size.name)")
        let title = grid.lines()[0]
        #expect(title.contains("30 marked"))
        #expect(!title.contains("…") || size.columns < 40)
        if size.columns >= 80 { #expect(title.contains("photo 30 of 30 · sorted by newest first")) }
    }

    @Test func titleLeavesOutWholePartsLeastUsefulFirst() {
        let line = TitleLine(parts: [.init(text: "Garden", priority: 3), .init(text: "30 photos", priority: 2),
                                     .init(text: "2024-05-10", priority: 0), .init(text: "69 marked", priority: 6)])
        #expect(line.fitted(width: 100) == "Garden · 30 photos · 2024-05-10 · 69 marked")
        #expect(line.fitted(width: 30) == "Garden · 30 photos · 69 marked")
        #expect(line.fitted(width: 20) == "Garden · 69 marked")
        let long = TitleLine(parts: [.init(text: "A very long folder name indeed", priority: 0),
                                     .init(text: "69 marked", priority: 1)])
        #expect(long.fitted(width: 24) == "A very long… · 69 marked")
    }

    // MARK: - The list view's Taken column holds a zone

    @Test(arguments: sizes)
    func listViewShowsZonesWhole(size: ScreenSize) {
        let zoned = TestLibrary.photo(101, name: "garden-01.jpg", description: TestLibrary.gardenName, day: 10,
                                      takenAt: "2024-05-10T09:01:00+02:00")
        let photos = TestLibrary.standard().photos.map { $0.fileName == "garden-01.jpg" ? zoned : $0 }
        var state = TestLibrary.state(PhotoLibrary(photos: photos), columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("t"))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "listViewZone.\(size.name)")
        if size.columns >= 80 {
            #expect(grid.text().contains("2024-05-10 09:01 +02:00"))
        } else {
            // Too narrow for the zone and the time: the day stays whole.
            #expect(grid.text().contains("2024-05-10"))
            #expect(!grid.text().contains("2024-05-10 0"))
        }
    }

    /// A folder row's date range: the days when the column holds them, not "2024-05-01 – 20…".
    @Test func listViewFolderRowsShowTheirDaysWhole() {
        var state = TestLibrary.state(remembered: RememberedState(grouping: .date, listView: true))
        state.sendWorking(.resized(columns: 80, rows: 24))
        state.pressWorking(.right, .enter)
        let text = AppView.render(state).text()
        #expect(text.contains("May 2024"))
        #expect(text.contains("2024-05-01 – 2024-05-25"))
    }

    // MARK: - Errors wrap

    @Test(arguments: sizes)
    func aFailedDownloadSaysAllOfWhy(size: ScreenSize) throws {
        var state = TestLibrary.state(WebPhotoTests.library(), columns: size.columns, rows: size.rows)
        let harbour = try #require(state.homeFolders.firstIndex { $0.name == "Harbour" })
        state.openGroup(at: harbour)
        state.press(.enter)
        let id = try #require(state.detailPhoto?.id)
        state.send(.originalDownloaded(photoID: id, .failure(Failure("http://127.0.0.1:8080/img/1.jpg: the server answered 404 Not Found"))))
        ScreenSnapshotTests.fillPreviews(&state, glyph: "█")
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "downloadFailed.\(size.name)")
        #expect(Self.unwrapped(grid).contains("the server answered 404 Not Found"))
        // The message has its own lines, under the photo: none on the picture, none on the
        // status line, which keeps the photo's name and position.
        let lines = grid.lines()
        #expect(lines.contains { $0.contains("█") }, "the photo is drawn")
        #expect(!lines.contains { $0.contains("█") && ($0.contains("download") || $0.contains("answered")) }, "\(grid.text())")
        #expect(lines[size.rows - 2].hasPrefix(" 1.jpg  1/5"), "\(grid.text())")
        let message = try #require(lines.firstIndex { $0.contains("Could not download") })
        #expect(message > (lines.lastIndex { $0.contains("█") } ?? 0))
        #expect(!lines[size.rows - 1].contains("download"), "the message is not said twice")
    }

    @Test(arguments: sizes)
    func aLongStatusMessageTakesTwoLines(size: ScreenSize) {
        let message = "config.toml line 3: unknown action \"opne\"; defaults kept (and 2 more problems: ? lists all)"
        let state = TestLibrary.state(columns: size.columns, rows: size.rows)
        var shown = state
        shown.status = message
        let grid = AppView.render(shown)
        assertSnapshot(grid, named: "longStatus.\(size.name)")
        if size.columns >= 60 {
            #expect(Self.unwrapped(grid).contains(message))
        }
    }

    @Test(arguments: sizes)
    func aPickerErrorKeepsItsEndAndThePromptItsText(size: ScreenSize) {
        var state = ImportPickerTests.openPicker(columns: size.columns, rows: size.rows)
        state.press(.char("/"))
        state.type("Holidays/2019/IMG_0001.jpx")
        state.press(.enter)
        let path = ImportPickerTests.pictures + "/Holidays/2019/IMG_0001.jpx"
        state.send(.folderListed(path: path, .failure(Failure("cannot open \(path): no such folder"))))
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "pickerTypo.\(size.name)")
        #expect(grid.text().contains(size.columns >= 40 ? "IMG_0001.jpx: no such folder" : "no such folder"))
        #expect(grid.text().contains("Go to: "))
    }

    // MARK: - Help: every config problem, and scrolling at 30×12

    static let problems = [
        "config.toml line 2: unknown action \"opne\"",
        "config.toml line 5: \"x\" is not a key name (try \"ctrl-x\", \"f5\", \"enter\")",
        "config.toml line 9: unknown table [colours]; known: [keys]",
    ]

    @Test(arguments: sizes)
    func helpListsEveryConfigProblemAndScrolls(size: ScreenSize) {
        var state = AppState(library: TestLibrary.standard(), columns: size.columns, rows: size.rows, colorMode: .colors256,
                             startFolder: "/home/ana/Pictures", homeFolder: "/home/ana", configProblems: Self.problems)
        state.press(.char("?"))
        assertSnapshot(AppView.render(state), named: "helpProblems.\(size.name)")
        // Scrolled to the end (when it scrolls), every problem shows whole.
        let scrolls = HelpOverlay.visibleLines(state).maxScroll > 0
        state.press(.end)
        #expect(state.showHelp == scrolls)
        state.showHelp = true
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "helpProblemsEnd.\(size.name)")
        if size.columns >= 80 {
            let text = Self.boxed(grid)
            for problem in Self.problems { #expect(text.contains(problem.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))) }
        }
        state.press(.char("x"))
        #expect(!state.showHelp)
    }

    @Test func helpAt30x12ScrollsLineByLineAndAnyOtherKeyCloses() {
        var state = TestLibrary.state(columns: 30, rows: 12)
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.char("?"))
        let (visible, maxScroll) = HelpOverlay.visibleLines(state)
        #expect(maxScroll > 0)
        let first = AppView.render(state).text()
        #expect(first.contains("↑↓"))
        state.press(.down)
        #expect(state.showHelp && state.helpScroll == 1)
        #expect(AppView.render(state).text() != first)
        state.press(.pageDown)
        #expect(state.helpScroll == min(maxScroll, 1 + visible - 1))
        state.press(.end)
        #expect(state.helpScroll == maxScroll)
        let all = HelpOverlay.lines(state)
        #expect(AppView.render(state).text().contains(all[all.count - 1].text))
        state.press(.up, .home)
        #expect(state.helpScroll == 0)
        state.press(.escape)
        #expect(!state.showHelp)
        // Opened again, it starts at the top.
        state.press(.char("?"))
        #expect(state.helpScroll == 0)
    }

    // MARK: - Grids use their rows

    @Test(arguments: sizes)
    func groupGridUsesItsRows(size: ScreenSize) {
        var state = TestLibrary.state(columns: size.columns, rows: size.rows)
        state.openGroup(at: TestLibrary.gardenIndex)
        ScreenSnapshotTests.fillPreviews(&state)
        let grid = AppView.render(state)
        assertSnapshot(grid, named: "groupGridRows.\(size.name)")
        let layout = state.gridLayout
        let last = layout.tileRect(index: layout.pageSize - 1, topRow: 0)!
        // Fewer than a row of tiles is left empty below the last row.
        #expect(state.contentArea.maxY - last.maxY < TileSize.standard.minimumPreviewHeight + GridLayout.captionLines + GridLayout.gap)
    }

    @Test func gridRowsAtTheNamedSizes() {
        func rows(_ columns: Int, _ rows: Int) -> (Int, Int) {
            let layout = TestLibrary.state(columns: columns, rows: rows).gridLayout
            let bottom = layout.tileRect(index: layout.pageSize - 1, topRow: 0)!.maxY
            return (layout.visibleRows, layout.area.maxY - bottom)
        }
        // 120×40 had 3 rows and 6 empty lines; 200×60 had 5 rows and 4. One line stays free
        // for the search line.
        #expect(rows(120, 40) == (4, 1))
        #expect(rows(200, 60) == (6, 1))
        #expect(rows(80, 24) == (2, 1))
        #expect(rows(100, 30) == (3, 1))
        #expect(rows(30, 12).0 == 1)
    }

    /// The text inside a box (between the first and last "│" of each line), lines joined.
    static func boxed(_ grid: CellGrid) -> String {
        grid.lines().compactMap { line -> String? in
            guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
            return line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The grid's text with its lines joined, so that wrapped sentences can be looked for.
    static func unwrapped(_ grid: CellGrid) -> String {
        grid.lines().map { line in
            line.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
