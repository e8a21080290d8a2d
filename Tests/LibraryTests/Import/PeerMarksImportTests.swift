import Foundation
import Testing
import Fixtures
@testable import Library

/// What digiKam, darktable, Lightroom and IPTC editors wrote is what an import shows: fixtures
/// written by exiftool, as those tools write them.
@Suite(.enabled(if: FormatTools.available("exiftool"), "exiftool is not installed"))
struct PeerMarksImportTests {
    private func jpeg(_ folder: TemporaryFolder, _ name: String, shade: UInt8) -> String {
        folder.write(JPEGFixture.encode(width: 32, height: 24, color: JPEGFixture.solid(shade, 90, 140)), to: name)
    }

    private func exiftool(_ arguments: String...) throws {
        try FormatTools.run("exiftool", ["-q", "-overwrite_original"] + arguments)
    }

    private func importing(_ folder: TemporaryFolder) -> PhotoLibrary {
        var library = PhotoLibrary()
        _ = Importer(workers: 1).run([folder.path], into: &library)
        return library
    }

    @Test func everyPeersRatingLabelRejectAndTagImports() throws {
        let folder = TemporaryFolder("photory-peers")
        // digiKam: a sidecar photo.jpg.xmp with TagsList, the hierarchy again in lr:, the leaves in dc:subject.
        let digiKam = jpeg(folder, "digikam.jpg", shade: 10)
        try exiftool("-o", digiKam + ".xmp", "-XMP-xmp:Rating=4", "-XMP-digiKam:TagsList=Places/Italy/Rome",
                     "-XMP-digiKam:TagsList=People/Anna", "-XMP-lr:HierarchicalSubject=Places|Italy|Rome",
                     "-XMP-dc:Subject=Rome", "-XMP-dc:Subject=Anna", "-XMP-microsoft:RatingPercent=75", digiKam)
        // Lightroom: an edited JPEG with its XMP embedded.
        let lightroom = jpeg(folder, "lightroom.jpg", shade: 60)
        try exiftool("-XMP-xmp:Rating=5", "-XMP-xmp:Label=Blue", "-XMP-lr:HierarchicalSubject=Events|Wedding",
                     "-XMP-dc:Subject=Wedding", "-XMP-dc:Subject=Party", lightroom)
        // darktable: a reject in its sidecar; the file's own XMP says 3 stars, the sidecar wins.
        let darktable = jpeg(folder, "darktable.jpg", shade: 110)
        // (The sidecar first: exiftool's -o copies the file's own XMP over what it is told.)
        try exiftool("-o", darktable + ".xmp", "-XMP-xmp:Rating=-1", "-XMP-xmp:Label=Red", darktable)
        try exiftool("-XMP-xmp:Rating=3", darktable)
        // IPTC keywords only (old Photoshop, Picasa).
        let iptc = jpeg(folder, "iptc.jpg", shade: 160)
        try exiftool("-IPTC:Keywords=Beach", "-IPTC:Keywords=Sun", iptc)
        // Lightroom's sidecar for a raw-style name: photo.xmp; Windows' percent rating alone.
        let raw = jpeg(folder, "raw.jpg", shade: 210)
        try exiftool("-o", folder.file("raw.xmp"), "-XMP-xmp:Label=Green", "-XMP-microsoft:RatingPercent=50", raw)

        let library = importing(folder)
        #expect(library.photos.count == 5, "sidecars are not photos")
        func marks(_ path: String) -> PhotoMarks? { library.photo(path: path)?.marks }
        #expect(marks(digiKam) == PhotoMarks(rating: 4, tags: ["Places/Italy/Rome", "People/Anna"]),
                "Rome and Anna in dc:subject are the leaves of the hierarchy, not tags of their own")
        #expect(marks(lightroom) == PhotoMarks(rating: 5, label: .blue, tags: ["Events/Wedding", "Party"]))
        #expect(marks(darktable) == PhotoMarks(rating: 0, rejected: true, label: .red))
        #expect(marks(iptc) == PhotoMarks(tags: ["Beach", "Sun"]))
        #expect(marks(raw) == PhotoMarks(rating: 3, label: .green))
    }

    @Test func xmpDatesAndPlacesFillWhatEXIFLacks() throws {
        let folder = TemporaryFolder("photory-xmpdate")
        let scan = jpeg(folder, "scan.jpg", shade: 30)
        try exiftool("-EXIF:ModifyDate=2015:03:01 12:00:00", "-XMP-photoshop:DateCreated=1988:05:14",
                     "-XMP-exif:GPSLatitude=48.888726", "-XMP-exif:GPSLatitudeRef=N",
                     "-XMP-exif:GPSLongitude=2.35 W", scan)
        let withEXIF = jpeg(folder, "camera.jpg", shade: 90)
        try exiftool("-EXIF:DateTimeOriginal=2020:01:02 03:04:05", "-XMP-exif:DateTimeOriginal=1999:01:01 00:00:00", withEXIF)

        let library = importing(folder)
        let photo = try #require(library.photo(path: scan))
        #expect(photo.takenAt == "1988-05-14T00:00:00", "the scan's date is in XMP only; EXIF ModifyDate is the export's")
        #expect(photo.takenAtSource == .xmp)
        let gps = try #require(photo.gps)
        #expect(abs(gps.latitude - 48.888726) < 1e-6 && abs(gps.longitude + 2.35) < 1e-6)
        #expect(library.photo(path: withEXIF)?.takenAt == "2020-01-02T03:04:05", "EXIF's own date wins")
    }

    @Test func aRescanReadsASidecarAPeerChanged() throws {
        let folder = TemporaryFolder("photory-rescan")
        let photo = jpeg(folder, "a.jpg", shade: 40)
        var library = importing(folder)
        #expect(library.photo(path: photo)?.rating == 0)
        try exiftool("-o", photo + ".xmp", "-XMP-xmp:Rating=2", "-XMP-digiKam:TagsList=Trips/Alps", photo)
        _ = Importer(workers: 1).run([folder.path], into: &library)
        #expect(library.photo(path: photo)?.marks == PhotoMarks(rating: 2, tags: ["Trips/Alps"]))
        #expect(library.photos.count == 1)
    }

    @Test func xmpCoordinatesAndDatesInTheirWrittenForms() throws {
        #expect(try #require(XMPFacts.coordinate("48,53.32358N")) - (48 + 53.32358 / 60) < 1e-12)
        #expect(XMPFacts.coordinate("22,54,24S") == -(22 + 54.0 / 60 + 24.0 / 3600))
        #expect(XMPFacts.coordinate("x,yN") == nil)
        #expect(XMPFacts.exifDate("1988")! == ("1988:01:01 00:00:00", nil))
        #expect(XMPFacts.exifDate("2004-12-25T18:30:05.25+02:00")! == ("2004:12:25 18:30:05", "+02:00"))
        #expect(XMPFacts.exifDate("2004-12-25T18:30Z")! == ("2004:12:25 18:30:00", "+00:00"))
        #expect(XMPFacts.exifDate("soon") == nil)
    }
}
