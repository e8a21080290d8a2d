import Fixtures
import Foundation
import Testing

/// Motion Photos with the real binary (issue 21): `"motion": true` and `"motionDuration"` in
/// `list --json` and `show --json`, `is:live` finds them, and a broken one is imported as a
/// still photo with a line naming the file and the reason.
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct MotionPhotoCLITests {
    @Test func motionPhotosAreListedShownAndFound() throws {
        let sandbox = Sandbox()
        let fixture = MotionPhotoFixture(TemporaryFolder("photory-e2e-motion"))
        let live = try fixture.motionPhoto("roll/PXL_0001.MP.jpg", seconds: 2)
        try fixture.motionPhoto("roll/PXL_0002.MP.jpg", seconds: 1, announcing: .directory())
        try fixture.motionPhoto("roll/PXL_0003.MP.jpg", announcing: .microVideo(extraOffset: 10_000_000))
        fixture.folder.write(MetadataFixture.jpeg(), to: "roll/IMG_0004.jpg")
        let folder = fixture.folder.path + "/roll"

        let imported = try E2E.cli(["import", folder, "--library", sandbox.library], sandbox: sandbox)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("PXL_0003.MP.jpg: imported as a still photo, not a Motion Photo: its XMP MicroVideoOffset"),
                "\(imported.stdout)")
        #expect(imported.stdout.contains("4 imported"), "\(imported.stdout)")

        let listed = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        func photo(_ name: String) throws -> [String: Any] {
            try #require(photos.first { ($0["path"] as? String)?.hasSuffix("/" + name) == true }, "\(name) listed")
        }
        #expect(try photo("PXL_0001.MP.jpg")["motion"] as? Bool == true)
        #expect(try photo("PXL_0001.MP.jpg")["kind"] as? String == "photo")
        #expect(abs((try photo("PXL_0001.MP.jpg")["motionDuration"] as? Double ?? 0) - 2) < 0.05)
        #expect(try photo("PXL_0002.MP.jpg")["motion"] as? Bool == true)
        #expect(try photo("PXL_0003.MP.jpg")["motion"] == nil)
        #expect(try photo("IMG_0004.jpg")["motion"] == nil && photo("IMG_0004.jpg")["motionDuration"] == nil)

        let shown = try E2E.cli(["show", "--json", live.path, "--library", sandbox.library], sandbox: sandbox)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(record["motion"] as? Bool == true)
        #expect(abs((record["motionDuration"] as? Double ?? 0) - 2) < 0.05)
        let text = try E2E.cli(["show", live.path, "--library", sandbox.library], sandbox: sandbox)
        #expect(text.stdout.contains("Motion      LIVE, 2.0 s"), "\(text.stdout)")

        let found = try E2E.cli(["list", "--search", "is:live", "--json", "--library", sandbox.library], sandbox: sandbox)
        let names = (try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? [])
            .compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }.sorted()
        #expect(names == ["PXL_0001.MP.jpg", "PXL_0002.MP.jpg"])
    }
}
