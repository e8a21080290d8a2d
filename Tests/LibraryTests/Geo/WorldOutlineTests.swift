import Fixtures
import Foundation
import Testing
@testable import Library

@Suite struct WorldOutlineTests {
    @Test func shippedOutlineLoadsWithSaneShapes() throws {
        let outline = try WorldOutline.shared()
        let coasts = outline.polylines.filter { $0.kind == .coastline }
        let borders = outline.polylines.filter { $0.kind == .border }
        #expect((100...300).contains(coasts.count))
        #expect(borders.count > 100)
        let points = outline.polylines.reduce(0) { $0 + $1.count }
        #expect((5_000...20_000).contains(points))
        for line in outline.polylines {
            #expect(line.count >= 2)
            #expect(line.longitudes.allSatisfy { abs($0) <= 180 } && line.latitudes.allSatisfy { abs($0) <= 90 })
        }
        // Land reaches the far south (Antarctica) and the far north (Greenland, Svalbard).
        #expect(coasts.flatMap(\.latitudes).min()! < -80)
        #expect(coasts.flatMap(\.latitudes).max()! > 80)
    }

    @Test func rejectsBrokenFilesWithTheirPath() throws {
        var bytes = Array("PHWO".utf8) + [1, 0, 0, 0, 1, 0, 0, 0]   // one polyline…
        bytes += [0, 0, 2, 0, 0x10, 0x27]                            // …cut short
        #expect(throws: GeoDataError.malformed(what: "world outline", path: "w.bin", reason: "polyline 0 is cut short")) {
            try WorldOutline(data: Data(bytes), path: "w.bin")
        }
        #expect(throws: GeoDataError.self) { try WorldOutline(data: Data("nope".utf8), path: "w.bin") }
        let single = Array("PHWO".utf8) + [1, 0, 0, 0, 1, 0, 0, 0] + [0, 0, 1, 0, 0x10, 0x27, 0x10, 0x27]
        #expect(throws: GeoDataError.malformed(what: "world outline", path: "w.bin",
                                               reason: "polyline 0 has 1 points, fewer than 2")) {
            try WorldOutline(data: Data(single), path: "w.bin")
        }
        let folder = TemporaryFolder()
        #expect(throws: GeoDataError.notFound(what: "world outline", path: folder.path + "/world.bin")) {
            try WorldOutline(folder: folder.path)
        }
    }
}
