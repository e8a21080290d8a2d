import Testing
@testable import Library

@Suite struct DateInputTests {
    @Test(arguments: [
        ("2004", "2004-01-01T00:00:00", DatePrecision.year),
        ("2004-12", "2004-12-01T00:00:00", .month),
        ("2004-12-25", "2004-12-25T00:00:00", .day),
        ("2004-12-25 18:30", "2004-12-25T18:30:00", .minute),
        ("2004-12-25T18:30:15", "2004-12-25T18:30:15", .second),
        ("2004:12:25 18:30:15", "2004-12-25T18:30:15", .second),
        (" 2004-2-5 7:05 ", "2004-02-05T07:05:00", .minute),
        ("2004-12-25 18:30 +02:00", "2004-12-25T18:30:00+02:00", .minute),
        ("2004-12-25T18:30:00Z", "2004-12-25T18:30:00+00:00", .second),
        ("2024-02-29", "2024-02-29T00:00:00", .day),
    ])
    func readsEveryPrecision(input: String, iso: String, precision: DatePrecision) throws {
        let date = try DateInput(parsing: input)
        #expect(date.clock.iso == iso)
        #expect(date.precision == precision)
    }

    @Test(arguments: [
        ("", "type a date"),
        ("04", "not a year"),
        ("2004-13", "month 13 is not 1–12"),
        ("2023-02-29", "day 29 is not in 2023-02 (1–28)"),
        ("2004-12-25 24:00", "hour 24 is not 0–23"),
        ("2004-12-25 18:61", "minute 61 is not 0–59"),
        ("2004 18:30", "a time needs a whole date"),
        ("1700", "not between 1800 and 2200"),
        ("yesterday", "not a year"),
        ("25/12/2004", "\"25/12/2004\": write the year first, with dashes: 2004-12-25"),
        ("25.12.2004 18:30", "write the year first"),
        ("2004-12-25 18:30 +25:00", "+25:00: UTC offsets run from -12:00 to +14:00"),
        ("2004-12-25 18:30 +12:60", "+12:60: minutes run from 00 to 59"),
    ])
    func explainsBadInput(input: String, message: String) {
        #expect {
            _ = try DateInput(parsing: input)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

@Suite struct TimeShiftTests {
    @Test(arguments: [
        ("+3h", 0, 3 * 3600),
        ("-1d 2h", 0, -(86400 + 7200)),
        ("+1y", 12, 0),
        ("-0:30", 0, -1800),
        ("2mo 1w", 2, 7 * 86400),
        ("+1y 2mo 3d 4h 5m 6s", 14, 3 * 86400 + 4 * 3600 + 5 * 60 + 6),
        ("+1:02:03", 0, 3723),
        ("+1h30m", 0, 5400),
        ("-1y2mo 3d", -14, -3 * 86400),
    ])
    func readsOffsets(input: String, months: Int, seconds: Int) throws {
        #expect(try TimeShift(parsing: input) == TimeShift(months: months, seconds: seconds))
    }

    @Test(arguments: ["", "+3", "+3x", "+h", "+1:75", "+1h30", "+1hh"])
    func refusesBadOffsets(input: String) {
        #expect(throws: TimeShift.ParseError.self) { try TimeShift(parsing: input) }
    }

    @Test func printsWhatItParsed() throws {
        #expect(try TimeShift(parsing: "-1d 2h").text == "-1d 2h")
        #expect(try TimeShift(parsing: "+1y 2mo").text == "+1y 2mo")
    }
}

@Suite struct WallClockTests {
    @Test func shiftsAcrossDaysMonthsAndLeapYears() throws {
        let clock = try #require(WallClock(iso: "2023-12-31T23:30:00+02:00"))
        #expect(clock.shifted(by: TimeShift(seconds: 3600)).iso == "2024-01-01T00:30:00+02:00")
        #expect(clock.shifted(by: TimeShift(months: 2)).iso == "2024-02-29T23:30:00+02:00")
        #expect(clock.shifted(by: TimeShift(months: -12)).iso == "2022-12-31T23:30:00+02:00")
        #expect(clock.shifted(by: TimeShift(months: -1, seconds: -86400)).iso == "2023-11-29T23:30:00+02:00")
    }

    @Test func showsThePrecisionKnown() throws {
        let clock = try #require(WallClock(iso: "2004-12-25T18:30:15"))
        #expect(clock.text(.year) == "2004")
        #expect(clock.text(.month) == "2004-12")
        #expect(clock.text(.minute) == "2004-12-25 18:30")
        #expect(clock.exif == "2004:12:25 18:30:15")
    }
}
