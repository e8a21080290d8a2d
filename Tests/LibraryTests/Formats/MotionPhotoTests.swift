import Fixtures
import Foundation
import Testing
@testable import Library

/// Motion Photos (issue 21): a JPEG with an MP4 appended, announced in its XMP (Google's
/// `GCamera:MicroVideoOffset`, the `Container:Directory` of newer Pixels and Samsungs) or in
/// Samsung's trailer. The importer finds the clip's byte range and length; the clip plays from
/// the photo's own file; what is announced but cannot be gives a note naming the reason, and
/// the photo is still imported, as a still.
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct MotionPhotoTests {
    let fixture = MotionPhotoFixture()

    private func analyze(_ path: String) throws -> (photo: Photo, note: String?) {
        let result = PhotoAnalyzer().analyze(path: path, importedAt: 0)
        guard case let .photo(photo, note) = result else { throw FormatTools.Failure(description: "not imported: \(result)") }
        return (photo, note)
    }

    @Test(arguments: [MotionPhotoFixture.Announcement.microVideo(), .directory(), .samsungTrailer])
    func theEmbeddedClipIsFoundTimedAndPlayableFromThePhotosFile(_ announcement: MotionPhotoFixture.Announcement) throws {
        let made = try fixture.motionPhoto("PXL_0001.MP.jpg", seconds: 1.5, announcing: announcement)
        let (photo, note) = try analyze(made.path)
        #expect(note == nil)
        #expect(photo.kind == .photo && photo.hasMotion)
        #expect(photo.motionRange == Int64(made.video.lowerBound)..<Int64(made.video.upperBound))
        #expect(abs((photo.motionDuration ?? 0) - 1.5) < 0.05)
        #expect(photo.takenAt == "2024-05-01T13:00:00")
        // The clip plays straight from the photo's file: its first frame is the clip's size.
        let source = try #require(photo.motionSource)
        #expect(source.path == made.path)
        let info = try VideoFormat().inspect(source)
        #expect((info.width, info.height) == (320, 240))
        let decoder = try VideoDecoder(VideoFile(source), threads: 1)
        #expect(try decoder.advance(maxPackets: 100) != nil)
    }

    @Test func anOffsetPastTheStartOfTheFileLeavesAStillPhotoAndSaysWhy() throws {
        let made = try fixture.motionPhoto("PXL_0002.MP.jpg", announcing: .microVideo(extraOffset: 10_000_000))
        let (photo, note) = try analyze(made.path)
        #expect(!photo.hasMotion && photo.motionRange == nil && photo.kind == .photo)
        #expect(photo.width == 64 && photo.takenAt == "2024-05-01T13:00:00")
        let reason = try #require(note)
        #expect(reason.contains("imported as a still photo") && reason.contains("MicroVideoOffset")
                && reason.contains("before the start of the"), "\(reason)")
    }

    @Test func aDirectoryWhoseVideoIsLongerThanTheFilePointsPastItsEnd() throws {
        let made = try fixture.motionPhoto("PXL_0003.MP.jpg", announcing: .directory(extraLength: 50_000_000))
        let (photo, note) = try analyze(made.path)
        #expect(!photo.hasMotion)
        #expect(note?.contains("points past the file") == true, "\(note ?? "no note")")
    }

    @Test func anOffsetThatLandsOutsideTheVideoFindsNoMP4() throws {
        let made = try fixture.motionPhoto("PXL_0004.MP.jpg", announcing: .microVideo(extraOffset: 7))
        let (photo, note) = try analyze(made.path)
        #expect(!photo.hasMotion)
        #expect(note?.contains("there is no MP4 video where its GCamera:MicroVideoOffset points") == true, "\(note ?? "no note")")
    }

    @Test func aPlainJPEGHasNoMotionAndNoNote() throws {
        let path = fixture.folder.write(MetadataFixture.jpeg(), to: "plain.jpg")
        let (photo, note) = try analyze(path)
        #expect(!photo.hasMotion && note == nil)
    }

    @Test func theImportGoesOnAndItsSummaryNamesTheFileAndTheReason() throws {
        try fixture.motionPhoto("roll/PXL_0005.MP.jpg")
        try fixture.motionPhoto("roll/PXL_0006.MP.jpg", announcing: .microVideo(extraOffset: 10_000_000))
        fixture.folder.write(MetadataFixture.jpeg(), to: "roll/plain.jpg")
        var library = PhotoLibrary()
        let summary = Importer().run([fixture.folder.path + "/roll"], into: &library)
        #expect(summary.count(.imported) == 3)
        #expect(summary.problems.map { ($0.path as NSString).lastPathComponent } == ["PXL_0006.MP.jpg"])
        #expect(summary.problems.first?.reason?.contains("before the start of the") == true)
        #expect(library.photos.filter(\.hasMotion).map(\.fileName) == ["PXL_0005.MP.jpg"])
    }
}

/// The walker alone, on what a hostile or odd file may say: pure, no tools needed.
@Suite struct MotionPhotoWalkerTests {
    private func locate(xmp: String, tail: [UInt8] = []) -> MotionPhoto? {
        let jpeg: [UInt8] = [0xFF, 0xD8] + Array(repeating: 0x11, count: 100)
        let file = jpeg + Array(xmp.utf8) + tail
        return file.withUnsafeBytes { MotionPhoto.locate(in: $0, xmpPacket: jpeg.count..<(jpeg.count + xmp.utf8.count)) }
    }

    private let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + Array(repeating: 0, count: 40)

    @Test func attributesAndElementsInEitherQuoteAreRead() {
        #expect(MotionPhoto.value(of: "MicroVideoOffset", in: "<a GCamera:MicroVideoOffset = '12'/>") == "12")
        #expect(MotionPhoto.value(of: "MicroVideoOffset", in: "<GCamera:MicroVideoOffset>\n 12 </GCamera:MicroVideoOffset>") == "12")
        #expect(MotionPhoto.value(of: "MicroVideo", in: "<a GCamera:MicroVideoOffset=\"5\" GCamera:MicroVideo=\"1\"/>") == "1")
        #expect(MotionPhoto.value(of: "MicroVideo", in: "MicroVideo=\"1\"") == nil, "a property has a prefix")
        #expect(MotionPhoto.value(of: "MicroVideoOffset", in: "<a GCamera:MicroVideoOffset=\"12") == nil, "unterminated")
    }

    @Test func theClipIsCountedBackFromTheEnd() {
        let xmp = "<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\(mp4.count)\"/>"
        let start = 102 + xmp.utf8.count
        #expect(locate(xmp: xmp, tail: mp4) == .clip(start..<(start + mp4.count)))
    }

    @Test func aDirectoryWithPaddingAndATrailingItemIsLaidOutFromTheEnd() {
        let items = """
        <Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg" Item:Padding="0"/>
        <Container:Item Item:Semantic="MotionPhoto" Item:Mime="video/mp4" Item:Length="\(mp4.count)" Item:Padding="4"/>
        <Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="10"/>
        """
        let tail = mp4 + [0, 0, 0, 0] + Array(repeating: 0x22, count: 10)
        let start = 102 + items.utf8.count
        #expect(locate(xmp: items, tail: tail) == .clip(start..<(start + mp4.count)))
    }

    @Test func whatCannotBeSaysWhy() {
        func reason(_ xmp: String, tail: [UInt8] = []) -> String {
            if case let .broken(reason)? = locate(xmp: xmp, tail: tail) { return reason }
            return "no reason"
        }
        #expect(reason("<x GCamera:MicroVideo=\"1\"/>").contains("gives no MicroVideoOffset"))
        #expect(reason("<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"-5\"/>").contains("is not a length"))
        #expect(reason("<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"99999999999999999999\"/>").contains("is not a length"))
        #expect(reason("<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"-5\"/>") == "not a Motion Photo: its XMP MicroVideoOffset \"-5\" is not a length")
        // Found by `make fuzz` (media): the offset's text went into the reason, which is shown on
        // the terminal, with its control characters (BEL, an escape sequence) and all its length.
        let hostile = "999999\u{7}\u{1B}[2J" + String(repeating: "\u{7}", count: 500) + "99"
        #expect(reason("<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\(hostile)\"/>") == "not a Motion Photo: its XMP MicroVideoOffset is not a length")
        #expect(reason("<x GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\(String(repeating: "9x", count: 100))\"/>")
                == "not a Motion Photo: its XMP MicroVideoOffset is not a length")
        #expect(reason("<x GCamera:MicroVideoOffset=\"9000\"/>").contains("before the start"))
        #expect(reason("<Container:Item Item:Semantic=\"MotionPhoto\" Item:Length=\"4\"/>").contains("names the video first"))
        #expect(reason("<Container:Item Item:Semantic=\"Primary\"/><Container:Item Item:Semantic=\"MotionPhoto\"/>").contains("no Item:Length"))
        #expect(reason("<x GCamera:MicroVideoOffset=\"20\"/>", tail: Array(repeating: 7, count: 20)).contains("no MP4 video"))
        #expect(locate(xmp: "<x GCamera:MicroVideo=\"0\" GCamera:MicroVideoOffset=\"20\"/>") == nil)
        #expect(locate(xmp: "<x dc:title=\"MotionPhoto\"/>") == nil)
        // Found by `make fuzz` (media, Motion Photo walker): lengths and paddings near Int.max
        // overflowed when taken from the file's size (a trap); they say why instead.
        let huge = "9223372036854775807"
        for item in ["Item:Length=\"\(huge)\" Item:Padding=\"\(huge)\"", "Item:Length=\"4\" Item:Padding=\"\(huge)\"",
                     "Item:Length=\"\(huge)\""] {
            let xmp = "<Container:Item Item:Semantic=\"Primary\" Item:Padding=\"\(huge)\"/><Container:Item Item:Semantic=\"MotionPhoto\" \(item)/>"
            #expect(reason(xmp).contains("more bytes than"), "\(item)")
        }
    }

    @Test func samsungsTrailerIsWalkedFromTheEndAndHostileOnesStayInTheFile() {
        func le32(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
        let name = Array("MotionPhoto_Data".utf8)
        let record = [0, 0, 0x30, 0x0A] + le32(name.count) + name + mp4
        let directory = Array("SEFH".utf8) + le32(106) + le32(1) + [0, 0, 0x30, 0x0A] + le32(record.count) + le32(record.count)
        let file: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9] + record + directory + le32(directory.count) + Array("SEFT".utf8)
        #expect(file.withUnsafeBytes { MotionPhoto.locate(in: $0, xmpPacket: nil) } == .clip(28..<(28 + mp4.count)))
        var random = SeededRandom(seed: 2121)
        for _ in 0..<2000 {
            var hostile = file
            for _ in 0..<3 { hostile[Int(random.next() % UInt64(hostile.count))] = UInt8(truncatingIfNeeded: random.next()) }
            if case let .clip(range)? = hostile.withUnsafeBytes({ MotionPhoto.locate(in: $0, xmpPacket: nil) }) {
                #expect(range.lowerBound > 0 && range.upperBound <= hostile.count)
            }
        }
    }
}
