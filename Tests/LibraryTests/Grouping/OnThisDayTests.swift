import Testing
@testable import Library

/// "On this day": which earlier years' photos a day brings back, around month ends, year
/// ends and leap days, by the date the user sees (their edit over the file's).
@Suite struct OnThisDayTests {
    /// Photos named by their dates, for reading the results.
    static func library(_ dates: [String]) -> PhotoLibrary {
        PhotoLibrary(photos: dates.map { photo($0, takenAt: $0 + "T12:00:00") })
    }

    static func memories(on day: String, _ dates: [String]) -> [String: [String]] {
        let memories = OnThisDay(iso: day)!.memories(in: library(dates))!
        return Dictionary(uniqueKeysWithValues: memories.map { ($0.title, $0.photoIDs) })
    }

    @Test func threeDaysEitherSideInEachEarlierYearNewestYearFirst() throws {
        let library = Self.library(["2025-11-24", "2025-11-30", "2025-12-01", "2024-11-27", "2022-11-28",
                                    "2026-11-27", "2026-11-25", "2025-11-23", "2027-11-27"])
        let memories = try #require(OnThisDay(year: 2026, month: 11, day: 27).memories(in: library))
        #expect(memories.map(\.title) == ["1 year ago · 2025", "2 years ago · 2024", "4 years ago · 2022"])
        #expect(memories[0].photoIDs == ["2025-11-24", "2025-11-30"], "±3 days, oldest first; the 23rd and 1 December are out")
        #expect(memories.map(\.id) == ["memory-2025", "memory-2024", "memory-2022"])
        #expect(!memories.flatMap(\.photoIDs).contains("2026-11-25"), "this year is not a memory")
    }

    @Test func windowsCrossMonthAndYearEnds() {
        // 2 January: 30 December of the year before is in the window of the year after it; the
        // title names the years the photos were taken in.
        #expect(Self.memories(on: "2026-01-02", ["2024-12-30", "2024-12-29", "2025-01-05", "2025-01-06"])
            == ["1 year ago · 2024–2025": ["2024-12-30", "2025-01-05"]])
        #expect(Self.memories(on: "2026-01-02", ["2024-12-30"]) == ["1 year ago · 2024": ["2024-12-30"]])
        // 30 December: 2 January of the next year belongs to the year before it.
        #expect(Self.memories(on: "2026-12-30", ["2025-01-02", "2026-01-02", "2024-12-27", "2024-12-26"])
            == ["1 year ago · 2026": ["2026-01-02"], "2 years ago · 2024–2025": ["2024-12-27", "2025-01-02"]])
        // 1 March: the window reaches back to 27 February in a leap year, 26 February in a common one.
        #expect(Self.memories(on: "2026-03-01", ["2024-02-27", "2024-02-26", "2025-02-26", "2025-02-25"])
            == ["2 years ago · 2024": ["2024-02-27"], "1 year ago · 2025": ["2025-02-26"]])
    }

    @Test func leapDays() {
        // On 29 February, a common year's anchor is 28 February.
        #expect(Self.memories(on: "2028-02-29", ["2027-02-25", "2027-03-03", "2027-03-04", "2024-02-29", "2024-03-04"])
            == ["1 year ago · 2027": ["2027-02-25", "2027-03-03"], "4 years ago · 2024": ["2024-02-29"]])
        // A leap day photo comes back on 28 February and 1 March of common years.
        #expect(Self.memories(on: "2025-02-28", ["2024-02-29"]) == ["1 year ago · 2024": ["2024-02-29"]])
        #expect(Self.memories(on: "2025-03-01", ["2024-02-29"]) == ["1 year ago · 2024": ["2024-02-29"]])
        #expect(OnThisDay(iso: "2025-02-29") == nil && OnThisDay(iso: "2024-02-29") != nil && OnThisDay(iso: "2024-2-9") == nil)
    }

    /// The date the user set wins over the file's; dates known only to the month or year, rejected
    /// photos and photos without a date are left out.
    @Test func editedDatesCountAndVagueOrRejectedOnesDoNot() throws {
        var moved = photo("moved", takenAt: "2019-05-01T10:00:00")
        moved.edits.date = EditedDate(value: "2020-06-10T09:00:00")
        var yearOnly = photo("yearOnly", takenAt: "2019-06-11T10:00:00")
        yearOnly.edits.date = EditedDate(value: "2019-06-10T00:00:00", precision: .year)
        var rejected = photo("rejected", takenAt: "2021-06-10T10:00:00")
        rejected.edits.rejected = true
        var undated = photo("undated", takenAt: "2021-06-10T10:00:00")
        (undated.fileTakenAt, undated.fileTakenAtSource) = (nil, nil)
        let library = PhotoLibrary(photos: [moved, yearOnly, rejected, undated, photo("file", takenAt: "2019-05-02T08:00:00")])
        let june = try #require(OnThisDay(year: 2024, month: 6, day: 10).memories(in: library))
        #expect(june.map(\.photoIDs) == [["moved"]])
        let may = try #require(OnThisDay(year: 2024, month: 5, day: 1).memories(in: library))
        #expect(may.map(\.photoIDs) == [["file"]], "the edited photo left its file's day")
    }

    @Test func cancelledStopsWithNothing() {
        let library = Self.library((0..<40_000).map { _ in "2020-01-01" })
        #expect(OnThisDay(year: 2024, month: 1, day: 1).memories(in: library, isCancelled: { true }) == nil)
    }

    @Test func aMemoryIsAFolderWithItsDates() throws {
        let library = Self.library(["2023-07-01", "2023-07-03"])
        let memory = try #require(OnThisDay(year: 2024, month: 7, day: 2).memories(in: library)?.first)
        let group = memory.group(in: library)
        #expect(group.name == "1 year ago · 2023" && group.coverID == "2023-07-01" && group.count == 2)
        #expect(group.dateRange == "2023-07-01 – 2023-07-03")
    }
    // MARK: - The day-of-year index

    /// A photo a day from 2019 to 2028; every day of 2027–2029 asked through the index and by a
    /// plain reading of the rule (each earlier year's anchor, every photo compared with it):
    /// the same memories, around every month's end, each year's end and each leap day.
    @Test func theIndexAnswersAsThePlainRuleOnEveryDay() throws {
        var dates: [String] = []
        for year in 2019...2028 {
            for month in 1...12 {
                for day in 1...WallClock.daysIn(month: month, year: year) { dates.append(String(format: "%04d-%02d-%02d", year, month, day)) }
            }
        }
        let library = Self.library(dates)
        let index = try #require(MemoryIndex(library: library))
        let numbered = dates.map { date in
            let parts = date.split(separator: "-").map { Int($0)! }
            return (date: date, number: OnThisDay.dayNumber(year: parts[0], month: parts[1], day: parts[2]))
        }
        for year in 2027...2029 {
            for month in 1...12 {
                for day in 1...WallClock.daysIn(month: month, year: year) {
                    let today = OnThisDay(year: year, month: month, day: day)
                    let found = index.memories(on: today, in: library)
                    let expected = Self.plainRule(today, numbered)
                    #expect(found.map(\.year) == expected.map(\.year), "\(today.iso)")
                    #expect(found.map(\.photoIDs) == expected.map(\.ids), "\(today.iso)")
                }
            }
        }
    }

    /// The rule as the issue says it, with no index: each earlier year, the photos within three
    /// days of the same month and day (28 February for 29 February in a common year).
    /// `dates` are the photos' dates with their day numbers (worked out once: this runs for every day of three years).
    static func plainRule(_ today: OnThisDay, _ dates: [(date: String, number: Int)]) -> [(year: Int, ids: [String])] {
        // Years before the first photo's have none: not asked (firstYear is centuries back).
        let first = dates.map { Int($0.date.prefix(4))! }.min() ?? today.year
        return (max(OnThisDay.firstYear, first - 1)..<today.year).reversed().compactMap { year in
            let anchor = OnThisDay.dayNumber(year: year, month: today.month,
                                             day: min(today.day, WallClock.daysIn(month: today.month, year: year)))
            let ids = dates.filter { abs($0.number - anchor) <= OnThisDay.window }.map(\.date)
            return ids.isEmpty ? nil : (year, ids.sorted())
        }
    }

    @Test func theWindowsBucketsReachAcrossMonthsYearsAndLeapDays() {
        func days(_ iso: String) -> [String] {
            MemoryIndex.slots(around: OnThisDay(iso: iso)!).map { String(format: "%02d-%02d", $0 / 31 + 1, $0 % 31 + 1) }
        }
        #expect(days("2026-01-02") == ["01-01", "01-02", "01-03", "01-04", "01-05", "12-30", "12-31"])
        #expect(days("2025-02-28") == ["02-25", "02-26", "02-27", "02-28", "02-29", "03-01", "03-02", "03-03"])
        #expect(days("2028-02-29") == ["02-25", "02-26", "02-27", "02-28", "02-29", "03-01", "03-02", "03-03"])
        #expect(days("2026-03-01") == ["02-26", "02-27", "02-28", "02-29", "03-01", "03-02", "03-03", "03-04"])
        #expect(days("2026-04-30") == ["04-27", "04-28", "04-29", "04-30", "05-01", "05-02", "05-03"])
    }

    /// A date edit followed in step gives the index a fresh build would.
    @Test func theIndexFollowsDateEditsInStep() throws {
        var library = Self.library(["2024-05-10", "2024-05-11", "2023-12-31", "2025-01-01"])
        var index = try #require(MemoryIndex(library: library))
        let old = library.photos
        let changes = ["2024-05-10", "2023-12-31"].map { id in
            var after = library.photo(id: id)!.edits
            after.date = EditedDate(value: "2020-02-29T08:00:00")
            return EditStep.Change(photoID: id, before: library.photo(id: id)!.edits, after: after)
        }
        library.apply(EditStep(label: "date", changes: changes))
        index.update(old: old, new: old.compactMap { library.photo(id: $0.id) }, in: library)
        let fresh = try #require(MemoryIndex(library: library))
        let sorted = { (buckets: [[MemoryIndex.Entry]]) in buckets.map { $0.sorted { $0.position < $1.position } } }
        #expect(sorted(index.buckets) == sorted(fresh.buckets))
        let march = index.memories(on: OnThisDay(year: 2025, month: 3, day: 1), in: library)
        #expect(march.map(\.title) == ["5 years ago · 2020"] && Set(march.first?.photoIDs ?? []) == ["2023-12-31", "2024-05-10"])
        #expect(index.memories(on: OnThisDay(year: 2026, month: 5, day: 12), in: library).map(\.photoIDs) == [["2024-05-11"]])
    }
}
