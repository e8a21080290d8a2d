import Foundation
import Library

/// The world map: land outlines in braille dots, pins for photos, and the scale and the main
/// pin's coordinates along the bottom row. Pure drawing into a ``CellGrid``; the caller keeps
/// the ``MapViewport`` in its state and moves it with the keys.
public enum MapView {
    /// The styles the map draws with.
    public struct Styles: Sendable {
        public var coastline = Style(fg: .indexed(2))
        public var border = Style(fg: .indexed(2), attrs: [.dim])
        public var mainPin = Style(fg: .indexed(9), attrs: [.bold])
        public var otherPin = Style(fg: .indexed(3))
        public var caption = Style(attrs: [.reverse])
        // GPX geotagging (issue 25): the tracks photos are placed on.
        public var track = Style(fg: .indexed(6), attrs: [.bold])

        public init() {}
        public static let standard = Styles()
    }

    /// The main pin's mark; arrows point to it when it is outside the view.
    static let mainGlyph = "●"
    static let otherGlyph = "•"

    /// Draws the map into `rect` of `grid` (everything in `rect` is replaced).
    /// - Parameters:
    ///   - outline: the land to draw (``WorldOutline/shared()``); nil draws pins on an empty
    ///     map (the outline file is missing; the caller shows why).
    ///   - pins: others first or last, it does not matter: the main pin is drawn last.
    ///   - tracks: lines drawn over the land, under the pins (GPS tracks, issue 25).
    public static func render(into grid: inout CellGrid, rect: Rect, viewport: MapViewport,
                              pins: [MapPin], outline: WorldOutline?, tracks: [[GPSPosition]] = [],
                              styles: Styles = .standard) {
        let area = rect.intersection(grid.bounds)
        guard !area.isEmpty else { return }
        grid.fill(area, with: .blank)
        var canvas = BrailleCanvas(columns: area.width, rows: area.height)
        if let outline {
            for kind in [WorldOutline.Kind.border, .coastline] {
                draw(outline, kind: kind, on: &canvas, viewport: viewport, area: area,
                     style: kind == .coastline ? styles.coastline : styles.border)
            }
        }
        for track in tracks {
            for (a, b) in zip(track, track.dropFirst()) {
                let from = viewport.dot(for: a, in: area), to = viewport.dot(for: b, in: area)
                canvas.line(from: from, to: to, style: styles.track)
            }
        }
        canvas.draw(into: &grid, x: area.x, y: area.y)
        for pin in pins where pin.emphasis == .other {
            if let cell = viewport.cell(for: pin.position, in: area) {
                grid[cell.x, cell.y] = Cell(otherGlyph, style: styles.otherPin)
            }
        }
        let main = pins.first { $0.emphasis == .main && $0.position.isValid }
        if let main { drawMain(main, into: &grid, area: area, viewport: viewport, style: styles.mainPin) }
        caption(main, into: &grid, area: area, viewport: viewport, style: styles.caption)
    }

    // MARK: - Land

    private static func draw(_ outline: WorldOutline, kind: WorldOutline.Kind, on canvas: inout BrailleCanvas,
                             viewport: MapViewport, area: Rect, style: Style) {
        let scale = viewport.dotsPerDegree(in: area)
        let centreX = Double(area.width), centreY = Double(area.height * 2)
        let top = viewport.centreLatitude(in: area)
        let halfWidth = centreX / scale
        // The copies of the world (shifted by 360°) that the view overlaps.
        let copies = [-360.0, 0, 360].filter { shift in
            viewport.longitude - halfWidth < 180 + shift && viewport.longitude + halfWidth > -180 + shift
        }
        for line in outline.polylines where line.kind == kind && line.count >= 2 {
            for shift in copies {
                func point(_ i: Int) -> (x: Double, y: Double) {
                    (centreX + (line.longitudes[i] + shift - viewport.longitude) * scale,
                     centreY + (top - line.latitudes[i]) * scale)
                }
                var previous = point(0)
                for i in 1..<line.count {
                    let next = point(i)
                    // The cuts Natural Earth makes along the date line and the South Pole are not coasts.
                    let lon0 = line.longitudes[i - 1], lon1 = line.longitudes[i]
                    let alongDateLine = abs(lon0) == 180 && lon0 == lon1
                    let alongPole = line.latitudes[i - 1] <= -89.99 && line.latitudes[i] <= -89.99
                    if !alongDateLine, !alongPole {
                        canvas.line(from: previous, to: next, style: style)
                    }
                    previous = next
                }
            }
        }
    }

    // MARK: - Pins

    /// The main pin at its cell, or an arrow on the edge pointing to it.
    private static func drawMain(_ pin: MapPin, into grid: inout CellGrid, area: Rect,
                                 viewport: MapViewport, style: Style) {
        if let cell = viewport.cell(for: pin.position, in: area) {
            grid[cell.x, cell.y] = Cell(mainGlyph, style: style)
            return
        }
        let dot = viewport.dot(for: pin.position, in: area)
        let x = Int((dot.x / 2).rounded(.down)), y = Int((dot.y / 4).rounded(.down))
        let left = x < 0, right = x >= area.width, up = y < 0, down = y >= area.height
        let arrow = switch (left, right, up, down) {
        case (true, _, true, _): "↖"
        case (true, _, _, true): "↙"
        case (_, true, true, _): "↗"
        case (_, true, _, true): "↘"
        case (true, _, _, _): "←"
        case (_, true, _, _): "→"
        case (_, _, true, _): "↑"
        default: "↓"
        }
        // The bottom row holds the caption: keep the arrow above it when there is room.
        let lastRow = area.height > 2 ? area.height - 2 : area.height - 1
        grid[area.x + min(area.width - 1, max(0, x)), area.y + min(lastRow, max(0, y))] = Cell(arrow, style: style)
    }

    // MARK: - Caption

    /// "×4 · 1 cell ≈ 120 km" on the left of the bottom row; the main pin's label and
    /// coordinates on the right.
    private static func caption(_ main: MapPin?, into grid: inout CellGrid, area: Rect,
                                viewport: MapViewport, style: Style) {
        let y = area.maxY - 1
        let scale = " ×\(1 << viewport.zoom) · 1 cell ≈ \(distance(viewport.kilometresPerCell(in: area))) "
        let used = grid.put(scale, x: area.x, y: y, style: style, maxWidth: area.width)
        guard let main else { return }
        var text = CoordinateFormat.dms(main.position)
        if let label = main.label.map(DisplayWidth.sanitized), !label.isEmpty { text = label + "  " + text }
        let room = area.width - used - 1
        guard room > 3 else { return }
        let shown = CellGrid.truncated(" " + text + " ", toWidth: room)
        grid.put(shown, x: area.maxX - shown.displayWidth, y: y, style: style)
    }

    /// "120 km", "2.5 km", "800 m".
    static func distance(_ kilometres: Double) -> String {
        if kilometres >= 100 { return "\(Int((kilometres / 10).rounded()) * 10) km" }
        if kilometres >= 10 { return "\(Int(kilometres.rounded())) km" }
        if kilometres >= 1 { return String(format: "%.1f km", kilometres) }
        return "\(max(1, Int((kilometres * 100).rounded())) * 10) m"
    }
}
