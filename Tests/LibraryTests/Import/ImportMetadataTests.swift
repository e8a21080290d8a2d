import Fixtures
import Foundation
import Testing
@testable import Library

/// What an imported photo carries, end to end from real bytes in a file.
@Suite struct ImportMetadataTests {
    private func importOne(_ data: Data) -> Photo? {
        let folder = TemporaryFolder()
        let path = folder.write(data, to: "photo.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([path], into: &library)
        return library.photos.first
    }

    @Test func descriptionChainThroughImport() {
        let exif = importOne(MetadataFixture.jpeg(exif: .init(description: "From EXIF"), xmp: .element("From XMP"),
                                                  iptc: .init(caption: "From IPTC")))
        #expect(exif?.description == "From EXIF")
        #expect(exif?.descriptionSource == .exif)
        let xmp = importOne(MetadataFixture.jpeg(exif: .init(description: "OLYMPUS DIGITAL CAMERA"),
                                                 xmp: .attribute("From XMP"), iptc: .init(caption: "From IPTC")))
        #expect(xmp?.description == "From XMP")
        #expect(xmp?.descriptionSource == .xmp)
        let iptc = importOne(MetadataFixture.jpeg(exif: .init(description: "   "), iptc: .init(caption: "Caf\u{E9} IPTC")))
        #expect(iptc?.description == "Caf\u{E9} IPTC")
        #expect(iptc?.descriptionSource == .iptc)
        let none = importOne(MetadataFixture.jpeg(exif: .init(description: "SONY DSC\0\0")))
        #expect(none?.description == nil)
    }

    @Test func everyFieldIsRead() throws {
        let photo = try #require(importOne(MetadataFixture.jpeg(
            width: 64, height: 48,
            exif: .init(description: "Trip", make: "Canon", model: "Canon EOS 6D", orientation: 6,
                        dateTimeOriginal: "2021:07:04 09:30:00", dateTime: "2022:01:01 00:00:00",
                        offsetTimeOriginal: "-05:00", gps: .init(latitude: 40.5, longitude: -73.25, altitude: 12)))))
        #expect(photo.width == 64 && photo.height == 48)
        #expect(photo.displaySize == (48, 64))
        #expect(photo.orientation == 6)
        #expect(photo.takenAt == "2021-07-04T09:30:00-05:00")
        #expect(photo.takenAtSource == .dateTimeOriginal)
        #expect(photo.camera == "Canon EOS 6D")
        #expect(abs((photo.gps?.latitude ?? 0) - 40.5) < 1e-6)
        #expect(abs((photo.gps?.longitude ?? 0) + 73.25) < 1e-6)
        #expect(photo.gps?.altitude == 12)
    }

    @Test func dateFallsBackToDigitizedThenDateTimeThenFileTime() {
        let digitized = importOne(MetadataFixture.jpeg(exif: .init(dateTime: "2019:02:03 04:05:06", extraEntries: [
            .init(ifd: .exif, tag: 0x9004, value: .ascii(Array("2018:01:02 03:04:05\0".utf8))),
        ])))
        #expect(digitized?.takenAt == "2018-01-02T03:04:05")
        #expect(digitized?.takenAtSource == .dateTimeDigitized)
        let dateTime = importOne(MetadataFixture.jpeg(exif: .init(dateTime: "2019:02:03 04:05:06")))
        #expect(dateTime?.takenAt == "2019-02-03T04:05:06")
        #expect(dateTime?.takenAtSource == .dateTime)
        let file = importOne(MetadataFixture.jpeg(exif: .init(dateTimeOriginal: "0000:00:00 00:00:00")))
        #expect(file?.takenAtSource == .fileTime)
    }

    @Test func photosWithTheSameDescriptionShareAGroupAndBlankOnesGoToOther() {
        let folder = TemporaryFolder()
        folder.write(MetadataFixture.jpeg(exif: .init(description: "Holiday", dateTime: "2020:01:01 10:00:00")), to: "a.jpg")
        folder.write(MetadataFixture.jpeg(xmp: .element("holiday "), iptc: nil), to: "b.jpg")
        folder.write(MetadataFixture.jpeg(exif: .init(description: "  ")), to: "c.jpg")
        folder.write(MetadataFixture.jpeg(iptc: .init(caption: "Apples")), to: "d.jpg")
        var library = PhotoLibrary()
        _ = Importer().run([folder.path], into: &library)
        #expect(library.groups.map(\.name) == ["Apples", "Holiday", "Other"])
        #expect(library.groups.map(\.count) == [1, 2, 1])
    }

    /// Every file of the shared sample folder ends with exactly one outcome, and the real photos import.
    @Test(.enabled(if: SharedPhotos.available, "../shared/photos is not here"))
    func sharedSamplePhotos() throws {
        let root = try #require(SharedPhotos.folder)
        var library = PhotoLibrary()
        let summary = Importer().run([root], into: &library)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isFolder)
            return !isFolder.boolValue && !($0 as NSString).lastPathComponent.hasPrefix(".")
        }
        #expect(summary.results.count == files.count)
        #expect(Set(summary.results.map(\.path)).count == summary.results.count)
        let real = summary.results.filter { $0.path.contains("/real/") }
        #expect(!real.isEmpty)
        for result in real where result.path.hasSuffix(".jpg") || result.path.hasSuffix(".mpo") {
            #expect([.imported, .duplicate].contains(result.outcome.kind), "\(result.path): \(result.reason ?? "")")
        }
        for result in summary.results where result.outcome.kind != .imported {
            #expect(result.reason?.isEmpty == false, "\(result.path) has no reason")
        }
        #expect(library.photo(path: root + "/real/xmp_test.jpg") != nil)
    }
}
