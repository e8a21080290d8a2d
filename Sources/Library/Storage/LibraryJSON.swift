import Foundation

/// The library file's JSON, written and read by hand for speed (see `JSONScanner`):
///
///     {"schemaVersion":1,"photos":[{"id":"…","path":"…",…},…]}
///
/// Each photo is one object whose keys are `Photo`'s property names; optional values are left
/// out when absent. Unknown keys are skipped, so a file with extra fields still loads.
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
    }

    /// Reads the file in one pass. Photos are not read when the version (which we write first)
    /// is already known to be newer than `supported`.
    static func read(_ bytes: UnsafeRawBufferPointer, supported: Int) throws -> Contents {
        var scanner = JSONScanner(bytes)
        var contents = Contents()
        do {
            try scanner.readObject { scanner, key in
                if key.equals("schemaVersion") {
                    contents.schemaVersion = try scanner.readInt()
                } else if key.equals("photos"), (contents.schemaVersion ?? 0) <= supported {
                    var list: [Photo] = []
                    try scanner.readArray { scanner in
                        list.append(try readPhoto(&scanner, number: list.count + 1))
                    }
                    contents.photos = list
                } else {
                    try scanner.skipValue()
                }
            }
            try scanner.expectEnd()
        } catch let error as JSONScanner.SyntaxError {
            throw ReadError(description: "not valid JSON: \(error)")
        }
        return contents
    }

    private static func readPhoto(_ scanner: inout JSONScanner, number: Int) throws -> Photo {
        var id: String?, path: String?, takenAt: String?, takenAtSource: Photo.TakenAtSource?
        var fileSize: Int?, width: Int?, height: Int?
        var fileModified: Double?, importedAt: Double?
        var orientation = 1, missing = false
        var make: String?, model: String?, description: String?, descriptionSource: DescriptionSource?
        var gps: GPSPosition?
        try scanner.readObject { s, key in
            if key.equals("id") { id = try s.readString() }
            else if key.equals("path") { path = try s.readString() }
            else if key.equals("fileSize") { fileSize = try s.readInt() }
            else if key.equals("fileModified") { fileModified = try s.readDouble() }
            else if key.equals("width") { width = try s.readInt() }
            else if key.equals("height") { height = try s.readInt() }
            else if key.equals("orientation") { orientation = try s.readInt() }
            else if key.equals("takenAt") { takenAt = try s.readString() }
            else if key.equals("takenAtSource") {
                let raw = try s.readString()
                guard let source = Photo.TakenAtSource(rawValue: raw) else {
                    throw ReadError(description: "photo \(number): unknown takenAtSource \"\(raw)\"")
                }
                takenAtSource = source
            }
            else if key.equals("cameraMake") { make = try s.readOptionalString() }
            else if key.equals("cameraModel") { model = try s.readOptionalString() }
            else if key.equals("description") { description = try s.readOptionalString() }
            else if key.equals("descriptionSource") {
                descriptionSource = try s.readOptionalString().flatMap(DescriptionSource.init(rawValue:))
            }
            else if key.equals("missing") { missing = try s.readBool() }
            else if key.equals("importedAt") { importedAt = try s.readDouble() }
            else if key.equals("gps") { gps = try readGPS(&s) }
            else { try s.skipValue() }
        }
        func required<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw ReadError(description: "photo \(number) has no \"\(name)\"") }
            return value
        }
        return Photo(
            id: try required(id, "id"), path: try required(path, "path"),
            fileSize: Int64(try required(fileSize, "fileSize")), fileModified: try required(fileModified, "fileModified"),
            width: try required(width, "width"), height: try required(height, "height"), orientation: orientation,
            takenAt: try required(takenAt, "takenAt"), takenAtSource: try required(takenAtSource, "takenAtSource"),
            cameraMake: make, cameraModel: model, gps: gps, description: description,
            descriptionSource: descriptionSource, missing: missing, importedAt: try required(importedAt, "importedAt"))
    }

    private static func readGPS(_ scanner: inout JSONScanner) throws -> GPSPosition? {
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

    static func encode(schemaVersion: Int, photos: [Photo]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + photos.count * 420)
        out.append(contentsOf: "{\"schemaVersion\":\(schemaVersion),\"photos\":[".utf8)
        for (index, photo) in photos.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "\n{".utf8)
            field("id", photo.id, &out, first: true)
            field("path", photo.path, &out)
            number("fileSize", Double(photo.fileSize), &out)
            number("fileModified", photo.fileModified, &out)
            number("width", Double(photo.width), &out)
            number("height", Double(photo.height), &out)
            number("orientation", Double(photo.orientation), &out)
            field("takenAt", photo.takenAt, &out)
            field("takenAtSource", photo.takenAtSource.rawValue, &out)
            if let make = photo.cameraMake { field("cameraMake", make, &out) }
            if let model = photo.cameraModel { field("cameraModel", model, &out) }
            if let gps = photo.gps {
                out.append(contentsOf: ",\"gps\":{".utf8)
                number("latitude", gps.latitude, &out, first: true)
                number("longitude", gps.longitude, &out)
                if let altitude = gps.altitude { number("altitude", altitude, &out) }
                out.append(UInt8(ascii: "}"))
            }
            if let description = photo.description { field("description", description, &out) }
            if let source = photo.descriptionSource { field("descriptionSource", source.rawValue, &out) }
            out.append(contentsOf: (photo.missing ? ",\"missing\":true" : ",\"missing\":false").utf8)
            number("importedAt", photo.importedAt, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "\n]}\n".utf8)
        return out
    }

    private static func key(_ name: String, _ out: inout [UInt8], first: Bool) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: "\":".utf8)
    }

    private static func field(_ name: String, _ value: String, _ out: inout [UInt8], first: Bool = false) {
        key(name, &out, first: first)
        appendString(value, &out)
    }

    private static func number(_ name: String, _ value: Double, _ out: inout [UInt8], first: Bool = false) {
        key(name, &out, first: first)
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
