/// One change to an EXIF tag, in a form both writers apply: `EXIFInPlaceEditor` (bytes where
/// they lie) and libexif (`EXIFEditor`'s fallback).
enum EXIFTagEdit {
    enum Directory { case ifd0, exif, gps }

    /// Sets `tag` in `directory` to `value`; with `onlyInNewDirectory`, only when the
    /// directory has no entries yet (GPSVersionID).
    case set(Directory, tag: UInt16, EXIFTagValue, onlyInNewDirectory: Bool = false)
    /// Removes every entry of the directory (and the directory).
    case removeAll(Directory)

    /// Our tags for `changes`: dates and offsets in the EXIF IFD, ImageDescription and Orientation in IFD0,
    /// the position's tags in the GPS IFD (the others kept).
    static func edits(for changes: MetadataChanges) -> [EXIFTagEdit] {
        var edits: [EXIFTagEdit] = []
        if let date = changes.dateTaken {
            edits += [.set(.exif, tag: 0x9003, .ascii(date)), .set(.exif, tag: 0x9004, .ascii(date))]
            if let offset = changes.utcOffset {
                edits += [.set(.exif, tag: 0x9011, .ascii(offset)), .set(.exif, tag: 0x9012, .ascii(offset))]
            }
        }
        if let description = changes.description {
            edits.append(.set(.ifd0, tag: 0x010E, .ascii(description)))
        }
        if let make = changes.make { edits.append(.set(.ifd0, tag: 0x010F, .ascii(make))) }
        if let model = changes.model { edits.append(.set(.ifd0, tag: 0x0110, .ascii(model))) }
        if let orientation = changes.orientation {
            edits.append(.set(.ifd0, tag: 0x0112, .short(UInt16(orientation))))
        }
        switch changes.location {
        case .set(let position)?:
            edits.append(.set(.gps, tag: 0x0000, .bytes([2, 3, 0, 0]), onlyInNewDirectory: true))  // GPSVersionID
            edits += [.set(.gps, tag: 0x0001, .ascii(position.latitude < 0 ? "S" : "N")),
                      .set(.gps, tag: 0x0002, .rationals(degreesMinutesSeconds(abs(position.latitude)))),
                      .set(.gps, tag: 0x0003, .ascii(position.longitude < 0 ? "W" : "E")),
                      .set(.gps, tag: 0x0004, .rationals(degreesMinutesSeconds(abs(position.longitude))))]
            if let altitude = position.altitude {
                edits += [.set(.gps, tag: 0x0005, .bytes([altitude < 0 ? 1 : 0])),
                          .set(.gps, tag: 0x0006, .rationals([(UInt32((abs(altitude) * 100).rounded()), 100)]))]
            }
        case .clear?: edits.append(.removeAll(.gps))
        case nil: break
        }
        return edits
    }

    /// Degrees, minutes and seconds (to 1/10000 s, about 3 mm) of a non-negative angle.
    static func degreesMinutesSeconds(_ value: Double) -> [(UInt32, UInt32)] {
        let total = Int((value * 3600 * 10_000).rounded())
        let degrees = total / (3600 * 10_000)
        let minutes = total / (60 * 10_000) % 60
        let seconds = total % (60 * 10_000)
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32(seconds), 10_000)]
    }
}

/// A tag's value: its TIFF type, count and bytes in either byte order.
enum EXIFTagValue {
    case ascii(String)
    case bytes([UInt8])
    case short(UInt16)
    case rationals([(UInt32, UInt32)])

    /// TIFF type (2 ASCII, 1 BYTE, 3 SHORT, 5 RATIONAL), component count and bytes.
    func encoded(littleEndian: Bool) -> (type: UInt16, count: Int, bytes: [UInt8]) {
        switch self {
        case .ascii(let text): return (2, text.utf8.count + 1, Array(text.utf8) + [0])
        case .bytes(let bytes): return (1, bytes.count, bytes)
        case .short(let value): return (3, 1, EXIFTagValue.u16(value, littleEndian))
        case .rationals(let values):
            let bytes = values.flatMap { EXIFTagValue.u32($0.0, littleEndian) + EXIFTagValue.u32($0.1, littleEndian) }
            return (5, values.count, bytes)
        }
    }

    static func u32(_ v: UInt32, _ littleEndian: Bool) -> [UInt8] {
        let big = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        return littleEndian ? big.reversed() : big
    }

    static func u16(_ v: UInt16, _ littleEndian: Bool) -> [UInt8] {
        littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
}
