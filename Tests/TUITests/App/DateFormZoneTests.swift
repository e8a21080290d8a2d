import Library
import Testing
@testable import TUI

/// The date form's zone field takes only offsets that exist (−12:00 … +14:00, minutes 00–59).
@Suite struct DateFormZoneTests {
    @Test(arguments: ["+25:00", "+99:59", "+12:60"])
    func anImpossibleZoneIsNamedUnderTheFieldAndChangesNothing(zone: String) {
        var state = OrganiseTests.garden()
        let before = state.library
        state.press(.char("d"))
        state.type("2019-05-10 09:00")
        state.press(.down)
        state.type(zone)
        let screen = AppView.render(state).text()
        #expect(screen.contains(zone + (zone == "+12:60" ? ": minutes run from 00 to 59" : ": UTC offsets run from -12:00 to +14:00")), "\(screen)")
        state.press(.enter)
        #expect(state.dateForm != nil, "the form stays open")
        state.press(.escape)
        #expect(state.library == before)
    }

    @Test func theFarthestRealZonesAreTaken() {
        var state = OrganiseTests.garden()
        state.press(.char("d"))
        state.press(.down)
        state.type("+14:00")
        state.press(.enter)
        #expect(state.dateForm == nil)
        #expect(state.currentGroup.flatMap { state.library.photo(id: $0.photoIDs[0])?.takenAt }?.hasSuffix("+14:00") == true)
    }
}
