import Fixtures
import Foundation
import Testing
@testable import Library

/// The "Bad input" list of issue 21, in one camera roll imported at once: a truncated MP4 (no
/// `moov`), an unknown codec, a zero-length video, a 60000×60000 claim in a RAW header, a
/// Motion Photo whose offset points past the file, a MOV with a broken display matrix. Each
/// gets an outcome naming the file and the reason, the rest of the import goes on, and what
/// is imported gets a preview (the broken matrix's) or none (no crash either way).
@Suite(.enabled(if: FormatTools.available("ffmpeg", "exiftool"), "needs ffmpeg and exiftool"))
struct BadCameraRollTests {
    @Test func everyBadFileSaysWhyAndTheRestIsImported() throws {
        let motion = MotionPhotoFixture()
        let videos = motion.videos
        let folder = motion.folder
        let good = try videos.clip("source.mp4", seconds: 1)
        _ = try videos.truncated(good, "roll/VID_truncated.mp4")
        _ = try videos.unknownCodec(good, "roll/VID_unknown_codec.mp4")
        folder.write(Data(), to: "roll/VID_empty.mp4")
        var huge = RawFixture.Options()
        huge.claimedSize = (60000, 60000)
        folder.write(RawFixture.dng(huge), to: "roll/HUGE.DNG")
        try motion.motionPhoto("roll/PXL_past_end.MP.jpg", announcing: .directory(extraLength: 50_000_000))
        let turned = try videos.clip("turned.mov", seconds: 1, tags: .init(rotate: 90))
        _ = try videos.withDisplayMatrix(turned, "roll/IMG_broken_matrix.MOV")
        folder.write(MetadataFixture.jpeg(), to: "roll/IMG_good.jpg")
        try motion.motionPhoto("roll/PXL_good.MP.jpg")

        let thumbnails = ThumbnailStore(folder: folder.path + "/thumbnails")
        var library = PhotoLibrary()
        let summary = Importer(thumbnails: thumbnails).run([folder.path + "/roll"], into: &library)
        func result(_ name: String) throws -> ImportFileResult {
            try #require(summary.results.first { ($0.path as NSString).lastPathComponent == name }, "\(name) has an outcome")
        }
        #expect(try result("VID_truncated.mp4").outcome.kind == .corrupt)
        #expect(try result("VID_truncated.mp4").reason?.contains("truncated") == true)
        #expect(try result("VID_unknown_codec.mp4").outcome.kind == .unsupported)
        #expect(try result("VID_unknown_codec.mp4").reason?.contains("no decoder") == true)
        #expect(try result("VID_empty.mp4").outcome.kind == .unsupported)
        #expect(try result("VID_empty.mp4").reason == "empty file")
        #expect(try result("HUGE.DNG").outcome.kind == .corrupt)
        #expect(try result("HUGE.DNG").reason?.contains("60000") == true)
        #expect(try result("PXL_past_end.MP.jpg").outcome.kind == .imported)
        #expect(try result("PXL_past_end.MP.jpg").reason?.contains("points past the file") == true)
        #expect(try result("IMG_broken_matrix.MOV").outcome.kind == .imported)
        #expect(try result("IMG_good.jpg").outcome.kind == .imported)
        #expect(try result("PXL_good.MP.jpg").outcome.kind == .imported)
        // Every problem is listed by the summary (the CLI and the browser print these).
        #expect(Set(summary.problems.map { ($0.path as NSString).lastPathComponent })
                == ["VID_truncated.mp4", "VID_unknown_codec.mp4", "VID_empty.mp4", "HUGE.DNG", "PXL_past_end.MP.jpg"])

        let byName = Dictionary(uniqueKeysWithValues: library.photos.map { ($0.fileName, $0) })
        #expect(Set(byName.keys) == ["PXL_past_end.MP.jpg", "IMG_broken_matrix.MOV", "IMG_good.jpg", "PXL_good.MP.jpg"])
        #expect(byName["PXL_past_end.MP.jpg"]?.hasMotion == false && byName["PXL_good.MP.jpg"]?.hasMotion == true)
        let matrix = try #require(byName["IMG_broken_matrix.MOV"])
        #expect(matrix.kind == .video && matrix.orientation == 1)
        // The imported ones have previews, the broken matrix's upright as stored.
        for photo in library.photos {
            let key = ThumbnailStore.Key(photoID: photo.id, fileSize: photo.fileSize, fileModified: photo.fileModified)
            guard case .thumbnail? = thumbnails.entry(for: key) else {
                Issue.record("\(photo.fileName) has no thumbnail")
                continue
            }
        }
    }
}
