import Fixtures
import Foundation
import Testing
@testable import Library

/// Stars, rejects, labels and tags written back read through exiftool in every field the peers
/// read, from the file and from the sidecar; the rest of an existing sidecar stays.
@Suite(.enabled(if: ExternalTool.exiftool != nil, "exiftool is not installed"))
struct WriteBackMarksTests {
    typealias Setup = LibraryWriteBackTests.Setup
    private let tags = ["HierarchicalSubject", "TagsList", "Subject", "Keywords", "Rating", "Label"]

    private func values(_ path: String) throws -> [String: String] {
        let output = try ExternalTool.exiftool!.run(["-j", "-n", "-struct"] + tags.map { "-" + $0 } + [path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        var found: [String: String] = [:]
        for (key, value) in list.first ?? [:] where key != "SourceFile" {
            found[key] = (value as? [Any]).map { $0.map { "\($0)" }.joined(separator: ";") } ?? "\(value)"
        }
        return found
    }

    @Test func marksReadBackFromTheFileAndTheSidecar() throws {
        let setup = try Setup([("a.jpg", LibraryWriteBackTests.jpeg(1))])
        try setup.edit(0, PhotoEdits(rating: 4, label: .set(.purple), tags: ["Places/Italy/Rome", "Family"]))
        let (library, outcomes) = try LibraryWriteBack(store: setup.store).run(nil)
        #expect(outcomes.first?.problem == nil && outcomes.first?.wroteFile == true)
        let expected = ["HierarchicalSubject": "Places|Italy|Rome;Family", "TagsList": "Places/Italy/Rome;Family",
                        "Subject": "Rome;Family", "Rating": "4", "Label": "Purple"]
        var inFile = expected
        inFile["Keywords"] = "Rome;Family"
        #expect(try values(setup.paths[0]) == inFile)
        #expect(try values(setup.paths[0] + ".xmp") == expected)
        // The record now holds them as the file's, with no edit left; reading the file again agrees.
        let photo = try #require(library.photo(path: setup.paths[0]))
        #expect(photo.edits == PhotoEdits() && photo.fileMarks == PhotoMarks(rating: 4, label: .purple, tags: ["Places/Italy/Rome", "Family"]))
        var reread = PhotoLibrary()
        try FileManager.default.removeItem(atPath: setup.paths[0] + ".xmp")
        _ = Importer(workers: 1).run([setup.paths[0]], into: &reread)
        #expect(reread.photos.first?.marks == photo.fileMarks, "the file alone says it all")
    }

    @Test func aRejectIsRatingMinusOneAndAnExistingSidecarKeepsTheRest() throws {
        let setup = try Setup([("a.jpg", LibraryWriteBackTests.jpeg(2))])
        // darktable's sidecar: its own history and a creator tool must stay.
        let sidecar = setup.paths[0] + ".xmp"
        try FormatTools.run("exiftool", ["-q", "-o", sidecar, "-XMP-xmp:CreatorTool=darktable 4.6", "-XMP-xmp:Rating=1",
                                         "-XMP-dc:Subject=Old", "-XMP-xmpMM:DocumentID=xmp.did:darktable-5", setup.paths[0]])
        try setup.edit(0, PhotoEdits(rejected: true, tags: ["Trips/Alps"]))
        _ = try LibraryWriteBack(store: setup.store, target: .sidecarOnly).run(nil)
        let found = try values(sidecar)
        #expect(found["Rating"] == "-1" && found["Subject"] == "Alps" && found["TagsList"] == "Trips/Alps")
        let kept = try ExternalTool.exiftool!.run(["-s3", "-XMP-xmp:CreatorTool", "-XMP-xmpMM:DocumentID", sidecar])
        #expect(kept.split(separator: "\n") == ["darktable 4.6", "xmp.did:darktable-5"])
        #expect(try values(setup.paths[0])["Rating"] == nil, "sidecar only: the file is untouched")
    }

    @Test func anEmbeddedPacketAndIPTCKeepTheirOtherFields() throws {
        let setup = try Setup([("a.jpg", LibraryWriteBackTests.jpeg(3))])
        try FormatTools.run("exiftool", ["-q", "-overwrite_original", "-XMP-dc:Creator=Anna", "-IPTC:Keywords=Old",
                                         "-IPTC:By-line=Anna B", "-XMP-lr:HierarchicalSubject=Old|Tag", setup.paths[0]])
        var library = PhotoLibrary()
        _ = Importer(workers: 1).run([setup.paths[0]], into: &library)
        #expect(library.photos.first?.tags == ["Old/Tag"])
        // Imported again through the store so it knows the rewritten file.
        _ = try Importer(workers: 1).run([setup.paths[0]], store: setup.store)
        let photo = try setup.photo(0)
        try setup.edit(0, PhotoEdits(rating: 2, tags: ["Ünïcode/Tag"]))
        _ = try LibraryWriteBack(store: setup.store, target: .fileOnly).run([photo.id])
        let found = try values(setup.paths[0])
        #expect(found["Keywords"] == "Tag" && found["HierarchicalSubject"] == "Ünïcode|Tag" && found["Rating"] == "2")
        let kept = try ExternalTool.exiftool!.run(["-s3", "-XMP-dc:Creator", "-IPTC:By-line", setup.paths[0]])
        #expect(kept.split(separator: "\n") == ["Anna", "Anna B"])
    }
}
