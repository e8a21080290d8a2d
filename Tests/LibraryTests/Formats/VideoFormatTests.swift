import Fixtures
import Foundation
import Testing
@testable import Library

/// Videos through FFmpeg: containers sniffed by content, dates, places and durations as
/// exiftool reads them, the display matrix as an orientation, the poster frame, and broken files.
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct VideoFormatTests {
    let fixture = VideoFixture()

    private func exiftool(_ tag: String, _ path: String, _ options: [String] = []) throws -> String {
        try FormatTools.run("exiftool", options + ["-s3", "-" + tag, path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anMP4sUTCCreationTimeIsTheSameMomentExiftoolReads() throws {
        let path = try fixture.clip("clip.mp4", tags: .init(creationTime: "2024-05-01T12:03:22Z", title: "Harbour at dusk"))
        #expect(try formatName(path) == "video")
        let info = try inspectFile(path)
        #expect((info.width, info.height, info.orientation) == (640, 360, 1))
        #expect(info.metadata.codec == "h264")
        let duration = try #require(info.metadata.duration)
        #expect(abs(duration - (Double(try exiftool("Duration#", path)) ?? 0)) < 0.05)
        // QuickTime's creation_time is UTC; photory keeps it as this machine's local time with its offset.
        let takenAt = try #require(TakenAt.fromEXIF(info.metadata.mediaCreated, offset: info.metadata.utcOffset))
        let utc = try exiftool("CreateDate", path, ["-d", "%Y-%m-%dT%H:%M:%S"])
        #expect(Self.instant(takenAt) == Self.instant(utc + "+00:00"))
        #expect(info.metadata.textDescription == "Harbour at dusk")
    }

    @Test func applesLocalCreationDateWinsAndItsPlaceIsRead() throws {
        let path = try fixture.clip("IMG_0001.MOV", seconds: 2, tags: .init(
            creationTime: "2024-05-01T09:00:00Z", appleCreationDate: "2024-05-01T14:03:22+0200",
            appleLocation: "+48.8577+002.2950+035.000/", make: "Apple", model: "iPhone 12"))
        let info = try inspectFile(path)
        #expect(info.metadata.mediaCreated == "2024:05:01 14:03:22")
        #expect(info.metadata.utcOffset == "+02:00")
        #expect(try exiftool("CreationDate", path) == "2024:05:01 14:03:22+02:00")
        let gps = try #require(info.metadata.gps)
        let exifGPS = try exiftool("GPSCoordinates", path, ["-n"]).split(separator: " ").compactMap { Double($0) }
        #expect(exifGPS.count >= 2 && abs(gps.latitude - exifGPS[0]) < 1e-6 && abs(gps.longitude - exifGPS[1]) < 1e-6)
        #expect(gps.altitude == 35)
        #expect(info.metadata.cameraMake == "Apple" && info.metadata.cameraModel == "iPhone 12")
        #expect(abs((info.metadata.duration ?? 0) - 2) < 0.05)
    }

    @Test(arguments: [(90, 8), (270, 6), (180, 3)])
    func theDisplayMatrixIsTheOrientationExiftoolNames(rotate: Int, orientation: Int) throws {
        let path = try fixture.clip("turned\(rotate).mp4", tags: .init(rotate: rotate))
        let info = try inspectFile(path)
        #expect(info.orientation == orientation)
        // exiftool's Rotation is the clockwise turn that shows the video upright.
        let clockwise = [6: "90", 3: "180", 8: "270"][orientation]
        #expect(try exiftool("Rotation", path) == clockwise)
        let poster = try previewFile(path, 160, 160, orientation: info.orientation, fitting: true)
        #expect(orientation == 3 ? (poster.width, poster.height) == (160, 90) : (poster.width, poster.height) == (90, 160))
    }

    /// Every container, with a keyframe each second and with only the first frame a keyframe
    /// (where the seek may land past it: the poster then comes from the start).
    @Test(arguments: [25, 1000])
    func theMatroskaWebMAVIAndTransportStreamContainersAreRead(keyframeInterval: Int) throws {
        for name in ["clip.mp4", "clip.mkv", "clip.webm", "clip.avi", "clip.mts"] {
            let path = try fixture.clip(name, width: 320, height: 240, seconds: 2, keyframeInterval: keyframeInterval)
            #expect(try formatName(path) == "video", "\(name)")
            let info = try inspectFile(path)
            #expect((info.width, info.height) == (320, 240), "\(name)")
            #expect(abs((info.metadata.duration ?? 0) - 2) < 0.2, "\(name)")
            do {
                let poster = try previewFile(path, 160, 160, fitting: true)
                #expect((poster.width, poster.height) == (160, 120), "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    /// The poster is decoded near 10% of the way in, not from the first frame: testsrc's
    /// counter in the middle differs between the frames, so compare with ffmpeg's own frame there.
    @Test func thePosterFrameComesFromNearTenPercentIn() throws {
        let path = try fixture.clip("long.mp4", width: 320, height: 240, seconds: 10)
        let poster = try previewFile(path, 320, 240)
        #expect((poster.width, poster.height) == (320, 240))
        let first = fixture.folder.file("first.png")
        try FormatTools.run("ffmpeg", ["-v", "error", "-y", "-i", path, "-frames:v", "1", first])
        let firstPixels = try previewFile(first, 320, 240)
        let differing = stride(from: 0, to: poster.pixels.count, by: 4).filter {
            abs(Int(poster.pixels[$0]) - Int(firstPixels.pixels[$0])) > 60
        }.count
        #expect(differing > 100, "the poster is not the first frame")
    }

    // MARK: - Bad input

    @Test func aTruncatedMP4WithoutItsMovieHeaderIsCorrupt() throws {
        let good = try fixture.clip("good.mp4")
        let truncated = try fixture.truncated(good, "truncated.mp4")
        #expect(throws: PhotoFormatError.self) { try inspectFile(truncated) }
        do {
            _ = try inspectFile(truncated)
        } catch let error as PhotoFormatError {
            guard case let .corrupt(reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("truncated"), "\(reason)")
        }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(truncated, 160, 160) }
    }

    @Test func anUnknownCodecIsUnsupportedNamingIt() throws {
        let good = try fixture.clip("good.mp4")
        let odd = try fixture.unknownCodec(good, "odd.mp4")
        do {
            _ = try inspectFile(odd)
            Issue.record("an unknown codec was read")
        } catch let error as PhotoFormatError {
            #expect(error == .unsupported(VideoFile.noDecoder("none")) || error.description.contains("no decoder"), "\(error)")
        }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(odd, 160, 160) }
    }

    @Test func aBrokenDisplayMatrixIsNoTurnAndNoCrash() throws {
        let turned = try fixture.clip("turned.mov", tags: .init(rotate: 90))
        let broken = try fixture.withDisplayMatrix(turned, "broken.mov")
        let info = try inspectFile(broken)
        #expect(info.orientation == 1)
        let poster = try previewFile(broken, 160, 160, orientation: info.orientation, fitting: true)
        #expect((poster.width, poster.height) == (160, 90))
    }

    @Test func aVideoWithNoFramesIsCorrupt() throws {
        let path = fixture.folder.file("empty.mp4")
        try FormatTools.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=25",
                                       "-frames:v", "0", "-c:v", "libx264", path])
        #expect(throws: PhotoFormatError.self) { try inspectFile(path) }
        #expect(throws: PreviewImage.Failure.self) { try previewFile(path, 160, 160) }
    }

    /// Bytes that look like a video but are not: every container's signature with junk after
    /// it is refused as corrupt, quickly, never a crash.
    @Test func junkBehindAVideoSignatureIsCorrupt() {
        var random = SeededRandom(seed: 21)
        let signatures: [[UInt8]] = [
            [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8),
            [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8),
            [0x1A, 0x45, 0xDF, 0xA3], Array("RIFF".utf8) + [0, 1, 0, 0] + Array("AVI LIST".utf8),
        ]
        for signature in signatures {
            let bytes = signature + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes.withUnsafeBytes { raw in
                #expect(VideoFormat().matches(raw))
                #expect(throws: PhotoFormatError.self) { try VideoFormat().inspect(raw) }
                #expect(throws: PreviewImage.Failure.self) { try VideoFormat().preview(raw, target: PreviewTarget(minWidth: 16, minHeight: 16)) }
            }
        }
    }

    // MARK: - Pieces

    @Test func containersAreSniffedByContentAndStillImagesAreLeftToHEIF() {
        func sniff(_ bytes: [UInt8]) -> VideoContainer? { bytes.withUnsafeBytes { VideoContainer.sniff($0) } }
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = [major, "\0\0\0\0"] + compatible
            return [0, 0, 0, UInt8(8 + 4 * brands.count)] + Array("ftyp".utf8) + brands.flatMap { Array($0.utf8) }
        }
        #expect(sniff(ftyp("isom", ["isom", "mp41"])) == .mp4)
        #expect(sniff(ftyp("M4V ", ["M4V ", "mp42"])) == .mp4)
        #expect(sniff(ftyp("qt  ", ["qt  "])) == .quickTime)
        #expect(sniff(ftyp("3gp4", ["3gp4"])) == .threeGP)
        #expect(sniff(ftyp("heic", ["mif1", "heic"])) == nil)
        #expect(sniff(ftyp("mp42", ["mif1", "mp42"])) == nil, "a still image with an MP4 brand too is HEIF's")
        #expect(sniff(ftyp("M4A ", ["M4A "])) == nil)
        #expect(sniff([0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 0] + Array("mdat".utf8)) == .quickTime)
        #expect(sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F]) == .matroska)
        #expect(sniff(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("AVI LIST".utf8)) == .avi)
        #expect(sniff(Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)) == nil)
        var ts = [UInt8](repeating: 0, count: 188 * 4)
        for i in 0..<4 { ts[i * 188] = 0x47 }
        #expect(sniff(ts) == .mpegTS)
        var m2ts = [UInt8](repeating: 0, count: 192 * 4)
        for i in 0..<4 { m2ts[4 + i * 192] = 0x47 }
        #expect(sniff(m2ts) == .mpegTS)
        #expect(sniff([0x47] + [UInt8](repeating: 0, count: 700)) == nil)
    }

    @Test func iso6709PlacesAreRead() {
        #expect(ISO6709.parse("+48.8577+002.2950+035.000/") == GPSPosition(latitude: 48.8577, longitude: 2.295, altitude: 35))
        #expect(ISO6709.parse("-22.9068-043.1729/") == GPSPosition(latitude: -22.9068, longitude: -43.1729))
        #expect(ISO6709.parse("+40.7128-074.0060CRSWGS_84/") == GPSPosition(latitude: 40.7128, longitude: -74.006))
        let minutes = ISO6709.parse("+4851.462+00217.700/")
        #expect(abs((minutes?.latitude ?? 0) - 48.8577) < 1e-4 && abs((minutes?.longitude ?? 0) - 2.295) < 1e-4)
        #expect(ISO6709.parse("+95.0+002.0/") == nil)
        #expect(ISO6709.parse("Paris") == nil)
        #expect(ISO6709.parse("") == nil)
    }

    @Test func creationDatesAreReadInBothForms() {
        #expect(VideoFormat.localDate("2024-05-01T14:03:22+0200")! == ("2024:05:01 14:03:22", "+02:00"))
        #expect(VideoFormat.localDate("2024-05-01T14:03:22.123-03:30")! == ("2024:05:01 14:03:22", "-03:30"))
        #expect(VideoFormat.localDate("2024-05-01T14:03:22")! == ("2024:05:01 14:03:22", nil))
        #expect(VideoFormat.localDate("yesterday") == nil)
        #expect(VideoFormat.utcDate("1904-01-01T00:00:00.000000Z") == nil)
        let utc = VideoFormat.utcDate("2024-05-01T12:03:22.000000Z")
        let takenAt = TakenAt.fromEXIF(utc?.date, offset: utc?.offset)
        #expect(takenAt.map(Self.instant) == Self.instant("2024-05-01T12:03:22+00:00"))
    }

    @Test func quarterTurnsBecomeOrientations() {
        #expect(VideoFile.orientation(counterclockwise: -90) == 6)
        #expect(VideoFile.orientation(counterclockwise: 90) == 8)
        #expect(VideoFile.orientation(counterclockwise: 180) == 3)
        #expect(VideoFile.orientation(counterclockwise: -180) == 3)
        #expect(VideoFile.orientation(counterclockwise: 0) == 1)
        #expect(VideoFile.orientation(counterclockwise: .nan) == 1)
        #expect(VideoFile.orientation(counterclockwise: 45) == 1)
    }

    /// "2024-05-01T14:03:22+02:00" as seconds since 1970.
    static func instant(_ iso: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: iso)?.timeIntervalSince1970
    }
}
