import Fixtures
import Foundation
import Testing

/// `photory-tui geotag` (issue 25) as a user runs it: GPX files and photos, the places set as
/// one undoable step, the photos off the track named, malformed files named with their line.
@Suite struct GeotagCLITests {
    /// Photos of 2024-05-01: two on the morning walk (one with its own offset, one without),
    /// one on the afternoon walk, one in the evening far from both.
    static func writePhotos(into folder: String) -> [String: String] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let specs: [(String, String, String?)] = [
            ("walk-1.jpg", "2024:05:01 12:05:00", nil),        // +02:00 from --offset: 10:05 UTC
            ("walk-2.jpg", "2024:05:01 06:15:00", "-04:00"),   // its own offset: 10:15 UTC
            ("pm.jpg", "2024:05:01 17:05:00", nil),            // 15:05 UTC
            ("dinner.jpg", "2024:05:01 21:00:00", nil),        // 19:00 UTC: far from any point
        ]
        var paths: [String: String] = [:]
        for (index, spec) in specs.enumerated() {
            let image = JPEGFixture.encode(width: 64, height: 48) { x, y in
                (UInt8(truncatingIfNeeded: index * 50 + x), UInt8(truncatingIfNeeded: y * 3), 90)
            }
            let exif = MetadataFixture.EXIF(make: "Testcam", model: "GPS One", dateTimeOriginal: spec.1,
                                            offsetTimeOriginal: spec.2)
            let path = folder + "/" + spec.0
            _ = FileManager.default.createFile(
                atPath: path, contents: JPEGFixture.inserting(segments: [(0xE1, MetadataFixture.exifPayload(exif))], into: image))
            paths[spec.0] = path
        }
        return paths
    }

    static let morning = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>morning</name><trkseg>
            <trkpt lat="45.0" lon="7.0"><ele>200</ele><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="45.1" lon="7.2"><ele>300</ele><time>2024-05-01T10:10:00Z</time></trkpt>
            <trkpt lat="45.2" lon="7.4"><ele>400</ele><time>2024-05-01T10:20:00Z</time></trkpt>
          </trkseg></trk>
        </gpx>

        """

    /// GPX 1.0, a route, its times with an offset.
    static let afternoon = """
        <?xml version="1.0"?>
        <gpx version="1.0" creator="tests" xmlns="http://www.topografix.com/GPX/1/0">
          <rte>
            <rtept lat="50.0" lon="10.0"><time>2024-05-01T17:00:00+02:00</time></rtept>
            <rtept lat="50.2" lon="10.0"><time>2024-05-01T17:10:00+02:00</time></rtept>
          </rte>
        </gpx>

        """

    static let broken = """
        <?xml version="1.0"?>
        <gpx version="1.1">
          <trk><trkseg>
            <trkpt lat="91" lon="7"><time>2024-05-01T10:00:00Z</time></trkpt>
          </trkseg></trk>
        </gpx>

        """

    func prepared() throws -> (Sandbox, [String: String], String) {
        let sandbox = Sandbox()
        let photos = Self.writePhotos(into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let tracks = sandbox.root.path + "/tracks"
        try FileManager.default.createDirectory(atPath: tracks, withIntermediateDirectories: true)
        try Self.morning.write(toFile: tracks + "/morning.gpx", atomically: true, encoding: .utf8)
        try Self.afternoon.write(toFile: tracks + "/afternoon.GPX", atomically: true, encoding: .utf8)
        try Self.broken.write(toFile: tracks + "/broken.gpx", atomically: true, encoding: .utf8)
        return (sandbox, photos, tracks)
    }

    func place(_ sandbox: Sandbox, _ name: String) throws -> (Double, Double)? {
        let photo = try #require(try sandbox.photosByName()[name])
        guard let lat = photo["latitude"] as? Double, let lon = photo["longitude"] as? Double else { return nil }
        return (lat, lon)
    }

    @Test func placesPhotosFromSeveralTracksAsOneStepAndNamesTheRest() throws {
        let (sandbox, photos, tracks) = try prepared()
        let arguments = ["geotag", tracks + "/morning.gpx", tracks + "/afternoon.GPX", sandbox.root.path + "/photos",
                         "--offset", "+02:00"]
        // A dry run says everything and changes nothing.
        let dry = try sandbox.cli(arguments + ["--dry-run"])
        #expect(dry.status == 1, "one photo is off the tracks: \(dry)")
        #expect(dry.stdout.contains("dry run, nothing changed: would geotag 3 photos from 2 tracks; 1 skipped"), "\(dry.stdout)")
        #expect(try place(sandbox, "walk-1.jpg") == nil)

        let run = try sandbox.cli(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("\(photos["walk-1.jpg"]!)  45.050000, 7.100000 (250 m)  between points 10 min apart"), "\(run.stdout)")
        #expect(run.stdout.contains("\(photos["walk-2.jpg"]!)  45.150000, 7.300000 (350 m)"), "\(run.stdout)")
        #expect(run.stdout.contains("\(photos["pm.jpg"]!)  50.100000, 10.000000  between points 10 min apart"), "\(run.stdout)")
        #expect(run.stdout.contains("skipped \(photos["dinner.jpg"]!): the nearest track point is 3 h 50 min away (max gap 30 min)"),
                "\(run.stdout)")
        #expect(run.stdout.contains("geotag 3 photos from 2 tracks; 1 skipped"))
        let walk1 = try #require(try place(sandbox, "walk-1.jpg"))
        #expect(abs(walk1.0 - 45.05) < 1e-6 && abs(walk1.1 - 7.1) < 1e-6)
        #expect(try place(sandbox, "dinner.jpg") == nil)
        let listed = try #require(try sandbox.photosByName()["walk-2.jpg"])
        #expect((listed["edited"] as? [String])?.contains("location") == true, "shown as edited: \(listed)")

        // One step: undo takes every place back.
        let undo = try sandbox.cli(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("undid: geotag 3 photos from 2 tracks"), "\(undo)")
        for name in ["walk-1.jpg", "walk-2.jpg", "pm.jpg"] { #expect(try place(sandbox, name) == nil) }
    }

    @Test func jsonAndAMaxGapThatLetsThePhotoIn() throws {
        let (sandbox, photos, tracks) = try prepared()
        let run = try sandbox.cli(["geotag", tracks + "/afternoon.GPX", photos["dinner.jpg"]!, "--offset", "+02:00",
                                   "--max-gap", "4h", "--json"])
        #expect(run.status == 0, "\(run)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let placed = try #require(json["placed"] as? [[String: Any]])
        #expect(placed.count == 1 && placed[0]["how"] as? String == "nearest" && placed[0]["seconds"] as? Double == 13_800)
        #expect(placed[0]["latitude"] as? Double == 50.2)
        #expect((json["skipped"] as? [Any])?.isEmpty == true && json["stepId"] is String)
    }

    @Test func aMalformedFileIsNamedWithItsLineAndTheOthersAreUsed() throws {
        let (sandbox, photos, tracks) = try prepared()
        let run = try sandbox.cli(["geotag", tracks + "/broken.gpx", tracks + "/morning.gpx", photos["walk-2.jpg"]!])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(tracks)/broken.gpx, line 4: lat=\"91\" is not a latitude between -90 and 90"), "\(run.stderr)")
        #expect(run.stdout.contains("geotag 1 photo from morning.gpx"), "\(run.stdout)")
        #expect(try place(sandbox, "walk-2.jpg") != nil)
        // Without its own offset and without --offset, a photo is skipped with the reason.
        let noZone = try sandbox.cli(["geotag", tracks + "/morning.gpx", photos["walk-1.jpg"]!])
        #expect(noZone.status == 1)
        #expect(noZone.stdout.contains("skipped \(photos["walk-1.jpg"]!): its time has no UTC offset"), "\(noZone.stdout)")
        // Only broken files: nothing to place on.
        let none = try sandbox.cli(["geotag", tracks + "/broken.gpx", photos["walk-1.jpg"]!])
        #expect(none.status == 1 && none.stderr.contains("no track to place photos on"), "\(none)")
        // Usage errors.
        #expect(try sandbox.cli(["geotag", photos["walk-1.jpg"]!]).status == 64)
        #expect(try sandbox.cli(["geotag", tracks + "/morning.gpx", photos["walk-1.jpg"]!, "--offset", "+25:00"]).status == 64)
        #expect(try sandbox.cli(["geotag", tracks + "/morning.gpx", photos["walk-1.jpg"]!, "--max-gap", "1mo"]).status == 64)
    }
}
