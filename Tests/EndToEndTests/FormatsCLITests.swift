import Fixtures
import Foundation
import Testing

/// A phone's camera roll of mixed formats, imported and listed with the real binary.
@Suite(.enabled(if: FormatTools.available("convert", "cwebp", "heif-enc", "exiftool"),
                "needs convert, cwebp, heif-enc and exiftool"))
struct FormatsCLITests {
    @Test func importingAMixedFolderReadsEveryFormat() throws {
        let sandbox = Sandbox()
        let fixture = FormatFixture(TemporaryFolder("photory-e2e-formats"))
        let trip = FormatFixture.Tags(description: "Lisbon trip", dateTimeOriginal: "2024:03:04 05:06:07", model: "Phone")
        fixture.folder.write(MetadataFixture.jpeg(width: 64, height: 48, exif: .init(description: "Lisbon trip")),
                             to: "roll/IMG_0001.jpg")
        _ = try fixture.png("roll/Screenshot.png", width: 90, height: 60, tags: .init(orientation: 6))
        _ = try fixture.webp("roll/IMG_0002.webp", width: 100, height: 50, tags: trip)
        _ = try fixture.heif("roll/IMG_0003.HEIC", width: 120, height: 80, tags: trip, thumbnail: 64)
        _ = try fixture.heif("roll/IMG_0004.avif", width: 80, height: 60, tags: trip, avif: true)
        fixture.folder.write(Data("not a photo".utf8), to: "roll/notes.txt")
        fixture.folder.write(Data([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8) + [0, 0, 0, 8]),
                             to: "roll/MVI_0005.MOV")
        let folder = fixture.folder.path + "/roll"

        let result = try E2E.cli(["import", folder, "--library", sandbox.library], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("5 imported, 1 corrupt, 1 skipped (a sidecar or text file)"), "\(result.stdout)")
        #expect(result.stdout.contains("\(folder)/MVI_0005.MOV: FFmpeg cannot read this video"), "\(result.stdout)")
        #expect(!result.stdout.contains("notes.txt"))

        let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        func photo(_ name: String) throws -> [String: Any] {
            try #require(photos.first { ($0["path"] as? String)?.hasSuffix("/" + name) == true }, "\(name) listed")
        }
        for (name, width, height) in [("IMG_0001.jpg", 64, 48), ("Screenshot.png", 60, 90), ("IMG_0002.webp", 100, 50),
                                      ("IMG_0003.HEIC", 120, 80), ("IMG_0004.avif", 80, 60)] {
            let p = try photo(name)   // as shown: the PNG's EXIF orientation 6 turns it a quarter
            #expect(p["width"] as? Int == width && p["height"] as? Int == height, "\(name)")
        }
        for name in ["IMG_0001.jpg", "IMG_0002.webp", "IMG_0003.HEIC", "IMG_0004.avif"] {
            #expect(try photo(name)["group"] as? String == "Lisbon trip", "\(name)")
        }
        #expect(try photo("IMG_0003.HEIC")["takenAt"] as? String == "2024-03-04T05:06:07")
        #expect(try photo("Screenshot.png")["group"] as? String == "Other")

        let groups = try E2E.cli(["groups", "--library", sandbox.library], sandbox: sandbox)
        #expect(groups.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                == ["Lisbon trip 4", "Other 1"])
    }
}
