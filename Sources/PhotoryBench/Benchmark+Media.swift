import Fixtures
import Foundation
import Library

extension Benchmark {
    /// Figure 8: videos and raw files, imported with previews like figure 1. Videos: 1080p H.264
    /// clips of ffmpeg's moving test pattern (5 s, a keyframe a second, as phones write them):
    /// the poster is decoded from the keyframe near 10% in. Raw files: DNGs written by
    /// `RawFixture` whose embedded preview is the benchmark's largest photo at 4032×3024 over
    /// 2016×1512 of raw data, with a 320×240 thumbnail beside it as cameras store: the grid
    /// thumbnail comes from that, without LibRaw. Each set is copies
    /// with one digit of a marker changed, so every copy is a distinct photo.
    func runMedia() {
        report.section("8. Videos and raw files: import with previews")
        runVideoImport()
        runRawImport()
        runVideoPlayback()   // issue 21: playing in the photo view
        runWebcamPreview()   // issue 25: the webcam's live preview
    }

    private func runVideoImport() {
        guard Self.toolPath("ffmpeg") != nil else {
            report.note("videos skipped: needs ffmpeg (scripts/install-deps.sh installs it)")
            return
        }
        let marker = "photory bench 000000"
        let clip = folder("videos") + "/clip.mp4"
        guard Self.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-t", "5",
                                   "-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p",
                                   "-metadata", "title=\(marker)", clip]),
              let copies = Self.distinctCopies(of: clip, marker: marker, count: 40, into: folder("copies-mp4"), ext: "mp4") else {
            report.note("videos skipped: making the clip failed")
            return
        }
        importRates("1080p H.264 clips (5 s), \(copies.count) files: videos/s", copies, name: "videos", target: 20)
    }

    private func runRawImport() {
        guard let base = sources.max(by: { $0.size < $1.size }), Self.toolPath("convert") != nil else {
            report.note("raw files skipped: needs convert (scripts/install-deps.sh installs it)")
            return
        }
        let preview = folder("raw") + "/preview.jpg"
        guard Self.tool("convert", [base.path, "-auto-orient", "-resize", "4032x3024!", "-strip", "-quality", "90", preview]),
              let jpeg = try? FileBytes.read(preview) else {
            report.note("raw files skipped: making the preview failed")
            return
        }
        let marker = "photory bench 000000"
        var options = RawFixture.Options()
        (options.width, options.height) = (2016, 1512)
        options.preview = (4032, 3024)
        options.previewJPEG = Data(jpeg)
        options.thumbnail = (320, 240)   // the small JPEG cameras store beside the large preview
        options.description = marker
        let dng = folder("raw") + "/photo.dng"
        _ = FileManager.default.createFile(atPath: dng, contents: RawFixture.dng(options))
        guard let copies = Self.distinctCopies(of: dng, marker: marker, count: 60, into: folder("copies-dng"), ext: "dng") else {
            report.note("raw files skipped: the marker was not found")
            return
        }
        importRates("DNG 2016×1512, 4032×3024 preview + 320×240 thumbnail, \(copies.count) files: photos/s", copies, name: "raw", target: 100)
    }

    /// Imports `copies` three times and reports the median rate against `target`.
    private func importRates(_ what: String, _ copies: [String], name: String, target: Double) {
        var imported = 0, thumbnails = 0
        let rates = (0..<3).map { run -> Double in
            let result = importOnce(copies, name: "\(name)-\(run)")
            imported = result.library.photos.count
            thumbnails = result.library.photos.filter {
                if case .thumbnail? = result.store.entry(for: ThumbnailStore.Key(of: $0)) { return true }
                return false
            }.count
            return Double(copies.count) / (result.ms / 1000)
        }
        report.row(what, median: Measure.median(rates), worst: rates.min(), unit: "photos/s", target: .atLeast(target))
        report.note("\(imported) of \(copies.count) imported, \(thumbnails) with a grid thumbnail")
    }
}
