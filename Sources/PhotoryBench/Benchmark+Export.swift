import Foundation
import Library

extension Benchmark {
    /// Figure: export (issue 23): the photos the import section read, copied byte for byte into a
    /// folder, then scaled down to 1600 pixels and re-encoded (`PhotoExporter`, as `export` and `X` run it).
    func runExport() {
        report.section("Export (photory-tui export, X in the browser)")
        let photos = imported.photos.filter { !$0.missing }
        guard !photos.isEmpty else { return report.note("no photos imported") }
        let bytes = photos.reduce(Int64(0)) { $0 + $1.fileSize }
        for (label, options) in [("copy byte for byte", ExportOptions()), ("--max-size 1600 (decode, scale, encode)", ExportOptions(maxSize: 1600))] {
            var samples: [Double] = []
            for run in 0..<3 {
                let folder = temp + "/export-\(samples.count)-\(run)"
                samples.append(Measure.time { _ = PhotoExporter(options: options).run(photos, to: folder) })
                try? FileManager.default.removeItem(atPath: folder)
            }
            let seconds = Measure.median(samples) / 1000
            report.row("\(label): \(photos.count) photos, \(Int(Double(photos.count) / max(seconds, 1e-9))) photos/s, "
                       + String(format: "%.0f MB/s", Double(bytes) / 1_000_000 / max(seconds, 1e-9)),
                       median: Measure.median(samples), worst: samples.max(), unit: "ms")
        }
        report.note("3 runs each into a fresh folder on the temporary folder's disk (fsync'd, as every export)")
    }
}
