import Fixtures
import Foundation
import Testing
@testable import Library

/// A phone's camera roll of mixed formats imports like JPEGs: groups by description, dates,
/// sizes, orientation and grid thumbnails.
@Suite(.enabled(if: FormatTools.available("convert", "cwebp", "heif-enc", "exiftool"),
                "needs convert, cwebp, heif-enc and exiftool"))
struct FormatImportTests {
    @Test func aMixedFolderGroupsByDescriptionWithDatesSizesAndThumbnails() throws {
        let fixture = FormatFixture()
        let folder = fixture.folder
        let harbour = FormatFixture.Tags(description: "Harbour walk", dateTimeOriginal: "2023:06:01 10:00:00",
                                         model: "Phone", gps: (52.5, 13.25))
        folder.write(MetadataFixture.jpeg(width: 160, height: 120, exif: .init(
            description: "harbour  WALK", dateTimeOriginal: "2023:06:01 09:00:00")), to: "roll/a.jpg")
        _ = try fixture.png("roll/b.png", width: 120, height: 80, tags: .init(
            description: "Harbour walk", dateTimeOriginal: "2023:06:01 11:00:00", orientation: 6))
        _ = try fixture.webp("roll/c.webp", width: 200, height: 100, tags: .init(
            description: "Harbour walk", dateTimeOriginal: "2023:06:01 12:00:00"))
        _ = try fixture.heif("roll/d.heic", width: 240, height: 160, tags: harbour, thumbnail: 160)
        _ = try fixture.heif("roll/e.avif", width: 90, height: 60, tags: .init(
            description: "Garden", dateTimeOriginal: "2023:07:01 08:00:00"), avif: true)
        folder.write(Data("GIF89a and more".utf8), to: "roll/f.gif")

        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        var library = PhotoLibrary()
        let summary = Importer(thumbnails: store).run([folder.path + "/roll"], into: &library)
        #expect(summary.count(.imported) == 5)
        #expect(summary.results.first { $0.path.hasSuffix("f.gif") }?.reason == "the GIF has a broken record")

        let group = try #require(library.group(named: "harbour walk"))
        #expect(group.count == 4)
        #expect(group.firstTakenAt == "2023-06-01T09:00:00" && group.lastTakenAt == "2023-06-01T12:00:00")
        #expect(library.group(named: "Garden")?.count == 1)

        func photo(_ name: String) throws -> Photo {
            try #require(library.photo(path: folder.path + "/roll/" + name))
        }
        #expect(try photo("b.png").orientation == 6)
        #expect(try photo("b.png").displaySize == (80, 120))
        #expect(try photo("c.webp").displaySize == (200, 100))
        #expect(try photo("d.heic").displaySize == (240, 160))
        #expect(try photo("d.heic").gps?.latitude == 52.5)
        #expect(try photo("d.heic").cameraModel == "Phone")
        #expect(try photo("e.avif").takenAt == "2023-07-01T08:00:00")

        // Every photo has its grid thumbnail, the right way up.
        let expected: [String: (Int, Int)] = ["a.jpg": (160, 120), "b.png": (80, 120), "c.webp": (160, 80),
                                              "d.heic": (160, 107), "e.avif": (90, 60)]
        for (name, size) in expected {
            let p = try photo(name)
            let key = try #require(ThumbnailStore.Key.current(photoID: p.id, path: p.path))
            guard case let .thumbnail(image) = store.entry(for: key) else {
                Issue.record("no thumbnail for \(name): \(String(describing: store.entry(for: key)))")
                continue
            }
            #expect(abs(image.width - size.0) <= 1 && abs(image.height - size.1) <= 1, "\(name): \(image.width)×\(image.height)")
        }
    }
}
