import Foundation

/// The library file's JSON, written and read by hand for speed (see `JSONScanner`):
///
///     {"schemaVersion":1,"photos":[{"id":"…","path":"…",…},…]}
///
/// Each photo is one object whose keys are `Photo`'s property names, declared once in
/// `PhotoCodec`; optional values are left out when absent. Unknown keys are skipped, so a file
/// with extra fields still loads. A size or date not known (a web photo not downloaded yet) is
/// left out, and loads as unknown; files written before that held such a photo's thumbnail size
/// and import time, which load as the thumbnail's shape and an unknown date (see `PhotoCodec`).
enum LibraryJSON {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - Reading

    /// What a file holds: its schema version (nil when it has none) and its photos (nil when
    /// the version is newer than `supported`, or when there is no photo list).
    struct Contents {
        var schemaVersion: Int?
        var photos: [Photo]?
        var history = EditHistory()
        var trash: [TrashedPhoto] = []
        // Albums (issue 23)
        var albums: [Album] = []
        // Paged feeds (issue 24)
        var feeds: [LibraryFeed] = []
        /// Which journal belongs to this snapshot (`LibraryJournal`); nil before schema 3.
        var generation: String?
    }

    /// Reads the file in one pass, on one thread (`readSegmented` reads a large file on all
    /// cores). Photos are not read when the version (which we write first) is already known to
    /// be newer than `supported`.
    static func read(_ bytes: UnsafeRawBufferPointer, supported: Int) throws -> Contents {
        var scanner = JSONScanner(bytes)
        var contents = Contents()
        do {
            try scanner.readObject { scanner, key in
                if key.equals("photos"), (contents.schemaVersion ?? 0) <= supported {
                    var photos: [Photo] = []
                    if try scanner.beginArray() {
                        _ = try readElements(&scanner, stoppingAt: nil, into: &photos, strings: StringInterner())
                    }
                    contents.photos = photos
                } else {
                    try readMember(key, &scanner, into: &contents)
                }
            }
            try scanner.expectEnd()
        } catch let error as JSONScanner.SyntaxError {
            throw ReadError(description: "not valid JSON: \(error)")
        }
        return contents
    }

    /// One top-level key other than a readable `photos` list: the schema version, the history,
    /// the generation; unknown keys are skipped.
    static func readMember(_ key: UnsafeRawBufferPointer, _ scanner: inout JSONScanner, into contents: inout Contents) throws {
        if key.equals("schemaVersion") {
            contents.schemaVersion = try scanner.readInt()
        } else if key.equals("history") {
            contents.history = try readHistory(&scanner)
        } else if key.equals("trash") {
            contents.trash = try readTrash(&scanner)
        } else if key.equals("albums") {
            contents.albums = try readAlbums(&scanner)
        } else if key.equals("feeds") {   // paged feeds (issue 24)
            contents.feeds = try readFeeds(&scanner)
        } else if key.equals("generation") {
            contents.generation = try scanner.readString()
        } else {
            try scanner.skipValue()
        }
    }

    /// Reads photos separated by commas into `photos`, from the scanner at an element, until
    /// the array's `]` (true: ended) or until the next element would start at `stop` (false).
    static func readElements(_ scanner: inout JSONScanner, stoppingAt stop: Int?, into photos: inout [Photo],
                             strings: StringInterner) throws -> Bool {
        let codec = PhotoCodec.shared
        while true {
            photos.append(try codec.read(&scanner, number: photos.count + 1, strings: strings))
            if try scanner.endOfElement() { return true }
            if let stop, scanner.offset >= stop {
                guard scanner.offset == stop else { throw ReadError(description: "photo boundary mismatch") }
                return false
            }
        }
    }

    static func readGPS(_ scanner: inout JSONScanner) throws -> GPSPosition? {
        if try scanner.readNull() { return nil }
        var latitude: Double?, longitude: Double?, altitude: Double?
        try scanner.readObject { s, key in
            if key.equals("latitude") { latitude = try s.readDouble() }
            else if key.equals("longitude") { longitude = try s.readDouble() }
            else if key.equals("altitude") { altitude = try s.readNull() ? nil : s.readDouble() }
            else { try s.skipValue() }
        }
        guard let latitude, let longitude else { return nil }
        return GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    // MARK: - Writing

    static func encode(schemaVersion: Int, photos: [Photo], history: EditHistory = EditHistory(),
                       trash: [TrashedPhoto] = [], albums: [Album] = [], feeds: [LibraryFeed] = [],
                       generation: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + photos.count * 420)
        out.append(contentsOf: "{\"schemaVersion\":\(schemaVersion),".utf8)
        if let generation { out.append(contentsOf: "\"generation\":\"\(generation)\",".utf8) }
        out.append(contentsOf: "\"photos\":[".utf8)
        let codec = PhotoCodec.shared
        var writer = PhotoCodec.Writer(bytes: [])
        swap(&out, &writer.bytes)
        for (index, photo) in photos.enumerated() {
            writer.bytes.append(contentsOf: index > 0 ? ",\n".utf8 : "\n".utf8)
            codec.write(photo, &writer)
        }
        swap(&out, &writer.bytes)
        out.append(contentsOf: "\n]".utf8)
        if !trash.isEmpty {
            out.append(contentsOf: ",\n\"trash\":".utf8)
            appendTrash(trash, &out)
        }
        if !albums.isEmpty {
            out.append(contentsOf: ",\n\"albums\":".utf8)
            appendAlbums(albums, &out)
        }
        if !feeds.isEmpty {   // paged feeds (issue 24)
            out.append(contentsOf: ",\n\"feeds\":".utf8)
            appendFeeds(feeds, &out)
        }
        if !history.isEmpty {
            out.append(contentsOf: ",\n\"history\":".utf8)
            appendHistory(history, &out)
        }
        out.append(contentsOf: "}\n".utf8)
        return PathBytes.surrogateEscaped(json: out)
    }

    static func key(_ name: String, _ out: inout [UInt8], first: Bool) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: "\":".utf8)
    }

    static func field(_ name: String, _ value: String, _ out: inout [UInt8], first: Bool = false) {
        key(name, &out, first: first)
        appendString(value, &out)
    }

    static func number(_ name: String, _ value: Double, _ out: inout [UInt8], first: Bool = false) {
        key(name, &out, first: first)
        appendNumber(value, &out)
    }

    /// A JSON number: whole numbers without a fraction, others in the shortest form that reads
    /// back exactly, and 0 for what JSON cannot hold (infinities, NaN).
    static func appendNumber(_ value: Double, _ out: inout [UInt8]) {
        if !value.isFinite {
            out.append(UInt8(ascii: "0"))
        } else if value == value.rounded(), abs(value) < 9e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
        } else {
            out.append(contentsOf: "\(value)".utf8)   // shortest form that reads back exactly
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func appendString(_ value: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
