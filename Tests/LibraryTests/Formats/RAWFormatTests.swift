import Fixtures
import Foundation
import Testing
@testable import Library

/// Camera raw files through LibRaw, on DNGs written by `RawFixture`: metadata as exiftool
/// reads it, the embedded preview as the fast path, the half-size decode without one, a plain
/// TIFF refused as TIFF, an unknown camera, and a header's absurd size claim.
@Suite struct RAWFormatTests {
    let folder = TemporaryFolder("photory-raw")

    private func write(_ name: String, _ options: RawFixture.Options = .init()) -> String {
        folder.write(RawFixture.dng(options), to: name)
    }

    @Test func aDNGsCameraDateLensExposureAndPlaceComeThrough() throws {
        var options = RawFixture.Options()
        options.gps = (-22.9068, -43.1729)
        options.description = "Sugarloaf"
        let path = write("IMG_0001.DNG", options)
        #expect(try formatName(path) == "raw")
        let info = try inspectFile(path)
        #expect((info.width, info.height, info.orientation) == (256, 170, 1))
        let metadata = info.metadata
        #expect(metadata.cameraMake == "Photory" && metadata.cameraModel == "Test DNG")
        #expect(metadata.dateTimeOriginal == "2023:08:09 10:11:12")
        #expect(metadata.lensModel == "Test 50mm F1.8")
        #expect(metadata.exposureTime == 0.004 && metadata.fNumber == 2.8 && metadata.isoSpeed == 200)
        #expect(metadata.focalLength == 50)
        #expect(metadata.exifDescription == "Sugarloaf")
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude + 22.9068) < 1e-4 && abs(gps.longitude + 43.1729) < 1e-4)
        if FormatTools.available("exiftool") {
            let read = try FormatTools.run("exiftool", ["-s3", "-n", "-DateTimeOriginal", "-GPSLatitude", "-GPSLongitude",
                                                        "-ImageWidth", "-ImageHeight", path])
                .split(separator: "\n").map(String.init)
            // exiftool reports IFD0's (the preview's) size first; the raw data's size is the photo's.
            #expect(read.first == "2023:08:09 10:11:12")
            #expect(abs((Double(read[1]) ?? 0) - gps.latitude) < 1e-4 && abs((Double(read[2]) ?? 0) - gps.longitude) < 1e-4)
        }
    }

    @Test func theEmbeddedPreviewIsTheFastPath() throws {
        let path = write("IMG_0002.DNG")
        #expect(try usesEmbedded(path, 160, 160))
        let tile = try previewFile(path, 160, 160, fitting: true)
        #expect((tile.width, tile.height) == (160, 106) || (tile.width, tile.height) == (160, 107))
        // The preview: red grows to the right, blue downwards, no green.
        #expect(close(tile.pixel(tile.width - 2, 1), (255, 0, 0), tolerance: 40))
        #expect(close(tile.pixel(1, tile.height - 2), (0, 0, 255), tolerance: 40))
    }

    /// A camera's small thumbnail beside the large preview serves a grid tile; the photo view
    /// gets the large preview.
    @Test func theSmallestPreviewThatCoversTheTargetIsUsed() throws {
        var options = RawFixture.Options()
        (options.width, options.height) = (640, 480)
        options.preview = (640, 480)
        options.thumbnail = (160, 120)
        let path = write("IMG_0006.DNG", options)
        let layout = try FileBytes.read(path).withUnsafeBytes { RawFileLayout($0) }
        #expect(layout?.previews.count == 2)
        #expect(try usesEmbedded(path, 160, 160))
        let tile = try previewFile(path, 160, 160, fitting: true)
        #expect((tile.width, tile.height) == (160, 120))
        let large = try previewFile(path, 640, 480)
        #expect((large.width, large.height) == (640, 480))
        // The large preview is a red/blue gradient, the thumbnail JPEGFixture's red/green one.
        #expect(large.pixel(320, 240).g < 60)
    }

    @Test func withoutAPreviewTheRawDataIsDecodedAtHalfSize() throws {
        var options = RawFixture.Options()
        options.preview = nil
        let path = write("IMG_0003.DNG", options)
        #expect(try usesEmbedded(path, 160, 160) == false)
        let image = try previewFile(path, 256, 256, fitting: true)   // more than half size: all of it
        #expect(image.width == 128 && (image.height == 85 || image.height == 84), "\(image.width)×\(image.height)")
        #expect(image.pixel(image.width - 2, 2).r > image.pixel(1, 2).r, "red grows to the right")
        #expect(image.pixel(2, image.height - 2).b > image.pixel(2, 1).b, "blue grows downwards")
    }

    @Test func theOrientationIsAppliedToThePreview() throws {
        var options = RawFixture.Options()
        options.orientation = 6
        let path = write("IMG_0004.DNG", options)
        let info = try inspectFile(path)
        #expect(info.orientation == 6)
        let tile = try previewFile(path, 160, 160, orientation: info.orientation, fitting: true)
        #expect(tile.height == 160 && tile.width < 110)
    }

    // MARK: - Bad input

    @Test func aPlainTIFFIsNotARawFile() throws {
        var options = RawFixture.Options()
        options.unknownCamera = true
        options.preview = nil
        // A TIFF of only a preview-like RGB strip: no raw data, no DNGVersion.
        var tiff = [UInt8](RawFixture.dng(options))
        // Turn the raw IFD's photometric interpretation (CFA, 32803) into RGB (2).
        let cfa: [UInt8] = [0x06, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x23, 0x80]
        let at = try #require((0..<tiff.count - cfa.count).first { Array(tiff[$0..<$0 + cfa.count]) == cfa })
        tiff[at + 8] = 2
        tiff[at + 9] = 0
        let path = folder.write(Data(tiff), to: "scan.tif")
        // A plain TIFF goes to TIFFFormat (libtiff), which names what is wrong with this one.
        #expect(throws: PhotoFormatError.self) { try inspectFile(path) }
    }

    @Test func anUnknownCameraShowsItsEmbeddedPreview() throws {
        var options = RawFixture.Options()
        options.unknownCamera = true
        options.make = "Futura"
        options.model = "X1"
        let path = write("FUT_0001.RAW", options)
        let info: PhotoFormatInfo
        do {
            info = try inspectFile(path)
        } catch {
            Issue.record("an unknown camera with a preview was refused: \(error)")
            return
        }
        #expect(info.metadata.cameraModel == "X1")
        let tile = try previewFile(path, 160, 160, fitting: true)
        #expect(tile.width == 160)
    }

    /// LibRaw 0.20 reads any colour-filter TIFF it is given, even cut short; a raw maker's
    /// header it cannot make sense of, with no preview, is refused naming LibRaw's version.
    @Test func aRawFileLibRawCannotReadWithoutAPreviewNamesLibRawsVersion() throws {
        var random = SeededRandom(seed: 7)
        let bytes = Array("IIRO".utf8) + [8, 0, 0, 0] + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = folder.write(Data(bytes), to: "P0001.ORF")
        #expect(try formatName(path) == "raw")
        let version = "LibRaw \(LibRawFile.version)"
        do {
            _ = try inspectFile(path)
            Issue.record("read without LibRaw or a preview")
        } catch let error as PhotoFormatError {
            #expect(error.description.contains(version), "\(error)")
        }
        do {
            _ = try previewFile(path, 160, 160)
            Issue.record("a preview was made")
        } catch let failure as PreviewImage.Failure {
            #expect(failure.description.contains(version), "\(failure)")
        }
    }

    @Test func a60000By60000ClaimIsRefusedSayingSo() throws {
        var options = RawFixture.Options()
        options.claimedSize = (60000, 60000)
        let path = write("HUGE.DNG", options)
        #expect(throws: PhotoFormatError.corrupt(RAWFormat.tooLarge(60000, 60000))) { try inspectFile(path) }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(path, 160, 160) }
    }

    /// Random bytes behind a TIFF header, and IFDs that point at themselves: the layout walk
    /// ends, reads nothing outside the file, and the format refuses or reads without a crash.
    @Test func hostileLayoutsEndAndStayInTheFile() {
        var random = SeededRandom(seed: 2121)
        for round in 0..<200 {
            var bytes: [UInt8] = round % 2 == 0 ? [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] : [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
            bytes += (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes.withUnsafeBytes { raw in
                if let layout = RawFileLayout(raw) {
                    #expect(layout.previews.allSatisfy { $0.range.upperBound <= raw.count && $0.range.lowerBound >= 0 })
                }
                _ = try? RAWFormat().inspect(raw)
                _ = try? RAWFormat().preview(raw, target: PreviewTarget(minWidth: 16, minHeight: 16))
            }
        }
        // IFD0 at 8 with one entry, whose next-IFD offset points back at itself.
        let loop: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 0, 0x0F, 0x01, 2, 0, 4, 0, 0, 0, 0x41, 0x42, 0x43, 0, 8, 0, 0, 0]
        let layout = loop.withUnsafeBytes { RawFileLayout($0) }
        #expect(layout?.make == "ABC")
        #expect(layout?.isRaw == false)
    }

    @Test func rawMakersHeadersAreSniffedAndPlainTIFFsToo() {
        func matches(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { RAWFormat().matches($0) } }
        #expect(matches(Array("FUJIFILMCCD-RAW 0201".utf8)))
        #expect(matches([0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1]))
        #expect(matches(Array("IIRO".utf8) + [8, 0, 0, 0]))
        #expect(matches(Array("IIU\0".utf8) + [8, 0, 0, 0]))
        #expect(matches([0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0, 0x43, 0x52, 2, 0]))   // CR2
        #expect(matches([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]))
        #expect(!matches([0xFF, 0xD8, 0xFF]))
        #expect(!matches([0, 0, 0, 0x18] + Array("ftypisom".utf8)))
    }
}
