import Fixtures
import Foundation
import Testing
@testable import Library

/// PNG: metadata wherever writers put it, every pixel layout, and hostile files.
@Suite(.enabled(if: FormatTools.available("convert", "exiftool"), "needs ImageMagick convert and exiftool"))
struct PNGFormatTests {
    let fixture = FormatFixture()
    /// A target no test image reaches: the preview is the whole image.
    static let full = 1 << 20

    @Test func exifFromExiftoolGivesDateCameraGPSDescriptionAndOrientation() throws {
        let path = try fixture.png("beach.png", tags: .init(
            description: "Beach day", dateTimeOriginal: "2023:05:06 07:08:09", make: "Google", model: "Pixel 8",
            gps: (48.5, -2.25), orientation: 6))
        #expect(try formatName(path) == "PNG")
        let info = try inspectFile(path)
        #expect((info.width, info.height) == (120, 80))
        #expect(info.orientation == 6)
        #expect(info.metadata.exifDescription == "Beach day")
        #expect(info.metadata.dateTimeOriginal == "2023:05:06 07:08:09")
        #expect(info.metadata.cameraModel == "Pixel 8")
        #expect(info.metadata.gps?.latitude == 48.5)
        #expect(info.metadata.gps?.longitude == -2.25)
        // Orientation 6 is applied: the 120×80 picture is shown 80×120.
        let preview = try previewFile(path, Self.full, Self.full, orientation: info.orientation)
        #expect((preview.width, preview.height) == (80, 120))
    }

    @Test func exifAfterTheImageDataIsRead() throws {
        // ImageMagick writes the eXIf chunk after IDAT when it converts a JPEG with EXIF.
        let jpeg = fixture.folder.write(MetadataFixture.jpeg(width: 64, height: 48, exif: .init(
            description: "After the pixels", dateTimeOriginal: "2020:02:02 02:02:02")), to: "src.jpg")
        let path = fixture.folder.file("after.png")
        try FormatTools.run("convert", [jpeg, path])
        let bytes = try FileBytes.read(path)
        let exif = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("eXIf".utf8) })
        let idat = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) })
        #expect(exif > idat, "the fixture has eXIf after IDAT")
        let info = try inspectFile(path)
        #expect(info.metadata.exifDescription == "After the pixels")
        #expect(info.metadata.dateTimeOriginal == "2020:02:02 02:02:02")
    }

    @Test func theDescriptionChainGoesOnToXMPAndPNGText() throws {
        let both = try fixture.png("both.png")
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original", "-XMP-dc:Description=Via XMP",
                                         "-PNG:Description=Png words", both])
        let info = try inspectFile(both)
        #expect(info.metadata.xmpDescription == "Via XMP")
        #expect(info.metadata.textDescription == "Png words")
        #expect(DescriptionResolver.resolve(info.metadata)?.source == .xmp)

        let text = try fixture.png("text.png")
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original", "-PNG:Description=Png words", text])
        #expect(DescriptionResolver.resolve(try inspectFile(text).metadata)?.text == "Png words")
        #expect(DescriptionResolver.resolve(try inspectFile(text).metadata)?.source == .text)

        let title = try fixture.png("title.png")
        try FormatTools.run("exiftool", ["-q", "-q", "-overwrite_original", "-PNG:Title=Only a title", title])
        #expect(try inspectFile(title).metadata.textDescription == "Only a title")
    }

    @Test func legacyCompressedRawProfilesAndTextAreInflated() throws {
        let plain = try FileBytes.read(try fixture.png("plain.png"))
        let exif = [UInt8](MetadataFixture.exifPayload(.init(description: "Raw profile", dateTimeOriginal: "2019:09:09 09:09:09")))
        let xmp = String(decoding: MetadataFixture.xmpPayload(.element("Raw xmp")).dropFirst(29), as: UTF8.self)
        var png = PNGChunks.inserting(PNGChunks.zTXt("Raw profile type exif", PNGChunks.rawProfile("exif", exif)),
                                      into: plain, afterImageData: false)
        png = PNGChunks.inserting(PNGChunks.zTXt("Raw profile type xmp", PNGChunks.rawProfile("xmp", Array(xmp.utf8))),
                                  into: png, afterImageData: true)
        png = PNGChunks.inserting(PNGChunks.zTXt("Description", "Zipped words"), into: png, afterImageData: true)
        let path = fixture.folder.write(Data(png), to: "legacy.png")
        let info = try inspectFile(path)
        #expect(info.metadata.exifDescription == "Raw profile")
        #expect(info.metadata.dateTimeOriginal == "2019:09:09 09:09:09")
        #expect(info.metadata.xmpDescription == "Raw xmp")
        #expect(info.metadata.textDescription == "Zipped words")
    }

    /// The true text is kept; what shows it drops the whole escape sequence.
    @Test func latin1TextIsDecodedAndShownWithoutEscapeSequences() throws {
        let plain = try FileBytes.read(try fixture.png("plain.png"))
        let png = PNGChunks.inserting(PNGChunks.tEXt("Description", [0x43, 0x61, 0x66, 0xE9, 0x1B, 0x5B, 0x32, 0x4A]),
                                      into: plain, afterImageData: false)
        let path = fixture.folder.write(Data(png), to: "latin1.png")
        let text = try inspectFile(path).metadata.textDescription
        #expect(text == "Café\u{1B}[2J")
        #expect(text?.strippingControlCharacters == "Café")
    }

    /// (name, convert arguments, IHDR bit depth, colour type, interlace)
    static let layouts: [(String, [String], UInt8, UInt8, UInt8)] = [
        ("16-bit", ["-depth", "16", "PNG48:"], 16, 2, 0),
        ("palette", ["PNG8:"], 8, 3, 0),
        ("interlaced", ["-interlace", "PNG", "PNG24:"], 8, 2, 1),
    ]

    @Test(arguments: 0..<layouts.count)
    func everyPixelLayoutDecodesToTheSameColour(index: Int) throws {
        let (name, arguments, depth, colourType, interlace) = Self.layouts[index]
        let output = fixture.folder.file("\(name).png")
        try FormatTools.run("convert", ["-size", "40x30", "xc:#336699"] + arguments.dropLast()
                            + [arguments.last! + output])
        let bytes = try FileBytes.read(output)
        #expect((bytes[24], bytes[25], bytes[28]) == (depth, colourType, interlace), "fixture layout for \(name)")
        let image = try previewFile(output, Self.full, Self.full)
        try #require((image.width, image.height) == (40, 30))
        #expect(close(image.pixel(20, 15), (0x33, 0x66, 0x99), tolerance: 1))
    }

    @Test func greyWithAlphaIsCompositedOverTheBackground() throws {
        let path = fixture.folder.file("grey-alpha.png")
        try FormatTools.run("convert", ["-size", "40x30", "xc:rgba(0,0,0,0)", "-fill", "rgba(255,255,255,1)",
                                        "-draw", "rectangle 0,0 19,29", "-define", "png:color-type=4", "PNG:" + path])
        let bytes = try FileBytes.read(path)
        #expect(bytes[25] == 4, "fixture is grey+alpha")
        let image = try previewFile(path, Self.full, Self.full)
        try #require((image.width, image.height) == (40, 30))
        let bg = ImageTransform.background
        #expect(close(image.pixel(5, 5), (255, 255, 255), tolerance: 0))
        #expect(close(image.pixel(35, 5), (Int(bg.r), Int(bg.g), Int(bg.b)), tolerance: 0))
    }

    @Test func largePNGsAreReducedToWhatThePreviewNeeds() throws {
        let path = try fixture.png("large.png", width: 1600, height: 1200)
        let image = try previewFile(path, 160, 160, fitting: true)
        #expect((image.width, image.height) == (160, 120))
    }

    // MARK: - Hostile files

    @Test func aTruncatedPNGKeepsItsSizeButNamesWhyThereIsNoPreview() throws {
        let path = try fixture.png("whole.png", width: 200, height: 150)
        let cut = try writeEdited(path, as: "cut.png", in: fixture.folder) { $0.removeLast($0.count / 2) }
        #expect(try inspectFile(cut).width == 200)
        #expect(throws: PreviewImage.Failure.self) { try previewFile(cut, 40, 30) }
    }

    @Test func aHugeClaimedSizeIsRefusedBeforeDecoding() throws {
        let path = try fixture.png("small.png")
        let huge = try writeEdited(path, as: "huge.png", in: fixture.folder) { bytes in
            for i in 16..<24 { bytes[i] = 0 }
            bytes[18] = 0xEA; bytes[19] = 0x60   // 60000
            bytes[22] = 0xEA; bytes[23] = 0x60
        }
        let info = try inspectFile(huge)
        #expect((info.width, info.height) == (60000, 60000))
        #expect(throws: PreviewImage.Failure("too large (60000×60000)")) { try previewFile(huge, 40, 30) }
    }

    @Test func garbageAfterTheSignatureIsCorrupt() throws {
        let path = fixture.folder.write(Data(PNGFormat.signature + [UInt8](repeating: 0x5A, count: 300)), to: "junk.png")
        #expect(throws: PhotoFormatError.corrupt("PNG without an IHDR header")) { try inspectFile(path) }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(path, 10, 10) }
    }

    @Test func aChunkLengthPastTheEndStopsTheWalk() throws {
        let plain = try FileBytes.read(try fixture.png("plain.png"))
        var chunk = PNGChunks.tEXt("Description", Array("never read".utf8))
        chunk[0] = 0x7F  // length 2 GB
        let path = fixture.folder.write(Data(PNGChunks.inserting(chunk, into: plain, afterImageData: false)), to: "long.png")
        let info = try inspectFile(path)
        #expect(info.metadata.textDescription == nil)
        #expect(info.metadata.warnings.contains { $0.contains("runs past the end") })
    }
}
