import Fixtures
import Foundation
import Testing
@testable import Library

/// Videos read from their files, never whole: a clip at an offset inside a larger file (a
/// Motion Photo's MP4), a sparse file of gigabytes, the hash taken in chunks; and the decoder
/// the photo view plays with — frames in order, seeking, upright pictures, broken files.
@Suite(.enabled(if: FormatTools.available("ffmpeg"), "needs ffmpeg"))
struct VideoStreamingTests {
    let fixture = VideoFixture()

    @Test func aClipAtAnOffsetInsideAnotherFileIsReadFromItsByteRange() throws {
        let clip = try fixture.clip("clip.mp4", width: 320, height: 240, seconds: 2)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        let junk = Data(repeating: 0xFF, count: 12_345)
        let path = fixture.folder.write(junk + bytes + junk, to: "motion.jpg")
        let source = VideoSource(path: path, range: Int64(junk.count)..<Int64(junk.count + bytes.count))
        let info = try VideoFormat().inspect(source)
        #expect((info.width, info.height) == (320, 240))
        #expect(abs((info.metadata.duration ?? 0) - 2) < 0.05)
        let poster = try VideoFormat().preview(source, target: PreviewTarget(minWidth: 160, minHeight: 120))
        #expect((poster.width, poster.height) == (160, 120))
        // A range past the end of the file is a clear failure, not a read of other bytes.
        let past = VideoSource(path: path, range: 0..<Int64(bytes.count * 10))
        #expect(throws: PhotoFormatError.self) { try VideoFormat().inspect(past) }
        #expect(VideoSource.ifVideo(path: clip) == VideoSource(path: clip))
        #expect(VideoSource.ifVideo(path: path) == nil, "a JPEG-looking file is no video by itself")
    }

    /// 3 GB of holes with a clip at the end (larger than any whole-file read allows): opened,
    /// inspected and its poster decoded from 3 GB in, without reading the rest.
    @Test func aVideoPastThreeGigabytesInASparseFileIsReadWithoutHoldingIt() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try fixture.clip("small.mp4", width: 320, height: 180, seconds: 1)))
        let path = fixture.folder.path + "/sparse.bin"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let offset: Int64 = 3 << 30
        let written = clip.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        close(fd)
        try #require(written == clip.count)
        let source = VideoSource(path: path, range: offset..<offset + Int64(clip.count))
        #expect(Int64(FileBytes.maxBytes) < offset)
        let info = try VideoFormat().inspect(source)
        #expect((info.width, info.height) == (320, 180))
        let decoder = try VideoDecoder(source)
        #expect(try decoder.advance() == 0)
        let picture = try decoder.picture(width: 64, height: 36)
        #expect((picture.width, picture.height) == (64, 36))
    }

    @Test(arguments: [0, 1, 31, 32, 33, 100, 4 << 20, (4 << 20) + 37, (8 << 20) + 5])
    func theHashInChunksIsTheHashOfTheWholeFile(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = fixture.folder.write(Data(bytes), to: "hash-\(size).bin")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(ContentHash.xxh64(fd: fd, size: size) == bytes.withUnsafeBytes { ContentHash.xxh64($0) })
    }

    @Test func theImporterHashesAVideoFromItsFileAsItWouldWhole() throws {
        let clip = try fixture.clip("import/clip.mp4", width: 320, height: 240, seconds: 1)
        let result = PhotoAnalyzer().analyze(path: clip, importedAt: 0)
        guard case let .photo(photo, _) = result else {
            Issue.record("not imported: \(result)")
            return
        }
        let bytes = try FileBytes.read(clip)
        #expect(photo.id == ContentHash.photoID(bytes.withUnsafeBytes { ContentHash.xxh64($0) }))
        #expect(photo.kind == .video && photo.fileSize == Int64(bytes.count))
        #expect(abs((photo.duration ?? 0) - 1) < 0.05)
    }

    @Test func theDecoderGivesEveryFrameInOrderAndSeeksToAKeyframeBeforeTheTarget() throws {
        let clip = try fixture.clip("play.mp4", width: 320, height: 240, seconds: 3)
        let decoder = try VideoDecoder(VideoSource(path: clip))
        #expect(abs((decoder.duration ?? 0) - 3) < 0.05)
        var times: [Double] = []
        while let time = try decoder.advance() { times.append(time) }
        #expect(times.count == 75, "25 frames a second for 3 s")
        #expect(times == times.sorted() && abs(times[1] - times[0] - 0.04) < 0.001)
        decoder.seek(to: 2.1)
        let landed = try #require(try decoder.advance())
        #expect(landed == 2.0, "the keyframe at or before 2.1 s (one a second)")
        let picture = try decoder.picture(width: 80, height: 60)
        #expect((picture.width, picture.height, picture.pixels.count) == (80, 60, 80 * 60 * 4))
        decoder.seek(to: 0)
        #expect(try decoder.advance() == 0)
    }

    @Test func aTurnedVideosPicturesComeUpright() throws {
        let clip = try fixture.clip("turned.mp4", width: 320, height: 180, seconds: 1, tags: .init(rotate: 270))
        let decoder = try VideoDecoder(VideoSource(path: clip))
        #expect(decoder.orientation == 6)
        #expect(decoder.displaySize == (180, 320))
        try decoder.advance()
        let picture = try decoder.picture(width: 45, height: 80)
        #expect((picture.width, picture.height) == (45, 80))
    }

    @Test func brokenVideosSayWhyWhenPlayed() throws {
        let good = try fixture.clip("good.mp4", seconds: 1)
        let truncated = try fixture.truncated(good, "truncated.mp4")
        let unknown = try fixture.unknownCodec(good, "unknown.mp4")
        let empty = fixture.folder.write(Data(), to: "empty.mp4")
        func failure(_ path: String) -> String? {
            do {
                let decoder = try VideoDecoder(VideoSource(path: path))
                _ = try decoder.advance()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(truncated)?.contains("truncated") == true, "\(failure(truncated) ?? "")")
        #expect(failure(unknown)?.contains("no decoder") == true, "\(failure(unknown) ?? "")")
        #expect(failure(empty) == "empty video file")
        #expect(failure(fixture.folder.path + "/gone.mp4")?.hasPrefix("cannot read the file") == true)
    }
}
