import Fixtures
import Foundation
import Testing
@testable import Library

/// WebP: EXIF/XMP chunks, scaled decoding, alpha, animations and hostile files.
@Suite(.enabled(if: FormatTools.available("convert", "cwebp", "exiftool"), "needs convert, cwebp and exiftool"))
struct WebPFormatTests {
    let fixture = FormatFixture()
    static let full = 1 << 20

    @Test func exifAndXMPChunksGiveMetadataAndOrientationIsApplied() throws {
        let path = try fixture.webp("phone.webp", tags: .init(
            description: "Market", xmpDescription: "Market in XMP", dateTimeOriginal: "2024:08:09 10:11:12",
            make: "Samsung", model: "Galaxy S23", gps: (-33.5, 151.25), orientation: 8))
        #expect(try formatName(path) == "WebP")
        let info = try inspectFile(path)
        #expect((info.width, info.height, info.orientation) == (120, 80, 8))
        #expect(info.metadata.exifDescription == "Market")
        #expect(info.metadata.xmpDescription == "Market in XMP")
        #expect(info.metadata.dateTimeOriginal == "2024:08:09 10:11:12")
        #expect(info.metadata.cameraModel == "Galaxy S23")
        #expect(info.metadata.gps?.latitude == -33.5)
        let preview = try previewFile(path, Self.full, Self.full, orientation: info.orientation)
        #expect((preview.width, preview.height) == (80, 120))
    }

    @Test func stillImagesDecodeStraightAtTheSizeThePreviewNeeds() throws {
        let path = try fixture.webp("big.webp", width: 1600, height: 1200)
        let image = try previewFile(path, 160, 160, fitting: true)
        #expect((image.width, image.height) == (160, 120))
        #expect(try usesEmbedded(path, 160, 160) == false)
    }

    @Test func alphaIsCompositedOverTheBackground() throws {
        let png = fixture.folder.file("half.png")
        try FormatTools.run("convert", ["-size", "40x30", "xc:rgba(0,0,0,0)", "-fill", "red",
                                        "-draw", "rectangle 0,0 19,29", "PNG32:" + png])
        let path = fixture.folder.file("alpha.webp")
        try FormatTools.run("cwebp", ["-quiet", "-lossless", png, "-o", path])
        let image = try previewFile(path, Self.full, Self.full)
        try #require((image.width, image.height) == (40, 30))
        let bg = ImageTransform.background
        #expect(close(image.pixel(5, 5), (255, 0, 0), tolerance: 2))
        #expect(close(image.pixel(35, 5), (Int(bg.r), Int(bg.g), Int(bg.b)), tolerance: 2))
    }

    @Test(.enabled(if: FormatTools.available("img2webp"), "needs img2webp"))
    func anAnimationShowsItsFirstFrame() throws {
        let red = try fixture.convert("red.png", width: 48, height: 32, source: "xc:red")
        let blue = try fixture.convert("blue.png", width: 48, height: 32, source: "xc:blue")
        let path = fixture.folder.file("anim.webp")
        try FormatTools.run("img2webp", ["-loop", "0", "-lossless", red, "-d", "200", blue, "-o", path])
        let info = try inspectFile(path)
        #expect((info.width, info.height) == (48, 32))
        let image = try previewFile(path, Self.full, Self.full)
        try #require((image.width, image.height) == (48, 32))
        #expect(close(image.pixel(24, 16), (255, 0, 0), tolerance: 2))
    }

    @Test func truncatedAndGarbageFilesGetReasons() throws {
        let path = try fixture.webp("whole.webp", width: 400, height: 300)
        let cut = try writeEdited(path, as: "cut.webp", in: fixture.folder) { $0.removeLast($0.count / 2) }
        #expect(try inspectFile(cut).width == 400)
        #expect(throws: PreviewImage.Failure("cannot decode: truncated file")) { try previewFile(cut, 40, 30) }
        let junk = try writeEdited(path, as: "junk.webp", in: fixture.folder) { bytes in
            for i in 12..<bytes.count { bytes[i] = 0xFF }
        }
        #expect(throws: PhotoFormatError.self) { try inspectFile(junk) }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(junk, 40, 30) }
    }
}
