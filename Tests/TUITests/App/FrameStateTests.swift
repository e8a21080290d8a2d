import Testing
@testable import TUI

/// Each grid's marks live in its frame on the navigation stack: the photo view opened from it
/// uses them, another grid opened over it has its own, and they come back with the grid.
@Suite struct FrameStateTests {
    @Test func marksBelongToTheirGridAndComeBackWithIt() {
        var state = OrganiseTests.garden()
        state.press(.char(" "), .char(" "))
        #expect(state.marks.count == 2)
        state.press(.enter)
        #expect(state.marks.count == 2, "the photo view uses the marks of its grid")
        #expect(AppView.render(state).text().contains("2 marked"))
        state.press(.escape)

        state.pressWorking(.char("/"))
        #expect(state.marks.isEmpty, "the search results are another grid, with marks of their own")
        state.pressWorking(.escape)
        #expect(state.marks.count == 2, "back on the group, its marks are there again")
        guard case let .group(frame)? = state.stack.last else {
            Issue.record("a group on top")
            return
        }
        #expect(frame.marks == state.marks && frame.markAnchor == 1)
        state.goBack()
        #expect(state.marks.isEmpty && state.stack.count == 1, "leaving the grid drops them with its frame")
    }
}
