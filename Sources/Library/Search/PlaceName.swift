import Foundation

/// The place a position is in, as search and the place grouping name it.
public struct PlaceName: Sendable, Hashable {
    public var city: String
    public var country: String

    public init(city: String, country: String) {
        self.city = city
        self.country = country
    }
}

/// Finds the place at a position: injected, because the offline place table lives elsewhere
/// (wire `PlaceTable.shared().nearest(to:)` in). Nil when the position is far from any known place.
public typealias PlaceLookup = @Sendable (GPSPosition) -> PlaceName?

/// Looks each distinct position up once (photos of one outing share positions); safe to
/// share between threads.
final class PlaceNames: Sendable {
    private let lookup: PlaceLookup?
    private let known = Locked<[PositionKey: PlaceName?]>([:])

    private struct PositionKey: Hashable {
        var latitude: UInt64
        var longitude: UInt64
    }

    init(_ lookup: PlaceLookup?) {
        self.lookup = lookup
    }

    func place(at position: GPSPosition?) -> PlaceName? {
        guard let position, let lookup else { return nil }
        let key = PositionKey(latitude: position.latitude.bitPattern, longitude: position.longitude.bitPattern)
        if let place = known.withLock({ $0[key] }) { return place }
        let place = lookup(position)
        known.withLock { $0[key] = place }
        return place
    }
}
