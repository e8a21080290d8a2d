import Foundation

/// "On this day": the photos taken within a few days of a day's month and day in earlier
/// years, one memory a year ("3 years ago · 2022"), by each photo's effective (edited) date.
///
/// Each earlier year has its anchor, the same month and day that year (29 February is the
/// 28th in a common year), and a memory holds the photos within `window` days of it. A window
/// that crosses a year's end belongs to its anchor's year, and its title names the years the
/// photos were taken in: on 2 January 2026, photos of 31 December 2024 and 1 January 2025 are
/// "1 year ago · 2024–2025"; on 30 December 2026, a photo of 2 January 2026 is "1 year ago ·
/// 2026" (362 days). Photos dated only to the month or year, and rejected ones, are left out.
///
/// The photos are found through a day-of-year index (`MemoryIndex`): a day's memories read the
/// buckets of the days around it, not every photo (`bench --only memories` measures it).
public struct OnThisDay: Sendable, Equatable {
    /// One earlier year's photos.
    public struct Memory: Sendable, Equatable {
        /// The anchor's year.
        public var year: Int
        public var yearsAgo: Int
        /// The years the photos were taken in: the anchor's, or across a year's end its neighbour's too.
        public var takenYears: ClosedRange<Int>
        /// Oldest first.
        public var photoIDs: [String]

        public init(year: Int, yearsAgo: Int, takenYears: ClosedRange<Int>? = nil, photoIDs: [String]) {
            (self.year, self.yearsAgo, self.takenYears, self.photoIDs) = (year, yearsAgo, takenYears ?? year...year, photoIDs)
        }

        /// "1 year ago · 2025", "3 years ago · 2023", "2 years ago · 2024–2025".
        public var title: String {
            let years = takenYears.count == 1 ? "\(takenYears.lowerBound)" : "\(takenYears.lowerBound)–\(takenYears.upperBound)"
            return "\(Counted.text(yearsAgo, "year")) ago · \(years)"
        }

        /// Stable for a year, and distinct from every grouping's and smart folder's ids.
        public var id: String { Self.idPrefix + String(year) }

        public static let idPrefix = "memory-"
    }

    public var year: Int
    public var month: Int
    public var day: Int

    /// Days either side of the anchor.
    public static let window = 3

    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// "2026-11-27"; nil when it is not a real day.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...WallClock.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in local time.
    public static func today(now: Double = Date().timeIntervalSince1970) -> OnThisDay {
        var time = time_t(now.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return OnThisDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    public var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// The memories of `library` on this day, the most recent year first; empty years are
    /// left out. Nil when `isCancelled` said stop. Builds the day-of-year index (`MemoryIndex`)
    /// first: callers asking for several days, or following edits, keep the index instead.
    public func memories(in library: PhotoLibrary, isCancelled: () -> Bool = { false }) -> [Memory]? {
        MemoryIndex(library: library, isCancelled: isCancelled)?.memories(on: self, in: library)
    }

    /// The earliest year a memory can be from (`TakenAt` reads no earlier dates).
    static let firstYear = 1800

    /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's days_from_civil).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension OnThisDay.Memory {
    /// The memory as a folder of photos.
    public func group(in library: PhotoLibrary) -> PhotoGroup {
        PhotoGroup(id: id, name: title, photoIDs: photoIDs, coverID: photoIDs.first ?? "",
                   firstTakenAt: photoIDs.first.flatMap { library.photo(id: $0)?.takenAt } ?? "",
                   lastTakenAt: photoIDs.last.flatMap { library.photo(id: $0)?.takenAt } ?? "")
    }
}
