import Foundation

/// An offset to move dates by: "+3h", "-1d 2h", "+1h30m", "+1y", "-0:30", "+1y 2mo 3d 4h 5m 6s".
/// One sign, in front, applies to the whole offset. Months and years are calendar steps;
/// the rest is exact seconds.
public struct TimeShift: Sendable, Equatable {
    public var months: Int
    public var seconds: Int

    public init(months: Int = 0, seconds: Int = 0) {
        self.months = months
        self.seconds = seconds
    }

    public var isZero: Bool { months == 0 && seconds == 0 }

    /// What went wrong in a typed offset, in words for the line under the field.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(parsing input: String) throws(ParseError) {
        var text = Substring(input.trimmingCharacters(in: .whitespaces))
        guard !text.isEmpty else { throw ParseError(description: "type an offset like +3h, -1d 2h, +1y or -0:30") }
        var sign = 1
        if text.first == "+" || text.first == "-" {
            sign = text.first == "-" ? -1 : 1
            text = text.dropFirst().drop { $0 == " " }
        }
        var months = 0, seconds = 0
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            if part.contains(":") {
                let fields = part.split(separator: ":", omittingEmptySubsequences: false)
                guard (2...3).contains(fields.count), let hours = Int(fields[0]),
                      let minutes = Int(fields[1]), (0..<60).contains(minutes), hours >= 0 else {
                    throw ParseError(description: "\"\(part)\" is not hours:minutes like 0:30")
                }
                var total = hours * 3600 + minutes * 60
                if fields.count == 3 {
                    guard let secs = Int(fields[2]), (0..<60).contains(secs) else {
                        throw ParseError(description: "\"\(part)\" is not hours:minutes:seconds")
                    }
                    total += secs
                }
                seconds += total
                continue
            }
            // One part may hold several amounts run together: "1h30m", "1y2mo".
            var rest = part[...]
            repeat {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                let letters = rest.dropFirst(digits.count).prefix { !($0.isASCII && $0.isNumber) }
                let unit = letters.lowercased()
                rest = rest.dropFirst(digits.count + letters.count)
                guard let amount = Int(digits), digits.count <= 9 else {
                    throw ParseError(description: "\"\(part)\" needs a number before its unit, like 3h")
                }
                switch unit {
                case "y", "yr", "yrs", "year", "years": months += amount * 12
                case "mo", "mon", "month", "months": months += amount
                case "w", "week", "weeks": seconds += amount * 7 * 86400
                case "d", "day", "days": seconds += amount * 86400
                case "h", "hr", "hrs", "hour", "hours": seconds += amount * 3600
                case "m", "min", "mins", "minute", "minutes": seconds += amount * 60
                case "s", "sec", "secs", "second", "seconds": seconds += amount
                case "": throw ParseError(description: "\"\(part)\" needs a unit: y, mo, d, h, m or s")
                default: throw ParseError(description: "unknown unit \"\(unit)\": use y, mo, w, d, h, m or s")
                }
            } while !rest.isEmpty
        }
        self.init(months: sign * months, seconds: sign * seconds)
    }

    /// "+3h", "-1d 2h 30m", "+1y 2mo".
    public var text: String {
        guard !isZero else { return "+0s" }
        let negative = months < 0 || (months == 0 && seconds < 0)
        var parts: [String] = []
        let m = abs(months), s = abs(seconds)
        if m / 12 > 0 { parts.append("\(m / 12)y") }
        if m % 12 > 0 { parts.append("\(m % 12)mo") }
        if s / 86400 > 0 { parts.append("\(s / 86400)d") }
        if s % 86400 / 3600 > 0 { parts.append("\(s % 86400 / 3600)h") }
        if s % 3600 / 60 > 0 { parts.append("\(s % 3600 / 60)m") }
        if s % 60 > 0 { parts.append("\(s % 60)s") }
        return (negative ? "-" : "+") + parts.joined(separator: " ")
    }
}
