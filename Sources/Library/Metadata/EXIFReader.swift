import CExif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the EXIF fields of `Metadata` from an APP1 "Exif\0\0" payload with libexif.
///
/// The caller locates the APP1 segment itself, so EXIF after a COM or any other segment is
/// found (libexif's own JPEG scan in `exif_data_new_from_data` gives up on those). libexif is
/// run without `FOLLOW_SPECIFICATION` (which would invent missing mandatory tags such as a
/// DateTime of "now") and without `IGNORE_UNKNOWN_TAGS`; its log goes into `warnings`.
/// The IFD1 thumbnail location is read by a small bounds-checked TIFF walk of our own, because
/// libexif copies the thumbnail out and does not keep its offset.
enum EXIFReader {
    static let signature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]  // "Exif\0\0"
    /// At most this many libexif log lines are kept per file.
    static let maxLogWarnings = 8

    /// Fills the EXIF fields of `metadata`. `payloadOffset` is where `payload` (starting with
    /// "Exif\0\0") lies in `file`.
    static func read(payload: UnsafeRawBufferPointer, payloadOffset: Int, file: UnsafeRawBufferPointer,
                     into metadata: inout Metadata) {
        guard payload.count > signature.count + 8, let base = payload.baseAddress,
              payload.count <= Int(UInt32.max) else { return }
        guard let data = exif_data_new() else { return }
        defer { exif_data_unref(data) }
        MetadataBlocks.record(exif: payload)
        metadata.warnings.append(contentsOf: load(data, payload: UnsafeRawBufferPointer(start: base, count: payload.count)))

        let tags = Tags(data: data)
        if let o = tags.integer(EXIF_IFD_0, 0x0112) {
            if (1...8).contains(o) {
                metadata.orientation = o
            } else {
                metadata.warnings.append("EXIF: orientation \(o) out of range, using 1")
            }
        }
        metadata.dateTimeOriginal = tags.string(EXIF_IFD_EXIF, 0x9003)
        metadata.dateTime = tags.string(EXIF_IFD_0, 0x0132)
        metadata.dateTimeDigitized = tags.string(EXIF_IFD_EXIF, 0x9004)
        metadata.offsetTimeOriginal = tags.string(EXIF_IFD_EXIF, 0x9011)
        metadata.offsetTimeDigitized = tags.string(EXIF_IFD_EXIF, 0x9012)
        metadata.utcOffset = metadata.offsetTimeOriginal ?? tags.string(EXIF_IFD_EXIF, 0x9010)
        metadata.cameraMake = tags.string(EXIF_IFD_0, 0x010F)
        metadata.cameraModel = tags.string(EXIF_IFD_0, 0x0110)
        metadata.exifDescription = tags.string(EXIF_IFD_0, 0x010E)
        metadata.gps = gps(tags, warnings: &metadata.warnings)
        readExposure(tags, into: &metadata)
        // Stacks (issue 21): a Live Photo still's ContentIdentifier, in Apple's maker note.
        if let (_, _, bytes, size) = tags.entry(EXIF_IFD_EXIF, 0x927C) {
            metadata.appleContentID = AppleMakerNote.contentIdentifier(in: UnsafeRawBufferPointer(start: bytes, count: size))
        }
        metadata.embeddedThumbnail = thumbnailRange(payload: payload, payloadOffset: payloadOffset, file: file)
    }

    /// Loads `payload` ("Exif\0\0" + TIFF) into `data` without `FOLLOW_SPECIFICATION` and
    /// without `IGNORE_UNKNOWN_TAGS` (plus any `extraOptions`); returns libexif's complaints
    /// about corrupt data, at most `maxLogWarnings` of them, as "EXIF: domain: message" lines.
    static func load(_ data: UnsafeMutablePointer<ExifData>, payload: UnsafeRawBufferPointer,
                     extraOptions: [ExifDataOption] = []) -> [String] {
        guard let base = payload.baseAddress, payload.count <= Int(UInt32.max) else { return [] }
        let sink = LogSink()
        withExtendedLifetime(sink) {
            if let log = exif_log_new() {
                exif_log_set_func(log, logCallback, Unmanaged.passUnretained(sink).toOpaque())
                exif_data_log(data, log)
                exif_log_unref(log)
            }
            exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
            exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
            for option in extraOptions { exif_data_set_option(data, option) }
            exif_data_load_data(data, base.assumingMemoryBound(to: UInt8.self), UInt32(payload.count))
            // Detach the log: nothing after this point should call back into `sink`.
            exif_data_log(data, nil)
        }
        if sink.dropped > 0 { sink.lines.append("EXIF: \(sink.dropped) more libexif messages") }
        return sink.lines
    }

    /// The entries of one IFD of `data`.
    static func content(_ data: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        let index = Int(ifd.rawValue)
        guard index < Int(EXIF_IFD_COUNT.rawValue) else { return nil }
        return withUnsafeBytes(of: data.pointee.ifd) {
            $0.load(fromByteOffset: index * MemoryLayout<UnsafeMutablePointer<ExifContent>?>.stride,
                    as: UnsafeMutablePointer<ExifContent>?.self)
        }
    }

    // MARK: - Lens and exposure

    /// LensModel (else LensMake + the model), ExposureTime, FNumber, ISO and FocalLength.
    /// Zero or impossible values (a camera's "unknown") are left nil.
    private static func readExposure(_ tags: Tags, into metadata: inout Metadata) {
        switch (tags.string(EXIF_IFD_EXIF, 0xA433), tags.string(EXIF_IFD_EXIF, 0xA434)) {
        case let (make?, model?) where !model.lowercased().hasPrefix(make.lowercased()):
            metadata.lensModel = make + " " + model
        case let (make, model):
            metadata.lensModel = model ?? make
        }
        if let t = tags.rationals(EXIF_IFD_EXIF, 0x829A)?.first, t.isFinite, t > 0, t < 100_000 {
            metadata.exposureTime = t
        }
        if let f = tags.rationals(EXIF_IFD_EXIF, 0x829D)?.first, f.isFinite, f > 0, f < 1000 {
            metadata.fNumber = f
        }
        if let iso = tags.integer(EXIF_IFD_EXIF, 0x8827), iso > 0 {
            metadata.isoSpeed = iso
        }
        if let mm = tags.rationals(EXIF_IFD_EXIF, 0x920A)?.first, mm.isFinite, mm > 0, mm < 100_000 {
            metadata.focalLength = mm
        }
    }

    // MARK: - GPS

    private static func gps(_ tags: Tags, warnings: inout [String]) -> GPSPosition? {
        let ifd = EXIF_IFD_GPS
        let latValues = tags.rationals(ifd, 0x0002)
        let lonValues = tags.rationals(ifd, 0x0004)
        if latValues == nil, lonValues == nil { return nil }
        guard let latValues, let lonValues,
              var lat = degrees(latValues), var lon = degrees(lonValues) else {
            warnings.append("EXIF: GPS position incomplete or invalid, ignored")
            return nil
        }
        switch tags.string(ifd, 0x0001)?.uppercased() {
        case "S": lat = -lat
        case "N", nil: break
        default:
            warnings.append("EXIF: GPS latitude reference invalid, ignored")
            return nil
        }
        switch tags.string(ifd, 0x0003)?.uppercased() {
        case "W": lon = -lon
        case "E", nil: break
        default:
            warnings.append("EXIF: GPS longitude reference invalid, ignored")
            return nil
        }
        guard abs(lat) <= 90, abs(lon) <= 180 else {
            warnings.append("EXIF: GPS position out of range, ignored")
            return nil
        }
        if lat == 0, lon == 0 {
            // Cameras without a fix often write zeros; 0°N 0°E is open sea.
            warnings.append("EXIF: GPS position 0,0 ignored")
            return nil
        }
        var altitude: Double?
        if let alt = tags.rationals(ifd, 0x0006)?.first, alt.isFinite, abs(alt) < 100_000 {
            altitude = tags.integer(ifd, 0x0005) == 1 ? -abs(alt) : alt
        }
        return GPSPosition(latitude: lat, longitude: lon, altitude: altitude)
    }

    /// Degrees, minutes, seconds → decimal degrees; `nil` unless all three are valid.
    private static func degrees(_ v: [Double]) -> Double? {
        guard v.count >= 3, v[0...2].allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        return v[0] + v[1] / 60 + v[2] / 3600
    }

    // MARK: - Thumbnail

    /// Range in `file` of the IFD1 JPEGInterchangeFormat thumbnail, checked to be in bounds
    /// and to start with SOI.
    static func thumbnailRange(payload: UnsafeRawBufferPointer, payloadOffset: Int,
                               file: UnsafeRawBufferPointer) -> Range<Int>? {
        let tiff = UnsafeRawBufferPointer(rebasing: payload[signature.count...])
        guard let reader = TIFFReader(tiff) else { return nil }
        guard let ifd0 = reader.u32(4), let count0 = reader.u16(Int(ifd0)) else { return nil }
        guard let ifd1 = reader.u32(Int(ifd0) + 2 + 12 * Int(count0)), ifd1 != 0, ifd1 != ifd0,
              let count1 = reader.u16(Int(ifd1)) else { return nil }
        var offset: Int?
        var length: Int?
        for i in 0..<Int(count1) {
            let entry = Int(ifd1) + 2 + 12 * i
            guard let tag = reader.u16(entry), let type = reader.u16(entry + 2) else { break }
            guard tag == 0x0201 || tag == 0x0202 else { continue }
            let value: Int?
            switch type {
            case 3: value = reader.u16(entry + 8).map(Int.init)
            case 4: value = reader.u32(entry + 8).map(Int.init)
            default: value = nil
            }
            if tag == 0x0201 { offset = value } else { length = value }
        }
        guard let offset, let length, length >= 4 else { return nil }
        let start = payloadOffset + signature.count + offset
        let end = start + length
        guard start >= 0, end <= file.count, file[start] == 0xFF, file[start + 1] == 0xD8 else { return nil }
        return start..<end
    }

    // MARK: - libexif access

    /// Typed reads of libexif entries, checked against each entry's size.
    private struct Tags {
        let data: UnsafeMutablePointer<ExifData>
        let order: ExifByteOrder

        init(data: UnsafeMutablePointer<ExifData>) {
            self.data = data
            self.order = exif_data_get_byte_order(data)
        }

        func entry(_ ifd: ExifIfd, _ tag: UInt16) -> (ExifFormat, Int, UnsafeMutablePointer<UInt8>, Int)? {
            guard let content = EXIFReader.content(data, ifd), let e = exif_content_get_entry(content, ExifTag(UInt32(tag))),
                  let bytes = e.pointee.data, e.pointee.size > 0 else { return nil }
            return (e.pointee.format, Int(e.pointee.components), bytes, Int(e.pointee.size))
        }

        func string(_ ifd: ExifIfd, _ tag: UInt16) -> String? {
            guard let (format, _, bytes, size) = entry(ifd, tag) else { return nil }
            switch format {
            case EXIF_FORMAT_ASCII:
                // An ASCII value ends at its first NUL; cameras may leave junk after it.
                return MetadataText.cleaned(UnsafeRawBufferPointer(start: bytes, count: strnlen(bytes, size)))
            case EXIF_FORMAT_UNDEFINED, EXIF_FORMAT_BYTE, EXIF_FORMAT_SBYTE:
                return MetadataText.cleaned(UnsafeRawBufferPointer(start: bytes, count: size))
            default:
                return nil
            }
        }

        func integer(_ ifd: ExifIfd, _ tag: UInt16) -> Int? {
            guard let (format, components, bytes, size) = entry(ifd, tag), components >= 1 else { return nil }
            switch format {
            case EXIF_FORMAT_SHORT where size >= 2: return Int(exif_get_short(bytes, order))
            case EXIF_FORMAT_SSHORT where size >= 2: return Int(exif_get_sshort(bytes, order))
            case EXIF_FORMAT_LONG where size >= 4: return Int(exif_get_long(bytes, order))
            case EXIF_FORMAT_SLONG where size >= 4: return Int(exif_get_slong(bytes, order))
            case EXIF_FORMAT_BYTE, EXIF_FORMAT_UNDEFINED: return Int(bytes[0])
            case EXIF_FORMAT_SBYTE: return Int(Int8(bitPattern: bytes[0]))
            default: return nil
            }
        }

        /// Rationals as doubles; `nil` when any denominator is zero, except that 0/0 reads as 0
        /// (cameras write it for GPS seconds they do not know; metadata-extractor reads it so).
        func rationals(_ ifd: ExifIfd, _ tag: UInt16) -> [Double]? {
            guard let (format, components, bytes, size) = entry(ifd, tag) else { return nil }
            let count = min(components, size / 8, 16)
            guard count >= 1 else { return nil }
            var values: [Double] = []
            values.reserveCapacity(count)
            for i in 0..<count {
                let p = bytes + 8 * i
                switch format {
                case EXIF_FORMAT_RATIONAL:
                    let r = exif_get_rational(p, order)
                    if r.numerator == 0, r.denominator == 0 { values.append(0); continue }
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                case EXIF_FORMAT_SRATIONAL:
                    let r = exif_get_srational(p, order)
                    if r.numerator == 0, r.denominator == 0 { values.append(0); continue }
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                default:
                    return nil
                }
            }
            return values
        }
    }

    // MARK: - Log

    private final class LogSink {
        var lines: [String] = []
        var dropped = 0
    }

    private static let logCallback: ExifLogFunc = { _, code, domain, format, args, user in
        guard code == EXIF_LOG_CODE_CORRUPT_DATA || code == EXIF_LOG_CODE_NO_MEMORY,
              let user, let format, let args else { return }
        let sink = Unmanaged<LogSink>.fromOpaque(user).takeUnretainedValue()
        guard sink.lines.count < EXIFReader.maxLogWarnings else {
            sink.dropped += 1
            return
        }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
        let message = buffer.withUnsafeBufferPointer { b -> String in
            let bytes = UnsafeRawBufferPointer(start: b.baseAddress, count: strnlen(b.baseAddress!, b.count))
            return MetadataText.cleaned(bytes) ?? ""
        }
        let origin = domain.map { String(cString: $0) } ?? "libexif"
        sink.lines.append("EXIF: \(origin): \(message)")
    }
}
