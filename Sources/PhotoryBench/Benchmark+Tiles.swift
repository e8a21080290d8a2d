import Foundation
import Library
import TUI

extension Benchmark {
    /// Photos imported, with their file bytes, by path.
    var importedSources: [(photo: Photo, source: Source)] {
        sources.compactMap { source in imported.photo(path: source.path).map { ($0, source) } }
    }

    /// The cells a tile of at most `columns`×`rows` gets for `photo` (as `PhotoTile` sizes it),
    /// and the pixels asked for (as `PreviewMaker`: 4×8 per cell).
    static func tileSize(_ photo: Photo, _ columns: Int, _ rows: Int) -> (cols: Int, rows: Int, width: Int, height: Int) {
        let size = photo.displaySize
        let fitted = ChafaRenderer.fittedCellSize(imageWidth: size.width, imageHeight: size.height,
                                                  maxCols: columns, maxRows: rows)
        return (fitted.cols, fitted.rows, fitted.cols * 4, fitted.rows * 8)
    }

    /// Figure 2: one grid tile per file, three ways.
    func runTiles() {
        let renderer = ChafaRenderer(colorMode: .truecolor)
        let photos = importedSources
        for (columns, rows) in [(25, 8), (40, 15)] {
            report.section("2. Grid tile \(columns)×\(rows) cells, per file (\(Self.runsPerFile) runs each, truecolor)")
            var fromStore: [[Double]] = [], fromEmbedded: [[Double]] = [], fromDecode: [[Double]] = []
            for (photo, source) in photos {
                let size = Self.tileSize(photo, columns, rows)
                let swaps = (5...8).contains(photo.orientation)
                let stored = swaps ? (size.height, size.width) : (size.width, size.height)
                // (a) the disk store: read + decode the stored thumbnail, render.
                if let key = ThumbnailStore.Key.current(photoID: photo.id, path: photo.path),
                   case .thumbnail? = store.entry(for: key) {
                    fromStore.append((0..<Self.runsPerFile).map { _ in
                        Measure.time {
                            if case let .thumbnail(image)? = store.entry(for: key) {
                                _ = renderer.render(pixels: image.pixels, width: image.width, height: image.height,
                                                    columns: size.cols, rows: size.rows)
                            }
                        }
                    })
                }
                source.data.withUnsafeBytes { raw in
                    // (b) the embedded thumbnail (when PreviewImage would use it): metadata + decode + render.
                    if PreviewImage.usableEmbeddedThumbnail(in: raw, minWidth: size.width, minHeight: size.height,
                                                            orientation: photo.fileOrientation) != nil {
                        fromEmbedded.append((0..<Self.runsPerFile).map { _ in
                            Measure.time {
                                if let image = try? PreviewImage.make(from: raw, minWidth: size.width, minHeight: size.height,
                                                                      orientation: photo.fileOrientation) {
                                    _ = renderer.render(pixels: image.pixels, width: image.width, height: image.height,
                                                        columns: size.cols, rows: size.rows)
                                }
                            }
                        })
                    }
                    // (c) a DCT-scaled decode of the photo + render.
                    if (try? JPEGDecoder.header(raw)) != nil {
                        fromDecode.append((0..<Self.runsPerFile).map { _ in
                            Measure.time {
                                if let image = try? JPEGDecoder.decode(raw, atLeast: stored.0, stored.1,
                                                                       orientation: photo.fileOrientation, fast: true) {
                                    _ = renderer.render(pixels: image.pixels, width: image.width, height: image.height,
                                                        columns: size.cols, rows: size.rows)
                                }
                            }
                        })
                    }
                }
            }
            for (what, runs) in [("(a) disk store: entry(for:) + chafa (\(fromStore.count) files)", fromStore),
                                 ("(b) embedded thumbnail: decode + chafa (\(fromEmbedded.count) files)", fromEmbedded),
                                 ("(c) DCT-scaled decode + chafa (\(fromDecode.count) files)", fromDecode)] {
                let stats = Measure.perItem(runs)
                report.row(what, median: stats.median, worst: stats.worst, unit: "ms")
            }
        }
        report.note("(b) counts only files whose embedded thumbnail covers the tile's pixels (4×8 per cell) "
                    + "with the photo's shape; bytes already in memory for (b) and (c)")
    }

    /// Figure 3: the chafa command line against our store-miss tile at 40×15.
    func runChafaComparison() {
        report.section("3. chafa CLI vs ours, one 40×15 tile per file (\(Self.runsPerFile) runs each)")
        guard let chafa = Self.which("chafa") else {
            report.note("chafa is not on PATH: skipped")
            return
        }
        let renderer = ChafaRenderer(colorMode: .truecolor)
        let scratch = ThumbnailStore(folder: folder("chafa-compare/thumbnails"))
        var cli: [[Double]] = [], ours: [[Double]] = []
        for (photo, source) in importedSources {
            cli.append((0..<Self.runsPerFile).map { _ in
                Measure.time { Self.runQuietly(chafa, ["-s", "40x15", "--animate", "off", source.path]) }
            })
            let size = Self.tileSize(photo, 40, 15)
            let key = ThumbnailStore.Key(photoID: photo.id, fileSize: photo.fileSize, fileModified: photo.fileModified)
            ours.append((0..<Self.runsPerFile).map { _ in
                Measure.time {
                    guard let data = FileManager.default.contents(atPath: source.path) else { return }
                    let entry = data.withUnsafeBytes { scratch.make(key, from: $0, orientation: photo.fileOrientation) }
                    if case let .thumbnail(image) = entry {
                        _ = renderer.render(pixels: image.pixels, width: image.width, height: image.height,
                                            columns: size.cols, rows: size.rows)
                    }
                }
            })
        }
        let cliStats = Measure.perItem(cli), ourStats = Measure.perItem(ours)
        report.row("chafa -s 40x15 --animate off FILE > /dev/null", median: cliStats.median, worst: cliStats.worst, unit: "ms")
        report.row("ours: read + ThumbnailStore.make + chafa 40×15", median: ourStats.median, worst: ourStats.worst, unit: "ms")
        let ratios = zip(cli, ours).map { Measure.median($0) / Measure.median($1) }
        report.row("ratio chafa CLI / ours, one tile alone (per file; worst = lowest)", median: Measure.median(ratios),
                   worst: ratios.min(), unit: "×", decimals: 1)
        if let rate = importPhotosPerSecond {
            // The measure: a photo imported with its preview (all cores, as import runs)
            // against one chafa CLI run per photo.
            report.row("ratio chafa CLI per photo / import with previews per photo", median: cliStats.median / (1000 / rate),
                       worst: nil, unit: "×", target: .atLeast(8), decimals: 1)
        }
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Runs a program with stdout and stderr to /dev/null and waits for it.
    @discardableResult
    static func runQuietly(_ program: String, _ arguments: [String], environment: [String: String]? = nil) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if let environment { process.environment = environment }
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
