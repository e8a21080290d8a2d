import Foundation

/// Turns EXIF date strings and file times into the ISO 8601 form `Photo.takenAt` holds.
public enum TakenAt {
    /// "2024:05:01 14:03:22" (EXIF) → "2024-05-01T14:03:22", with `offset` ("+02:00") appended
    /// when valid. Nil for blank or impossible dates ("0000:00:00 00:00:00").
    public static func fromEXIF(_ value: String?, offset: String? = nil) -> String? {
        guard let value else { return nil }
        let digits = value.unicodeScalars.filter { CharacterSet.decimalDigits.contains($0) }.map { Int($0.value) - 48 }
        guard digits.count >= 12 else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let year = number(0..<4), month = number(4..<6), day = number(6..<8)
        let hour = number(8..<10), minute = number(10..<12), second = digits.count >= 14 ? number(12..<14) : 0
        guard (1800...2200).contains(year), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
        if let offset, isValidOffset(offset) { text += offset }
        return text
    }

    /// A file time as local wall-clock time with its UTC offset, e.g. "2024-05-01T14:03:22+02:00".
    public static func fromFileTime(_ secondsSince1970: Double) -> String {
        var time = time_t(secondsSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        let offsetMinutes = Int(parts.tm_gmtoff) / 60
        let sign = offsetMinutes < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d",
                      Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
            + sign + String(format: "%02d:%02d", abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
    }

    /// The calendar day of a `takenAt` value ("2024-05-01").
    public static func day(_ takenAt: String) -> String { String(takenAt.prefix(10)) }

    /// The sort key of an unknown date: after every known one.
    public static let unknownSortKey = Int64.max

    /// The wall-clock digits of a `takenAt` value as one number, YYYYMMDDhhmmss, for sorting;
    /// `unknownSortKey` for nil.
    public static func sortKey(_ takenAt: String?) -> Int64 {
        guard let takenAt else { return unknownSortKey }
        var key: Int64 = 0
        var digits = 0
        for byte in takenAt.utf8 where digits < 14 {
            guard byte >= 48, byte <= 57 else { continue }
            key = key * 10 + Int64(byte - 48)
            digits += 1
        }
        return key
    }

    /// "+02:00", "-03:30": a sign, two digits, a colon, two digits.
    public static func isValidOffset(_ offset: String) -> Bool {
        let chars = Array(offset)
        guard chars.count == 6, chars[0] == "+" || chars[0] == "-", chars[3] == ":" else { return false }
        return [1, 2, 4, 5].allSatisfy { chars[$0].isASCII && chars[$0].isNumber }
    }

    /// Whether two `takenAt` values are at most `seconds` apart: as instants when both carry a
    /// UTC offset, else by their wall clocks. False when either is unknown.
    public static func withinSeconds(_ a: String?, _ b: String?, _ seconds: Int) -> Bool {
        guard let a = a.flatMap(WallClock.init(iso:)), let b = b.flatMap(WallClock.init(iso:)) else { return false }
        let (x, y) = if let aOffset = a.offsetSeconds, let bOffset = b.offsetSeconds {
            (a.wallSeconds - aOffset, b.wallSeconds - bOffset)
        } else {
            (a.wallSeconds, b.wallSeconds)
        }
        return abs(x - y) <= seconds
    }
}
