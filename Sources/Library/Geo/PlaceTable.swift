import Foundation

/// The offline table of world cities (GeoNames, CC BY 4.0; see `scripts/make-places.py`): find
/// the place nearest a photo's GPS position, and search places by name as the user types.
///
/// Immutable once loaded; ``shared()`` loads the shipped table once for the whole process.
public struct PlaceTable: Sendable {
    /// The file name of the table in the resource folder.
    public static let fileName = "places.tsv"
    static let what = "place table"

    /// Every place, most populous first.
    public let places: [Place]
    /// Country names by ISO code ("BR" → "Brazil").
    public let countryNames: [String: String]
    /// Search keys of all places, one after another (see ``SearchKey``); place `i`'s key is
    /// `keyBytes[keyStart[i]..<keyStart[i + 1]]`.
    private let keyBytes: [UInt8]
    private let keyStart: [Int32]
    /// Country codes whose folded name or code a "city, country" search matches, by country.
    private let countryKeys: [(code: String, name: [UInt8])]
    private let grid: Grid

    // MARK: - Loading

    private static let loaded: Result<PlaceTable, GeoDataError> = Result { () throws(GeoDataError) in
        try PlaceTable(folder: GeoResources.folder)
    }

    /// The shipped table, loaded on first use (thread-safe) and kept for the process.
    /// - Throws: ``GeoDataError`` when the table is missing or unreadable (the same error on
    ///   every call).
    public static func shared() throws(GeoDataError) -> PlaceTable {
        try loaded.get()
    }

    /// Loads `places.tsv` from `folder`.
    public init(folder: String) throws(GeoDataError) {
        let path = folder + "/" + Self.fileName
        let data = try GeoResources.read(Self.fileName, what: Self.what, in: folder)
        try self.init(data: data, path: path)
    }

    /// Parses a table in the format `scripts/make-places.py` writes; `path` names it in errors.
    public init(data: Data, path: String) throws(GeoDataError) {
        var places: [Place] = []
        var countries: [String: String] = [:]
        var keyBytes: [UInt8] = []
        var keyStart: [Int32] = [0]
        var failure: String?
        // Country codes and names by the code's two letters, so rows look them up without hashing.
        var byLetters = [(code: String, name: String)?](repeating: nil, count: 65_536)
        places.reserveCapacity(34_100)
        keyBytes.reserveCapacity(34_100 * 12)
        keyStart.reserveCapacity(34_100)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineNumber = 0
            var start = 0
            var fields: [Range<Int>] = []
            fields.reserveCapacity(6)
            while start < bytes.count, failure == nil {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if end == start || bytes[start] == UInt8(ascii: "#") { continue }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                for i in start...end where i == end || bytes[i] == 0x09 {
                    fields.append(fieldStart..<i)
                    fieldStart = i + 1
                }
                func text(_ r: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
                }
                if fields.count == 3, fields[0].count == 1, bytes[start] == UInt8(ascii: "C") {
                    countries[text(fields[1])] = text(fields[2])
                    if fields[1].count == 2 {
                        byLetters[Int(bytes[fields[1].lowerBound]) << 8 | Int(bytes[fields[1].lowerBound + 1])] =
                            (text(fields[1]), text(fields[2]))
                    }
                    continue
                }
                guard fields.count == 6, !fields[0].isEmpty, fields[2].count == 2,
                      let latitude = Self.decimal(bytes, fields[3]), abs(latitude) <= 90,
                      let longitude = Self.decimal(bytes, fields[4]), abs(longitude) <= 180,
                      let population = Self.decimal(bytes, fields[5]) else {
                    failure = "line \(lineNumber) is not name, ASCII name, country, latitude, longitude, population"
                    return
                }
                let letters = Int(bytes[fields[2].lowerBound]) << 8 | Int(bytes[fields[2].lowerBound + 1])
                if byLetters[letters] == nil { byLetters[letters] = (text(fields[2]), text(fields[2])) }
                let country = byLetters[letters]!
                places.append(Place(name: text(fields[0]), countryCode: country.code,
                                    countryName: country.name, latitude: latitude,
                                    longitude: longitude, population: Int(population)))
                SearchKey.append(UnsafeBufferPointer(rebasing: bytes[fields[1].isEmpty ? fields[0] : fields[1]]),
                                 to: &keyBytes)
                keyStart.append(Int32(keyBytes.count))
            }
        }
        if let failure { throw .malformed(what: Self.what, path: path, reason: failure) }
        guard !places.isEmpty else { throw .malformed(what: Self.what, path: path, reason: "it holds no places") }
        self.places = places
        self.countryNames = countries
        self.keyBytes = keyBytes
        self.keyStart = keyStart
        self.countryKeys = countries.map { ($0.key, SearchKey.fold($0.value)) }.sorted { $0.code < $1.code }
        self.grid = Grid(places)
    }

    /// A decimal number without exponent ("-22.9064", "6747815"), or nil.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var whole: Int64 = 0, fraction: Int64 = 0, scale: Int64 = 1, digits = 0, inFraction = false
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if b >= 0x30, b <= 0x39, digits < 15 {
                digits += 1
                if inFraction { fraction = fraction * 10 + Int64(b - 0x30); scale *= 10 }
                else { whole = whole * 10 + Int64(b - 0x30) }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(whole) + Double(fraction) / Double(scale)
        return negative ? -value : value
    }

    // MARK: - Nearest place

    /// The place nearest `position` no farther than `kilometres`, or nil (open sea, the poles,
    /// an invalid position).
    public func nearest(to position: GPSPosition, within kilometres: Double = 100) -> Place? {
        guard position.isValid, kilometres >= 0 else { return nil }
        var best: (index: Int, distance: Double)?
        grid.forEachCandidate(near: position, within: kilometres) { index in
            let place = places[index]
            let distance = position.distance(to: place.position)
            if distance <= kilometres, distance < best?.distance ?? .infinity { best = (index, distance) }
        }
        return best.map { places[$0.index] }
    }

    // MARK: - Search

    /// Places whose name, or a word in it, starts with `text`, most populous first.
    ///
    /// Case and accents are ignored ("sao paulo" finds São Paulo) and hyphens count as spaces.
    /// "city, CC" and "city, country" keep the places of countries whose code is, or whose name
    /// starts with, the text after the last comma ("rio, br", "paris, united").
    public func search(_ text: String, limit: Int = 10) -> [Place] {
        guard limit > 0 else { return [] }
        var cityPart = Substring(text), countryPart: Substring = ""
        if let comma = text.lastIndex(of: ",") {
            cityPart = text[..<comma]
            countryPart = text[text.index(after: comma)...]
        }
        let query = SearchKey.fold(String(cityPart))
        guard !query.isEmpty else { return [] }
        let country = SearchKey.fold(String(countryPart))
        var allowed: Set<String>?
        if !country.isEmpty {
            allowed = Set(countryKeys.filter { key in
                Array(key.code.lowercased().utf8) == country || key.name.starts(with: country)
            }.map(\.code))
        }
        var found: [Place] = []
        keyBytes.withUnsafeBufferPointer { keys in
            for index in places.indices {
                if let allowed, !allowed.contains(places[index].countryCode) { continue }
                let key = UnsafeBufferPointer(rebasing: keys[Int(keyStart[index])..<Int(keyStart[index + 1])])
                if SearchKey.matches(key, query) {
                    found.append(places[index])
                    if found.count == limit { break }
                }
            }
        }
        return found
    }
}

// MARK: - Search keys

/// How names and queries are compared: lowercase, accents removed, hyphens as spaces, runs of
/// spaces as one.
enum SearchKey {
    /// Letters Unicode does not decompose into a base letter and an accent.
    private static let extra: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "ð": "d", "þ": "th", "ħ": "h",
    ]

    /// `text` as key bytes (for queries and country names).
    static func fold(_ text: String) -> [UInt8] {
        let lower = text.lowercased()
        var plain = ""
        for character in lower {
            if let replacement = extra[character] { plain += replacement } else { plain.append(character) }
        }
        var spaced: [UInt8] = []
        for scalar in plain.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.canonicalCombiningClass == .notReordered {
            if scalar == "’" || scalar.properties.isWhitespace { spaced.append(0x20) } else { spaced += String(scalar).utf8 }
        }
        var bytes: [UInt8] = []
        append(spaced, to: &bytes)
        return bytes
    }

    /// Appends a name's key (ASCII letters lowercased, hyphens and apostrophes as spaces, no
    /// leading or doubled spaces) to `key`.
    static func append<C: Collection<UInt8>>(_ name: C, to key: inout [UInt8]) {
        let start = key.count
        for byte in name {
            var b = byte
            if b >= 0x41, b <= 0x5A { b += 0x20 }
            if b == 0x2D || b == 0x27 || b == 0x09 { b = 0x20 }
            if b == 0x20, key.count == start || key.last == 0x20 { continue }
            key.append(b)
        }
        while key.count > start, key.last == 0x20 { key.removeLast() }
    }

    /// True when `query` is a prefix of `key` or of a word in it.
    static func matches(_ key: UnsafeBufferPointer<UInt8>, _ query: [UInt8]) -> Bool {
        guard query.count <= key.count else { return false }
        let first = query[0]
        var i = 0
        while i + query.count <= key.count {
            if key[i] == first, i == 0 || key[i - 1] == 0x20 {
                var j = 1
                while j < query.count, key[i + j] == query[j] { j += 1 }
                if j == query.count { return true }
            }
            i += 1
        }
        return false
    }
}

// MARK: - Bucket grid

/// Places in 1° × 1° buckets, so a nearest-place query looks at a few buckets, not 34,000 places.
private struct Grid: Sendable {
    static let rows = 180, columns = 360
    /// Place indices of bucket `b` are `items[start[b]..<start[b + 1]]`.
    let start: [Int32]
    let items: [Int32]

    init(_ places: [Place]) {
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        let buckets = places.map { Self.bucket(row: Self.row($0.latitude), column: Self.column($0.longitude)) }
        for b in buckets { counts[b + 1] += 1 }
        for b in 1..<counts.count { counts[b] += counts[b - 1] }
        var next = counts
        var items = [Int32](repeating: 0, count: places.count)
        for (index, b) in buckets.enumerated() {
            items[Int(next[b])] = Int32(index)
            next[b] += 1
        }
        self.start = counts
        self.items = items
    }

    static func row(_ latitude: Double) -> Int { min(rows - 1, max(0, Int((latitude + 90).rounded(.down)))) }
    static func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int((longitude + 180).rounded(.down))))
    }
    static func bucket(row: Int, column: Int) -> Int { row * columns + column }

    /// Calls `body` with every place index in the buckets a circle of `kilometres` around
    /// `position` touches (longitudes wrap at ±180°).
    func forEachCandidate(near position: GPSPosition, within kilometres: Double, _ body: (Int) -> Void) {
        let kmPerDegree = GPSPosition.earthRadiusKilometres * .pi / 180
        let latSpan = kilometres / kmPerDegree
        let south = max(-90, position.latitude - latSpan), north = min(90, position.latitude + latSpan)
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * .pi / 180)
        let lonSpan = cosine < 1e-9 ? 360 : latSpan / cosine
        var columnRange: [Int]
        if lonSpan >= 180 {
            columnRange = Array(0..<Self.columns)
        } else {
            let first = Int((position.longitude - lonSpan + 180).rounded(.down))
            let last = Int((position.longitude + lonSpan + 180).rounded(.down))
            columnRange = (first...last).map { (($0 % Self.columns) + Self.columns) % Self.columns }
        }
        for row in Self.row(south)...Self.row(north) {
            for column in columnRange {
                let b = Self.bucket(row: row, column: column)
                for k in Int(start[b])..<Int(start[b + 1]) { body(Int(items[k])) }
            }
        }
    }
}

extension PlaceTable {
    /// The shipped table as the lookup search and the place grouping take (city within 100 km
    /// and its country's name); nil when the table cannot be loaded.
    public static var sharedLookup: PlaceLookup? {
        guard let table = try? shared() else { return nil }
        return { position in
            table.nearest(to: position).map { PlaceName(city: $0.name, country: $0.countryName) }
        }
    }
}
