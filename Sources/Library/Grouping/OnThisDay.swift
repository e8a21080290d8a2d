import Foundation

/// "On this day": the photos taken within a few days of a day's month and day in earlier
/// years, one memory a year ("3 years ago · 2022"), by each photo's effective (edited) date.
///
/// Each earlier year has its anchor, the same month and day that year (29 February is the
/// 28th in a common year), and a memory holds the photos within `window` days of it. A window
/// that crosses a year's end belongs to its anchor's year: on 2 January 2026, a photo of
/// 31 December 2024 is in "1 year ago · 2025". Photos dated only to the month or year, and
/// rejected ones, are left out.
///
/// One pass reads each date's digits in place (no calendar objects), so a million photos take
/// milliseconds, not seconds (`bench` measures it).
public struct OnThisDay: Sendable, Equatable {
    /// One earlier year's photos.
    public struct Memory: Sendable, Equatable {
        /// The anchor's year.
        public var year: Int
        public var yearsAgo: Int
        /// Oldest first.
        public var photoIDs: [String]

        /// "1 year ago · 2025", "3 years ago · 2023".
        public var title: String { "\(yearsAgo) year\(yearsAgo == 1 ? "" : "s") ago · \(year)" }

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
    /// left out. Nil when `isCancelled` said stop.
    public func memories(in library: PhotoLibrary, isCancelled: () -> Bool = { false }) -> [Memory]? {
        // Each earlier year's anchor, by year from `firstYear`: worked out once, not per photo.
        let firstYear = Self.firstYear
        let anchors = (firstYear..<max(firstYear, year)).map(anchorDayNumber(in:))
        var byYear: [Int: [Int]] = [:]
        let found: Bool = library.photos.withUnsafeBufferPointer { photos in
            for index in photos.indices {
                if index & 0x3FFF == 0, isCancelled() { return false }
                // Fields read in place (no copy of the photo): the date first, since most photos
                // are far from the day.
                guard let takenAt = photos[index].takenAt, let (year, dayNumber) = Self.dayNumber(of: takenAt) else { continue }
                var anchorYear: Int?
                for candidate in (year - 1)...(year + 1) where candidate >= firstYear && candidate < self.year
                    && abs(dayNumber - anchors[candidate - firstYear]) <= Self.window {
                    anchorYear = candidate
                    break
                }
                guard let anchorYear, !photos[index].isRejected,
                      photos[index].takenAtPrecision != .year, photos[index].takenAtPrecision != .month else { continue }
                byYear[anchorYear, default: []].append(index)
            }
            return true
        }
        guard found else { return nil }
        return library.photos.withUnsafeBufferPointer { photos in
            byYear.keys.sorted(by: >).map { anchor in
                Memory(year: anchor, yearsAgo: year - anchor,
                       photoIDs: PhotoSort.dateOrder(byYear[anchor]!, in: photos).map { photos[$0].id })
            }
        }
    }

    /// The earliest year a memory can be from (`TakenAt` reads no earlier dates).
    static let firstYear = 1800

    /// This month and day in `year` as a day number (29 February is the 28th in a common year).
    private func anchorDayNumber(in year: Int) -> Int {
        Self.dayNumber(year: year, month: month, day: min(day, WallClock.daysIn(month: month, year: year)))
    }

    /// The year and day number of a `takenAt` value ("2024-05-01…"), read from its first ten
    /// bytes without copying them.
    private static func dayNumber(of takenAt: String) -> (year: Int, dayNumber: Int)? {
        var fields = (year: 0, month: 0, day: 0)
        var position = 0
        for byte in takenAt.utf8 {
            switch position {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            default:
                guard byte >= 48, byte <= 57 else { return nil }
                let digit = Int(byte - 48)
                if position < 4 { fields.year = fields.year * 10 + digit }
                else if position < 7 { fields.month = fields.month * 10 + digit }
                else { fields.day = fields.day * 10 + digit }
            }
            position += 1
            if position == 10 { break }
        }
        let (year, month, day) = fields
        guard position == 10, (1...12).contains(month), (1...WallClock.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return (year, dayNumber(year: year, month: month, day: day))
    }

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
