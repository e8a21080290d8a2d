import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure 8: the place table and the map (issue 9's Location and Map).
    func runGeo() throws {
        report.section("8. Places and map: load the shipped files, nearest place, search as typed, world map")
        var loads: [Double] = []
        var table: PlaceTable?
        for _ in 0..<15 { loads.append(try Measure.time { table = try PlaceTable(folder: GeoResources.folder) }) }
        guard let table else { return }
        report.row("PlaceTable load (\(table.places.count) places, 1.3 MB TSV)", median: Measure.median(loads),
                   worst: loads.max(), unit: "ms", target: .below(50))
        let outlineLoads = try (0..<15).map { _ in try Measure.time { _ = try WorldOutline(folder: GeoResources.folder) } }
        report.row("WorldOutline load", median: Measure.median(outlineLoads), worst: outlineLoads.max(), unit: "ms")

        var random = SeededRandom(seed: 9)
        let points = (0..<10_000).map { _ in
            GPSPosition(latitude: Double(random.next() % 130_000) / 1000 - 60,
                        longitude: Double(random.next() % 360_000) / 1000 - 180)
        }
        var found = 0
        let nearest = (0..<5).map { _ in
            Measure.time {
                found = 0
                for point in points where table.nearest(to: point) != nil { found += 1 }
            } * 1000 / Double(points.count)
        }
        report.row("nearest(to:within: 100 km), per query", median: Measure.median(nearest), worst: nearest.max(),
                   unit: "µs", target: .below(100))
        report.note("\(found) of \(points.count) random land-or-sea points have a place within 100 km")

        var perKey: [Double] = []
        for query in ["r", "ri", "rio", "rio ", "rio d", "s", "sa", "sao", "sao p", "zzz", "paris, us", "london, united"] {
            let runs = (0..<11).map { _ in Measure.time { _ = table.search(query) } }
            perKey.append(Measure.median(runs))
        }
        report.row("search(_:) one keystroke (12 queries typed)", median: Measure.median(perKey), worst: perKey.max(),
                   unit: "ms", target: .below(16))

        let outline = try WorldOutline.shared()
        let pins = points.prefix(200).map { MapPin($0) } + [MapPin(points[0], emphasis: .main)]
        for (columns, rows, zoom) in [(80, 24, 0), (200, 60, 0), (200, 60, 5)] {
            let viewport = MapViewport(centredOn: points[0], zoom: zoom)
            let runs = (0..<21).map { _ in
                Measure.time {
                    var grid = CellGrid(width: columns, height: rows)
                    MapView.render(into: &grid, rect: grid.bounds, viewport: viewport, pins: pins, outline: outline)
                }
            }
            report.row("MapView.render \(columns)×\(rows), zoom \(zoom), 201 pins", median: Measure.median(runs),
                       worst: runs.max(), unit: "ms", target: .below(16))
        }
    }
}
