import Library
import Testing
@testable import TUI

/// "On this day" on the home grid: a folder a year before the smart folders, opened as a grid,
/// dismissed for the day with `x` (remembered until the day turns), following the edits that
/// move photos in or out, and none when the browser has no day (the tests' default).
@Suite struct MemoriesOnHomeTests {
    /// The standard library's photos are from May 2024; the garden's 30 from the 10th.
    static func state(on day: OnThisDay) -> AppState {
        var state = TestLibrary.state(columns: 120, rows: 40)
        state.today = day
        state.sendWorking(.resized(columns: 120, rows: 40))
        return state
    }

    @Test func aYearsMemoryComesFirstAndOpensAsAGrid() throws {
        var state = Self.state(on: OnThisDay(year: 2026, month: 5, day: 12))
        let first = try #require(state.homeFolders.first)
        #expect(first.name == "2 years ago · 2024" && first.count == 30)
        #expect(state.homeFolders.dropFirst().first?.id == SmartFolder.missing.id, "then the smart folders")
        let screen = AppView.render(state).text()
        #expect(screen.contains("2 years ago · 2024"))
        #expect(screen.contains("x dismiss"), "the status bar says how to dismiss it")
        state.pressWorking(.enter)
        #expect(state.screen == .group(id: "memory-2024"))
        #expect(state.page(id: "memory-2024")?.count == 30)
        #expect(AppView.render(state).text().contains("2 years ago · 2024"))
    }

    @Test func noMemoriesWithoutADayOrPhotosNearIt() {
        #expect(TestLibrary.state().homeFolders.first?.id == SmartFolder.missing.id)
        let august = Self.state(on: OnThisDay(year: 2026, month: 8, day: 12))
        #expect(!august.homeFolders.contains { $0.id.hasPrefix(OnThisDay.Memory.idPrefix) })
        let sameYear = Self.state(on: OnThisDay(year: 2024, month: 5, day: 12))
        #expect(sameYear.homeFolders.first?.id == SmartFolder.missing.id, "this year's photos are not memories")
    }

    @Test func xDismissesAMemoryForTheDayOnly() throws {
        var state = Self.state(on: OnThisDay(year: 2026, month: 5, day: 12))
        let effects = state.pressWorking(.char("x"))
        #expect(state.homeFolders.first?.id == SmartFolder.missing.id)
        #expect(state.remembered.dismissedMemories == DismissedMemories(day: "2026-05-12", years: [2024]))
        #expect(effects.contains { if case .remember = $0 { true } else { false } }, "remembered between runs")
        #expect(state.status?.contains("dismissed for today") == true)
        // Not a memory: nothing is dismissed.
        state.pressWorking(.char("x"))
        #expect(state.status?.contains("Only a memory") == true)
        // The next day it is back (a window of ±3 days).
        state.sendWorking(.newDay(OnThisDay(year: 2026, month: 5, day: 13)))
        #expect(state.homeFolders.first?.name == "2 years ago · 2024")
        // A run started the same day remembers the dismissal.
        var again = TestLibrary.state(columns: 120, rows: 40, remembered: state.remembered)
        again.today = OnThisDay(year: 2026, month: 5, day: 12)
        again.sendWorking(.resized(columns: 120, rows: 40))
        #expect(again.homeFolders.first?.id == SmartFolder.missing.id)
    }

    /// A date edit that moves a photo away takes it out of the memory: the day-of-year index
    /// follows the edit in step and the memories are read from it again (no pass over the
    /// library, no build job); a favourite does not touch them.
    @Test func editsOfDatesRemakeTheMemoriesFromTheIndexAndOthersDoNot() throws {
        var state = Self.state(on: OnThisDay(year: 2026, month: 5, day: 12))
        state.pressWorking(.enter)
        let id = try #require(state.selectedPhotoID)
        var after = try #require(state.library.photo(id: id)).edits
        let before = after
        after.date = EditedDate(value: "2020-01-01T10:00:00")
        let moved = EditStep(label: "date", changes: [.init(photoID: id, before: before, after: after)])
        let effects = state.update(.editsAppendedElsewhere([.apply(moved)]))
        #expect(!effects.contains { if case .buildMemories = $0 { true } else { false } })
        #expect(state.homeFolders.first?.count == 29)
        // Moved back into the window: in the memory again, still without a build.
        let back = EditStep(label: "date", changes: [.init(photoID: id, before: after, after: before)])
        #expect(!state.update(.editsAppendedElsewhere([.apply(back)])).contains { if case .buildMemories = $0 { true } else { false } })
        #expect(state.homeFolders.first?.count == 30)
        let favourite = state.pressWorking(.char("f"))
        #expect(!favourite.contains { if case .buildMemories = $0 { true } else { false } })
    }
}
