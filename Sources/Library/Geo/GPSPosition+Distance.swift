import Foundation

extension GPSPosition {
    /// The mean Earth radius used for distances (IUGG), in kilometres.
    public static let earthRadiusKilometres = 6371.0088

    /// The great-circle distance to `other` in kilometres (haversine; altitude ignored).
    public func distance(to other: GPSPosition) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadiusKilometres * asin(min(1, sqrt(a)))
    }

    /// True when both coordinates are finite and within ±90° latitude and ±180° longitude.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
