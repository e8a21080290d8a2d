import Foundation
import Testing
@testable import Library

/// GPX text for tests: each segment a list of (time, latitude, longitude); `version` 1.0 or 1.1.
func gpxText(_ segments: [[(String, Double, Double)]], version: String = "1.1", routes: Bool = false) -> String {
    let namespace = version == "1.0" ? "http://www.topografix.com/GPX/1/0" : "http://www.topografix.com/GPX/1/1"
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                 "<gpx version=\"\(version)\" creator=\"tests\" xmlns=\"\(namespace)\">"]
    if routes {
        for segment in segments {
            lines.append("  <rte><name>route</name>")
            for (time, lat, lon) in segment {
                lines.append("    <rtept lat=\"\(lat)\" lon=\"\(lon)\"><time>\(time)</time></rtept>")
            }
            lines.append("  </rte>")
        }
    } else {
        lines.append("  <trk><name>walk</name>")
        for segment in segments {
            lines.append("    <trkseg>")
            for (time, lat, lon) in segment {
                lines.append("      <trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>100</ele><time>\(time)</time></trkpt>")
            }
            lines.append("    </trkseg>")
        }
        lines.append("  </trk>")
    }
    lines.append("</gpx>")
    return lines.joined(separator: "\n") + "\n"
}

@Suite struct GPXTrackTests {
    func parse(_ text: String) throws(GPXError) -> GPXTrack { try GPXTrack.parse(Data(text.utf8), path: "walk.gpx") }

    @Test func readsTrackSegmentsOfGPX11() throws {
        let track = try parse(gpxText([[("2024-05-01T10:00:00Z", 45, 7), ("2024-05-01T10:01:00.500Z", 45.001, 7.001)],
                                       [("2024-05-01T11:00:00Z", 46, 8)]]))
        #expect(track.segments.count == 2)
        #expect(track.segments[0].count == 2)
        #expect(track.segments[0][1].time == 1_714_557_660.5)
        #expect(track.segments[0][0].position == GPSPosition(latitude: 45, longitude: 7, altitude: 100))
    }

    @Test func readsGPX10RoutesWithOffsetsInTheirTimes() throws {
        let track = try parse(gpxText([[("2024-05-01T12:00:00+02:00", 45, 7), ("2024-05-01T05:00:00-0430", 46, 8)]],
                                      version: "1.0", routes: true))
        #expect(track.points.map(\.time) == [1_714_557_600, 1_714_555_800].sorted())
    }

    @Test func leavesOutPointsWithoutATimeAndRefusesAFileWithNone() throws {
        let text = """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="1" lon="2"></trkpt>
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        #expect(try parse(text).points.count == 1)
        let untimed = "<gpx version=\"1.1\"><rte><rtept lat=\"1\" lon=\"2\"/><rtept lat=\"1\" lon=\"3\"/></rte></gpx>"
        #expect(throws: GPXError.noTimedPoints(path: "walk.gpx", untimed: 2)) { try parse(untimed) }
        #expect(GPXError.noTimedPoints(path: "walk.gpx", untimed: 2).description
                == "walk.gpx: none of its 2 points has a <time>, so no photo can be placed on it")
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var reason: String
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "a point without lon", text: "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\">\n</trkpt></trkseg></trk></gpx>",
                  line: 3, reason: "<trkpt> without lat and lon"),
        Malformed(name: "a latitude out of range", text: "<gpx>\n<trk><trkseg>\n\n<trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>",
                  line: 4, reason: "lat=\"91\" is not a latitude between -90 and 90"),
        Malformed(name: "a time that is none", text: "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n<time>yesterday</time>\n</trkpt></trkseg></trk></gpx>",
                  line: 3, reason: "<time>yesterday</time> is not a time like 2024-05-01T10:00:00Z"),
        Malformed(name: "the 31st of February", text: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-02-31T10:00:00Z</time></trkpt></trkseg></trk></gpx>",
                  line: 1, reason: "<time>2024-02-31T10:00:00Z</time> is not a time like 2024-05-01T10:00:00Z"),
        Malformed(name: "another XML document", text: "<?xml version=\"1.0\"?>\n<kml></kml>",
                  line: 2, reason: "the root element is <kml>, not <gpx>: not a GPX file"),
    ]

    @Test(arguments: malformed)
    func namesTheLineOfWhatIsWrong(_ example: Malformed) {
        #expect(throws: GPXError.malformed(path: "walk.gpx", line: example.line, reason: example.reason)) {
            try parse(example.text)
        }
    }

    @Test func brokenXMLNamesTheLineTheParserStoppedAt() {
        let text = "<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:00Z</time></trkpt>\n<trkpt lat=\"1\" lon=\"2\"\n</trkseg></trk></gpx>"
        do {
            _ = try parse(text)
            Issue.record("a broken file was read")
        } catch {
            guard case let .malformed(path, line, reason) = error else { Issue.record("\(error)"); return }
            #expect(path == "walk.gpx")
            #expect((4...5).contains(line))
            #expect(reason.hasPrefix("not well-formed XML"))
            #expect(error.description.hasPrefix("walk.gpx, line \(line): not well-formed XML"))
        }
        #expect(throws: GPXError.malformed(path: "walk.gpx", line: 1, reason: "the file is empty")) { try parse("") }
        // A point never closed: named with the line it was opened on, no libxml2 error number.
        let unclosed = "<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:00:00Z</time></trkpt>\n"
            + "<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T10:01:00Z</time>\n</trkseg></trk></gpx>\n"
        do {
            _ = try parse(unclosed)
            Issue.record("a broken file was read")
        } catch {
            #expect(error.description.contains("not well-formed XML") && !error.description.contains("libxml2"), "\(error)")
            #expect(error.description.contains("<trkpt> opened on line 4") || error.description.contains("closing tag"), "\(error)")
        }
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: GPXError.self) { try GPXTrack.read(path: "/nonexistent/walk.gpx") }
    }

    @Test func readsTimesInTheirForms() {
        #expect(GPXTrack.parseTime("1970-01-01T00:00:10Z") == 10)
        #expect(GPXTrack.parseTime("1970-01-01T00:00:10") == 10)
        #expect(GPXTrack.parseTime("1970-01-01T02:00:10+02:00") == 10)
        #expect(GPXTrack.parseTime(" 1970-01-01T00:00:10.25Z\n") == 10.25)
        #expect(GPXTrack.parseTime("1970-01-01T00:00:10.Z") == nil)
        #expect(GPXTrack.parseTime("1970-01-01T00:00:10+25:00") == nil)
        #expect(GPXTrack.parseTime("10:00") == nil)
    }
}
