import Testing
@testable import Library

@Suite struct CoordinateParserTests {
    struct Good: Sendable, CustomTestStringConvertible {
        var text: String
        var latitude: Double
        var longitude: Double
        var testDescription: String { text }
    }

    static let good: [Good] = [
        Good(text: "-22.9068, -43.1729", latitude: -22.9068, longitude: -43.1729),
        Good(text: "-22.9068 -43.1729", latitude: -22.9068, longitude: -43.1729),
        Good(text: "  -22.9068,-43.1729 ", latitude: -22.9068, longitude: -43.1729),
        Good(text: "48.8566; 2.3522", latitude: 48.8566, longitude: 2.3522),
        Good(text: "22°54'24\"S 43°10'22\"W", latitude: -(22 + 54 / 60.0 + 24 / 3600.0), longitude: -(43 + 10 / 60.0 + 22 / 3600.0)),
        Good(text: "22°54.408'S, 43°10.367'W", latitude: -(22 + 54.408 / 60), longitude: -(43 + 10.367 / 60)),
        Good(text: "22 54 24 S 43 10 22 W", latitude: -(22 + 54 / 60.0 + 24 / 3600.0), longitude: -(43 + 10 / 60.0 + 22 / 3600.0)),
        Good(text: "S 22 54 24 W 43 10 22", latitude: -(22 + 54 / 60.0 + 24 / 3600.0), longitude: -(43 + 10 / 60.0 + 22 / 3600.0)),
        Good(text: "22°54′24″S 43°10′22″W", latitude: -(22 + 54 / 60.0 + 24 / 3600.0), longitude: -(43 + 10 / 60.0 + 22 / 3600.0)),
        Good(text: "43.1729 W 22.9068 S", latitude: -22.9068, longitude: -43.1729),
        Good(text: "35.6762N 139.6503e", latitude: 35.6762, longitude: 139.6503),
        Good(text: "22 54 43 10", latitude: 22.9, longitude: 43 + 10 / 60.0),
        Good(text: "-90, 180", latitude: -90, longitude: 180),
    ]

    @Test(arguments: good)
    func readsGoodInput(_ example: Good) throws {
        let position = try CoordinateParser.parse(example.text)
        #expect(abs(position.latitude - example.latitude) < 1e-9)
        #expect(abs(position.longitude - example.longitude) < 1e-9)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var error: CoordinateParseError
        var message: String
        var testDescription: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "", error: .empty, message: "type a latitude and a longitude, e.g. -22.9068, -43.1729 or 22°54'24\"S 43°10'22\"W"),
        Bad(text: "-22.9068", error: .missingLongitude, message: "missing longitude: type it after the latitude, e.g. -22.9068, -43.1729"),
        Bad(text: "22°54'24\"S", error: .missingLongitude, message: "missing longitude: type it after the latitude, e.g. -22.9068, -43.1729"),
        Bad(text: "-22.9068,", error: .missingLongitude, message: "missing longitude: type it after the latitude, e.g. -22.9068, -43.1729"),
        Bad(text: "95, 10", error: .latitudeOutOfRange(95), message: "latitude 95 is out of range: it must be between -90 and 90"),
        Bad(text: "10, -190.5", error: .longitudeOutOfRange(-190.5), message: "longitude -190.5 is out of range: it must be between -180 and 180"),
        Bad(text: "22°75'S 43°10'W", error: .minutesOutOfRange(75), message: "minutes must be under 60 (found 75)"),
        Bad(text: "22°54'60\"S 43°10'W", error: .secondsOutOfRange(60), message: "seconds must be under 60 (found 60)"),
        Bad(text: "rio de janeiro", error: .unexpected("rio"), message: "unexpected \"rio\": use numbers, ° ' \" and N, S, E or W"),
        Bad(text: "1, 2, 3", error: .tooManyCoordinates, message: "more than two coordinates: type one latitude and one longitude"),
        Bad(text: "1 2 3", error: .tooManyCoordinates, message: "more than two coordinates: type one latitude and one longitude"),
        Bad(text: "22 N 43 S", error: .twoLatitudes, message: "both coordinates say N or S: the longitude needs E or W"),
        Bad(text: "22 E 43 W", error: .twoLongitudes, message: "both coordinates say E or W: the latitude needs N or S"),
        Bad(text: "-22 S, 43 W", error: .signAndHemisphere, message: "a coordinate has both a minus sign and a hemisphere letter: use one of them"),
        Bad(text: "22.5°30'S 43°W", error: .decimalsBeforeLast, message: "only the last number of a coordinate may have decimals (e.g. 22°54.408' or 22°54'24.5\")"),
        Bad(text: "°22, 43", error: .unexpected("°"), message: "unexpected \"°\": use numbers, ° ' \" and N, S, E or W"),
    ]

    @Test(arguments: bad)
    func rejectsBadInputSayingWhy(_ example: Bad) {
        #expect(throws: example.error) { try CoordinateParser.parse(example.text) }
        #expect(example.error.description == example.message)
    }

    @Test func formatsForThePanel() {
        let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729)
        #expect(CoordinateFormat.decimal(rio) == "-22.90680, -43.17290")
        #expect(CoordinateFormat.dms(rio) == "22°54'24.5\"S 43°10'22.4\"W")
        let tokyo = GPSPosition(latitude: 35.6762, longitude: 139.6503)
        #expect(CoordinateFormat.dms(tokyo) == "35°40'34.3\"N 139°39'1.1\"E")
        #expect(CoordinateFormat.decimal(GPSPosition(latitude: -0.000001, longitude: 0)) == "0.00000, 0.00000")
        // 59.99 seconds round up into the next minute, not to 60.0.
        #expect(CoordinateFormat.dms(GPSPosition(latitude: 10 + 59.99 / 3600, longitude: 0)) == "10°1'0.0\"N 0°0'0.0\"E")
    }

    @Test func formattedTextParsesBack() throws {
        let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729)
        for text in [CoordinateFormat.decimal(rio), CoordinateFormat.dms(rio)] {
            let back = try CoordinateParser.parse(text)
            #expect(back.distance(to: rio) < 0.01)
        }
    }
}
