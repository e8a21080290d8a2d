import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure 8, videos played in the photo view: frames decoded, scaled (swscale) and rendered
    /// by chafa per second at 80×24 and 200×60 cells for a 1080p H.264 clip of ffmpeg's moving
    /// test pattern (no frame dropped: the player's best rate), and the time to the first frame
    /// when a video's photo view opens (its poster at 10%, decoded and rendered) and when `p`
    /// plays it (the first frame from the start).
    func runVideoPlayback() {
        guard Self.toolPath("ffmpeg") != nil else {
            report.note("video playing skipped: needs ffmpeg")
            return
        }
        let clip = folder("play") + "/clip1080.mp4"
        guard Self.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=1920x1080:rate=30", "-t", "4",
                                   "-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p", clip]) else {
            report.note("video playing skipped: making the clip failed")
            return
        }
        let source = VideoSource(path: clip)
        for (columns, rows) in [(80, 24), (200, 60)] {
            // The photo view's image area: the screen less the title, status and hint lines.
            let key = PreviewKey(photoID: "bench", columns: columns, rows: min(rows - 3, columns * 9 / 32),
                                 colorMode: .truecolor)
            let rates = (0..<3).compactMap { _ -> Double? in
                guard let decoder = try? VideoDecoder(source, threads: 1) else { return nil }
                var frames = 0
                let ms = Measure.time {
                    while frames < 60, (try? decoder.advance()).flatMap({ $0 }) != nil,
                          (try? decoder.rendered(as: key)) != nil {
                        frames += 1
                    }
                }
                return Double(frames) / (ms / 1000)
            }
            report.row("1080p H.264, decode + scale + chafa at \(columns)×\(rows): frames/s", median: Measure.median(rates),
                       worst: rates.min(), unit: "frames/s", target: .atLeast(25))
            let posters = (0..<5).map { _ in
                Measure.time {
                    guard let image = try? PreviewImage.load(path: clip, minWidth: key.columns * 4, minHeight: key.rows * 8,
                                                             orientation: 1) else { return }
                    _ = ChafaRenderer(colorMode: .truecolor).render(pixels: image.pixels, width: image.width, height: image.height,
                                                                    columns: key.columns, rows: key.rows)
                }
            }
            report.row("opening a 1080p video's photo view at \(columns)×\(rows): poster on screen", median: Measure.median(posters),
                       worst: posters.max(), unit: "ms", target: .below(150))
            let firstFrames = (0..<5).map { _ in
                Measure.time {
                    guard let decoder = try? VideoDecoder(source, threads: 1), (try? decoder.advance()) != nil else { return }
                    _ = try? decoder.rendered(as: key)
                }
            }
            report.row("playing it (p) at \(columns)×\(rows): first frame", median: Measure.median(firstFrames),
                       worst: firstFrames.max(), unit: "ms", target: .below(150))
        }
    }

    /// Figure 8, the webcam preview (issue 25): frames of the fake webcam (640×480 colour bars,
    /// given as fast as asked: the device's own pace left out) fitted and rendered by chafa per
    /// second, as the preview shows them, at 80×24 and 200×60.
    func runWebcamPreview() {
        for (columns, rows) in [(80, 24), (200, 60)] {
            let request = WebcamRequest(generation: 1, device: nil, maxColumns: columns, maxRows: rows - 3,
                                        colorMode: .truecolor, pixels: nil)
            let rates = (0..<3).map { _ -> Double in
                let source = TestPatternWebcam(width: 640, height: 480)
                var frames = 0
                let ms = Measure.time {
                    while frames < 30, let frame = try? source.frame() {
                        _ = request.rendered(frame)
                        frames += 1
                    }
                }
                return Double(frames) / (ms / 1000)
            }
            report.row("webcam preview 640×480, RGB → fit + chafa at \(columns)×\(rows): frames/s", median: Measure.median(rates),
                       worst: rates.min(), unit: "frames/s", target: .atLeast(10))
        }
    }
}
