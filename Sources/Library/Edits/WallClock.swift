import Foundation

/// A date and time as a camera writes it: wall-clock fields with an optional UTC offset,
/// and calendar arithmetic on them (no time zone rules: a shift of +3h moves the clock
/// exactly three hours, as exiftool's `-AllDates+=` does).
public struct WallClock: Sendable, Equatable, Comparable {
    public var year, month, day, hour, minute, second: Int
    /// "+02:00", when known.
    public var offset: String?

    public init(year: Int, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0, second: Int = 0,
                offset: String? = nil) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.offset = offset
    }

    /// Reads a `Photo.takenAt` value ("2024-05-01T14:03:22", optionally "+02:00" after it).
    public init?(iso text: String) {
        let chars = Array(text.utf8)
        guard chars.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? { Self.decimal(chars, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        let rest = String(decoding: chars[19...], as: UTF8.self)
        if TakenAt.isValidOffset(rest) { offset = rest }
    }

    /// The decimal number written by the ASCII digits `chars[range]`; nil when one is not a digit.
    static func decimal(_ chars: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for i in range {
            guard chars[i] >= 48, chars[i] <= 57 else { return nil }
            value = value * 10 + Int(chars[i] - 48)
        }
        return value
    }

    /// "2024-05-01T14:03:22" with the offset appended when known.
    public var iso: String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second) + (offset ?? "")
    }

    /// "2024:05:01 14:03:22", the EXIF form.
    public var exif: String {
        String(format: "%04d:%02d:%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
    }

    /// The date shown to a user at the precision known: "2004", "2004-12", "2004-12-25",
    /// "2004-12-25 18:30", "2004-12-25 18:30:15".
    public func text(_ precision: DatePrecision) -> String {
        switch precision {
        case .year: String(format: "%04d", year)
        case .month: String(format: "%04d-%02d", year, month)
        case .day: String(format: "%04d-%02d-%02d", year, month, day)
        case .minute: String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute)
        case .second: String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
        }
    }

    /// Days in `month` of `year` (Gregorian).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// This clock moved by `shift`: years and months first (the day clamped to the month's
    /// length, so Jan 31 + 1 month is Feb 28/29), then the exact seconds.
    public func shifted(by shift: TimeShift) -> WallClock {
        var result = self
        let months = year * 12 + (month - 1) + shift.months
        result.year = months / 12 - (months < 0 && months % 12 != 0 ? 1 : 0)
        result.month = ((months % 12) + 12) % 12 + 1
        result.day = min(day, Self.daysIn(month: result.month, year: result.year))
        guard shift.seconds != 0 else { return result }
        var time = time_t(result.wallSeconds + shift.seconds)
        var moved = tm()
        gmtime_r(&time, &moved)
        result.year = Int(moved.tm_year) + 1900
        result.month = Int(moved.tm_mon) + 1
        result.day = Int(moved.tm_mday)
        result.hour = Int(moved.tm_hour)
        result.minute = Int(moved.tm_min)
        result.second = Int(moved.tm_sec)
        return result
    }

    /// The wall clock's seconds since 1970 as if it were UTC (the offset not applied).
    public var wallSeconds: Int {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }

    /// The UTC offset in seconds east ("+02:00" is 7200), when known.
    public var offsetSeconds: Int? {
        guard let offset, TakenAt.isValidOffset(offset) else { return nil }
        let digits = offset.utf8.filter { $0 >= 48 && $0 <= 57 }.map { Int($0 - 48) }
        let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
        return offset.hasPrefix("-") ? -seconds : seconds
    }

    private var sortKey: [Int] { [year, month, day, hour, minute, second] }

    public static func < (a: WallClock, b: WallClock) -> Bool { a.sortKey.lexicographicallyPrecedes(b.sortKey) }
}

extension Photo {
    /// The date taken as a person reads it, at the precision known, with the UTC offset when
    /// known: "2004", "2024-07-01 13:00:00 +02:00".
    public var takenAtText: String { takenAtText(upTo: .second) }

    /// The same to the minute at most, for captions and status lines: "2024-07-01 13:00";
    /// "not downloaded" for a web photo whose date is not known until its original comes.
    public var takenAtShortText: String {
        isTakenAtKnown ? takenAtText(upTo: .minute) : "not downloaded"
    }

    private func takenAtText(upTo finest: DatePrecision) -> String {
        guard let takenAt else { return "unknown" }
        guard let clock = WallClock(iso: takenAt) else { return takenAt }
        return clock.text(min(takenAtPrecision, finest)) + (clock.offset.map { " " + $0 } ?? "")
    }
}
