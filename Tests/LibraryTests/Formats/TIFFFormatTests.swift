import Fixtures
import Foundation
import Testing
@testable import Library

/// TIFF and BigTIFF through libtiff: EXIF from the TIFF's own directories, 16-bit, multi-page,
/// and hostile files.
@Suite(.enabled(if: FormatTools.available("convert", "exiftool"), "needs ImageMagick convert and exiftool"))
struct TIFFFormatTests {
    let fixture = FormatFixture()
    static let full = 1 << 20
    static let scan = FormatFixture.Tags(description: "Grandma's album", dateTimeOriginal: "1978:07:14 15:16:17",
                                         make: "Epson", model: "Perfection V600", gps: (48.5, -2.25))

    @Test func aScannedTIFFGivesDateCameraPlaceAndPicture() throws {
        let path = try fixture.convert("scan.tif", width: 90, height: 60, source: "xc:red")
        try fixture.tag(path, Self.scan)
        let info = try FileBytes.read(path).withUnsafeBytes { raw in
            try #require(PhotoFormats.format(of: raw)).specific(for: raw).inspect(raw)
        }
        #expect(try FileBytes.read(path).withUnsafeBytes { PhotoFormats.format(of: $0)?.specific(for: $0).name } == "TIFF")
        #expect((info.width, info.height) == (90, 60))
        #expect(info.metadata.dateTimeOriginal == "1978:07:14 15:16:17")
        #expect(info.metadata.cameraMake == "Epson" && info.metadata.cameraModel == "Perfection V600")
        #expect(info.metadata.exifDescription == "Grandma's album")
        #expect(info.metadata.gps?.latitude == 48.5 && info.metadata.gps?.longitude == -2.25)
        let preview = try previewFile(path, Self.full, Self.full)
        #expect((preview.width, preview.height) == (90, 60))
        #expect(close(preview.pixel(45, 30), (255, 0, 0), tolerance: 2))

        var library = PhotoLibrary()
        let summary = Importer().run([path], into: &library)
        #expect(summary.count(.imported) == 1, "\(summary.results.map { $0.reason ?? "" })")
        let photo = try #require(library.photos.first)
        #expect(photo.kind == .photo, "a scan is no raw file")
        #expect(photo.takenAt == "1978-07-14T15:16:17")
        #expect(photo.description == "Grandma's album")
        #expect(!photo.animated)
    }

    @Test func sixteenBitMultiPageAndOrientedTIFFs() throws {
        let deep = try fixture.convert("deep.tif", width: 64, height: 32, source: "gradient:white-black", ["-depth", "16"])
        let deepPreview = try previewFile(deep, Self.full, Self.full)
        #expect(deepPreview.pixel(32, 0).r > 240 && deepPreview.pixel(32, 31).r < 15, "16-bit scaled to 8-bit, rows in order")

        let pages = try fixture.convert("pages.tif", width: 30, height: 20, source: "xc:red", ["xc:blue"])
        #expect(try FormatTools.run("identify", [pages]).split(separator: "\n").count == 2, "the fixture has two pages")
        let first = try previewFile(pages, Self.full, Self.full)
        #expect(close(first.pixel(15, 10), (255, 0, 0), tolerance: 2), "the first page is shown")

        let turned = try fixture.convert("turned.tif", width: 40, height: 20, source: "gradient:red-blue")
        try fixture.tag(turned, .init(orientation: 6))
        let info = try inspectFile(turned)
        #expect(info.orientation == 6)
        let upright = try previewFile(turned, Self.full, Self.full, orientation: info.orientation)
        #expect((upright.width, upright.height) == (20, 40), "orientation applied once")
        #expect(upright.pixel(19, 20).r > upright.pixel(0, 20).r, "the top (red) is turned to the right")
    }

    @Test func bigTIFFIsReadWithItsEXIF() throws {
        // ImageMagick writes BigTIFF but no EXIF into it, and exiftool does not write BigTIFF:
        // the fixture is written here, a 4×2 grey image with make, model and an EXIF directory.
        let ascii = { (text: String) -> [UInt8] in Array(text.utf8) + [0] }
        let big = fixture.folder.write(Data(Self.bigTIFF(
            ifd0: [(256, 3, 1, [4, 0]), (257, 3, 1, [2, 0]), (258, 3, 1, [8, 0]), (259, 3, 1, [1, 0]), (262, 3, 1, [1, 0]),
                   (271, 2, 6, ascii("Epson")), (272, 2, 16, ascii("Perfection V600")), (273, 16, 1, Self.pixelsMarker),
                   (277, 3, 1, [1, 0]), (278, 3, 1, [2, 0]), (279, 16, 1, [8, 0, 0, 0, 0, 0, 0, 0]), (34665, 18, 1, Self.exifMarker)],
            exif: [(36867, 2, 20, ascii("1978:07:14 15:16:17"))],
            pixels: [0, 40, 80, 120, 160, 200, 240, 255])), to: "big.tif")
        #expect(try formatName(big) == "TIFF")
        let info = try inspectFile(big)
        #expect((info.width, info.height) == (4, 2))
        #expect(info.metadata.cameraMake == "Epson" && info.metadata.cameraModel == "Perfection V600")
        #expect(info.metadata.dateTimeOriginal == "1978:07:14 15:16:17")
        let preview = try previewFile(big, Self.full, Self.full)
        #expect((preview.width, preview.height) == (4, 2))
        #expect(preview.pixel(0, 0).r == 0 && preview.pixel(3, 1).r == 255)
        let tags = try FileTags.read(path: big).get()
        #expect(tags.contains(MetadataTag(group: "ExifIFD", name: "DateTimeOriginal", value: "1978:07:14 15:16:17")))
        #expect(tags.contains(MetadataTag(group: "TIFF", name: "BigTIFF", value: "yes")))

        // And ImageMagick's own BigTIFF (16-bit) for the pixels.
        let magick = fixture.folder.file("magick.tif")
        try FormatTools.run("convert", ["-size", "50x40", "xc:blue", "-depth", "16", "TIFF64:" + magick])
        #expect(try FileBytes.read(magick).prefix(4) == [0x49, 0x49, 0x2B, 0x00], "the fixture is a BigTIFF")
        #expect(close(try previewFile(magick, Self.full, Self.full).pixel(25, 20), (0, 0, 255), tolerance: 2))
    }

    /// Stand-ins for offsets `bigTIFF` fills in: the pixels' and the EXIF directory's.
    static let pixelsMarker: [UInt8] = Array("@pixels@".utf8)
    static let exifMarker: [UInt8] = Array("@exif@@@".utf8)

    /// A little-endian BigTIFF: IFD0 with `ifd0`'s entries (tag, type, count, value bytes), an
    /// EXIF IFD with `exif`'s, and the pixels; values over 8 bytes go after the directories.
    static func bigTIFF(ifd0: [(UInt16, UInt16, UInt64, [UInt8])], exif: [(UInt16, UInt16, UInt64, [UInt8])], pixels: [UInt8]) -> [UInt8] {
        func le(_ v: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }
        let ifd0At = 16, exifAt = ifd0At + 16 + 20 * ifd0.count
        let dataAt = exifAt + 16 + 20 * exif.count
        var data: [UInt8] = []
        func directory(_ entries: [(UInt16, UInt16, UInt64, [UInt8])]) -> [UInt8] {
            var out = le(UInt64(entries.count), 8)
            for (tag, type, count, value) in entries {
                var field = value
                if value == pixelsMarker { field = le(UInt64(dataAt + data.count), 8); data += pixels }
                else if value == exifMarker { field = le(UInt64(exifAt), 8) }
                else if value.count > 8 { field = le(UInt64(dataAt + data.count), 8); data += value }
                out += le(UInt64(tag), 2) + le(UInt64(type), 2) + le(count, 8) + field + [UInt8](repeating: 0, count: 8 - field.count)
            }
            return out + le(0, 8)
        }
        let first = directory(ifd0), second = directory(exif)
        return [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0] + le(UInt64(ifd0At), 8) + first + second + data
    }

    /// A little-endian TIFF with one IFD of `entries` (tag, type, count, value) after the header.
    static func tiff(_ entries: [(UInt16, UInt16, UInt32, UInt32)]) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(UInt16(entries.count))
        for (tag, type, count, value) in entries {
            bytes += le16(tag) + le16(type) + le32(count) + (type == 3 ? le16(UInt16(value)) + [0, 0] : le32(value))
        }
        return bytes + le32(0) + [UInt8](repeating: 0x80, count: 64)
    }

    @Test func hostileTIFFsGetAReasonNamingWhatIsWrong() throws {
        // A 100000×100000 claim: its size is read, its pixels are never allocated.
        let huge = fixture.folder.write(Data(Self.tiff([(256, 4, 1, 100_000), (257, 4, 1, 100_000), (258, 3, 1, 8),
                                                        (259, 3, 1, 1), (262, 3, 1, 1), (273, 4, 1, 8), (277, 3, 1, 1),
                                                        (278, 4, 1, 100_000), (279, 4, 1, 64)])), to: "huge.tif")
        #expect(try inspectFile(huge).width == 100_000)
        #expect(throws: PreviewImage.Failure("too large (100000×100000)")) { try previewFile(huge, 50, 50) }

        // No page at all: the first directory's offset is 0.
        let empty = fixture.folder.write(Data([0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)), to: "empty.tif")
        var library = PhotoLibrary()
        let summary = Importer().run([empty, huge], into: &library)
        let outcome = try #require(summary.results.first { $0.path.hasSuffix("empty.tif") })
        #expect(outcome.outcome.kind == .corrupt)
        #expect(outcome.reason?.hasPrefix("the TIFF has no readable page") == true, "\(outcome.reason ?? "")")

        // Cut in the middle of its strips: a reason, not a crash.
        let whole = try fixture.convert("cut-src.tif", width: 120, height: 90, source: "plasma:fractal")
        let bytes = try FileBytes.read(whole)
        let cut = fixture.folder.write(Data(bytes.prefix(bytes.count / 3)), to: "cut.tif")
        _ = try? inspectFile(cut)
        _ = try? previewFile(cut, 50, 50)
    }
}
