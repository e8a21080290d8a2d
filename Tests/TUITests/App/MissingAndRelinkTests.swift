import Library
import Testing
@testable import TUI

/// A preview that failed because a file was missing must come back once the file does.
@Suite struct MissingAndRelinkTests {
    @Test func failedPreviewsAreForgottenWhenTheLibraryChanges() throws {
        var state = TestLibrary.state()
        let request = try #require(state.wantedPreviews().first)
        state.send(.previewReady(request.key, .failed("file missing")))
        #expect(state.previews.contains(request.key))
        state.send(.importFinished(.success(.init(library: TestLibrary.standard(), summary: ImportSummary()))))
        #expect(!state.previews.contains(request.key))
        #expect(state.wantedPreviews().contains { $0.key == request.key })
    }

    @Test func goodPreviewsSurviveALibraryReload() throws {
        var state = TestLibrary.state()
        let request = try #require(state.wantedPreviews().first)
        state.send(.previewReady(request.key, .cells([[Cell("█")]])))
        state.send(.libraryLoaded(.success(TestLibrary.standard())))
        #expect(state.previews.contains(request.key))
    }

    @Test func aLateMissingCheckOnlyTouchesThePathsItChecked() {
        var state = TestLibrary.state()
        let garden3 = "/photos/garden-03.jpg", beach = "/photos/beach.jpg"
        #expect(state.library.photo(path: garden3)?.missing == true)
        // The check ran on the library as it was: beach.jpg gone, garden-03 back.
        state.send(.missingChecked(missing: [beach], checked: [beach, garden3]))
        #expect(state.library.photo(path: beach)?.missing == true)
        #expect(state.library.photo(path: garden3)?.missing == false)
        // A photo whose path was not checked (relinked meanwhile) keeps its flag.
        #expect(state.library.photo(path: "/photos/IMG_0002.jpg")?.missing == true)
    }

    /// The Missing smart folder comes or goes with the check after start-up: a folder chosen
    /// meanwhile (End pressed at once) stays chosen, not the one that slid into its place.
    @Test func theFolderChosenBeforeTheMissingCheckStaysChosen() {
        var state = TestLibrary.state()
        let missingPaths = Set(state.library.photos.filter(\.missing).map(\.path))
        let missingFolder = state.homeFolders.firstIndex { $0.name == "Missing" }
        #expect(missingFolder != nil)
        // The folder just after it, which would slide into its place.
        for _ in 0...(missingFolder ?? 0) { state.press(.right) }
        let chosen = state.homeFolders[state.homeCursor.selected].id
        #expect(state.homeCursor.selected == (missingFolder ?? 0) + 1)
        state.send(.missingChecked(missing: [], checked: missingPaths))
        #expect(!state.homeFolders.contains { $0.name == "Missing" })
        #expect(state.homeFolders[state.homeCursor.selected].id == chosen)
    }
}
