import CExif
import CTurboJPEG
import Foundation

/// Builds metadata segments (EXIF with libexif, XMP, Photoshop/IPTC) and complete JPEG files
/// carrying them, for tests across the project.
///
///     let file = MetadataFixture.jpeg(width: 64, height: 48,
///                                     exif: .init(description: "Beach", make: "Canon"),
///                                     xmp: .element("Beach"), iptc: .init(caption: "Beach"))
public enum MetadataFixture {
    // MARK: - EXIF

    /// An unsigned EXIF RATIONAL.
    public struct Rational: Sendable, Equatable {
        public var numerator: UInt32
        public var denominator: UInt32
        public init(_ numerator: UInt32, _ denominator: UInt32) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    /// GPS IFD contents. `init(latitude:longitude:altitude:)` writes a valid position from
    /// signed decimal degrees; the memberwise fields allow writing invalid ones.
    public struct GPS: Sendable {
        public var latitudeRef: String?
        public var latitude: [Rational]?
        public var longitudeRef: String?
        public var longitude: [Rational]?
        /// 0 = above sea level, 1 = below.
        public var altitudeRef: UInt8?
        public var altitude: Rational?

        public init(latitudeRef: String?, latitude: [Rational]?, longitudeRef: String?,
                    longitude: [Rational]?, altitudeRef: UInt8? = nil, altitude: Rational? = nil) {
            self.latitudeRef = latitudeRef
            self.latitude = latitude
            self.longitudeRef = longitudeRef
            self.longitude = longitude
            self.altitudeRef = altitudeRef
            self.altitude = altitude
        }

        /// Signed decimal degrees (negative = S / W) and metres (negative = below sea level),
        /// stored as degrees, minutes and seconds with 1/10000 s precision.
        public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
            self.init(latitudeRef: latitude < 0 ? "S" : "N", latitude: Self.dms(abs(latitude)),
                      longitudeRef: longitude < 0 ? "W" : "E", longitude: Self.dms(abs(longitude)))
            if let altitude {
                altitudeRef = altitude < 0 ? 1 : 0
                self.altitude = Rational(UInt32(altitude.magnitude * 100), 100)
            }
        }

        static func dms(_ value: Double) -> [Rational] {
            let degrees = value.rounded(.down)
            let minutes = ((value - degrees) * 60).rounded(.down)
            let seconds = ((value - degrees) * 60 - minutes) * 60
            return [Rational(UInt32(degrees), 1), Rational(UInt32(minutes), 1),
                    Rational(UInt32((seconds * 10000).rounded()), 10000)]
        }
    }

    /// The IFD an extra entry goes into.
    public enum IFD: Sendable {
        case ifd0, exif, gps, ifd1

        var libexif: ExifIfd {
            switch self {
            case .ifd0: EXIF_IFD_0
            case .exif: EXIF_IFD_EXIF
            case .gps: EXIF_IFD_GPS
            case .ifd1: EXIF_IFD_1
            }
        }
    }

    /// An entry written as given, for odd or broken values (Latin-1 text, orientation 9, …).
    public struct RawEntry: Sendable {
        public enum Value: Sendable {
            /// Bytes of an ASCII entry, written as they are (add your own NUL).
            case ascii([UInt8])
            case short([UInt16])
            case long([UInt32])
            case rational([Rational])
            case byte([UInt8])
            case undefined([UInt8])
        }

        public var ifd: IFD
        public var tag: UInt16
        public var value: Value

        public init(ifd: IFD, tag: UInt16, value: Value) {
            self.ifd = ifd
            self.tag = tag
            self.value = value
        }

        /// Apple's maker note as an iPhone writes it ("Apple iOS\0", version 1, "MM", one
        /// big-endian IFD with offsets from the note's start) holding `ContentIdentifier`
        /// (tag 0x0011): what pairs a Live Photo's still with its movie. exiftool cannot add
        /// a maker note to a file that has none, so the tests write it.
        public static func appleMakerNote(contentIdentifier: String) -> RawEntry {
            let text = Array(contentIdentifier.utf8) + [0]
            var note = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)
            func be(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) } }
            // Two entries: MakerNoteVersion (0x0001, SLONG 14), then ContentIdentifier; no next IFD.
            let valueOffset = note.count + 2 + 2 * 12 + 4
            note += be(2, 2)
            note += be(0x0001, 2) + be(9, 2) + be(1, 4) + be(14, 4)
            note += be(0x0011, 2) + be(2, 2) + be(text.count, 4) + be(valueOffset, 4)
            note += be(0, 4) + text
            return RawEntry(ifd: .exif, tag: 0x927C, value: .undefined(note))
        }
    }

    /// Fields of an EXIF block; `nil` fields are not written.
    public struct EXIF: Sendable {
        public var description: String?
        public var make: String?
        public var model: String?
        public var orientation: Int?
        /// "YYYY:MM:DD HH:MM:SS"
        public var dateTimeOriginal: String?
        public var dateTime: String?
        /// OffsetTimeOriginal (0x9011), e.g. "+02:00".
        public var offsetTimeOriginal: String?
        /// OffsetTime (0x9010).
        public var offsetTime: String?
        public var gps: GPS?
        /// A complete JPEG stored as the IFD1 thumbnail.
        public var thumbnail: Data?
        /// Intel ("II") byte order instead of Motorola ("MM").
        public var littleEndian: Bool
        /// Extra entries, written after the fields above (a tag already written is replaced).
        public var extraEntries: [RawEntry]

        public init(description: String? = nil, make: String? = nil, model: String? = nil,
                    orientation: Int? = nil, dateTimeOriginal: String? = nil, dateTime: String? = nil,
                    offsetTimeOriginal: String? = nil, offsetTime: String? = nil, gps: GPS? = nil,
                    thumbnail: Data? = nil, littleEndian: Bool = false, extraEntries: [RawEntry] = []) {
            self.description = description
            self.make = make
            self.model = model
            self.orientation = orientation
            self.dateTimeOriginal = dateTimeOriginal
            self.dateTime = dateTime
            self.offsetTimeOriginal = offsetTimeOriginal
            self.offsetTime = offsetTime
            self.gps = gps
            self.thumbnail = thumbnail
            self.littleEndian = littleEndian
            self.extraEntries = extraEntries
        }
    }

    /// An APP1 payload ("Exif\0\0" + TIFF) written by libexif's `exif_data_save_data`.
    public static func exifPayload(_ exif: EXIF) -> Data {
        guard let data = exif_data_new() else { fatalError("exif_data_new failed") }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        let order = exif.littleEndian ? EXIF_BYTE_ORDER_INTEL : EXIF_BYTE_ORDER_MOTOROLA
        exif_data_set_byte_order(data, order)

        var entries: [RawEntry] = []
        func ascii(_ ifd: IFD, _ tag: UInt16, _ s: String?) {
            if let s { entries.append(RawEntry(ifd: ifd, tag: tag, value: .ascii(Array(s.utf8) + [0]))) }
        }
        ascii(.ifd0, 0x010E, exif.description)
        ascii(.ifd0, 0x010F, exif.make)
        ascii(.ifd0, 0x0110, exif.model)
        if let o = exif.orientation {
            entries.append(RawEntry(ifd: .ifd0, tag: 0x0112, value: .short([UInt16(truncatingIfNeeded: o)])))
        }
        ascii(.ifd0, 0x0132, exif.dateTime)
        ascii(.exif, 0x9003, exif.dateTimeOriginal)
        ascii(.exif, 0x9010, exif.offsetTime)
        ascii(.exif, 0x9011, exif.offsetTimeOriginal)
        if let gps = exif.gps {
            entries.append(RawEntry(ifd: .gps, tag: 0x0000, value: .byte([2, 3, 0, 0])))
            ascii(.gps, 0x0001, gps.latitudeRef)
            if let v = gps.latitude { entries.append(RawEntry(ifd: .gps, tag: 0x0002, value: .rational(v))) }
            ascii(.gps, 0x0003, gps.longitudeRef)
            if let v = gps.longitude { entries.append(RawEntry(ifd: .gps, tag: 0x0004, value: .rational(v))) }
            if let v = gps.altitudeRef { entries.append(RawEntry(ifd: .gps, tag: 0x0005, value: .byte([v]))) }
            if let v = gps.altitude { entries.append(RawEntry(ifd: .gps, tag: 0x0006, value: .rational([v]))) }
        }
        if let thumbnail = exif.thumbnail {
            // Compression = 6 (JPEG) in IFD1, as cameras write it; libexif adds the
            // JPEGInterchangeFormat offset and length itself.
            entries.append(RawEntry(ifd: .ifd1, tag: 0x0103, value: .short([6])))
            let copy = malloc(thumbnail.count)!.assumingMemoryBound(to: UInt8.self)
            thumbnail.copyBytes(to: copy, count: thumbnail.count)
            data.pointee.data = copy
            data.pointee.size = UInt32(thumbnail.count)
        }
        entries += exif.extraEntries
        for entry in entries { add(entry, to: data, order: order) }

        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_data_save_data(data, &out, &size)
        guard let out, size > 0 else { fatalError("exif_data_save_data wrote nothing") }
        defer { free(out) }
        return Data(bytes: out, count: Int(size))
    }

    private static func add(_ raw: RawEntry, to data: UnsafeMutablePointer<ExifData>, order: ExifByteOrder) {
        let content = withUnsafeBytes(of: data.pointee.ifd) {
            $0.load(fromByteOffset: Int(raw.ifd.libexif.rawValue) * MemoryLayout<UnsafeMutablePointer<ExifContent>?>.stride,
                    as: UnsafeMutablePointer<ExifContent>?.self)
        }!
        let tag = ExifTag(UInt32(raw.tag))
        if let old = exif_content_get_entry(content, tag) { exif_content_remove_entry(content, old) }

        var bytes: [UInt8]
        let format: ExifFormat
        let components: Int
        switch raw.value {
        case .ascii(let b): (bytes, format, components) = (b, EXIF_FORMAT_ASCII, b.count)
        case .byte(let b): (bytes, format, components) = (b, EXIF_FORMAT_BYTE, b.count)
        case .undefined(let b): (bytes, format, components) = (b, EXIF_FORMAT_UNDEFINED, b.count)
        case .short(let v):
            bytes = [UInt8](repeating: 0, count: 2 * v.count)
            for (i, x) in v.enumerated() { exif_set_short(&bytes[2 * i], order, x) }
            (format, components) = (EXIF_FORMAT_SHORT, v.count)
        case .long(let v):
            bytes = [UInt8](repeating: 0, count: 4 * v.count)
            for (i, x) in v.enumerated() { exif_set_long(&bytes[4 * i], order, x) }
            (format, components) = (EXIF_FORMAT_LONG, v.count)
        case .rational(let v):
            bytes = [UInt8](repeating: 0, count: 8 * v.count)
            for (i, x) in v.enumerated() {
                exif_set_rational(&bytes[8 * i], order, ExifRational(numerator: x.numerator, denominator: x.denominator))
            }
            (format, components) = (EXIF_FORMAT_RATIONAL, v.count)
        }
        guard let entry = exif_entry_new() else { fatalError("exif_entry_new failed") }
        defer { exif_entry_unref(entry) }
        entry.pointee.tag = tag
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(bytes.count)
        if !bytes.isEmpty {
            // libexif frees entry data with free() (default allocator).
            let buffer = malloc(bytes.count)!.assumingMemoryBound(to: UInt8.self)
            buffer.initialize(from: bytes, count: bytes.count)
            entry.pointee.data = buffer
        }
        exif_content_add_entry(content, entry)
    }

    // MARK: - XMP

    /// One language alternative of an XMP description.
    public struct LanguageText: Sendable {
        public var language: String
        public var text: String
        public init(_ language: String, _ text: String) {
            self.language = language
            self.text = text
        }
    }

    /// How dc:description is written in the XMP packet.
    public enum XMPDescription: Sendable {
        /// `<dc:description><rdf:Alt><rdf:li xml:lang="…">…` with the entries in this order.
        case alternatives([LanguageText])
        /// `dc:description="…"` on rdf:Description.
        case attribute(String)

        /// Element form with an x-default entry, followed by `others`.
        public static func element(_ text: String, others: [LanguageText] = []) -> XMPDescription {
            .alternatives([LanguageText("x-default", text)] + others)
        }
    }

    /// An APP1 payload: the XMP namespace signature and a packet holding `description`.
    public static func xmpPayload(_ description: XMPDescription) -> Data {
        var body = ""
        var attribute = ""
        switch description {
        case .alternatives(let entries):
            body = "\n   <dc:description>\n    <rdf:Alt>\n"
            for e in entries {
                body += "     <rdf:li xml:lang=\"\(escape(e.language))\">\(escape(e.text))</rdf:li>\n"
            }
            body += "    </rdf:Alt>\n   </dc:description>\n  "
        case .attribute(let text):
            attribute = "\n    dc:description=\"\(escape(text))\""
        }
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photory fixture">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmp:CreatorTool="photory"\(attribute)>\(body)</rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
        return Data("http://ns.adobe.com/xap/1.0/\0".utf8) + Data(packet.utf8)
    }

    /// XML-escapes `&`, `<`, `>`, `"`, `'`.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }

    // MARK: - IPTC

    /// An IPTC-IIM caption in a Photoshop APP13 segment.
    public struct IPTC: Sendable {
        /// The raw 2:120 Caption-Abstract bytes.
        public var captionBytes: [UInt8]
        /// Write 1:90 Coded Character Set = ESC % G (UTF-8).
        public var utf8Marker: Bool

        public init(caption: String, utf8Marker: Bool = true) {
            self.init(captionBytes: Array(caption.utf8), utf8Marker: utf8Marker)
        }

        public init(captionBytes: [UInt8], utf8Marker: Bool) {
            self.captionBytes = captionBytes
            self.utf8Marker = utf8Marker
        }
    }

    /// An APP13 payload: "Photoshop 3.0\0", an unrelated 8BIM resource, then resource 0x0404
    /// with 1:90 (optional), 2:0 record version and 2:120.
    public static func iptcPayload(_ iptc: IPTC) -> Data {
        var iim: [UInt8] = []
        if iptc.utf8Marker { iim += [0x1C, 0x01, 90, 0x00, 0x03, 0x1B, 0x25, 0x47] }
        iim += [0x1C, 0x02, 0x00, 0x00, 0x02, 0x00, 0x04]
        let n = iptc.captionBytes.count
        if n < 0x8000 {
            iim += [0x1C, 0x02, 120, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            iim += [0x1C, 0x02, 120, 0x80, 0x04, UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF),
                    UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
        iim += iptc.captionBytes

        var out = Data("Photoshop 3.0\0".utf8)
        // A resolution-info resource first (id 0x03ED, 16 bytes), as Photoshop writes.
        out += resource(id: 0x03ED, name: "", data: [0, 72, 0, 0, 0, 1, 0, 1, 0, 72, 0, 0, 0, 1, 0, 1])
        out += resource(id: 0x0404, name: "", data: iim)
        return out
    }

    private static func resource(id: UInt16, name: String, data: [UInt8]) -> Data {
        var out = Data("8BIM".utf8)
        out += [UInt8(id >> 8), UInt8(id & 0xFF)]
        let nameBytes = Array(name.utf8.prefix(255))
        out += [UInt8(nameBytes.count)] + nameBytes
        if (1 + nameBytes.count) % 2 == 1 { out.append(0) }
        let n = data.count
        out += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        out += data
        if n % 2 == 1 { out.append(0) }
        return out
    }

    // MARK: - Files

    /// A complete JPEG (EXIF APP1, XMP APP1, APP13 in that order, then the encoded image).
    public static func jpeg(width: Int = 64, height: Int = 48, exif: EXIF? = nil,
                            xmp: XMPDescription? = nil, iptc: IPTC? = nil,
                            progressive: Bool = false) -> Data {
        var segments: [(marker: UInt8, payload: Data)] = []
        if let exif { segments.append((0xE1, exifPayload(exif))) }
        if let xmp { segments.append((0xE1, xmpPayload(xmp))) }
        if let iptc { segments.append((0xED, iptcPayload(iptc))) }
        let image = JPEGFixture.encode(width: width, height: height, progressive: progressive)
        return JPEGFixture.inserting(segments: segments, into: image)
    }
}
