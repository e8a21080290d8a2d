import Foundation

/// The library file's JSON, written and read by hand for speed (see `JSONScanner`):
///
///     {"schemaVersion":1,"photos":[{"id":"…","path":"…",…},…]}
///
/// Each photo is one object whose keys are `Photo`'s property names; optional values are left
/// out when absent. Unknown keys are skipped, so a file with extra fields still loads. A size or
/// date not known (a web photo not downloaded yet) is left out, and loads as unknown; files
/// written before that held such a photo's thumbnail size and import time, which load as the
/// thumbnail's shape and an unknown date (see `readPhoto`).
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
        /// Which journal belongs to this snapshot (`LibraryJournal`); nil before schema 3.
        var generation: String?
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
                    contents.photos = try readPhotoList(&scanner)
                } else if key.equals("history") {
                    contents.history = try readHistory(&scanner)
                } else if key.equals("generation") {
                    contents.generation = try scanner.readString()
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

    /// The photo array. Large arrays are read in two halves on two threads: our writer starts
    /// each photo on its own line, so a line starting `{"id":` past the middle is where the
    /// second half begins. Any trouble in that path reads the array again in one pass, which
    /// also gives errors their exact photo number.
    private static func readPhotoList(_ scanner: inout JSONScanner) throws -> [Photo] {
        guard try scanner.beginArray() else { return [] }
        let first = scanner.offset
        if scanner.count - first > 1 << 20, let halves = try? readHalves(scanner) {
            scanner.offset = halves.end
            return halves.photos
        }
        scanner.offset = first
        return try readElements(&scanner, stoppingAt: nil).photos
    }

    /// Both halves of the array, from the scanner at its first element; nil when there is no
    /// line to split at.
    private static func readHalves(_ scanner: JSONScanner) throws -> (photos: [Photo], end: Int)? {
        let first = scanner.offset
        guard let second = scanner.firstLineStarting(with: "{\"id\":", from: first + (scanner.count - first) / 2)
        else { return nil }
        typealias Part = Result<(photos: [Photo], ended: Bool), Error>
        final class Parts: @unchecked Sendable {
            var front: Part = .success(([], false))
            var back: Part = .success(([], false))
            var backEnd = 0
        }
        let parts = Parts()
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                var front = scanner
                parts.front = Result { try readElements(&front, stoppingAt: second) }
            } else {
                var back = scanner.at(second)
                parts.back = Result { try readElements(&back, stoppingAt: nil) }
                parts.backEnd = back.offset
            }
        }
        let front = try parts.front.get()
        guard !front.ended else { return nil }   // the marker lay past the array's end
        let back = try parts.back.get()
        return (front.photos + back.photos, parts.backEnd)
    }

    /// Reads photos separated by commas, from the scanner at an element, until the array's `]`
    /// (ended) or until the next element would start at `stop`.
    private static func readElements(_ scanner: inout JSONScanner, stoppingAt stop: Int?) throws
        -> (photos: [Photo], ended: Bool) {
        var photos: [Photo] = []
        while true {
            photos.append(try readPhoto(&scanner, number: photos.count + 1))
            if try scanner.endOfElement() { return (photos, true) }
            if let stop, scanner.offset >= stop {
                guard scanner.offset == stop else { throw ReadError(description: "photo boundary mismatch") }
                return (photos, false)
            }
        }
    }

    private static func readPhoto(_ scanner: inout JSONScanner, number: Int) throws -> Photo {
        var id: String?, path: String?, pathBytes: String?, takenAt: String?, takenAtSource: Photo.TakenAtSource?
        var fileSize: Int?, width = 0, height = 0, thumbnailWidth = 0, thumbnailHeight = 0
        var fileModified: Double?, importedAt: Double?
        var orientation = 1, missing = false
        var make: String?, model: String?, description: String?, descriptionSource: DescriptionSource?
        var gps: GPSPosition?
        var edits = PhotoEdits()
        var contentID: String?
        var sourceURL: String?, feedURL: String?, albumID: String?
        var isDownloaded = true, leftFeed = false
        try scanner.readObject { s, key in
            switch PhotoKey(key) {
            case .id: id = try s.readString()
            case .path: path = try s.readString()
            case .pathBytes:
                let raw = try s.readString()
                guard let exact = PathBytes.string(base64: raw) else {
                    throw ReadError(description: "photo \(number): pathBytes is not base64 of a path")
                }
                pathBytes = exact
            case .fileSize: fileSize = try s.readInt()
            case .fileModified: fileModified = try s.readDouble()
            case .width: width = try s.readInt()
            case .height: height = try s.readInt()
            case .thumbnailWidth: thumbnailWidth = try s.readInt()
            case .thumbnailHeight: thumbnailHeight = try s.readInt()
            case .orientation: orientation = try s.readInt()
            case .takenAt: takenAt = try s.readString()
            case .takenAtSource:
                let raw = try s.readString()
                guard let source = Photo.TakenAtSource(rawValue: raw) else {
                    throw ReadError(description: "photo \(number): unknown takenAtSource \"\(raw)\"")
                }
                takenAtSource = source
            case .cameraMake: make = try s.readOptionalString()
            case .cameraModel: model = try s.readOptionalString()
            case .description: description = try s.readOptionalString()
            case .descriptionSource: descriptionSource = try s.readOptionalString().flatMap(DescriptionSource.init(rawValue:))
            case .missing: missing = try s.readBool()
            case .importedAt: importedAt = try s.readDouble()
            case .gps: gps = try readGPS(&s)
            case .edits: edits = try readEdits(&s)
            case .contentID: contentID = try s.readOptionalString()
            case .sourceURL: sourceURL = try s.readOptionalString()
            case .feedURL: feedURL = try s.readOptionalString()
            case .albumID: albumID = try s.readOptionalString()
            case .isDownloaded: isDownloaded = try s.readBool()
            case .leftFeed: leftFeed = try s.readBool()
            case nil: try s.skipValue()
            }
        }
        func required<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw ReadError(description: "photo \(number) has no \"\(name)\"") }
            return value
        }
        var photo = Photo(
            id: try required(id, "id"), path: try pathBytes ?? required(path, "path"),
            fileSize: Int64(try required(fileSize, "fileSize")), fileModified: try required(fileModified, "fileModified"),
            width: width, height: height, orientation: orientation,
            takenAt: takenAt, takenAtSource: takenAt == nil ? nil : try required(takenAtSource, "takenAtSource"),
            cameraMake: make, cameraModel: model, gps: gps, description: description,
            descriptionSource: descriptionSource, missing: missing, importedAt: try required(importedAt, "importedAt"))
        photo.edits = edits
        photo.contentID = contentID
        photo.sourceURL = sourceURL
        photo.feedURL = feedURL
        photo.albumID = albumID
        photo.isDownloaded = isDownloaded
        photo.leftFeed = leftFeed
        (photo.thumbnailWidth, photo.thumbnailHeight) = (thumbnailWidth, thumbnailHeight)
        if let text = description, descriptionSource != .feed, DescriptionResolver.mayBeFiller(text),
           DescriptionResolver.usable(text, make: make, model: model, fileName: photo.fileName) == nil {
            // Camera filler read as a description by an older photory: "Other", like at import now.
            (photo.fileDescription, photo.fileDescriptionSource) = (nil, nil)
        }
        if !isDownloaded && takenAtSource == .fileTime {
            // Written before unknown was unknown: the size was the thumbnail's, the date the import time.
            (photo.thumbnailWidth, photo.thumbnailHeight) = (width, height)
            (photo.width, photo.height) = (0, 0)
            (photo.fileTakenAt, photo.fileTakenAtSource) = (nil, nil)
        }
        return photo
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

    /// A photo object's keys, told apart by length and first letter, then checked whole:
    /// one comparison per key instead of one per candidate.
    private enum PhotoKey {
        case id, path, pathBytes, fileSize, fileModified, width, height, orientation, takenAt, takenAtSource
        case cameraMake, cameraModel, description, descriptionSource, missing, importedAt, gps, edits, contentID
        case sourceURL, feedURL, albumID, isDownloaded, leftFeed, thumbnailWidth, thumbnailHeight

        init?(_ key: UnsafeRawBufferPointer) {
            guard let first = key.first else { return nil }
            let candidate: (PhotoKey, StaticString)
            switch (key.count, first) {
            case (2, _): candidate = (.id, "id")
            case (3, _): candidate = (.gps, "gps")
            case (4, _): candidate = (.path, "path")
            case (5, UInt8(ascii: "e")): candidate = (.edits, "edits")
            case (5, _): candidate = (.width, "width")
            case (6, _): candidate = (.height, "height")
            case (7, UInt8(ascii: "t")): candidate = (.takenAt, "takenAt")
            case (7, UInt8(ascii: "f")): candidate = (.feedURL, "feedURL")
            case (7, UInt8(ascii: "a")): candidate = (.albumID, "albumID")
            case (7, _): candidate = (.missing, "missing")
            case (8, UInt8(ascii: "l")): candidate = (.leftFeed, "leftFeed")
            case (8, _): candidate = (.fileSize, "fileSize")
            case (9, UInt8(ascii: "c")): candidate = (.contentID, "contentID")
            case (9, UInt8(ascii: "s")): candidate = (.sourceURL, "sourceURL")
            case (9, _): candidate = (.pathBytes, "pathBytes")
            case (10, UInt8(ascii: "c")): candidate = (.cameraMake, "cameraMake")
            case (10, _): candidate = (.importedAt, "importedAt")
            case (11, UInt8(ascii: "o")): candidate = (.orientation, "orientation")
            case (11, UInt8(ascii: "c")): candidate = (.cameraModel, "cameraModel")
            case (11, _): candidate = (.description, "description")
            case (12, UInt8(ascii: "i")): candidate = (.isDownloaded, "isDownloaded")
            case (12, _): candidate = (.fileModified, "fileModified")
            case (13, _): candidate = (.takenAtSource, "takenAtSource")
            case (14, _): candidate = (.thumbnailWidth, "thumbnailWidth")
            case (15, _): candidate = (.thumbnailHeight, "thumbnailHeight")
            case (17, _): candidate = (.descriptionSource, "descriptionSource")
            default: return nil
            }
            guard key.equals(candidate.1) else { return nil }
            self = candidate.0
        }
    }

    // MARK: - Writing

    static func encode(schemaVersion: Int, photos: [Photo], history: EditHistory = EditHistory(),
                       generation: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + photos.count * 420)
        out.append(contentsOf: "{\"schemaVersion\":\(schemaVersion),".utf8)
        if let generation { out.append(contentsOf: "\"generation\":\"\(generation)\",".utf8) }
        out.append(contentsOf: "\"photos\":[".utf8)
        for (index, photo) in photos.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "\n{".utf8)
            field("id", photo.id, &out, first: true)
            field("path", photo.path, &out)
            if let raw = PathBytes.base64(photo.path) { field("pathBytes", raw, &out) }
            number("fileSize", Double(photo.fileSize), &out)
            number("fileModified", photo.fileModified, &out)
            if photo.isSizeKnown {
                number("width", Double(photo.width), &out)
                number("height", Double(photo.height), &out)
            }
            if photo.thumbnailWidth > 0 && photo.thumbnailHeight > 0 {
                number("thumbnailWidth", Double(photo.thumbnailWidth), &out)
                number("thumbnailHeight", Double(photo.thumbnailHeight), &out)
            }
            number("orientation", Double(photo.orientation), &out)
            if let takenAt = photo.fileTakenAt, let source = photo.fileTakenAtSource {
                field("takenAt", takenAt, &out)
                field("takenAtSource", source.rawValue, &out)
            }
            if let make = photo.cameraMake { field("cameraMake", make, &out) }
            if let model = photo.cameraModel { field("cameraModel", model, &out) }
            if let gps = photo.fileGPS {
                key("gps", &out, first: false)
                appendGPS(gps, &out)
            }
            if let description = photo.fileDescription { field("description", description, &out) }
            if let source = photo.fileDescriptionSource { field("descriptionSource", source.rawValue, &out) }
            out.append(contentsOf: (photo.missing ? ",\"missing\":true" : ",\"missing\":false").utf8)
            number("importedAt", photo.importedAt, &out)
            if let contentID = photo.contentID { field("contentID", contentID, &out) }
            if let sourceURL = photo.sourceURL { field("sourceURL", sourceURL, &out) }
            if let feedURL = photo.feedURL { field("feedURL", feedURL, &out) }
            if let albumID = photo.albumID { field("albumID", albumID, &out) }
            if !photo.isDownloaded { out.append(contentsOf: ",\"isDownloaded\":false".utf8) }
            if photo.leftFeed { out.append(contentsOf: ",\"leftFeed\":true".utf8) }
            if !photo.edits.isEmpty {
                key("edits", &out, first: false)
                appendEdits(photo.edits, &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "\n]".utf8)
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
