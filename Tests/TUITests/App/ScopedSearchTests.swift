import Library
import Testing
@testable import TUI

/// `/` in a group searches that group, `Tab` on the search line widens it to the whole library
/// and back; at home `/` searches everything. Smart folders and tag folders (a photo in several)
/// scope by their own photos.
@Suite struct ScopedSearchTests {
    @Test func slashInAGroupSearchesItAndTabWidensToTheWholeLibrary() {
        var state = TestLibrary.state()
        state.openGroup(at: TestLibrary.gardenIndex)
        state.press(.right, .right)
        let before = state.stack
        state.pressWorking(.char("/"))
        #expect(AppView.render(state).text().contains("in Garden · Tab: whole library"))
        state.typeWorking("tokyo")
        #expect(state.currentGroup?.count == 0, "no garden photo says tokyo")
        state.pressWorking(.tab)
        #expect(state.currentGroup?.count == 5, "the whole library has five")
        #expect(AppView.render(state).text().contains("whole library · Tab: in Garden"))
        #expect(state.currentGroup?.name == "Search: tokyo")
        state.pressWorking(.tab)
        #expect(state.currentGroup?.count == 0)
        #expect(state.search.field.text == "tokyo", "Tab is no character of the query")

        for _ in "tokyo" { state.pressWorking(.backspace) }
        state.typeWorking("-garden-05")
        #expect(state.currentGroup?.count == 29, "every garden photo but one; none of the others")
        #expect(state.currentGroup?.name == "Search in Garden: -garden-05")
        state.pressWorking(.right)
        #expect(state.groupCursor.selected == 1, "moving keys still move in the results")
        // Enter keeps the scoped results; Esc on the line (reopened) goes back to where `/` was.
        state.pressWorking(.enter)
        #expect(!state.isSearchLineOpen)
        #expect(state.currentGroup?.count == 29)
        state.pressWorking(.char("/"), .escape)
        #expect(state.stack == before)
    }

    @Test func homeSlashSearchesTheWholeLibraryAndTabSaysSo() {
        var state = TestLibrary.state()
        state.pressWorking(.char("/"))
        state.typeWorking("tokyo")
        #expect(state.search.scope == nil)
        #expect(state.currentGroup?.count == 5)
        #expect(!AppView.render(state).text().contains("Tab:"))
        state.pressWorking(.tab)
        #expect(state.currentGroup?.count == 5)
        #expect(AppView.render(state).text().contains("press / in a group to search only it"))
    }

    @Test func aSmartFolderScopesToItsOwnPhotos() {
        var state = TestLibrary.state()
        state.openGroup(at: 0)   // Missing: garden-03 and IMG_0002
        #expect(state.currentGroup?.count == 2)
        state.pressWorking(.char("/"))
        state.typeWorking("garden")
        #expect(state.currentGroup?.photoIDs.compactMap { state.library.photo(id: $0)?.fileName } == ["garden-03.jpg"])
        state.pressWorking(.tab)
        #expect(state.currentGroup?.count == 30)
    }

    /// A photo tagged twice is in two tag folders: searched from either, it is found there, and
    /// from each folder only that folder's photos come.
    @Test func tagFoldersScopeByTheirOwnPhotosAPhotoInSeveralIsFoundInEach() throws {
        var library = TestLibrary.standard()
        let tags: [String: [String]] = ["garden-01.jpg": ["Italy", "Family"], "garden-02.jpg": ["Italy"],
                                        "tokyo-1.jpg": ["Family"]]
        for photo in library.photos {
            guard let names = tags[photo.fileName] else { continue }
            var tagged = photo
            tagged.fileMarks = PhotoMarks(tags: names)
            library.update([tagged])
        }
        var state = TestLibrary.state(library, columns: 120, remembered: RememberedState(grouping: .tag))
        state.sendWorking(.resized(columns: 120, rows: 24))   // the tag tree is built
        func search(in folder: String, for text: String) throws -> [String] {
            state.pressWorking(.home)
            let index = try #require(state.homeFolders.firstIndex { $0.name == folder }, "a folder \(folder)")
            state.homeCursor.selected = index
            state.pressWorking(.enter, .char("/"))
            state.typeWorking(text)
            let names = state.currentGroup?.photoIDs.compactMap { state.library.photo(id: $0)?.fileName } ?? []
            state.pressWorking(.escape, .escape)
            return names.sorted()
        }
        #expect(try search(in: "Italy", for: "jpg") == ["garden-01.jpg", "garden-02.jpg"])
        #expect(try search(in: "Family", for: "jpg") == ["garden-01.jpg", "tokyo-1.jpg"])
        #expect(try search(in: "Family", for: "garden") == ["garden-01.jpg"])
    }

    /// An edit that takes a photo out of the group takes it out of the scoped results too.
    @Test func resultsFollowTheGroupAfterAnEdit() throws {
        var state = TestLibrary.state()
        state.openGroup(at: 0)   // Missing
        state.pressWorking(.char("/"))
        state.typeWorking("jpg")
        #expect(state.currentGroup?.count == 2)
        let garden03 = try #require(state.library.photos.first { $0.fileName == "garden-03.jpg" })
        state.sendWorking(.missingChecked(missing: ["/photos/IMG_0002.jpg"], checked: [garden03.path, "/photos/IMG_0002.jpg"]))
        #expect(state.currentGroup?.photoIDs.compactMap { state.library.photo(id: $0)?.fileName } == ["IMG_0002.jpg"])
    }
}
