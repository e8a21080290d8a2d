import Fixtures
import Foundation
@testable import Library
import Testing

/// Write-back on copies of the real camera files in ../shared/photos (never the files themselves).
@Suite("Write-back: sample photos", .serialized)
struct WriteBackSamplePhotoTests {
    /// One or two files per maker, with the maker-note kinds whose offsets count from the TIFF
    /// header (Canon, Sony, Casio, Olympus, Panasonic, Pentax, Konica Minolta) and those with
    /// their own header (Nikon, Fujifilm, Apple), plus phones and files edited by other tools.
    static let samples = [
        "tiny/Canon_40D.jpg", "real/canon-ixus.jpg", "real/11-tests.jpg", "real/28-hex_value.jpg",
        "real/Sony_DSLR-A200.jpg", "real/large.jpg", "real/35-empty.jpg", "tiny/r_pen.jpg", "tiny/Olympus_C8080WZ.jpg",
        "tiny/Panasonic_DMC-FZ30.jpg", "tiny/Pentax_K10D.jpg", "tiny/Konica_Minolta_DiMAGE_Z3.jpg",
        "tiny/Nikon_D70.jpg", "tiny/Fujifilm_FinePix_E500.jpg", "real/iphone_hdr_YES.jpg",
        "real/Xiaomi_Mi_9T_KeyError.jpg", "real/HMD_Nokia_8.3_5G.jpg", "real/xmp_test.jpg", "real/iptc.jpg",
        "real/45-gps_ifd.jpg", "tiny/empty_gps_ifd.jpg",
    ]

    /// Tags a write changes on purpose, or that move with the EXIF layout (offsets of the
    /// thumbnail and previews, counted from the file's start).
    static let ours = ["DateTimeOriginal", "CreateDate", "OffsetTime", "GPS", "ThumbnailOffset", "FileSize",
                       "Composite", "System", "ExifTool", "ImageStart"]

    @Test("each sample gets the new date and place, the same picture, and keeps every other tag",
          .enabled(if: SharedPhotos.available, "../shared/photos not present"),
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func samplesKeepTheirTags() throws {
        let exiftool = ExternalTool.exiftool!
        let copies = TemporaryFolder("photory-writeback-samples")
        var written: [String] = [], refused: [String] = []
        for name in Self.samples where FileManager.default.fileExists(atPath: SharedPhotos.folder! + "/" + name) {
            let copy = copies.path + "/" + name.replacingOccurrences(of: "/", with: "_")
            try FileManager.default.copyItem(atPath: SharedPhotos.folder! + "/" + name, toPath: copy)
            chmod(copy, 0o644)
            let original = Array(FileManager.default.contents(atPath: copy)!)
            let arguments = ["-a", "-G1", "-s", "-n", copy]
            let before = Set(try exiftool.run(arguments).split(separator: "\n").map(String.init))
            do {
                try JPEGMetadataWriter.write(WriteBackJPEGTests.rio, to: copy)
            } catch {
                refused.append("\(name): \(error)")
                #expect(Array(FileManager.default.contents(atPath: copy)!) == original, "\(name) changed though refused")
                continue
            }
            written.append(name)
            let now = Array(FileManager.default.contents(atPath: copy)!)
            #expect(imageData(now) == imageData(original), "\(name): picture bytes changed")
            let v = try exiftool.values(["EXIF:DateTimeOriginal", "Composite:GPSLatitude", "Composite:GPSLongitude"], in: copy)
            #expect(v["EXIF:DateTimeOriginal"] == "2004:12:25 18:30:00", "\(name)")
            #expect(abs((Double(v["Composite:GPSLatitude"] ?? "") ?? 0) - -22.9068) < 1e-6, "\(name)")
            let after = Set(try exiftool.run(arguments).split(separator: "\n").map(String.init))
            let differ = before.symmetricDifference(after).filter { line in !Self.ours.contains { line.contains($0) } }
            #expect(differ.isEmpty, "\(name): other tags changed: \(differ.sorted().prefix(6))")
        }
        #expect(written.count == Self.samples.count, "refused: \(refused)")
    }

    @Test("a date-only write keeps every camera's maker note in real/: the same tags, the same preview, no new warning",
          .enabled(if: SharedPhotos.available, "../shared/photos not present"),
          .enabled(if: ExternalTool.exiftool != nil, "exiftool not installed"))
    func makerNotesKept() throws {
        let exiftool = ExternalTool.exiftool!
        let folder = SharedPhotos.folder! + "/real"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ["jpg", "mpo"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        #expect(names.count >= 50)
        let copies = TemporaryFolder("photory-writeback-makernotes")
        for name in names {
            let copy = copies.path + "/" + name
            try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: copy)
            chmod(copy, 0o644)
            // PreviewImageStart says where the preview lies in the file: it moves with the EXIF
            // block, so the preview's bytes are compared instead.
            func makerNote() throws -> (tags: Set<String>, preview: String) {
                let tags = try exiftool.run(["-a", "-G1", "-s", "-n", "-MakerNotes:all", "-Warning", copy])
                    .split(separator: "\n").map(String.init).filter { !$0.contains("PreviewImageStart") }
                return (Set(tags), try exiftool.run(["-b", "-PreviewImage", copy]))
            }
            let before = try makerNote()
            do {
                try JPEGMetadataWriter.write(.init(dateTaken: "2004:12:25 18:30:00"), to: copy)
            } catch {
                Issue.record("\(name) refused: \(error)")
                continue
            }
            let after = try makerNote()
            // A warning may go (libexif drops an empty GPS IFD); none may come, no tag may change.
            let lost = before.tags.subtracting(after.tags).filter { !$0.contains("Warning") }
            #expect(lost.sorted() == [] && after.tags.subtracting(before.tags).sorted() == [], "\(name)")
            #expect(after.preview == before.preview, "\(name): the maker note's preview changed")
        }
    }
}
