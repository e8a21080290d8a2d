import Fixtures
import Foundation
import Testing

/// A camera roll with videos, imported and listed with the real binary: kinds, durations,
/// dates and places as exiftool reads them, search filters, the Videos folder, and broken
/// videos that say why while the rest of the import goes on.
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct VideoCLITests {
    @Test func videosAreImportedListedAndFoundWithTheirDatesPlacesAndDurations() throws {
        let sandbox = Sandbox()
        let videos = VideoFixture(TemporaryFolder("photory-e2e-videos"))
        let roll = "roll"
        videos.folder.write(MetadataFixture.jpeg(width: 64, height: 48, exif: .init(
            description: "Harbour", dateTimeOriginal: "2024:05:01 13:00:00")), to: "\(roll)/IMG_0001.jpg")
        let mov = try videos.clip("\(roll)/IMG_0002.MOV", seconds: 2, tags: .init(
            appleCreationDate: "2024-05-01T14:03:22+0200", appleLocation: "+48.8577+002.2950+035.000/",
            make: "Apple", model: "iPhone 12"))
        let mp4 = try videos.clip("\(roll)/VID_0003.mp4", width: 320, height: 240, seconds: 3,
                                  tags: .init(creationTime: "2024-05-01T12:30:00Z", title: "Harbour"))
        let good = try videos.clip("source.mp4", seconds: 1)
        _ = try videos.truncated(good, "\(roll)/VID_0004.mp4")
        _ = try videos.unknownCodec(good, "\(roll)/VID_0005.mp4")
        let folder = videos.folder.path + "/" + roll

        let result = try E2E.cli(["import", "--json", folder, "--library", sandbox.library], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
                                 "\(result.stdout)")
        func outcome(_ name: String) -> [String: Any]? { files.first { ($0["path"] as? String)?.hasSuffix("/" + name) == true } }
        #expect(outcome("IMG_0002.MOV")?["outcome"] as? String == "imported")
        #expect(outcome("VID_0004.mp4")?["outcome"] as? String == "corrupt")
        #expect((outcome("VID_0004.mp4")?["reason"] as? String)?.contains("truncated") == true)
        #expect(outcome("VID_0005.mp4")?["outcome"] as? String == "unsupported")
        #expect((outcome("VID_0005.mp4")?["reason"] as? String)?.contains("no decoder") == true)

        let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        func photo(_ name: String) throws -> [String: Any] {
            try #require(photos.first { ($0["path"] as? String)?.hasSuffix("/" + name) == true }, "\(name) listed")
        }
        #expect(try photo("IMG_0001.jpg")["kind"] as? String == "photo")
        #expect(try photo("IMG_0001.jpg")["duration"] == nil)
        let apple = try photo("IMG_0002.MOV")
        #expect(apple["kind"] as? String == "video")
        #expect(apple["takenAt"] as? String == "2024-05-01T14:03:22+02:00")
        // exiftool: "2024:05:01 14:03:22+02:00".
        let creation = try exiftool("CreationDate", mov)
        #expect(apple["takenAt"] as? String == creation.replacingOccurrences(of: " ", with: "T")
            .replacingOccurrences(of: ":", with: "-", options: [], range: creation.startIndex..<creation.index(creation.startIndex, offsetBy: 10)))
        #expect(apple["takenAtSource"] as? String == "mediaCreated")
        #expect(abs((apple["duration"] as? Double ?? 0) - (Double(try exiftool("Duration#", mov)) ?? -1)) < 0.05)
        let coordinates = try exiftool("GPSCoordinates", mov, ["-n"]).split(separator: " ").compactMap { Double($0) }
        #expect(abs((apple["latitude"] as? Double ?? 0) - coordinates[0]) < 1e-6)
        #expect(abs((apple["longitude"] as? Double ?? 0) - coordinates[1]) < 1e-6)
        #expect(apple["cameraModel"] as? String == "iPhone 12")
        let clip = try photo("VID_0003.mp4")
        #expect((clip["width"] as? Int, clip["height"] as? Int) == (320, 240))
        #expect(clip["group"] as? String == "Harbour")
        // QuickTime's creation_time is UTC: the same moment as exiftool's, in this machine's zone.
        let utc = try exiftool("CreateDate", mp4, ["-d", "%Y-%m-%dT%H:%M:%S"]) + "Z"
        #expect(Self.instant(clip["takenAt"] as? String) == Self.instant(utc))
        #expect(abs((clip["duration"] as? Double ?? 0) - 3) < 0.05)

        func names(_ search: String) throws -> [String] {
            let found = try E2E.cli(["list", "--search", search, "--json", "--library", sandbox.library], sandbox: sandbox)
            let list = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
            return list.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }.sorted()
        }
        #expect(try names("is:video") == ["IMG_0002.MOV", "VID_0003.mp4"])
        #expect(try names("-is:video") == ["IMG_0001.jpg"])
        #expect(try names("type:mov") == ["IMG_0002.MOV"])
        #expect(try names("type:jpeg") == ["IMG_0001.jpg"])
        #expect(try names("is:raw") == [])

        let groups = try E2E.cli(["groups", "--json", "--library", sandbox.library], sandbox: sandbox)
        #expect(groups.stdout.contains("\"Harbour\""), "\(groups.stdout)")
        let show = try E2E.cli(["show", mov, "--library", sandbox.library], sandbox: sandbox)
        #expect(show.stdout.contains("Kind        video"), "\(show.stdout)")
        #expect(show.stdout.contains("Duration    2.0 s"), "\(show.stdout)")
    }

    private func exiftool(_ tag: String, _ path: String, _ options: [String] = []) throws -> String {
        try FormatTools.run("exiftool", options + ["-s3", "-" + tag, path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func instant(_ iso: String?) -> Double? {
        iso.flatMap { ISO8601DateFormatter().date(from: $0)?.timeIntervalSince1970 }
    }
}
