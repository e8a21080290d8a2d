import Library
import Testing
@testable import TUI

@Suite struct MapViewTests {
    static let rio = GPSPosition(latitude: -22.9068, longitude: -43.1729)
    static let tokyo = GPSPosition(latitude: 35.6762, longitude: 139.6503)
    static let lisbon = GPSPosition(latitude: 38.7223, longitude: -9.1393)

    /// The map below a title row and above a status row, as a screen would place it.
    private func mapRect(_ size: ScreenSize) -> Rect {
        Rect(x: 0, y: 1, width: size.columns, height: size.rows - 2)
    }

    private func render(_ size: ScreenSize, viewport: MapViewport, pins: [MapPin]) throws -> CellGrid {
        var grid = CellGrid(width: size.columns, height: size.rows)
        grid.put("Map", x: 0, y: 0, style: Theme.title)
        MapView.render(into: &grid, rect: mapRect(size), viewport: viewport, pins: pins,
                       outline: try WorldOutline.shared())
        return grid
    }

    static let sizes = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60)]

    @Test(arguments: sizes)
    func worldMapPinsRioWhereItIs(_ size: ScreenSize) throws {
        let pins = [MapPin(Self.rio, emphasis: .main, label: "near Rio de Janeiro, BR"),
                    MapPin(Self.tokyo), MapPin(Self.lisbon)]
        let grid = try render(size, viewport: .world, pins: pins)
        // Hand-computed: the world fits 160×88 dots (80×24) or 400×232 dots (200×60).
        let expected = size.columns == 80 ? (x: 30, y: 14) : (x: 76, y: 36)
        #expect(grid[expected.x, expected.y].text == "●")
        #expect(grid[expected.x, expected.y].style == MapView.Styles.standard.mainPin)
        let tokyo = try #require(MapViewport.world.cell(for: Self.tokyo, in: mapRect(size)))
        #expect(grid[tokyo.x, tokyo.y].text == "•")
        #expect(grid.text().filter { $0 == "●" }.count == 1)
        // Land: plenty of braille, and the caption with the scale and the main pin.
        #expect(grid.cells.filter { $0.text.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false }.count
                > size.columns * size.rows / 20)
        let bottom = grid.lines()[size.rows - 2]
        #expect(bottom.hasPrefix(" ×1 · 1 cell ≈ "))
        #expect(bottom.hasSuffix("near Rio de Janeiro, BR  22°54'24.5\"S 43°10'22.4\"W"))
        assertSnapshot(grid, named: "mapWorld.\(size.name)")
    }

    @Test(arguments: sizes)
    func zoomedMapKeepsThePinInTheMiddle(_ size: ScreenSize) throws {
        let viewport = MapViewport(centredOn: Self.rio, zoom: 5)
        let grid = try render(size, viewport: viewport, pins: [MapPin(Self.rio, emphasis: .main), MapPin(Self.lisbon)])
        let rect = mapRect(size)
        let cell = try #require(viewport.cell(for: Self.rio, in: rect))
        #expect(cell.x == rect.width / 2 && cell.y == rect.y + rect.height / 2)
        #expect(grid[cell.x, cell.y].text == "●")
        #expect(!grid.text().contains("•"))   // Lisbon is far outside the view and not drawn
        assertSnapshot(grid, named: "mapRio.\(size.name)")
    }

    @Test func mainPinOutsideTheViewIsAnArrowOnTheEdge() throws {
        let size = ScreenSize(columns: 80, rows: 24)
        let viewport = MapViewport(centredOn: Self.lisbon, zoom: 4)
        let grid = try render(size, viewport: viewport, pins: [MapPin(Self.rio, emphasis: .main)])
        #expect(!grid.text().contains("●"))
        let arrows = (0..<grid.height).flatMap { y in (0..<grid.width).map { (x: $0, y: y) } }
            .filter { grid[$0.x, $0.y].text == "↙" }
        #expect(arrows.count == 1)
        #expect(arrows.first.map { $0.x == 0 || $0.y == 21 } == true)   // on the left or bottom edge
    }

    @Test func panningAndZoomingAreClamped() {
        let area = Rect(x: 0, y: 1, width: 80, height: 22)
        var viewport = MapViewport.world
        #expect(viewport.zoomed(in: false) == viewport)
        for _ in 0..<20 { viewport = viewport.zoomed(in: true) }
        #expect(viewport.zoom == MapViewport.maxZoom)

        // Panning north stops where the top of the view reaches the pole.
        var north = MapViewport(latitude: 0, longitude: 0, zoom: 2)
        for _ in 0..<100 { north = north.panned(dx: 0, dy: -5, in: area) }
        let halfHeight = Double(area.height * 4) / 2 / north.dotsPerDegree(in: area)
        #expect(abs(north.latitude + halfHeight - 90) < 1e-9)
        // The whole world is taller than its view at zoom 0: the centre stays on the equator.
        #expect(MapViewport.world.panned(dx: 0, dy: -10, in: area).latitude == 0)

        // Panning east wraps across the date line; 8 cells at zoom 1 on 80 columns is 18°.
        let east = MapViewport(latitude: 0, longitude: 175, zoom: 1).panned(dx: 8, dy: 0, in: area)
        #expect(abs(east.longitude - -167) < 1e-9)
        #expect(MapViewport(latitude: 200, longitude: 540, zoom: -3) == MapViewport(latitude: 90, longitude: 180, zoom: 0))
    }

    @Test func scaleLabelReadsLikeADistance() {
        #expect(MapView.distance(1234) == "1230 km")
        #expect(MapView.distance(42.4) == "42 km")
        #expect(MapView.distance(2.46) == "2.5 km")
        #expect(MapView.distance(0.8) == "800 m")
        let area = Rect(x: 0, y: 0, width: 80, height: 22)
        // 360° over 160 dots at the equator: 2.25° a dot, 4.5° a cell ≈ 500 km.
        #expect(abs(MapViewport.world.kilometresPerCell(in: area) - 500.4) < 1)
    }

    @Test func hostileLabelIsCleaned() throws {
        var grid = CellGrid(width: 80, height: 24)
        MapView.render(into: &grid, rect: grid.bounds, viewport: .world,
                       pins: [MapPin(Self.rio, emphasis: .main, label: "evil\u{1B}[2Jname\u{7}")], outline: nil)
        assertWellFormed(grid)
        #expect(grid.lines()[23].contains("evilname"))
        #expect(!grid.text().contains("\u{1B}"))
    }

    @Test func invalidPinsAndTinyAreasAreSkipped() {
        var grid = CellGrid(width: 80, height: 24)
        let nowhere = GPSPosition(latitude: .nan, longitude: .infinity)
        MapView.render(into: &grid, rect: grid.bounds, viewport: .world,
                       pins: [MapPin(nowhere, emphasis: .main), MapPin(nowhere)], outline: nil)
        #expect(!grid.text().contains("●") && !grid.text().contains("•"))
        #expect(grid.lines()[23].hasPrefix(" ×1"))
        var tiny = CellGrid(width: 3, height: 1)
        MapView.render(into: &tiny, rect: Rect(x: 1, y: 0, width: 5, height: 3), viewport: .world,
                       pins: [MapPin(Self.rio, emphasis: .main)], outline: nil)
        assertWellFormed(tiny)
        MapView.render(into: &tiny, rect: Rect(x: 0, y: 0, width: 0, height: 0), viewport: .world, pins: [], outline: nil)
    }
}
