import Fixtures
import Foundation
import Testing
@testable import Library

/// The real HEIC/HEIF files in ../shared/photos/formats, checked against exiftool's reading.
@Suite(.enabled(if: SharedPhotos.available && FormatTools.available("exiftool"),
                "needs ../shared/photos and exiftool"))
struct FormatSamplePhotoTests {
    static var files: [String] {
        guard let root = SharedPhotos.folder else { return [] }
        let folder = root + "/formats"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    /// exiftool's numbers for one file.
    struct Reference {
        var width: Int, height: Int, rotation: Int
        var dateTimeOriginal: String?, modifyDate: String?
        var make: String?, model: String?
    }

    static func reference(_ path: String) throws -> Reference {
        let json = try FormatTools.run("exiftool", ["-j", "-n", "-ImageWidth", "-ImageHeight", "-Rotation",
                                                    "-EXIF:DateTimeOriginal", "-EXIF:ModifyDate", "-EXIF:Make", "-EXIF:Model", path])
        let list = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        let o = try #require(list?.first)
        return Reference(width: o["ImageWidth"] as? Int ?? 0, height: o["ImageHeight"] as? Int ?? 0,
                         rotation: o["Rotation"] as? Int ?? 0,
                         dateTimeOriginal: o["DateTimeOriginal"] as? String, modifyDate: o["ModifyDate"] as? String,
                         make: o["Make"] as? String, model: o["Model"] as? String)
    }

    @Test func datesSizesAndCamerasAgreeWithExiftool() throws {
        let files = Self.files
        try #require(!files.isEmpty, "no files in ../shared/photos/formats")
        for path in files {
            let name = (path as NSString).lastPathComponent
            let ref = try Self.reference(path)
            let info = try inspectFile(path)
            // exiftool gives the stored (ispe) size and the container's rotation; we give what is shown.
            let turned = ref.rotation == 90 || ref.rotation == 270
            #expect((info.width, info.height) == (turned ? (ref.height, ref.width) : (ref.width, ref.height)), "\(name)")
            #expect(info.orientation == 1, "\(name): libheif already turned it")
            #expect(info.metadata.dateTimeOriginal == ref.dateTimeOriginal, "\(name)")
            #expect(info.metadata.dateTime == ref.modifyDate, "\(name)")
            #expect(info.metadata.cameraMake == ref.make, "\(name)")
            #expect(info.metadata.cameraModel == ref.model, "\(name)")
        }
    }

    @Test func theRotatedIPhonePhotoIsPortraitOnceAndItsThumbnailItemMakesTheTile() throws {
        let path = try #require(Self.files.first { $0.hasSuffix("iphone_13_pro_max.HEIC") })
        let info = try inspectFile(path)
        #expect(info.metadata.orientation == 6)               // EXIF says turn it…
        #expect((info.width, info.height) == (3024, 4032))    // …and libheif already did (irot)
        #expect(try usesEmbedded(path, 160, 160))
        let tile = try previewFile(path, 160, 160, orientation: info.orientation, fitting: true)
        #expect(tile.height > tile.width)
        #expect(PreviewImage.sameShape(tile.width, tile.height, 3024, 4032))
    }

    @Test func everySampleImportsWithAThumbnail() throws {
        let folder = TemporaryFolder()
        let store = ThumbnailStore(folder: folder.path + "/thumbs")
        var library = PhotoLibrary()
        let files = Self.files
        let summary = Importer(thumbnails: store).run(files, into: &library)
        #expect(summary.count(.imported) == files.count, "\(summary.results.map { "\($0.path): \($0.reason ?? "")" })")
        for photo in library.photos {
            let key = try #require(ThumbnailStore.Key.current(photoID: photo.id, path: photo.path))
            guard case let .thumbnail(image) = store.entry(for: key) else {
                Issue.record("no thumbnail for \(photo.fileName)")
                continue
            }
            #expect(PreviewImage.sameShape(image.width, image.height, photo.displaySize.width, photo.displaySize.height)
                    || max(image.width, image.height) < 40, "\(photo.fileName)")
        }
        let iphone = try #require(library.photos.first { $0.fileName == "IMG_5195.HEIC" })
        #expect(iphone.takenAt == "2021-04-11T15:47:53-05:00")
        #expect(iphone.gps != nil)
    }
}
