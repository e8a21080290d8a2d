import Fixtures
import Foundation
import Testing
@testable import Library

/// HEIC and AVIF through libheif: metadata, orientation applied once, thumbnails, 10-bit,
/// alpha and hostile files.
@Suite(.enabled(if: FormatTools.available("convert", "heif-enc", "exiftool"), "needs convert, heif-enc and exiftool"))
struct HEIFFormatTests {
    let fixture = FormatFixture()
    static let full = 1 << 20
    static let tags = FormatFixture.Tags(
        description: "Harbour", xmpDescription: "Harbour (XMP)", dateTimeOriginal: "2022:01:02 03:04:05",
        make: "Apple", model: "iPhone 15", gps: (59.25, 18.5), orientation: 6)

    @Test(arguments: [false, true])
    func exifAndXMPComeThroughAndEXIFOrientationIsNotAppliedAgain(avif: Bool) throws {
        let path = try fixture.heif(avif ? "photo.avif" : "photo.heic", tags: Self.tags, avif: avif)
        #expect(try formatName(path) == "HEIF")
        let info = try inspectFile(path)
        #expect(info.metadata.exifDescription == "Harbour")
        #expect(info.metadata.xmpDescription == "Harbour (XMP)")
        #expect(info.metadata.dateTimeOriginal == "2022:01:02 03:04:05")
        #expect(info.metadata.cameraMake == "Apple")
        #expect(info.metadata.cameraModel == "iPhone 15")
        #expect(info.metadata.gps?.latitude == 59.25)
        #expect(info.metadata.gps?.longitude == 18.5)
        // The EXIF says 6 but the container has no rotation: libheif's output is what is shown,
        // and the photo keeps orientation 1 so nothing turns it again.
        #expect(info.metadata.orientation == 6)
        #expect((info.width, info.height, info.orientation) == (120, 80, 1))
        let preview = try previewFile(path, Self.full, Self.full, orientation: info.orientation)
        #expect((preview.width, preview.height) == (120, 80))
        #expect(close(preview.pixel(60, 2), (255, 0, 0), tolerance: 40))      // red at the top, as encoded
        #expect(close(preview.pixel(60, 77), (0, 0, 255), tolerance: 40))
    }

    @Test func aBigEnoughThumbnailItemIsUsedAndTheFullImageOtherwise() throws {
        let path = try fixture.heif("thumb.heic", width: 800, height: 600, thumbnail: 320)
        #expect(try usesEmbedded(path, 160, 160))
        #expect(try usesEmbedded(path, 640, 480, fitting: false) == false)
        let tile = try previewFile(path, 160, 160, fitting: true)
        #expect((tile.width, tile.height) == (160, 120))
        let large = try previewFile(path, 640, 480)
        #expect((large.width, large.height) == (640, 480))
        let noThumbnail = try fixture.heif("plain.heic", width: 800, height: 600)
        #expect(try usesEmbedded(noThumbnail, 160, 160) == false)
        #expect(try previewFile(noThumbnail, 160, 160, fitting: true).width == 160)
    }

    @Test func tenBitImagesComeOutAsEightBit() throws {
        let png = fixture.folder.file("deep.png")
        try FormatTools.run("convert", ["-size", "64x48", "gradient:white-black", "-depth", "16", "PNG48:" + png])
        let path = try fixture.heif("deep.heic", input: png)
        let depth = try FormatTools.run("exiftool", ["-s3", "-BitDepthLuma", path])
        #expect(depth.trimmingCharacters(in: .whitespacesAndNewlines) == "10", "the fixture is 10-bit")
        let image = try previewFile(path, Self.full, Self.full)
        try #require((image.width, image.height) == (64, 48))
        #expect(close(image.pixel(32, 0), (255, 255, 255), tolerance: 24))
        #expect(close(image.pixel(32, 47), (0, 0, 0), tolerance: 24))
    }

    @Test func alphaIsCompositedOverTheBackground() throws {
        let png = fixture.folder.file("alpha.png")
        try FormatTools.run("convert", ["-size", "40x30", "xc:rgba(0,0,255,0.3)", "PNG32:" + png])
        let path = try fixture.heif("alpha.heic", input: png)
        let image = try previewFile(path, Self.full, Self.full)
        try #require((image.width, image.height) == (40, 30))
        let bg = ImageTransform.background
        let expected = (Int(Double(bg.r) * 0.7), Int(Double(bg.g) * 0.7), Int(0.3 * 255 + Double(bg.b) * 0.7))
        #expect(close(image.pixel(20, 15), expected, tolerance: 16), "\(image.pixel(20, 15))")
    }

    // MARK: - Hostile files

    @Test func truncatedAndGarbageFilesAreCorruptWithLibheifsReason() throws {
        let path = try fixture.heif("whole.heic", width: 200, height: 150)
        let cut = try writeEdited(path, as: "cut.heic", in: fixture.folder) { $0.removeLast($0.count / 2) }
        #expect { try inspectFile(cut) } throws: { error in
            guard case let .corrupt(reason) = error as? PhotoFormatError else { return false }
            return reason.hasPrefix("libheif ")
        }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(cut, 40, 30) }
        let junk = try writeEdited(path, as: "junk.heic", in: fixture.folder) { bytes in
            for i in 40..<bytes.count { bytes[i] = 0xAB }
        }
        #expect(throws: PhotoFormatError.self) { try inspectFile(junk) }
    }

    @Test func aHugeClaimedSizeIsRefusedCheaply() throws {
        let path = try fixture.heif("small.heic")
        let huge = try writeEdited(path, as: "huge.heic", in: fixture.folder) { bytes in
            let ispe = Array("ispe".utf8)
            var i = 0
            while i + 16 <= bytes.count {
                if Array(bytes[i..<i + 4]) == ispe {
                    for k in 0..<2 { bytes.replaceSubrange(i + 8 + 4 * k..<i + 12 + 4 * k, with: [0, 0, 0xEA, 0x60]) }
                }
                i += 1
            }
        }
        #expect { try inspectFile(huge) } throws: { error in
            guard case let .unsupported(reason) = error as? PhotoFormatError else { return false }
            return reason.contains("too large") && reason.contains("60000")
        }
    }

    @Test func aGainMapFileLibheifCannotReadNamesTheVersionThatCan() throws {
        let path = try fixture.heif("gainmap.heic")
        let edited = try writeEdited(path, as: "gainmap-cut.heic", in: fixture.folder) { bytes in
            // The brands of an iOS 18 photo, and data libheif 1.15 gives up on.
            let miaf = Array("miaf".utf8)
            if let at = (8..<40).first(where: { Array(bytes[$0..<$0 + 4]) == miaf }) {
                bytes.replaceSubrange(at..<at + 4, with: Array("tmap".utf8))
            }
            bytes.removeLast(bytes.count - 300)
        }
        #expect(try formatName(edited) == "HEIF")
        #expect { try inspectFile(edited) } throws: { error in
            guard let error = error as? PhotoFormatError else { return false }
            if HEIFFormat.readsGainMapFiles { if case .corrupt = error { return true } else { return false } }
            guard case let .unsupported(reason) = error else { return false }
            return reason.contains("gain map") && reason.contains("libheif \(HEIFFormat.libraryVersion)")
                && reason.contains("1.18 or later")
        }
    }
}
