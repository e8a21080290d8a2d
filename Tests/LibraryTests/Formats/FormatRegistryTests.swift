import Fixtures
import Foundation
import Testing
@testable import Library

/// Picking a format by content, the shared pixel steps and the EXIF block finder: no tools needed.
@Suite struct FormatRegistryTests {
    private func name(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { PhotoFormats.format(of: $0)?.name }
    }

    private func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let brands = [major, "\0\0\0\0"] + compatible
        let size = 8 + 4 * brands.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + brands.flatMap { Array($0.utf8) } + [0, 0, 0, 8]
    }

    @Test func formatsAreRecognisedByTheirBytes() {
        #expect(name([0xFF, 0xD8, 0xFF, 0xE1, 0, 0]) == "JPEG")
        #expect(name([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) == "PNG")
        #expect(name(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)) == "WebP")
        #expect(name(ftyp("heic", ["mif1", "heic"])) == "HEIF")
        #expect(name(ftyp("mif1", ["heic"])) == "HEIF")          // Nokia/Android: generic major brand
        #expect(name(ftyp("avif", ["avif", "mif1", "miaf"])) == "HEIF")
        #expect(name(ftyp("heic", ["mif1", "MiHB", "tmap"])) == "HEIF") // iOS 18 gain-map files
        #expect(name(ftyp("isom", ["isom", "iso2", "mp41"])) == "video")   // an MP4 video
        #expect(name(ftyp("qt  ", ["qt  "])) == "video")                   // a QuickTime movie
        #expect(name(Array("GIF89a".utf8)) == "GIF")
        #expect(name(Array("GIF87a".utf8)) == "GIF")
        #expect(name([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0]) == "TIFF")       // BigTIFF
        #expect(name([0x4D, 0x4D, 0x00, 0x2B, 0, 8, 0, 0]) == "TIFF")
    }

    @Test func filesNoFormatReadsAreNotClaimed() {
        #expect(name(ftyp("msf1", ["msf1", "hevc"])) == nil)            // a HEIF sequence only
        #expect(name(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVEfmt ".utf8)) == nil)
        #expect(name([0xFF, 0xD8]) == nil)                              // too short for JPEG
        #expect(name([]) == nil)
        #expect([UInt8]([0x01, 0x02, 0x68, 0x65, 0x6c]).withUnsafeBytes { PhotoFormats.unknownFormatReason($0) }
                == "unsupported format (starts with 0x01 0x02 0x68 0x65)")
        #expect([UInt8]().withUnsafeBytes { PhotoFormats.unknownFormatReason($0) } == "unsupported format")
    }

    @Test func aBrokenFtypBoxIsNotReadPastItsPrefix() {
        var box = ftyp("isom", ["heic"])
        box[3] = 0xFF  // claims 255 bytes; only the prefix is looked at
        #expect(name(box) == "HEIF")
        box[3] = 4     // smaller than a box header
        #expect(name(box) == nil)
    }

    // MARK: - EXIF blocks

    /// The same EXIF stored the ways real files store it.
    @Test(arguments: ["apple", "zero-offset", "bare", "exif-prefix", "padded"])
    func exifBlocksFindTheirTIFFHeader(layout: String) throws {
        let payload = [UInt8](MetadataFixture.exifPayload(MetadataFixture.EXIF(
            description: "Block", model: "Phone", orientation: 6, dateTimeOriginal: "2021:04:11 15:47:53")))
        let tiff = Array(payload.dropFirst(6))
        let block: [UInt8] = switch layout {
        case "apple": [0, 0, 0, 6] + payload                     // offset 6 + "Exif\0\0"
        case "zero-offset": [0, 0, 0, 0] + tiff                  // offset 0 + II/MM
        case "bare": tiff
        case "exif-prefix": payload                              // WebP writers
        default: [0, 0, 0, 9] + [1, 2, 3, 4, 5, 6, 7, 8, 9] + tiff
        }
        var metadata = Metadata()
        block.withUnsafeBytes { EXIFBlock.read($0, into: &metadata) }
        #expect(metadata.exifDescription == "Block")
        #expect(metadata.cameraModel == "Phone")
        #expect(metadata.orientation == 6)
        #expect(metadata.dateTimeOriginal == "2021:04:11 15:47:53")
        #expect(metadata.embeddedThumbnail == nil)
    }

    @Test func anEXIFBlockWithoutTIFFIsIgnoredWithAWarning() {
        var metadata = Metadata()
        [UInt8](repeating: 0xAB, count: 200).withUnsafeBytes { EXIFBlock.read($0, into: &metadata) }
        #expect(metadata.exifDescription == nil)
        #expect(metadata.warnings.contains { $0.contains("without a TIFF header") })
        // An offset pointing past the block is not followed.
        [UInt8]([0xFF, 0xFF, 0xFF, 0xF0, 0x4D, 0x4D]).withUnsafeBytes { EXIFBlock.read($0, into: &metadata) }
        #expect(metadata.exifDescription == nil)
    }

    // MARK: - Pixels

    @Test func transparentPixelsAreCompositedOverTheBackground() {
        var pixels: [UInt8] = [255, 0, 0, 255,   255, 0, 0, 0,   0, 0, 255, 128]
        ImageTransform.compositeOverBackground(&pixels)
        let bg = ImageTransform.background
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(pixels[4..<8]) == [bg.r, bg.g, bg.b, 255])
        #expect(Array(pixels[8..<12]) == [64, 64, 192, 255])
    }

    @Test func coveringSizeKeepsTheShapeAndNeverGrows() {
        #expect(ImageTransform.coveringSize(width: 4000, height: 3000, atLeast: 160, 160) == (214, 160))
        #expect(ImageTransform.coveringSize(width: 4000, height: 3000, atLeast: 400, 100) == (400, 300))
        #expect(ImageTransform.coveringSize(width: 100, height: 50, atLeast: 800, 600) == (100, 50))
    }

    @Test func previewTargetsTurnIntoStoredPixels() {
        let box = PreviewTarget(minWidth: 160, minHeight: 160, orientation: 6, fitting: true)
        // A 4000×3000 photo shown turned (3000×4000) fits 160×160 as 120×160: stored 160×120.
        #expect(box.stored(width: 4000, height: 3000) == (160, 120))
        #expect(PreviewTarget(minWidth: 200, minHeight: 100, orientation: 8).stored(width: 10, height: 10) == (100, 200))
        #expect(PreviewTarget(minWidth: 200, minHeight: 100).stored(width: 10, height: 10) == (200, 100))
    }
}
