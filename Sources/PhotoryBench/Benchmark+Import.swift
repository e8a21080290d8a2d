import Foundation
import Library

extension Benchmark {
    /// Figure 1: `Importer(thumbnails:)` into a fresh library file and a fresh thumbnail store.
    func runImport() {
        report.section("1. Import with previews (Importer.run(_:store:) → fresh library file + thumbnail store)")
        var runs: [(ms: Double, library: PhotoLibrary, store: ThumbnailStore)] = []
        for run in 0..<3 { runs.append(importOnce(sources.map(\.path), name: "import-\(run)")) }
        let totalBytes = Double(sources.reduce(0) { $0 + $1.size })
        let rates = runs.map { Double(sources.count) / ($0.ms / 1000) }
        let megabytes = runs.map { totalBytes / 1e6 / ($0.ms / 1000) }
        report.row("all \(sources.count) files, 3 runs: photos/s (worst = slowest run)",
                   median: Measure.median(rates), worst: rates.min(), unit: "photos/s")
        report.row("all files: MB/s", median: Measure.median(megabytes), worst: megabytes.min(), unit: "MB/s")
        importPhotosPerSecond = Measure.median(rates)
        imported = runs.last!.library
        store = runs.last!.store

        // Split: would the store take the embedded thumbnail (the test PreviewImage makes)?
        var embedded: [String] = [], decoded: [String] = [], failed: [String] = []
        for source in sources {
            guard let photo = imported.photo(path: source.path) else { failed.append(source.path); continue }
            let usable = source.data.withUnsafeBytes {
                PreviewImage.usableEmbeddedThumbnail(in: $0, minWidth: ThumbnailStore.maxSide,
                                                     minHeight: ThumbnailStore.maxSide,
                                                     orientation: photo.orientation, fitting: true) != nil
            }
            if usable { embedded.append(source.path) } else { decoded.append(source.path) }
        }
        for (name, subset, target) in [("with a usable embedded thumbnail", embedded, 150.0),
                                       ("without (DCT-scaled decode)", decoded, 45.0)] {
            guard !subset.isEmpty else { report.note("no files \(name)"); continue }
            let subsetRates = (0..<3).map { run in
                Double(subset.count) / (importOnce(subset, name: "subset-\(subset.count)-\(run)").ms / 1000)
            }
            report.row("\(subset.count) files \(name): photos/s", median: Measure.median(subsetRates),
                       worst: subsetRates.min(), unit: "photos/s", target: .atLeast(target))
        }
        report.note("the split uses the store's test: embedded thumbnail ≥ the photo fitted in "
                    + "\(ThumbnailStore.maxSide)×\(ThumbnailStore.maxSide) and the same shape "
                    + "(PreviewImage.usableEmbeddedThumbnail, fitting: true)")
        if !failed.isEmpty { report.note("\(failed.count) files not imported (not decodable as photos): in neither subset") }
    }

    func importOnce(_ paths: [String], name: String) -> (ms: Double, library: PhotoLibrary, store: ThumbnailStore) {
        let thumbnails = ThumbnailStore(folder: folder(name + "/thumbnails"))
        let libraryStore = LibraryStore(path: folder(name) + "/library.json")
        var library = PhotoLibrary()
        let ms = Measure.time {
            if let result = try? Importer(thumbnails: thumbnails).run(paths, store: libraryStore) {
                library = result.library
            }
        }
        return (ms, library, thumbnails)
    }
}
