import Foundation

/// How a `Photo` is written to and read from the library file. `fields` declares every key once,
/// with how it is written and how it is read side by side (one list drives both sides, like
/// tig's REQ_INFO), so a key cannot be written without being read back.
///
/// The table's order is the order of the keys in the file; `id` stays first, because the reader
/// splits a large file at lines starting `{"id":`. To add a stored property to `Photo`: add its
/// `Field` here and set it in `LibraryJSONTests.everyField`, whose round trip fails until both
/// are done.
struct PhotoCodec: Sendable {
    /// One key of a photo object.
    struct Field: Sendable {
        let key: StaticString
        let presence: Presence
        /// Writes the value through the writer, which leaves the key out when given nil.
        let write: @Sendable (Photo, inout Writer) -> Void
        /// Reads the value into the photo being read.
        let read: @Sendable (inout JSONScanner, inout Draft) throws -> Void

        init(_ key: StaticString, _ presence: Presence = .optional,
             write: @escaping @Sendable (Photo, inout Writer) -> Void,
             read: @escaping @Sendable (inout JSONScanner, inout Draft) throws -> Void) {
            (self.key, self.presence, self.write, self.read) = (key, presence, write, read)
        }
    }

    /// When a photo without the key is refused.
    enum Presence: Sendable {
        case optional, required
        /// Required unless the photo has this other key.
        case requiredUnless(StaticString)
        /// Required when the photo has this other key.
        case requiredWith(StaticString)
    }

    /// The photo being read, and what only the end of its object settles.
    struct Draft {
        var photo = PhotoCodec.blank
        /// The path as `pathBytes` gave it: wins over `path` in whatever order they come.
        var exactPath: String?
        /// The photo's number in the file (from 1), for messages.
        let number: Int
        /// Shares repeated texts (camera names, descriptions, feeds) among the photos read.
        let strings: StringInterner
    }

    static let fields: [Field] = [
        Field("id", .required, write: { $1.string($0.id) }, read: { $1.photo.id = try $0.readString() }),
        Field("path", .requiredUnless("pathBytes"), write: { $1.string($0.path) }, read: { $1.photo.path = try $0.readString() }),
        Field("pathBytes", write: { $1.string(PathBytes.base64($0.path)) }, read: { s, draft in
            let raw = try s.readString()
            guard let exact = PathBytes.string(base64: raw) else {
                throw LibraryJSON.ReadError(description: "photo \(draft.number): pathBytes is not base64 of a path")
            }
            draft.exactPath = exact
        }),
        Field("fileSize", .required, write: { $1.int(Int($0.fileSize)) }, read: { $1.photo.fileSize = Int64(try $0.readInt()) }),
        Field("fileModified", .required, write: { $1.number($0.fileModified) }, read: { $1.photo.fileModified = try $0.readDouble() }),
        Field("width", write: { $1.int($0.isSizeKnown ? $0.width : nil) }, read: { $1.photo.width = try $0.readInt() }),
        Field("height", write: { $1.int($0.isSizeKnown ? $0.height : nil) }, read: { $1.photo.height = try $0.readInt() }),
        Field("thumbnailWidth", write: { $1.int(hasThumbnailShape($0) ? $0.thumbnailWidth : nil) },
              read: { $1.photo.thumbnailWidth = try $0.readInt() }),
        Field("thumbnailHeight", write: { $1.int(hasThumbnailShape($0) ? $0.thumbnailHeight : nil) },
              read: { $1.photo.thumbnailHeight = try $0.readInt() }),
        Field("orientation", write: { $1.int($0.fileOrientation) }, read: { $1.photo.fileOrientation = try $0.readInt() }),
        Field("takenAt", write: { $1.string($0.fileTakenAtSource == nil ? nil : $0.fileTakenAt) },
              read: { $1.photo.fileTakenAt = try $0.readString() }),
        Field("takenAtSource", .requiredWith("takenAt"),
              write: { $1.string($0.fileTakenAt == nil ? nil : $0.fileTakenAtSource?.rawValue) }, read: { s, draft in
            let raw = try s.readString()
            guard let source = Photo.TakenAtSource(rawValue: raw) else {
                throw LibraryJSON.ReadError(description: "photo \(draft.number): unknown takenAtSource \"\(raw)\"")
            }
            draft.photo.fileTakenAtSource = source
        }),
        Field("cameraMake", write: { $1.string($0.cameraMake) },
              read: { $1.photo.cameraMake = try $0.readOptionalString(sharing: $1.strings) }),
        Field("cameraModel", write: { $1.string($0.cameraModel) },
              read: { $1.photo.cameraModel = try $0.readOptionalString(sharing: $1.strings) }),
        Field("gps", write: { $1.value($0.fileGPS, LibraryJSON.appendGPS) }, read: { $1.photo.fileGPS = try LibraryJSON.readGPS(&$0) }),
        Field("description", write: { $1.string($0.fileDescription) },
              read: { $1.photo.fileDescription = try $0.readOptionalString(sharing: $1.strings) }),
        Field("descriptionSource", write: { $1.string($0.fileDescriptionSource?.rawValue) },
              read: { $1.photo.fileDescriptionSource = try $0.readOptionalString().flatMap(DescriptionSource.init(rawValue:)) }),
        Field("missing", write: { $1.bool($0.missing) }, read: { $1.photo.missing = try $0.readBool() }),
        Field("importedAt", .required, write: { $1.number($0.importedAt) }, read: { $1.photo.importedAt = try $0.readDouble() }),
        Field("contentID", write: { $1.string($0.contentID) }, read: { $1.photo.contentID = try $0.readOptionalString() }),
        Field("sourceURL", write: { $1.string($0.sourceURL) }, read: { $1.photo.sourceURL = try $0.readOptionalString() }),
        Field("feedURL", write: { $1.string($0.feedURL) }, read: { $1.photo.feedURL = try $0.readOptionalString(sharing: $1.strings) }),
        Field("albumID", write: { $1.string($0.albumID) }, read: { $1.photo.albumID = try $0.readOptionalString(sharing: $1.strings) }),
        Field("isDownloaded", write: { $1.bool($0.isDownloaded ? nil : false) }, read: { $1.photo.isDownloaded = try $0.readBool() }),
        Field("leftFeed", write: { $1.bool($0.leftFeed ? true : nil) }, read: { $1.photo.leftFeed = try $0.readBool() }),
        Field("kind", write: { $1.string($0.kind == .photo ? nil : $0.kind.name) }, read: { s, draft in
            let raw = try s.readString()
            guard let kind = Photo.Kind(name: raw) else {
                throw LibraryJSON.ReadError(description: "photo \(draft.number): unknown kind \"\(raw)\"")
            }
            draft.photo.kind = kind
        }),
        Field("duration", write: { $1.value($0.duration, { LibraryJSON.appendNumber($0, &$1) }) },
              read: { $1.photo.duration = try $0.readDouble() }),
        // Motion Photos (issue 21): the embedded video's byte range and length.
        Field("motionStart", write: { $1.int($0.motionRange.map { Int($0.lowerBound) }) },
              read: { $1.photo.rare.motionStart = Int64(try $0.readInt()) }),
        Field("motionEnd", write: { $1.int($0.motionRange.map { Int($0.upperBound) }) },
              read: { $1.photo.rare.motionEnd = Int64(try $0.readInt()) }),
        Field("motionDuration", write: { $1.value($0.motionRange == nil ? nil : $0.motionDuration, { LibraryJSON.appendNumber($0, &$1) }) },
              read: { $1.photo.motionDuration = try $0.readDouble() }),
        // Stacks (issue 21): what pairs a Live Photo's still and movie.
        Field("appleContentID", write: { $1.string($0.appleContentID) }, read: { $1.photo.appleContentID = try $0.readOptionalString() }),
        Field("animated", write: { $1.bool($0.animated ? true : nil) }, read: { $1.photo.animated = try $0.readBool() }),
        Field("marks", write: { $1.value($0.fileMarks.isEmpty ? nil : $0.fileMarks, LibraryJSON.appendMarks) },
              read: { $1.photo.fileMarks = try LibraryJSON.readMarks(&$0, sharing: $1.strings) }),
        Field("sidecarModified", write: { $1.value($0.sidecarModified == 0 ? nil : $0.sidecarModified, LibraryJSON.appendNumber) },
              read: { $1.photo.sidecarModified = try $0.readDouble() }),
        Field("edits", write: { $1.value($0.edits.isEmpty ? nil : $0.edits, LibraryJSON.appendEdits) },
              read: { $1.photo.edits = try LibraryJSON.readEdits(&$0) }),
        // Look-alike duplicates (issue 23): 16 hex digits (a JSON number cannot hold 64 bits).
        Field("phash", write: { $1.string($0.perceptualHash == 0 ? nil : PerceptualHash.hex($0.perceptualHash)) },
              read: { s, draft in
            let raw = try s.readString()
            guard let hash = PerceptualHash.parse(hex: raw) else {
                throw LibraryJSON.ReadError(description: "photo \(draft.number): phash is not 16 hex digits")
            }
            draft.photo.perceptualHash = hash
        }),
        // Look-alikes cropped by 5% (issue 23): the five crop hashes, 80 hex digits.
        Field("cropHashes", write: { $1.string($0.cropHashes.isEmpty ? nil : $0.cropHashes.hex) },
              read: { s, draft in
            let raw = try s.readString()
            guard let hashes = CropHashes(hex: raw) else {
                throw LibraryJSON.ReadError(description: "photo \(draft.number): cropHashes is not 80 hex digits")
            }
            draft.photo.cropHashes = hashes
        }),
    ]

    private static func hasThumbnailShape(_ photo: Photo) -> Bool {
        photo.thumbnailWidth > 0 && photo.thumbnailHeight > 0
    }

    /// What a photo is before its keys are read: the values a file that leaves a key out means.
    static let blank = Photo(id: "", path: "", fileSize: 0, fileModified: 0, width: 0, height: 0,
                             takenAt: nil, takenAtSource: nil, importedAt: 0)

    /// The table, with its keys indexed for reading; built once (`shared`).
    static let shared = PhotoCodec(fields)

    private let fields: [Field]
    /// Field index by key length (< 32) and first byte (< 128): -1 none, -2 several (compare each).
    private let slots: [Int8]
    /// Per required field: its bit, and the bits that must (`with`) or must not (`unless`) be seen too.
    private let requirements: [(index: Int, with: UInt64, unless: UInt64)]

    private init(_ fields: [Field]) {
        precondition(fields.count < 64, "photo keys are tracked in a 64-bit set")
        self.fields = fields
        func index(of key: StaticString) -> Int {
            fields.firstIndex { $0.key.utf8CodeUnitCount == key.utf8CodeUnitCount
                && memcmp($0.key.utf8Start, key.utf8Start, key.utf8CodeUnitCount) == 0 }!
        }
        var slots = [Int8](repeating: -1, count: 32 * 128)
        var requirements: [(Int, UInt64, UInt64)] = []
        for (i, field) in fields.enumerated() {
            let length = field.key.utf8CodeUnitCount, first = field.key.utf8Start.pointee
            precondition(length < 32 && first < 128, "photo keys are short ASCII")
            let slot = length * 128 + Int(first)
            slots[slot] = slots[slot] == -1 ? Int8(i) : -2
            switch field.presence {
            case .optional: break
            case .required: requirements.append((i, 0, 0))
            case .requiredUnless(let other): requirements.append((i, 0, 1 << index(of: other)))
            case .requiredWith(let other): requirements.append((i, 1 << index(of: other), 0))
            }
        }
        (self.slots, self.requirements) = (slots, requirements)
    }

    // MARK: - Writing

    /// Writes one photo object, keys in table order.
    func write(_ photo: Photo, _ writer: inout Writer) {
        writer.bytes.append(UInt8(ascii: "{"))
        writer.first = true
        for field in fields {
            writer.key = field.key
            field.write(photo, &writer)
        }
        writer.bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `"key":value` (comma first when needed) for the field being written, or nothing for nil.
    struct Writer {
        var bytes: [UInt8] = []
        fileprivate var key: StaticString = ""
        fileprivate var first = true

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func string(_ value: String?) {
            guard let value else { return }
            appendKey()
            LibraryJSON.appendString(value, &bytes)
        }

        mutating func int(_ value: Int?) {
            guard let value else { return }
            appendKey()
            LibraryJSON.appendNumber(Double(value), &bytes)
        }

        mutating func number(_ value: Double) {
            appendKey()
            LibraryJSON.appendNumber(value, &bytes)
        }

        mutating func bool(_ value: Bool?) {
            guard let value else { return }
            appendKey()
            bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        }

        mutating func value<T>(_ value: T?, _ append: (T, inout [UInt8]) -> Void) {
            guard let value else { return }
            appendKey()
            append(value, &bytes)
        }

        private mutating func appendKey() {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            bytes.append(contentsOf: "\":".utf8)
        }
    }

    // MARK: - Reading

    /// Reads one photo object; unknown keys are skipped.
    func read(_ scanner: inout JSONScanner, number: Int, strings: StringInterner = StringInterner()) throws -> Photo {
        var draft = Draft(number: number, strings: strings)
        var seen: UInt64 = 0
        try scanner.readObject { s, key in
            guard let index = fieldIndex(key) else { return try s.skipValue() }
            try fields[index].read(&s, &draft)
            seen |= 1 << index
        }
        for required in requirements where seen & (1 << required.index) == 0
            && seen & required.with == required.with && seen & required.unless == 0 {
            throw LibraryJSON.ReadError(description: "photo \(number) has no \"\(fields[required.index].key)\"")
        }
        return Self.settled(draft)
    }

    private func fieldIndex(_ key: UnsafeRawBufferPointer) -> Int? {
        guard let first = key.first, key.count < 32, first < 128 else { return nil }
        let slot = Int(slots[key.count * 128 + Int(first)])
        if slot >= 0 { return key.equals(fields[slot].key) ? slot : nil }
        if slot == -1 { return nil }
        return fields.firstIndex { key.equals($0.key) }
    }

    /// The photo once all its keys are read: `pathBytes` applied, and what older photory
    /// versions wrote read as what it meant.
    private static func settled(_ draft: consuming Draft) -> Photo {
        if let exact = draft.exactPath { draft.photo.path = exact }
        var photo = draft.photo
        if let text = photo.fileDescription, photo.fileDescriptionSource != .feed, DescriptionResolver.mayBeFiller(text),
           DescriptionResolver.usable(text, make: photo.cameraMake, model: photo.cameraModel, fileName: photo.fileName) == nil {
            // Camera filler read as a description by an older photory: "Other", like at import now.
            (photo.fileDescription, photo.fileDescriptionSource) = (nil, nil)
        }
        if !photo.isDownloaded && photo.fileTakenAtSource == .fileTime {
            // Written before unknown was unknown: the size was the thumbnail's, the date the import time.
            (photo.thumbnailWidth, photo.thumbnailHeight) = (photo.width, photo.height)
            (photo.width, photo.height) = (0, 0)
            (photo.fileTakenAt, photo.fileTakenAtSource) = (nil, nil)
        }
        if photo.fileTakenAt == nil { photo.fileTakenAtSource = nil }   // a source without a date means nothing
        return photo
    }
}
