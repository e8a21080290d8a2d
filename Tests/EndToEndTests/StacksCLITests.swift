import Fixtures
import Foundation
import Testing

/// Stacks (issue 21) with the real binary: a card with a RAW+JPEG pair, a Live Photo paired by
/// Apple's content identifier and a JPEG+MOV pair by name. `list --json` keeps every file with
/// one `"stack"` string per stack and `"motion"` on the stills, `is:live` finds them, groups
/// count each stack once, and `trash` / `trash restore` move every member.
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct StacksCLITests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    private func listed(_ sandbox: Sandbox, _ extra: [String] = []) throws -> [String: [String: Any]] {
        let listed = try run(["list", "--json"] + extra, sandbox)
        #expect(listed.status == 0, "\(listed.stderr)")
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return Dictionary(photos.map { (($0["path"] as? String ?? "") as NSString).lastPathComponent }.enumerated().map { ($1, photos[$0]) },
                          uniquingKeysWith: { first, _ in first })
    }

    /// The card: what a camera and a phone leave.
    private func card() throws -> (videos: VideoFixture, folder: String) {
        let videos = VideoFixture(TemporaryFolder("photory-e2e-stacks"))
        let folder = videos.folder
        func jpeg(_ description: String, _ date: String, contentIdentifier: String? = nil) -> Data {
            MetadataFixture.jpeg(width: 64, height: 48, exif: .init(
                description: description, make: "Apple", dateTimeOriginal: date,
                extraEntries: contentIdentifier.map { [.appleMakerNote(contentIdentifier: $0)] } ?? []))
        }
        var raw = RawFixture.Options()
        raw.dateTimeOriginal = "2023:08:09 10:11:12"
        raw.description = "Harbour"
        folder.write(RawFixture.dng(raw), to: "card/IMG_0001.DNG")
        folder.write(jpeg("Harbour", "2023:08:09 10:11:12"), to: "card/IMG_0001.JPG")
        folder.write(jpeg("Harbour", "2024:05:01 14:03:22", contentIdentifier: "A1B2-LIVE"), to: "card/IMG_0002.JPG")
        try videos.clip("card/IMG_0002_motion.MOV", width: 160, height: 120, seconds: 1,
                        tags: .init(appleCreationDate: "2024-05-01T14:03:22+0000", contentIdentifier: "A1B2-LIVE"))
        folder.write(jpeg("Harbour", "2024:05:02 09:00:00"), to: "card/IMG_0003.JPG")
        try videos.clip("card/IMG_0003.MOV", width: 160, height: 120, seconds: 1,
                        tags: .init(appleCreationDate: "2024-05-02T09:00:01+0000"))
        return (videos, folder.path + "/card")
    }

    @Test func everyFileIsListedWithItsStackAndGroupsCountAStackOnce() throws {
        let sandbox = Sandbox()
        let (videos, folder) = try card()
        // exiftool reads the content identifier the test wrote into the still and the movie
        // (exiftool 12.57 names the maker note's tag 0x0011 MediaGroupUUID, later ones ContentIdentifier).
        let still = try FormatTools.run("exiftool", ["-s3", "-Apple:ContentIdentifier", "-Apple:MediaGroupUUID",
                                                     folder + "/IMG_0002.JPG"])
        let movie = try FormatTools.run("exiftool", ["-s3", "-ContentIdentifier", folder + "/IMG_0002_motion.MOV"])
        #expect(still.trimmingCharacters(in: .whitespacesAndNewlines) == "A1B2-LIVE")
        #expect(movie.trimmingCharacters(in: .whitespacesAndNewlines) == "A1B2-LIVE")
        _ = videos

        let imported = try run(["import", folder], sandbox)
        #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        let photos = try listed(sandbox)
        #expect(photos.count == 6, "every file is its own entry: \(photos.keys.sorted()) \(imported.stdout) \(imported.stderr)")
        let rawStack = try #require(photos["IMG_0001.JPG"]?["stack"] as? String)
        #expect(photos["IMG_0001.DNG"]?["stack"] as? String == rawStack)
        #expect(photos["IMG_0001.DNG"]?["kind"] as? String == "raw")
        let live = try #require(photos["IMG_0002.JPG"]?["stack"] as? String)
        #expect(photos["IMG_0002_motion.MOV"]?["stack"] as? String == live)
        #expect(photos["IMG_0003.MOV"]?["stack"] as? String == photos["IMG_0003.JPG"]?["stack"] as? String)
        #expect(Set([rawStack, live, photos["IMG_0003.JPG"]?["stack"] as? String ?? ""]).count == 3)
        #expect(photos["IMG_0002.JPG"]?["motion"] as? Bool == true && photos["IMG_0003.JPG"]?["motion"] as? Bool == true)
        #expect(photos["IMG_0001.JPG"]?["motion"] == nil && photos["IMG_0002_motion.MOV"]?["motion"] == nil)

        #expect(try listed(sandbox, ["--search", "is:live"]).keys.sorted() == ["IMG_0002.JPG", "IMG_0003.JPG"])
        let show = try run(["show", "--json", folder + "/IMG_0001.DNG"], sandbox)
        #expect(show.stdout.contains("\"stack\" : \"\(rawStack)\"") || show.stdout.contains("\"stack\":\"\(rawStack)\""), "\(show.stdout)")

        // The group "Harbour" holds three items, one per stack.
        let groups = try run(["groups", "--json"], sandbox)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(groups.stdout.utf8)) as? [[String: Any]], "\(groups.stdout)")
        let harbour = try #require(list.first { $0["name"] as? String == "Harbour" }, "\(groups.stdout)")
        #expect(harbour["count"] as? Int == 3, "\(harbour)")
    }

    @Test func trashMovesEveryMemberAndRestoreBringsThemAllBack() throws {
        let sandbox = Sandbox()
        let (videos, folder) = try card()
        defer { withExtendedLifetime(videos) {} }   // the card's folder lives as long as its fixture
        let imported = try run(["import", folder], sandbox)
        #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        let trash = try run(["trash", folder + "/IMG_0001.JPG"], sandbox)
        #expect(trash.status == 0, "\(trash.stderr)")
        #expect(trash.stdout.contains("moved 1 photo (2 files) to the trash"), "\(trash.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/IMG_0001.JPG"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/IMG_0001.DNG"))
        #expect(try listed(sandbox).count == 4)

        let restore = try run(["trash", "restore", folder + "/IMG_0001.DNG"], sandbox)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/IMG_0001.JPG"))
        #expect(FileManager.default.fileExists(atPath: folder + "/IMG_0001.DNG"))
        let photos = try listed(sandbox)
        #expect(photos.count == 6)
        #expect(photos["IMG_0001.DNG"]?["stack"] as? String == photos["IMG_0001.JPG"]?["stack"] as? String)
        #expect(photos["IMG_0001.DNG"]?["stack"] != nil)
    }
}
