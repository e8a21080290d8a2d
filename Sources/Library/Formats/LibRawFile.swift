import CRaw
import Foundation

/// One camera raw file opened by LibRaw (the thread-safe build) from bytes in memory: its
/// sizes and shooting data, its embedded preview and a half-size decode. Every call makes its
/// own `libraw_data_t`; none cross threads. The bytes must outlive the file.
final class LibRawFile {
    let raw: UnsafeMutablePointer<libraw_data_t>

    init(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) {
        guard let base = file.baseAddress, !file.isEmpty else { throw .corrupt("empty raw file") }
        if let failure = Self.loadFailure { throw .unsupported("LibRaw could not be loaded (\(failure))") }
        guard let raw = libraw_init(0) else { throw .corrupt("out of memory") }
        // LibRaw's own handlers print "unknown file: data corrupted at 1368" to stderr, which is
        // the browser's screen: say nothing (a broken decode fails or shows as it is).
        libraw_set_dataerror_handler(raw, { _, _, _ in }, nil)
        libraw_set_memerror_handler(raw, { _, _, _ in }, nil)
        // LibRaw reads the buffer only; its C API takes it as mutable.
        let opened = libraw_open_buffer(raw, UnsafeMutableRawPointer(mutating: base), file.count)
        guard opened == LIBRAW_SUCCESS.rawValue else {
            libraw_close(raw)
            throw .unsupported("LibRaw \(Self.version) cannot read this raw file (\(Self.message(opened)))")
        }
        self.raw = raw
    }

    deinit { libraw_close(raw) }

    /// Why LibRaw could not be loaded, or nil when it is (it is loaded on first use, not at
    /// start-up: `Sources/CLazyLink`).
    static var loadFailure: String? { photory_raw_load().map { String(cString: $0) } }

    /// LibRaw's version here ("0.20.2-Release").
    static var version: String { loadFailure == nil ? String(cString: libraw_version()) : "(not loaded)" }

    static func message(_ code: Int32) -> String {
        MetadataText.clean(String(cString: libraw_strerror(code))).map { $0.prefix(1).lowercased() + $0.dropFirst() }
            ?? "error \(code)"
    }

    // MARK: - What the file says

    /// The visible sensor size, before `flip`.
    var size: (width: Int, height: Int) { (Int(raw.pointee.sizes.width), Int(raw.pointee.sizes.height)) }

    /// The stored size of the raw data itself (what a header may claim absurdly).
    var rawSize: (width: Int, height: Int) { (Int(raw.pointee.sizes.raw_width), Int(raw.pointee.sizes.raw_height)) }

    /// LibRaw's flip (0, 3, 5, 6) as an EXIF orientation.
    var orientation: Int {
        switch raw.pointee.sizes.flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
    }

    /// What LibRaw read of the camera, lens, exposure, date and position: the gaps EXIF left.
    func fill(_ metadata: inout Metadata) {
        if metadata.cameraMake == nil { metadata.cameraMake = Self.string(raw.pointee.idata.make) }
        if metadata.cameraModel == nil { metadata.cameraModel = Self.string(raw.pointee.idata.model) }
        if metadata.lensModel == nil { metadata.lensModel = Self.string(raw.pointee.lens.Lens) }
        let other = raw.pointee.other
        if metadata.exposureTime == nil, other.shutter > 0 { metadata.exposureTime = Double(other.shutter) }
        if metadata.fNumber == nil, other.aperture > 0 { metadata.fNumber = Double(other.aperture) }
        if metadata.isoSpeed == nil, other.iso_speed > 0 { metadata.isoSpeed = Int(other.iso_speed) }
        if metadata.focalLength == nil, other.focal_len > 0 { metadata.focalLength = Double(other.focal_len) }
        if metadata.dateTimeOriginal == nil, other.timestamp > 0 {
            // LibRaw turned the camera's wall-clock time into seconds with mktime: back to wall clock.
            var time = other.timestamp
            var parts = tm()
            localtime_r(&time, &parts)
            metadata.dateTimeOriginal = String(format: "%04d:%02d:%02d %02d:%02d:%02d", Int(parts.tm_year) + 1900,
                                               Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
                                               Int(parts.tm_min), Int(parts.tm_sec))
        }
        if metadata.exifDescription == nil { metadata.exifDescription = Self.string(other.desc) }
        if metadata.gps == nil, other.parsed_gps.gpsparsed != 0 { metadata.gps = Self.position(other.parsed_gps) }
    }

    /// LibRaw's degrees, minutes and seconds as a position; nil when out of range.
    static func position(_ gps: libraw_gps_info_t) -> GPSPosition? {
        func degrees(_ dms: (Float, Float, Float), negative: Bool) -> Double {
            let value = Double(dms.0) + Double(dms.1) / 60 + Double(dms.2) / 3600
            return negative ? -value : value
        }
        let latitude = degrees(gps.latitude, negative: gps.latref == CChar(UInt8(ascii: "S")))
        let longitude = degrees(gps.longitude, negative: gps.longref == CChar(UInt8(ascii: "W")))
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              latitude != 0 || longitude != 0 else { return nil }
        return GPSPosition(latitude: latitude, longitude: longitude)
    }

    /// A fixed C char array as a cleaned string.
    static func string<T>(_ chars: T) -> String? {
        withUnsafeBytes(of: chars) { bytes in
            MetadataText.cleaned(UnsafeRawBufferPointer(rebasing: bytes.prefix { $0 != 0 }))
        }
    }

    // MARK: - Pixels

    /// The embedded preview LibRaw picks (the largest), unpacked: a JPEG's bytes, or an 8-bit
    /// RGB bitmap already as pixels. Nil when there is none.
    func preview() -> Preview? {
        guard libraw_unpack_thumb(raw) == LIBRAW_SUCCESS.rawValue else { return nil }
        let thumbnail = raw.pointee.thumbnail
        guard let data = thumbnail.thumb, thumbnail.tlength > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(thumbnail.tlength))
        switch thumbnail.tformat {
        case LIBRAW_THUMBNAIL_JPEG:
            return .jpeg(Array(bytes))
        case LIBRAW_THUMBNAIL_BITMAP:
            let width = Int(thumbnail.twidth), height = Int(thumbnail.theight)
            guard width > 0, height > 0, thumbnail.tcolors == 3, width * height * 3 <= bytes.count else { return nil }
            return .pixels(Self.rgba(fromRGB: bytes, width: width, height: height))
        default:
            return nil
        }
    }

    enum Preview {
        case jpeg([UInt8])
        case pixels(DecodedImage)
    }

    /// The raw data demosaiced at half size (one pixel per 2×2 block), 8-bit, camera white
    /// balance, unrotated.
    func halfSizeDecode() throws(PreviewImage.Failure) -> DecodedImage {
        raw.pointee.params.half_size = 1
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.output_bps = 8
        raw.pointee.params.user_flip = 0
        var code = libraw_unpack(raw)
        if code == LIBRAW_SUCCESS.rawValue { code = libraw_dcraw_process(raw) }
        guard code == LIBRAW_SUCCESS.rawValue else {
            throw PreviewImage.Failure("LibRaw \(Self.version) cannot decode it: \(Self.message(code))")
        }
        var error: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(raw, &error) else {
            throw PreviewImage.Failure("LibRaw \(Self.version) cannot decode it: \(Self.message(error))")
        }
        defer { libraw_dcraw_clear_mem(image) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        guard image.pointee.type == LIBRAW_IMAGE_BITMAP, image.pointee.colors == 3, image.pointee.bits == 8,
              width > 0, height > 0, Int(image.pointee.data_size) >= width * height * 3 else {
            throw PreviewImage.Failure("LibRaw \(Self.version) gave no usable pixels")
        }
        return withUnsafePointer(to: &image.pointee.data) { data in
            Self.rgba(fromRGB: UnsafeRawBufferPointer(start: data, count: width * height * 3), width: width, height: height)
        }
    }

    static func rgba(fromRGB rgb: UnsafeRawBufferPointer, width: Int, height: Int) -> DecodedImage {
        let count = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            for i in 0..<count {
                buffer[i * 4] = rgb[i * 3]
                buffer[i * 4 + 1] = rgb[i * 3 + 1]
                buffer[i * 4 + 2] = rgb[i * 3 + 2]
                buffer[i * 4 + 3] = 255
            }
            initialized = count * 4
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }
}
