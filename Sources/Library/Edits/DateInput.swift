import Foundation

/// A date typed by the user, with the precision it was typed at: "2004", "2004-12",
/// "2004-12-25", "2004-12-25 18:30", "2004-12-25 18:30:15" (also "T" between date and time,
/// ":" in the date as EXIF writes it, and a UTC offset such as "+02:00" at the end).
public struct DateInput: Sendable, Equatable {
    public var clock: WallClock
    public var precision: DatePrecision

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(clock: WallClock, precision: DatePrecision) {
        self.clock = clock
        self.precision = precision
    }

    public init(parsing input: String) throws(ParseError) {
        var text = input.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw ParseError(description: "type a date: 2004, 2004-12, 2004-12-25 or 2004-12-25 18:30") }
        var offset: String?
        if text.count > 6, TakenAt.isValidOffset(String(text.suffix(6))), text.dropLast(6).contains(where: { $0 == " " || $0 == "T" }) {
            let suffix = String(text.suffix(6))
            if let problem = UTCOffset.problem(suffix) { throw ParseError(description: problem) }
            offset = suffix
            text = String(text.dropLast(6)).trimmingCharacters(in: .whitespaces)
        } else if text.hasSuffix("Z") {
            offset = "+00:00"
            text.removeLast()
        }
        let halves = text.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "T" })
        let dateFields = halves[0].split(separator: halves[0].contains(":") ? ":" : "-", omittingEmptySubsequences: false)
        let timeFields = halves.count > 1 ? halves[1].split(separator: ":", omittingEmptySubsequences: false) : []
        func number(_ field: Substring, _ name: String, digits: ClosedRange<Int>) throws(ParseError) -> Int {
            guard digits.contains(field.count), field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else {
                throw ParseError(description: "\"\(field)\" is not a \(name)")
            }
            return value
        }
        guard (1...3).contains(dateFields.count), timeFields.count <= 3, timeFields.count != 1 else {
            throw ParseError(description: "not a date: use 2004, 2004-12, 2004-12-25 or 2004-12-25 18:30")
        }
        if dateFields[0].contains(where: { "/.".contains($0) }) {
            throw ParseError(description: "\"\(dateFields[0])\": write the year first, with dashes: 2004-12-25")
        }
        let year = try number(dateFields[0], "year", digits: 4...4)
        guard (1800...2200).contains(year) else { throw ParseError(description: "year \(year) is not between 1800 and 2200") }
        var clock = WallClock(year: year, offset: offset)
        var precision = DatePrecision.year
        if dateFields.count > 1 {
            clock.month = try number(dateFields[1], "month", digits: 1...2)
            guard (1...12).contains(clock.month) else { throw ParseError(description: "month \(clock.month) is not 1–12") }
            precision = .month
        }
        if dateFields.count > 2 {
            clock.day = try number(dateFields[2], "day", digits: 1...2)
            let last = WallClock.daysIn(month: clock.month, year: clock.year)
            guard (1...last).contains(clock.day) else {
                throw ParseError(description: "day \(clock.day) is not in \(clock.text(.month)) (1–\(last))")
            }
            precision = .day
        }
        if !timeFields.isEmpty {
            guard dateFields.count == 3 else { throw ParseError(description: "a time needs a whole date before it") }
            clock.hour = try number(timeFields[0], "hour", digits: 1...2)
            clock.minute = try number(timeFields[1], "minute", digits: 2...2)
            guard clock.hour < 24 else { throw ParseError(description: "hour \(clock.hour) is not 0–23") }
            guard clock.minute < 60 else { throw ParseError(description: "minute \(clock.minute) is not 0–59") }
            precision = .minute
            if timeFields.count == 3 {
                clock.second = try number(timeFields[2], "second", digits: 2...2)
                guard clock.second < 60 else { throw ParseError(description: "second \(clock.second) is not 0–59") }
                precision = .second
            }
        }
        self.init(clock: clock, precision: precision)
    }
}
