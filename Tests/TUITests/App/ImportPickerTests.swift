import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

/// The import picker: opening, listing, marking, moving between folders, typing a path,
/// starting an import and closing.
@Suite struct ImportPickerTests {
    static let pictures = "/home/ana/Pictures"
    static let listing: [FolderEntry] = [
        FolderEntry(name: "2023", isFolder: true), FolderEntry(name: "2024", isFolder: true),
        FolderEntry(name: "Holidays", isFolder: true), FolderEntry(name: "a.jpg", isFolder: false),
        FolderEntry(name: "b.jpg", isFolder: false), FolderEntry(name: "notes.txt", isFolder: false),
    ]

    /// A state with the picker open on ~/Pictures and its listing received.
    static func openPicker(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = TestLibrary.state(columns: columns, rows: rows)
        state.press(.char("a"))
        state.send(.folderListed(path: pictures, .success(listing)))
        return state
    }

    @Test func aAsksForTheStartFolderAndTheListingFillsThePicker() throws {
        var state = TestLibrary.state()
        #expect(state.press(.char("a")) == [.listFolder(Self.pictures), .detectCameras])
        let picker = try #require(state.picker)
        #expect(picker.folder == Self.pictures)
        #expect(picker.loading)
        #expect(AppView.render(state).text().contains("Reading the folder…"))

        // A listing for another folder (a late answer) is ignored.
        state.send(.folderListed(path: "/elsewhere", .success([FolderEntry(name: "x", isFolder: true)])))
        #expect(state.picker?.entries.isEmpty == true)
        #expect(state.picker?.loading == true)

        state.send(.folderListed(path: Self.pictures, .success(Self.listing)))
        #expect(state.picker?.entries == Self.listing)
        #expect(state.picker?.loading == false)
        #expect(state.picker?.cursor == 0)
        let text = AppView.render(state).text()
        #expect(text.contains("[ ] Holidays/"))
        #expect(text.contains("[ ] notes.txt"))
    }

    @Test func keysGoToThePickerNotTheScreenBelow() {
        var state = Self.openPicker()
        state.press(.char("j"), .char("j"))
        #expect(state.picker?.cursor == 2)
        #expect(state.homeCursor.selected == 0)
        state.press(.char("q"))
        #expect(state.picker == nil)
        #expect(!state.shouldQuit)
    }

    @Test func spaceMarksAndMovesDown() {
        var state = Self.openPicker()
        state.press(.char(" "))
        #expect(state.picker?.marked == [Self.pictures + "/2023"])
        #expect(state.picker?.cursor == 1)
        state.press(.down, .down, .char(" "))
        #expect(state.picker?.marked == [Self.pictures + "/2023", Self.pictures + "/a.jpg"])
        #expect(state.picker?.cursor == 4)
        // Space again unmarks.
        state.press(.up, .char(" "))
        #expect(state.picker?.marked == [Self.pictures + "/2023"])
        // On the last entry the cursor stays put.
        state.press(.end, .char(" "))
        #expect(state.picker?.cursor == 5)
        #expect(state.picker?.marked.contains(Self.pictures + "/notes.txt") == true)
        #expect(AppView.render(state).text().contains("2 marked"))
    }

    @Test func capitalAMarksAllThenUnmarksAll() {
        var state = Self.openPicker()
        state.press(.char(" "))
        state.press(.char("A"))
        #expect(state.picker?.marked.count == 6)
        state.press(.char("A"))
        #expect(state.picker?.marked.isEmpty == true)
        state.press(.char("A"))
        #expect(state.picker?.marked.count == 6)
    }

    @Test func enterOnAFolderListsItAndLeftGoesBackToTheParentWithItHighlighted() {
        var state = Self.openPicker()
        state.press(.down, .down)
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/Holidays")])
        #expect(state.picker?.folder == Self.pictures + "/Holidays")
        #expect(state.picker?.loading == true)
        state.send(.folderListed(path: Self.pictures + "/Holidays", .success([FolderEntry(name: "x.jpg", isFolder: false)])))
        #expect(state.picker?.cursor == 0)

        #expect(state.press(.left) == [.listFolder(Self.pictures)])
        state.send(.folderListed(path: Self.pictures, .success(Self.listing)))
        #expect(state.picker?.cursor == 2)

        // Enter on a file does nothing; → and l open folders like Enter.
        state.press(.end)
        #expect(state.press(.enter) == [])
        #expect(state.picker?.folder == Self.pictures)
        state.press(.home)
        #expect(state.press(.right) == [.listFolder(Self.pictures + "/2023")])
        state.send(.folderListed(path: Self.pictures + "/2023", .success([])))
        #expect(AppView.render(state).text().contains("(empty folder)"))
        #expect(state.press(.backspace) == [.listFolder(Self.pictures)])
        state.send(.folderListed(path: Self.pictures, .success(Self.listing)))
        #expect(state.picker?.cursor == 0)
        #expect(state.press(.char("h")) == [.listFolder("/home/ana")])
        state.send(.folderListed(path: "/home/ana", .success([FolderEntry(name: "Documents", isFolder: true),
                                                                 FolderEntry(name: "Pictures", isFolder: true)])))
        #expect(state.picker?.cursor == 1)
    }

    @Test func upFromTheRootStaysAtTheRoot() {
        var state = Self.openPicker()
        state.press(.char("/"))
        state.type("/")
        #expect(state.press(.enter) == [.listFolder("/")])
        state.send(.folderListed(path: "/", .success([FolderEntry(name: "home", isFolder: true)])))
        #expect(state.press(.left) == [])
        #expect(state.picker?.folder == "/")
        #expect(state.press(.enter) == [.listFolder("/home")])
        state.send(.folderListed(path: "/home", .success([FolderEntry(name: "ana", isFolder: true)])))
        #expect(state.press(.left) == [.listFolder("/")])
    }

    /// Coming up from a folder far down a long listing: the highlighted folder must be on screen.
    @Test func highlightedParentEntryIsScrolledIntoView() throws {
        var state = Self.openPicker()
        let many = (0..<60).map { FolderEntry(name: String(format: "folder-%02d", $0), isFolder: true) }
        state.send(.folderListed(path: Self.pictures, .success(many)))
        state.press(.end)
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/folder-59")])
        state.send(.folderListed(path: Self.pictures + "/folder-59", .success([])))
        state.press(.left)
        state.send(.folderListed(path: Self.pictures, .success(many)))
        let picker = try #require(state.picker)
        #expect(picker.cursor == 59)
        let visible = picker.top..<(picker.top + ImportPickerState.listHeight(rows: state.rows))
        #expect(visible.contains(59))
        #expect(AppView.render(state).text().contains("folder-59/"))
    }

    @Test func tildeGoesHome() {
        var state = Self.openPicker()
        #expect(state.press(.char("~")) == [.listFolder("/home/ana")])
        #expect(state.picker?.folder == "/home/ana")
    }

    @Test func slashLetsYouTypeAPath() {
        var state = Self.openPicker()
        #expect(state.press(.char("/")) == [])
        // The field starts empty: what is typed is taken as the user wrote it.
        #expect(state.picker?.typedPath == "")
        state.type("/home/ana/Pictures/Holidays/2019x")
        state.press(.backspace)
        // Letters that are keys elsewhere (q, i, A, ?) are just typed.
        #expect(state.picker?.typedPath == Self.pictures + "/Holidays/2019")
        #expect(AppView.render(state).text().contains("Go to: /home/ana/Pictures/Holidays/2019"))
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/Holidays/2019")])
        // The field stays until the folder opens (a typo can then be fixed).
        #expect(state.picker?.typedPath == Self.pictures + "/Holidays/2019")
        state.send(.folderListed(path: Self.pictures + "/Holidays/2019", .success([])))
        #expect(state.picker?.typedPath == nil)
        #expect(state.picker?.folder == Self.pictures + "/Holidays/2019")

        // Esc while typing stops typing but keeps the picker open.
        state.press(.char("/"))
        state.type("qiA?")
        #expect(state.picker?.typedPath == "qiA?")
        #expect(state.press(.escape) == [])
        #expect(state.picker != nil)
        #expect(state.picker?.typedPath == nil)
        #expect(state.importOverlay == nil && !state.showHelp)
        // Ctrl-U clears; a relative path starts at the folder on screen; dots are resolved.
        state.press(.char("/"))
        state.type("junk")
        state.press(.ctrl("u"))
        #expect(state.picker?.typedPath == "")
        state.type("../../x")
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/x")])
        // ~ is the home folder.
        state.send(.folderListed(path: Self.pictures + "/x", .success([])))
        state.press(.char("/"), .ctrl("u"))
        state.type("~/Documents")
        #expect(state.press(.enter) == [.listFolder(NSHomeDirectory() + "/Documents")])
    }

    @Test func uImportsAWebAddress() throws {
        var state = Self.openPicker()
        #expect(state.press(.char("u")) == [])
        #expect(state.picker?.fieldPurpose == .webAddress)
        var screen = AppView.render(state).text()
        #expect(screen.contains("Import from the web: ▏"))
        #expect(screen.contains("A JSON feed, a list of image links or an image"))

        // Something that is not an address is refused with the reason; the field stays.
        state.type("photos.example.org/feed")
        #expect(state.press(.enter) == [])
        #expect(state.picker?.typedPath == "photos.example.org/feed")
        #expect(AppView.render(state).text().contains("Not a web address"))

        state.press(.ctrl("u"))
        state.type("https://photos.example.org/feed.json")
        let effects = state.press(.enter)
        #expect(effects.first == .startImport(["https://photos.example.org/feed.json"]))
        #expect(state.picker == nil)
        #expect(state.importOverlay?.isRunning == true)
        screen = AppView.render(state).text()
        #expect(screen.contains("Importing"))
    }

    /// An address typed after `/` (pasted where a path goes) is imported too.
    @Test func aWebAddressTypedAsAPathIsImported() {
        var state = Self.openPicker()
        state.press(.char("/"))
        state.type("http://127.0.0.1:8080/list.txt")
        #expect(state.press(.enter).first == .startImport(["http://127.0.0.1:8080/list.txt"]))
    }

    @Test func aFolderThatCannotBeOpenedLeavesYouWhereYouWere() throws {
        var state = Self.openPicker()
        state.press(.down)
        state.press(.char("/"), .ctrl("u"))
        state.type("nowhere")
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/nowhere")])
        state.send(.folderListed(path: Self.pictures + "/nowhere", .failure(Failure("cannot open /home/ana/Pictures/nowhere: no such folder"))))
        let picker = try #require(state.picker)
        #expect(picker.folder == Self.pictures)
        #expect(picker.entries == Self.listing)
        #expect(picker.cursor == 1)
        let screen = AppView.render(state).text()
        #expect(screen.contains("cannot open /home/ana/Pictures/nowhere: no such folder"))
        #expect(screen.contains("Holidays/"))
        // The text typed stays in the field, to be fixed; Esc stops typing.
        #expect(screen.contains("Go to: nowhere"))
        state.press(.escape)
        #expect(state.press(.left) == [.listFolder("/home/ana")])
    }

    /// A typo in a typed path: the error shows, the prompt stays open with the text, keys keep
    /// editing it (a `q` is a letter, not "close"), and the fixed path opens.
    @Test func aPathErrorKeepsThePromptOpenWithTheText() throws {
        var state = Self.openPicker()
        state.press(.char("/"))
        state.type("Holidayz")
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/Holidayz")])
        state.send(.folderListed(path: Self.pictures + "/Holidayz", .failure(Failure("cannot open /home/ana/Pictures/Holidayz: no such folder"))))
        #expect(state.picker?.typedPath == "Holidayz")
        var screen = AppView.render(state).text()
        #expect(screen.contains("no such folder"))
        #expect(screen.contains("Go to: Holidayz"))
        state.press(.backspace)
        state.type("s")
        #expect(state.picker?.typedPath == "Holidays")
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/Holidays")])
        state.send(.folderListed(path: Self.pictures + "/Holidays", .success([FolderEntry(name: "x.jpg", isFolder: false)])))
        #expect(state.picker?.typedPath == nil)
        #expect(state.picker?.folder == Self.pictures + "/Holidays")
        screen = AppView.render(state).text()
        #expect(screen.contains("[ ] x.jpg"))
        #expect(!screen.contains("no such folder"))

        // A typo with a q in it: the q is typed, the picker stays.
        state.press(.char("/"))
        state.type("/nowhere")
        state.press(.enter)
        state.send(.folderListed(path: "/nowhere", .failure(Failure("cannot open /nowhere: no such folder"))))
        state.type("q")
        #expect(state.picker?.typedPath == "/nowhereq")
        #expect(state.picker != nil)
    }

    /// An error shown while no path is typed: the first `q` (or Esc) clears it, the second closes.
    @Test func qAfterAnErrorClearsItAndKeepsThePicker() {
        var state = Self.openPicker()
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/2023")])
        state.send(.folderListed(path: Self.pictures + "/2023", .failure(Failure("cannot open /home/ana/Pictures/2023: permission denied"))))
        #expect(AppView.render(state).text().contains("permission denied"))
        state.press(.char("q"))
        #expect(state.picker != nil)
        #expect(!AppView.render(state).text().contains("permission denied"))
        state.press(.char("q"))
        #expect(state.picker == nil)
    }

    /// The path of a photo file typed after `/`: its folder opens with the file selected and a
    /// note saying `i` imports it.
    @Test func aTypedFilePathOpensItsFolderWithTheFileSelected() throws {
        var state = Self.openPicker()
        state.press(.enter)   // into 2023
        state.send(.folderListed(path: Self.pictures + "/2023", .success([])))
        state.press(.char("/"))
        state.type("/home/ana/Pictures/b.jpg")
        #expect(state.press(.enter) == [.listFolder(Self.pictures + "/b.jpg")])
        let effects = state.send(.folderListed(path: Self.pictures + "/b.jpg",
                                               .failure(Failure("/home/ana/Pictures/b.jpg is a file, not a folder", pathIsFile: true))))
        #expect(effects == [.listFolder(Self.pictures)])
        #expect(state.picker?.typedPath == nil)
        state.send(.folderListed(path: Self.pictures, .success(Self.listing)))
        let picker = try #require(state.picker)
        #expect(picker.folder == Self.pictures)
        #expect(picker.entries[picker.cursor].name == "b.jpg")
        #expect(AppView.render(state).text().contains("b.jpg is a file: it is selected; i imports it"))
        #expect(state.press(.char("i")).first == .startImport([Self.pictures + "/b.jpg"]))
    }

    /// The runtime's listing says when a path names a file.
    @Test func listingAFileSaysItIsAFile() throws {
        let folder = Fixtures.TemporaryFolder()
        let file = folder.path + "/a.jpg"
        FileManager.default.createFile(atPath: file, contents: Data([0xFF, 0xD8]))
        guard case let .failure(failure) = BrowserApp.list(file) else {
            Issue.record("a file listed as a folder")
            return
        }
        #expect(failure.pathIsFile)
        #expect(failure.message.contains("is a file, not a folder"))
        guard case let .failure(missing) = BrowserApp.list(folder.path + "/none") else { return }
        #expect(!missing.pathIsFile)
    }

    @Test func iImportsTheMarkedFilesThenTheMarkedFolders() {
        var state = Self.openPicker()
        state.press(.end, .char(" "))          // notes.txt
        state.press(.home, .char(" "))         // 2023
        state.press(.down, .char(" "))         // Holidays
        let effects = state.press(.char("i"))
        #expect(effects == [.startImport([Self.pictures + "/notes.txt", Self.pictures + "/2023",
                                          Self.pictures + "/Holidays"]),
                            .remember(RememberedState(lastImportFolder: Self.pictures))])
        #expect(state.picker == nil)
        #expect(state.importOverlay?.isRunning == true)
        #expect(state.isImporting)
    }

    @Test func iWithoutMarksImportsTheHighlightedEntry() {
        var state = Self.openPicker()
        state.press(.down, .down, .down)
        #expect(state.press(.char("i")).first == .startImport([Self.pictures + "/a.jpg"]))
    }

    /// The README's example: a relative path typed after `/` starts at the folder on screen.
    @Test func aTypedRelativePathStartsAtTheFolderOnScreen() {
        var state = Self.openPicker()
        state.press(.char("/"))
        state.type("../shared/photos")
        #expect(state.press(.enter) == [.listFolder("/home/ana/shared/photos")])
        state.send(.folderListed(path: "/home/ana/shared/photos", .success([])))
        state.press(.char("/"))
        state.type("./Holidays")
        #expect(state.press(.enter) == [.listFolder("/home/ana/shared/photos/Holidays")])
    }

    @Test func thePickerReopensWhereTheLastImportCameFromAndDotGoesBackToTheStartFolder() throws {
        var state = Self.openPicker()
        state.press(.char("~"))
        state.send(.folderListed(path: "/home/ana", .success([FolderEntry(name: "Camera", isFolder: true)])))
        state.press(.enter)
        state.send(.folderListed(path: "/home/ana/Camera", .success([FolderEntry(name: "a.jpg", isFolder: false)])))
        let effects = state.press(.char("i"))
        #expect(effects == [.startImport(["/home/ana/Camera/a.jpg"]),
                            .remember(RememberedState(lastImportFolder: "/home/ana/Camera"))])
        #expect(state.remembered.lastImportFolder == "/home/ana/Camera")
        state.send(.importFinished(.failure(Failure("stop"))))
        state.press(.enter)   // closes the summary

        #expect(state.press(.char("a")) == [.listFolder("/home/ana/Camera"), .detectCameras])
        #expect(state.press(.char(".")) == [.listFolder(Self.pictures)])

        // Remembered between runs: a new state made with what was saved opens there too.
        var next = TestLibrary.state(remembered: state.remembered)
        #expect(next.press(.char("a")) == [.listFolder("/home/ana/Camera"), .detectCameras])
        // A remembered folder that went away falls back to the start folder, saying why.
        let failure = Failure("cannot open /home/ana/Camera: no such folder")
        #expect(next.send(.folderListed(path: "/home/ana/Camera", .failure(failure))) == [.listFolder(Self.pictures)])
        let picker = try #require(next.picker)
        #expect(picker.folder == Self.pictures)
        next.send(.folderListed(path: Self.pictures, .success(Self.listing)))
        #expect(next.picker?.entries == Self.listing)
    }

    @Test func iInAnEmptyOrLoadingFolderDoesNothing() {
        var state = TestLibrary.state()
        state.press(.char("a"))
        #expect(state.press(.char("i")) == [])
        #expect(state.picker != nil && state.importOverlay == nil)
        state.send(.folderListed(path: Self.pictures, .failure(Failure("cannot open /home/ana/Pictures: permission denied or not a folder"))))
        #expect(state.press(.char("i")) == [])
        #expect(AppView.render(state).text().contains("permission denied"))
    }

    @Test func escapeClosesThePicker() {
        var state = Self.openPicker()
        state.press(.char(" "))
        #expect(state.press(.escape) == [])
        #expect(state.picker == nil)
        #expect(state.screen == .home)
        #expect(!AppView.render(state).text().contains("Import photos"))
        // Opened again, it starts fresh.
        state.press(.char("a"))
        #expect(state.picker?.marked.isEmpty == true)
    }

    @Test func questionMarkShowsThePickerKeys() {
        var state = Self.openPicker()
        state.press(.char("?"))
        #expect(state.showHelp)
        #expect(AppView.render(state).text().contains("Keys — import picker"))
        state.press(.escape)
        #expect(!state.showHelp)
        #expect(state.picker != nil)
    }

    @Test func resizeKeepsThePickerCursorInView() throws {
        var state = Self.openPicker(columns: 80, rows: 48)
        let many = (0..<60).map { FolderEntry(name: "f\($0).jpg", isFolder: false) }
        state.send(.folderListed(path: Self.pictures, .success(many)))
        state.press(.end)
        state.send(.resized(columns: 80, rows: 16))
        let picker = try #require(state.picker)
        #expect(picker.cursor == 59)
        #expect(picker.top + ImportPickerState.listHeight(rows: 16) > 59)
        #expect(AppView.render(state).text().contains("f59.jpg"))
    }
}

/// The picker's folder listing keeps names that are not UTF-8 and shows them with U+FFFD.
@Suite struct ImportPickerRawNameTests {
    @Test func latin1NamesAreListedByTheirExactBytesAndShownWithReplacement() throws {
        let folder = Fixtures.TemporaryFolder()
        let cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        folder.write(Data([0xFF, 0xD8, 0xFF]), toRawName: cafe)
        let sub = PathBytes.string(Array((folder.path + "/sub").utf8) + [0xE9])
        #expect(PathBytes.withCString(sub) { mkdir($0, 0o755) } == 0)
        let entries = try BrowserApp.list(folder.path).get()
        #expect(entries.map(\.isFolder) == [true, false])
        let file = try #require(entries.last)
        #expect(PathBytes.bytes(file.name) == cafe)
        #expect(PathBytes.exists(folder.path + "/" + file.name))
        #expect(PathBytes.isFolder(folder.path + "/" + entries[0].name))

        var state = TestLibrary.state()
        state.press(.char("a"))
        let start = try #require(state.picker?.folder)
        state.send(.folderListed(path: start, .success(entries)))
        #expect(AppView.render(state).text().contains("caf\u{FFFD}.jpg"))
    }
}
