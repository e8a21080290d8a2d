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
        runRescan()
    }

    /// Most files the rescan figure writes (small JPEGs: 100,000 take about 400 MB of disk).
    static let rescanMaxFiles = 100_000

    /// Figure 1b: an unchanged rescan, `photory-tui import FOLDER` of a folder already imported
    /// (`--library-size` files, at most `rescanMaxFiles`), timed from spawn to exit in a child
    /// process, as a user waits for it. The files are small (a rescan reads none of them again;
    /// the first import, in memory, is quick), 1,000 to a folder. `PHOTORY_BENCH_RESCAN_ALSO`
    /// names another build to time on the same files afterwards (an older one, to compare).
    func runRescan() {
        let count = min(librarySize, Self.rescanMaxFiles)
        report.section("1b. Unchanged rescan: `photory-tui import` of \(count) files already imported (child process, 3 runs)")
        var pixels: [UInt8] = []
        for index in 0..<16 * 12 { pixels += [UInt8(index), UInt8(index * 3 % 256), UInt8(255 - index), 255] }
        guard let jpeg = try? JPEGEncoder.encode(DecodedImage(width: 16, height: 12, pixels: pixels)) else {
            report.note("cannot encode the rescan's JPEG")
            return
        }
        let root = folder("rescan")
        let files = folder("rescan/files")
        // Distinct files: the JPEG and the file's number after its end.
        let writeMs = Measure.time {
            for index in 0..<count {
                let sub = files + String(format: "/d%03d", index / 1000)
                if index % 1000 == 0 { mkdir(sub, 0o755) }
                let fd = open(sub + String(format: "/p%07d.jpg", index), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard fd >= 0 else { continue }
                var number = UInt64(index).littleEndian
                _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                _ = withUnsafeBytes(of: &number) { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
        }
        var library = PhotoLibrary()
        let importMs = Measure.time { _ = Importer().run([files], into: &library) }
        let path = root + "/library.json"
        do {
            try LibraryStore(path: path).save(library)
        } catch {
            report.note("cannot save the library: \(error)")
            return
        }
        report.note("\(count) JPEGs of 16×12 pixels (\(jpeg.count + 8) bytes each) written in \(String(format: "%.1f", writeMs / 1000)) s, imported in memory in "
                    + "\(String(format: "%.1f", importMs / 1000)) s and saved whole; the rescan's output goes to /dev/null")
        let before = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder("rescan/data")
        environment["XDG_CACHE_HOME"] = folder("rescan/cache")
        // PHOTORY_BENCH_RESCAN_ALSO names another build to time on the same files (an older one, to compare).
        let other = environment["PHOTORY_BENCH_RESCAN_ALSO"].flatMap { $0.isEmpty ? nil : $0 }
        for program in [executable] + (other.map { [$0] } ?? []) {
            var wall: [Double] = []
            for _ in 0..<3 {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: program)
                process.arguments = ["import", files, "--library", path]
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                process.standardInput = FileHandle.nullDevice
                let started = Measure.now()
                do { try process.run() } catch {
                    report.note("cannot run \(program): \(error)")
                    return
                }
                process.waitUntilExit()
                wall.append(Measure.now() - started)
                guard process.terminationStatus == 0 else {
                    report.note("the rescan by \(program) failed (status \(process.terminationStatus))")
                    return
                }
            }
            let what = program == executable ? "unchanged rescan of \(count) files, spawn → exit" : "  the same by \(program)"
            report.row(what, median: Measure.median(wall) / 1000, worst: wall.max().map { $0 / 1000 }, unit: "s",
                       target: program == executable && count == Self.rescanMaxFiles ? .below(2) : nil, decimals: 2)
            if program == executable {
                let after = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
                report.note(after == before ? "the library file was not written" : "the library file was written again")
            }
        }
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
