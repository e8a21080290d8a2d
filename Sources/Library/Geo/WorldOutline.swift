import Foundation

/// The land outlines the map draws: Natural Earth 1:110m coastlines and country borders
/// (public domain; see `scripts/make-land.py` for the file format), in degrees.
public struct WorldOutline: Sendable {
    /// The file name of the outline in the resource folder.
    public static let fileName = "world.bin"
    static let what = "world outline"

    /// What a polyline outlines.
    public enum Kind: UInt8, Sendable {
        case coastline = 0
        case border = 1
    }

    /// One open or closed line of points (first equals last when closed).
    public struct Polyline: Sendable {
        public var kind: Kind
        /// Longitudes, degrees east, −180…180.
        public var longitudes: [Double]
        /// Latitudes, degrees north, −90…90.
        public var latitudes: [Double]
        public var count: Int { longitudes.count }
    }

    public let polylines: [Polyline]

    private static let loaded: Result<WorldOutline, GeoDataError> = Result { () throws(GeoDataError) in
        try WorldOutline(folder: GeoResources.folder)
    }

    /// The shipped outline, loaded on first use (thread-safe) and kept for the process.
    public static func shared() throws(GeoDataError) -> WorldOutline {
        try loaded.get()
    }

    /// Loads `world.bin` from `folder`.
    public init(folder: String) throws(GeoDataError) {
        let data = try GeoResources.read(Self.fileName, what: Self.what, in: folder)
        try self.init(data: data, path: folder + "/" + Self.fileName)
    }

    /// Parses an outline in the format `scripts/make-land.py` writes; `path` names it in errors.
    public init(data: Data, path: String) throws(GeoDataError) {
        let bytes = [UInt8](data)
        func fail(_ reason: String) -> GeoDataError { .malformed(what: Self.what, path: path, reason: reason) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("PHWO".utf8) else { throw fail("it does not start with PHWO") }
        guard u16(4) == 1 else { throw fail("version \(u16(4)), this program reads version 1") }
        let count = u16(8) | u16(10) << 16
        var polylines: [Polyline] = []
        polylines.reserveCapacity(min(count, 100_000))
        var offset = 12
        for index in 0..<count {
            guard offset + 4 <= bytes.count, let kind = Kind(rawValue: bytes[offset]) else {
                throw fail("polyline \(index) is cut short or of an unknown kind")
            }
            let points = u16(offset + 2)
            guard points >= 2 else { throw fail("polyline \(index) has \(points) points, fewer than 2") }
            offset += 4
            guard offset + 4 * points <= bytes.count else { throw fail("polyline \(index) is cut short") }
            var line = Polyline(kind: kind, longitudes: [], latitudes: [])
            line.longitudes.reserveCapacity(points)
            line.latitudes.reserveCapacity(points)
            for p in 0..<points {
                let lon = Double(i16(offset + 4 * p)) / 100, lat = Double(i16(offset + 4 * p + 2)) / 100
                guard abs(lon) <= 180, abs(lat) <= 90 else { throw fail("polyline \(index) has a point off the globe") }
                line.longitudes.append(lon)
                line.latitudes.append(lat)
            }
            offset += 4 * points
            polylines.append(line)
        }
        guard offset == bytes.count else { throw fail("\(bytes.count - offset) bytes follow the last polyline") }
        self.polylines = polylines
    }
}
