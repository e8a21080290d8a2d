import Foundation
import Library
import TUI

extension Benchmark {
    /// Feed items of the web figures.
    static let webFeedItems = 300

    /// Figure 10: photos from the web, against a server in this process on 127.0.0.1. Feed
    /// import takes the thumbnails only (what fills the grids); the original of one photo is
    /// downloaded and read as the detail view does before its first frame.
    func runWeb() throws {
        let count = Self.webFeedItems
        report.section("10. Web: feed of \(count) photos with thumbnails, originals on demand (server in-process, 127.0.0.1)")
        var files: [String: [UInt8]] = [:]
        var items: [[String: Any]] = []
        for index in 0..<count {
            files["/thumb/\(index).jpg"] = try Self.syntheticJPEG(width: 160, height: 120, seed: index)
            items.append(["id": index, "albumId": index / 50, "title": "album \(index % 20)",
                          "url": "/img/\(index).jpg", "thumbnailUrl": "/thumb/\(index).jpg"])
        }
        files["/feed.json"] = Array(try JSONSerialization.data(withJSONObject: items))
        // The original: the largest photo of the set, or a synthetic 12 MP one without photos.
        let original = try sources.max { $0.size < $1.size }.map { Array($0.data) }
            ?? Self.syntheticJPEG(width: 4000, height: 3000, seed: 1)
        let originalRuns = 7
        for run in 0..<originalRuns { files["/img/original-\(run).jpg"] = original }
        let server = try BenchWebServer(files: files)
        defer { server.stop() }
        let fetcher = CurlFetcher(options: .init(userAgent: "photory-tui/bench"))

        var rates: [Double] = [], bytes: Int64 = 0
        var imported: (library: PhotoLibrary, thumbnails: ThumbnailStore)?
        for run in 0..<5 {
            let root = folder("web/import-\(run)")
            let importer = WebImporter(fetcher: fetcher, downloads: DownloadFolder(root: root + "/downloads"),
                                       thumbnails: ThumbnailStore(folder: root + "/thumbnails"))
            var library = PhotoLibrary()
            var records = WebFeedRecords()
            var summary = ImportSummary()
            let received = LastBytes()
            let elapsed = Measure.time {
                summary = importer.run([server.url("/feed.json")], into: &library, records: &records,
                                       progress: { received.set($0.bytesDone) })
            }
            guard summary.count(.imported) == count else {
                throw Failure(description: "web import: \(summary.line); \(summary.problems.first?.reason ?? "")")
            }
            rates.append(Double(count) / (elapsed / 1000))
            bytes = received.value
            imported = (library, ThumbnailStore(folder: root + "/thumbnails"))
        }
        report.row("feed import, thumbnails only → photos/s", median: Measure.median(rates), worst: rates.min(),
                   unit: "photos/s", target: .atLeast(100))
        report.note("\(count) thumbnails of 160×120, \(TransferRate.format(bytes: bytes)) received a run; "
                    + "\(WebImporter(fetcher: fetcher, downloads: DownloadFolder(root: temp)).workers) downloads at once")

        if let imported { try firstFrameOfNotDownloaded(imported.library, thumbnails: imported.thumbnails) }

        let root = folder("web/originals")
        let downloader = OriginalDownloader(fetcher: fetcher, downloads: DownloadFolder(root: root + "/downloads"),
                                            thumbnails: ThumbnailStore(folder: root + "/thumbnails"))
        let maker = WebImporter(fetcher: fetcher, downloads: DownloadFolder(root: root + "/downloads"))
        var times: [Double] = []
        for run in 0..<originalRuns {
            let photo = maker.lazyPhoto(WebFeed.Item(url: URL(string: server.url("/img/original-\(run).jpg"))!),
                                        feedURL: nil, at: Date().timeIntervalSince1970)
            var downloaded: Photo?
            times.append(try Measure.time { downloaded = try downloader.download(photo, cancellation: nil) { _ in } })
            guard downloaded?.isDownloaded == true else { throw Failure(description: "web: the original did not download") }
        }
        report.row("open a photo not downloaded: download + read its original", median: Measure.median(times),
                   worst: times.max(), unit: "ms", target: .below(500))
        report.note("original of \(TransferRate.format(bytes: Int64(original.count))): fetch, atomic write, read "
                    + "(fingerprint, metadata), grid thumbnail; the detail view then makes its preview (figure 4)")
    }

    /// The photo view's first frame for a photo whose original is not downloaded: its thumbnail
    /// stands in (made into character art at the photo view's size) while the original comes.
    private func firstFrameOfNotDownloaded(_ library: PhotoLibrary, thumbnails: ThumbnailStore) throws {
        let maker = PreviewMaker(thumbnails: thumbnails)
        let terminal = try Terminal(headlessColumns: 200, rows: 62, colorModeOverride: .truecolor)
        defer { terminal.restore() }
        var times: [Double] = []
        for index in 0..<7 {
            var state = AppState(library: library, columns: 200, rows: 62, colorMode: .truecolor,
                                 startFolder: temp, homeFolder: temp)
            _ = state.update(.key(.enter))                      // the first group
            for _ in 0..<index { _ = state.update(.key(.right)) }
            times.append(Measure.time {
                _ = state.update(.key(.enter))                  // the photo view: the download is asked for
                if let request = state.wantedPreviews().first {
                    _ = state.update(.previewReady(request.key, maker.make(request)))
                }
                terminal.draw(AppView.render(state))
            })
        }
        report.row("open a photo not downloaded: first frame (its thumbnail stands in)", median: Measure.median(times),
                   worst: times.max(), unit: "ms", target: .below(120))
        report.note("key → thumbnail made into character art at 200×62 → drawn (the target of a downloaded photo's cold first frame, figure 4); the download runs meanwhile")
    }

    /// A JPEG of soft gradients and a little noise, about as compressible as a photo.
    static func syntheticJPEG(width: Int, height: Int, seed: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var noise = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 | 1)
        for y in 0..<height {
            for x in 0..<width {
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let offset = (y * width + x) * 4
                let grain = Int(noise & 15)
                pixels[offset] = UInt8(truncatingIfNeeded: x * 255 / max(1, width) + seed * 37 + grain)
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 255 / max(1, height) + grain)
                pixels[offset + 2] = UInt8(truncatingIfNeeded: (x + y) * 128 / max(1, width + height) + seed * 11 + grain)
            }
        }
        return try JPEGEncoder.encode(DecodedImage(width: width, height: height, pixels: pixels), quality: 90)
    }
}

/// The latest byte count a progress stream reported.
private final class LastBytes: Sendable {
    private let bytes = Locked<Int64>(0)

    var value: Int64 { bytes.withLock { $0 } }

    func set(_ value: Int64) { bytes.withLock { $0 = max($0, value) } }
}
