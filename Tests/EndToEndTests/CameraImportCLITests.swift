import Fixtures
import Foundation
import Testing

/// `photory-tui import --camera` (issue 25) through libgphoto2's own "Directory Browse" driver on
/// a folder laid out like a card: the real camera code paths, without hardware.
@Suite struct CameraImportCLITests {
    /// 2024-05-01 12:00:00 UTC (the tests run without TZ: UTC).
    static let noon = Date(timeIntervalSince1970: 1_714_564_800)

    /// A card: `DCIM/100TEST/` with a RAW+JPEG pair and two JPEGs, every file dated `noon`.
    static func card(in sandbox: Sandbox) throws -> String {
        let card = sandbox.root.path + "/card"
        let folder = card + "/DCIM/100TEST"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var raw = RawFixture.Options()
        raw.dateTimeOriginal = "2024:05:01 12:00:00"
        raw.description = "Harbour"
        try write(RawFixture.dng(raw), to: folder + "/IMG_0001.DNG")
        for (index, name) in ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"].enumerated() {
            try write(MetadataFixture.jpeg(width: 64 + index, height: 48, exif: .init(
                description: "Harbour", make: "Testcam", dateTimeOriginal: "2024:05:01 12:0\(index):00")), to: folder + "/" + name)
        }
        return card
    }

    static func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: noon], ofItemAtPath: path)
    }

    func importCard(_ sandbox: Sandbox, _ card: String, json: Bool = false) throws -> TmuxSession.Output {
        try sandbox.cli(["import", "--camera", "Directory Browse", "--port", "disk:" + card,
                         "--to", sandbox.root.path + "/Pictures"] + (json ? ["--json"] : []))
    }

    @Test func importsACardCopiesOnceAndKeepsRawJpegPairsTogether() throws {
        let sandbox = Sandbox()
        let card = try Self.card(in: sandbox)
        let first = try importCard(sandbox, card)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Directory Browse on disk:\(card): 4 files, 4 copied into \(sandbox.root.path)/Pictures, "
                                      + "0 already in the library, 0 failed"), "\(first.stdout)")
        let day = sandbox.root.path + "/Pictures/2024/2024-05-01"
        #expect(try FileManager.default.contentsOfDirectory(atPath: day).sorted()
                == ["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"])
        let photos = try sandbox.photosByName()
        #expect(photos.count == 4)
        #expect(photos["IMG_0001.JPG"]?["path"] as? String == day + "/IMG_0001.JPG", "copies, not the card: \(photos)")
        // The RAW+JPEG pair is one stack, as a camera roll's is.
        let stack = try #require(photos["IMG_0001.JPG"]?["stack"] as? String)
        #expect(photos["IMG_0001.DNG"]?["stack"] as? String == stack)
        // The card is untouched.
        #expect(try FileManager.default.contentsOfDirectory(atPath: card + "/DCIM/100TEST").count == 4)

        // Again: nothing is copied twice.
        let again = try importCard(sandbox, card)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("4 files, 0 copied into \(sandbox.root.path)/Pictures, 4 already in the library, 0 failed"),
                "\(again.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: day).count == 4)
        #expect(try sandbox.photosByName().count == 4)

        // A new shot on the card: only it comes.
        try Self.write(MetadataFixture.jpeg(width: 80, height: 60, exif: .init(make: "Testcam", dateTimeOriginal: "2024:05:01 12:09:00")),
                       to: card + "/DCIM/100TEST/IMG_0004.JPG")
        let third = try importCard(sandbox, card, json: true)
        #expect(third.status == 0, "\(third)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
        let files = try #require(record["files"] as? [[String: Any]])
        #expect(files.count == 5)
        #expect(files.filter { $0["outcome"] as? String == "already" }.count == 4)
        #expect(files.first { ($0["camera"] as? String)?.hasSuffix("IMG_0004.JPG") == true }?["outcome"] as? String == "imported")
    }

    @Test func theSameContentUnderAnotherNameIsNotKept() throws {
        let sandbox = Sandbox()
        let card = try Self.card(in: sandbox)
        #expect(try importCard(sandbox, card).status == 0)
        // The same photo copied under another name on the card: downloaded, found a duplicate, its copy removed.
        try FileManager.default.copyItem(atPath: card + "/DCIM/100TEST/IMG_0002.JPG", toPath: card + "/DCIM/100TEST/COPY_0002.JPG")
        let again = try importCard(sandbox, card)
        #expect(again.stdout.contains("duplicate"), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/Pictures/2024/2024-05-01/COPY_0002.JPG"))
        #expect(try sandbox.photosByName().count == 4)
    }

    @Test func unknownCamerasAndPortsSaySo() throws {
        let sandbox = Sandbox()
        let model = try sandbox.cli(["import", "--camera", "No Such Camera 9000", "--port", "disk:/tmp", "--to", sandbox.root.path])
        #expect(model.status == 1 && model.stderr.contains("no camera driver is called \"No Such Camera 9000\""), "\(model)")
        let port = try sandbox.cli(["import", "--camera", "Directory Browse", "--port", "serial:/nonexistent", "--to", sandbox.root.path])
        #expect(port.status == 1 && port.stderr.contains("serial:/nonexistent"), "\(port)")
        let folder = try sandbox.cli(["import", "--camera", "Directory Browse", "--port", "disk:/nonexistent-card", "--to", sandbox.root.path])
        #expect(folder.status == 1 && folder.stderr.contains("/nonexistent-card is not a folder"), "\(folder)")
        #expect(try sandbox.cli(["import", "--camera", "Directory Browse", sandbox.root.path]).status == 64)
        let cameras = try E2E.cli(["cameras", "--json"], sandbox: sandbox)
        #expect(cameras.status == 0 && cameras.stdout.hasPrefix("["), "\(cameras)")
    }

    @Test func deleteAfterDeletesOnlyVerifiedCopiesFromTheCard() throws {
        let sandbox = Sandbox()
        let card = try Self.card(in: sandbox)
        // A file that is not a photo at all is copied, not imported, and stays on the card.
        try Self.write(Data("not a photo".utf8), to: card + "/DCIM/100TEST/IMG_0009.JPG")
        let run = try sandbox.cli(["import", "--camera", "Directory Browse", "--port", "disk:" + card,
                                   "--to", sandbox.root.path + "/Pictures", "--delete-after"])
        #expect(run.stdout.contains("5 files, 5 copied into \(sandbox.root.path)/Pictures, 0 already in the library, 0 failed, "
                                    + "4 deleted from the camera"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: card + "/DCIM/100TEST") == ["IMG_0009.JPG"])
        #expect(try sandbox.photosByName().count == 4)
        #expect(try sandbox.cli(["import", "--delete-after", sandbox.root.path]).status == 64, "--delete-after goes with --camera")
    }

    @Test func aCameraThatCannotCaptureSaysSo() throws {
        let sandbox = Sandbox()
        let card = try Self.card(in: sandbox)
        let run = try sandbox.cli(["capture", "--camera", "Directory Browse", "--port", "disk:" + card, "--to", sandbox.root.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("Directory Browse on disk:\(card) cannot take pictures from the computer (tethered capture)"), "\(run)")
    }
}
