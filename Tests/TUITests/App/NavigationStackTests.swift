import Library
import Testing
@testable import TUI

/// Back returns to exactly the place the user left: the screen below with its selection and
/// scroll, from every screen and every modal layer.
@Suite struct NavigationStackTests {
    /// 20 groups of 12 photos: at 80×24 the home grid shows 6 tiles a page, so it scrolls.
    static func bigLibrary() -> PhotoLibrary {
        var photos: [Photo] = []
        for g in 0..<20 {
            for p in 0..<12 {
                photos.append(TestLibrary.photo(g * 100 + p, name: "g\(g)-\(p).jpg",
                                                description: String(format: "Group %02d", g), day: 1 + p))
            }
        }
        return PhotoLibrary(photos: photos)
    }

    @Test func homeToGroupToPhotoAndBackRestoresEachPlace() throws {
        var state = TestLibrary.state(Self.bigLibrary())
        state.press(.char("j"), .char("j"), .char("j"), .char("l"))   // group 10, scrolled
        let home = state.homeCursor
        #expect(home.selected == 10 && home.topRow > 0)

        state.press(.enter)
        state.press(.char("j"), .char("j"), .char("l"))   // photo 7, scrolled
        let group = state.groupCursor
        #expect(group.selected == 7 && group.topRow > 0)
        #expect(state.stack.count == 2)

        state.press(.enter)
        #expect(state.stack.count == 3)
        #expect(state.screen == .detail(groupID: state.groupID(at: 10), index: 7))

        // Help and the picker over the photo close back to the same photo.
        state.press(.char("?"))
        state.press(.char("x"))
        state.press(.char("a"))
        state.press(.escape)
        #expect(state.screen == .detail(groupID: state.groupID(at: 10), index: 7))

        state.press(.escape)
        #expect(state.groupCursor == group)
        state.press(.escape)
        #expect(state.screen == .home)
        #expect(state.homeCursor == home)
        #expect(state.stack.count == 1)
    }

    /// Paging in the photo view is an outcome handed back: the grid below selects the photo
    /// the user ended on and scrolls it into view, keeping the rest of its place.
    @Test func theGridFollowsThePhotoThePhotoViewEndedOn() {
        var state = TestLibrary.state(Self.bigLibrary())
        state.press(.enter, .char("j"))
        let before = state.groupCursor
        state.press(.enter, .char("l"), .char("l"))
        state.press(.escape)
        #expect(state.groupCursor.selected == before.selected + 2)
        #expect(state.groupCursor.topRow == before.topRow)
    }

    @Test func modalLayersOverTheGroupGridLeaveItsPlaceAlone() {
        var state = TestLibrary.state(Self.bigLibrary())
        state.press(.enter, .char("G"))
        let group = state.groupCursor
        state.press(.char("?"), .escape)
        state.press(.char("a"))
        state.send(.folderListed(path: "/home/ana/Pictures", .success([FolderEntry(name: "a.jpg", isFolder: false)])))
        state.press(.char("q"))
        #expect(state.picker == nil)
        #expect(state.groupCursor == group)
        #expect(state.stack.count == 2)
    }

    @Test func aReloadWithoutTheOpenGroupClosesTheScreensAboveHome() {
        var state = TestLibrary.state(Self.bigLibrary())
        state.press(.char("l"), .enter, .enter)
        #expect(state.stack.count == 3)
        state.send(.libraryLoaded(.success(TestLibrary.standard())))
        #expect(state.stack.count == 1)
        #expect(state.screen == .home)
    }
}
