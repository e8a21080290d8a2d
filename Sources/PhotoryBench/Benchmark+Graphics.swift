import Foundation
import Library
import TUI

extension Benchmark {
    /// The cell size the graphics figures assume (a common 10×20-pixel font cell).
    static let benchCell = CellPixelSize(width: 10, height: 20)

    /// Figure: pixel images (sixel, kitty, iTerm2) — encoding time and bytes sent per detail frame
    /// and per screen of grid thumbnails (`graphics-grid`), as the preview workers make them.
    func runGraphics() {
        let photos = importedSources.map(\.photo)
        guard !photos.isEmpty else { return }
        let protocols: [GraphicsProtocol] = [.sixel, .kitty, .iterm2]
        report.section("Graphics: one detail frame per photo at 200×62 cells of \(Self.benchCell) px (\(photos.count) photos, \(Self.runsPerFile) runs each)")
        let maker = PreviewMaker(thumbnails: nil)
        for graphicsProtocol in protocols {
            var times: [[Double]] = [], sizes: [Double] = []
            for photo in photos {
                var state = graphicsState(PhotoLibrary(photos: [photo]), graphicsProtocol, grid: false, columns: 200, rows: 62)
                _ = state.update(.key(.enter))   // the group → its photo
                guard let request = state.wantedPreviews().first, request.key.pixels != nil else { continue }
                var bytes = 0
                times.append((0..<Self.runsPerFile).map { _ in
                    Measure.time {
                        if case let .image(image) = maker.make(request) { bytes = image.bytes.count }
                    }
                })
                sizes.append(Double(bytes))
            }
            let stats = Measure.perItem(times)
            report.row("\(graphicsProtocol.rawValue): read + decode + encode a detail frame", median: stats.median,
                       worst: stats.worst, unit: "ms")
            report.row("\(graphicsProtocol.rawValue): bytes sent per detail frame", median: Measure.median(sizes) / 1e6,
                       worst: sizes.max().map { $0 / 1e6 }, unit: "MB", decimals: 2)
        }
        fullFrameSixel(photos)
        gridScreens(photos, protocols: protocols)
    }

    /// The figure: a sixel of a whole 200×60-cell area (2000×1200 pixels), photo stretched to it.
    private func fullFrameSixel(_ photos: [Photo]) {
        guard let largest = photos.max(by: { $0.width * $0.height < $1.width * $1.height }),
              let image = try? PreviewImage.load(path: largest.path, minWidth: 2000, minHeight: 1200,
                                                 orientation: largest.orientation) else { return }
        let encoder = SixelEncoder(cellSize: Self.benchCell)
        var bytes = 0
        let times = (0..<Self.runsPerFile).map { _ in
            Measure.time {
                bytes = encoder.encode(pixels: image.pixels, width: image.width, height: image.height, columns: 200, rows: 60).count
            }
        }
        report.row("sixel: encode a 200×60-cell frame (2000×1200 px, decoded already)", median: Measure.median(times),
                   worst: times.max(), unit: "ms")
        report.row("sixel: bytes of that frame", median: Double(bytes) / 1e6, worst: nil, unit: "MB", decimals: 2)
    }

    /// Bytes for one screen of grid thumbnails with `graphics-grid = true`, at two terminal sizes.
    private func gridScreens(_ photos: [Photo], protocols: [GraphicsProtocol]) {
        let library = Self.oneGroup(photos, name: "Graphics bench")
        let maker = PreviewMaker(thumbnails: store)
        for (columns, rows) in [(80, 24), (200, 62)] {
            for graphicsProtocol in protocols {
                let state = graphicsState(library, graphicsProtocol, grid: true, columns: columns, rows: rows)
                let visible = state.wantedPreviews().prefix(state.visiblePreviewCount)
                var bytes = 0, tiles = 0
                let time = Measure.time {
                    for request in visible {
                        if case let .image(image) = maker.make(request) {
                            bytes += image.bytes.count
                            tiles += 1
                        }
                    }
                }
                report.row("\(graphicsProtocol.rawValue): grid screen at \(columns)×\(rows), \(tiles) thumbnails — bytes",
                           median: Double(bytes) / 1e3, worst: nil, unit: "KB")
                report.row("\(graphicsProtocol.rawValue): … and the time to make them (one thread)", median: time,
                           worst: nil, unit: "ms")
            }
        }
    }

    /// A state showing `library`'s one group with pixel images in `graphicsProtocol`.
    private func graphicsState(_ library: PhotoLibrary, _ graphicsProtocol: GraphicsProtocol, grid: Bool,
                               columns: Int, rows: Int) -> AppState {
        var state = AppState(library: library, columns: columns, rows: rows, colorMode: .truecolor,
                             startFolder: temp, homeFolder: temp,
                             graphics: GraphicsSettings(graphicsProtocol: graphicsProtocol, cellSize: Self.benchCell, grid: grid))
        _ = state.update(.key(.enter))   // home → the group
        return state
    }
}
