import Foundation
import Library

/// What part of the world the map shows: a centre and a zoom level, in an equirectangular
/// projection (one degree of latitude is as long as one of longitude, and a braille dot is
/// about square, so the world is twice as wide as it is tall).
///
/// Zoom 0 fits the whole world into the map's area; each level doubles the scale. The scale
/// depends on the area, so panning by cells takes the area the map is drawn in. Latitude is
/// clamped so the view does not run past the poles (when it can); longitude wraps at ±180°.
public struct MapViewport: Hashable, Sendable {
    /// The deepest zoom: ×4096, about 60 m a cell on a 120-column map — far finer than the
    /// outline's 1:110m detail, but a walk's GPS track (issue 25: the geotag form) spans a few
    /// kilometres and needs it to be more than a dot; pins are told apart too.
    public static let maxZoom = 12

    /// The centre, degrees north (−90…90).
    public private(set) var latitude: Double
    /// The centre, degrees east (−180…180).
    public private(set) var longitude: Double
    /// 0 (whole world) … ``maxZoom``.
    public private(set) var zoom: Int

    /// The whole world.
    public static let world = MapViewport()

    public init(latitude: Double = 0, longitude: Double = 0, zoom: Int = 0) {
        self.latitude = latitude.isFinite ? min(90, max(-90, latitude)) : 0
        self.longitude = longitude.isFinite ? Self.wrapped(longitude) : 0
        self.zoom = min(Self.maxZoom, max(0, zoom))
    }

    /// A viewport centred on `position` (the whole world when there is none).
    public init(centredOn position: GPSPosition?, zoom: Int) {
        guard let position, position.isValid else { self.init(); return }
        self.init(latitude: position.latitude, longitude: position.longitude, zoom: zoom)
    }

    // MARK: - Moving

    /// One zoom level in (`in: true`) or out, around the same centre; unchanged at the limits.
    public func zoomed(in zoomIn: Bool) -> MapViewport {
        MapViewport(latitude: latitude, longitude: longitude, zoom: zoom + (zoomIn ? 1 : -1))
    }

    /// Moved by `dx` cells right and `dy` cells down on a map drawn in `area`, latitude clamped
    /// to the poles and longitude wrapped.
    public func panned(dx: Int, dy: Int, in area: Rect) -> MapViewport {
        let scale = dotsPerDegree(in: area)
        guard scale > 0 else { return self }
        let moved = MapViewport(latitude: centreLatitude(in: area) - Double(dy * 4) / scale,
                                longitude: longitude + Double(dx * 2) / scale, zoom: zoom)
        return MapViewport(latitude: moved.centreLatitude(in: area), longitude: moved.longitude, zoom: zoom)
    }

    /// The same zoom, centred on `position`.
    public func centred(on position: GPSPosition) -> MapViewport {
        MapViewport(latitude: position.latitude, longitude: position.longitude, zoom: zoom)
    }

    // MARK: - Projection

    /// Braille dots per degree on a map drawn in `area`.
    public func dotsPerDegree(in area: Rect) -> Double {
        guard !area.isEmpty else { return 0 }
        let fit = min(Double(area.width * 2) / 360, Double(area.height * 4) / 180)
        return fit * Double(1 << zoom)
    }

    /// The latitude actually at the centre of `area`: ``latitude``, moved so that the view
    /// stays between the poles (0 when the view is taller than the world).
    public func centreLatitude(in area: Rect) -> Double {
        let scale = dotsPerDegree(in: area)
        guard scale > 0 else { return latitude }
        let halfHeight = Double(area.height * 4) / 2 / scale
        guard halfHeight < 90 else { return 0 }
        return min(90 - halfHeight, max(-90 + halfHeight, latitude))
    }

    /// Where `position` is, in dots from the top-left of `area`, taking the copy of its
    /// longitude (±360°) nearest the centre.
    public func dot(for position: GPSPosition, in area: Rect) -> (x: Double, y: Double) {
        let scale = dotsPerDegree(in: area)
        var lon = position.longitude - longitude
        lon -= 360 * (lon / 360).rounded()
        return (Double(area.width) + lon * scale,
                Double(area.height * 2) + (centreLatitude(in: area) - position.latitude) * scale)
    }

    /// The grid cell of `position` on a map drawn in `area`, or nil when it is outside.
    public func cell(for position: GPSPosition, in area: Rect) -> (x: Int, y: Int)? {
        guard position.isValid, !area.isEmpty else { return nil }
        let dot = dot(for: position, in: area)
        let x = Int((dot.x / 2).rounded(.down)), y = Int((dot.y / 4).rounded(.down))
        guard dot.x >= 0, dot.y >= 0, x < area.width, y < area.height else { return nil }
        return (area.x + x, area.y + y)
    }

    /// Kilometres one cell spans east–west at the centre latitude.
    public func kilometresPerCell(in area: Rect) -> Double {
        let scale = dotsPerDegree(in: area)
        guard scale > 0 else { return 0 }
        let kmPerDegree = GPSPosition.earthRadiusKilometres * .pi / 180
        return 2 / scale * kmPerDegree * cos(centreLatitude(in: area) * .pi / 180)
    }

    /// `longitude` in −180…180.
    static func wrapped(_ longitude: Double) -> Double {
        let value = longitude - 360 * (longitude / 360).rounded()
        return value == -180 ? 180 : value
    }
}
