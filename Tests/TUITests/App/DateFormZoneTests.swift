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

    /// Dates with zones make the preview's lines long ("Last:  2024-05-10 10:03:00 +00:00 →
    /// 2024-05-10 11:03:00 +02:00"): shown whole at 80×24, and broken before the "→" (never
    /// cut) where the form is narrower.
    @Test(arguments: [(80, 24), (60, 24), (40, 24)])
    func aPreviewWithZonesIsShownWhole(columns: Int, rows: Int) {
        var state = OrganiseTests.garden(columns: columns, rows: rows)
        state.press(.char(" "), .char(" "), .char(" "), .char("d"), .tab)
        state.type("+1h")
        state.press(.down)
        state.type("+00:00")
        state.press(.enter)
        state.press(.char("d"), .tab)
        state.type("+1h")
        state.press(.down)
        state.type("+02:00")
        let screen = AppView.render(state).text()
        let dateLines = screen.split(separator: "\n").filter { $0.contains("2024-05-10") }
        #expect(dateLines.count >= 2 && !dateLines.contains { $0.contains("…") }, "\(screen)")
        for date in ["2024-05-10 10:01:00 +00:00", "2024-05-10 11:01:00 +02:00",
                     "2024-05-10 10:03:00 +00:00", "2024-05-10 11:03:00 +02:00"] {
            #expect(screen.contains(date), "\(date) in \(screen)")
        }
        #expect(screen.contains("Enter apply"))
    }
}
