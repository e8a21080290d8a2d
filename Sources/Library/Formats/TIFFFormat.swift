import CTiff

/// TIFF and BigTIFF through libtiff, read from memory (client I/O over the buffer, libtiff's
/// messages kept for the reason instead of reaching stderr): the first page is the photo
/// (scanners write multi-page files), 16-bit, palette, CMYK and YCbCr come out as 8-bit RGBA
/// from libtiff's RGBA interface, bounded by `PhotoFormats.maxDecodedPixels` before decoding.
///
/// A classic TIFF is itself an EXIF container: its IFD0 and EXIF/GPS directories are read by
/// `EXIFBlock` (libexif), so dates and places come as for JPEG. libexif does not read BigTIFF,
/// whose make, model, dates and GPS come from libtiff's own directory readers. XMP (tag 700)
/// and IPTC (33723) are read from the first page either way.
///
/// Classic TIFF headers are sniffed by `RAWFormat` (camera raw files are TIFFs too), which
/// hands a plain TIFF over to this format; BigTIFF headers ("II+\0", "MM\0+") come here directly.
public struct TIFFFormat: PhotoFormat {
    public var name: String { "TIFF" }

    public init() {}

    /// Most bytes libtiff may allocate at once for one file.
    static let maxAllocation: Int64 = 512 << 20

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        Self.isTIFFHeader(prefix, magic: 42) || Self.isTIFFHeader(prefix, magic: 43)
    }

    static func isTIFFHeader(_ prefix: UnsafeRawBufferPointer, magic: UInt8) -> Bool {
        guard prefix.count >= 4 else { return false }
        return (prefix[0] == 0x49 && prefix[1] == 0x49 && prefix[2] == magic && prefix[3] == 0)
            || (prefix[0] == 0x4D && prefix[1] == 0x4D && prefix[2] == 0 && prefix[3] == magic)
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        try Self.withTIFF(file) { tiff, bigTIFF throws(PhotoFormatError) in
            let (width, height) = try Self.size(tiff)
            var metadata = Metadata()
            if bigTIFF {
                Self.readDirectories(tiff, into: &metadata)
            } else {
                EXIFBlock.read(file, into: &metadata)
            }
            Self.readXMPAndIPTC(tiff, into: &metadata)
            if MetadataBlocks.isRecording {
                MetadataBlocks.record(tags: [MetadataTag(group: "TIFF", name: "BigTIFF", value: bigTIFF ? "yes" : "no"),
                                             MetadataTag(group: "TIFF", name: "Pages", value: "\(TIFFNumberOfDirectories(tiff))")])
            }
            return PhotoFormatInfo(width: width, height: height, orientation: metadata.orientation, metadata: metadata)
        }
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        do {
            return try Self.withTIFF(file) { tiff, _ throws(PhotoFormatError) in
                let (width, height) = try Self.size(tiff)
                guard width * height <= PhotoFormats.maxDecodedPixels else { throw .corrupt("too large (\(width)×\(height))") }
                var stored: UInt16 = 1
                _ = photory_tiff_get_u16(tiff, 274, &stored)
                // Asking for the file's own orientation makes libtiff flip nothing: the pixels come
                // as stored, and the EXIF orientation is applied below as for every format.
                let asStored = (1...8).contains(stored) ? Int32(stored) : 1
                var raster = [UInt32](repeating: 0, count: width * height)
                let ok = raster.withUnsafeMutableBufferPointer {
                    TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), $0.baseAddress, asStored, 0)
                }
                guard ok == 1 else { throw .corrupt("cannot decode the first page") }
                // ABGR words: R, G, B, A bytes in memory on a little-endian machine.
                var pixels = raster.withUnsafeBytes { bytes in
                    [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                        for i in 0..<width * height {
                            let word = UInt32(littleEndian: bytes.load(fromByteOffset: i * 4, as: UInt32.self))
                            buffer[i * 4] = UInt8(truncatingIfNeeded: word)
                            buffer[i * 4 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                            buffer[i * 4 + 2] = UInt8(truncatingIfNeeded: word >> 16)
                            buffer[i * 4 + 3] = UInt8(truncatingIfNeeded: word >> 24)
                        }
                        count = width * height * 4
                    }
                }
                ImageTransform.compositeOverBackground(&pixels)
                let cover = target.stored(width: width, height: height)
                let decoded = DecodedImage(width: width, height: height, pixels: pixels)
                return ImageTransform.oriented(ImageTransform.reduced(decoded, toCover: cover.width, cover.height),
                                               orientation: target.orientation)
            }
        } catch {
            throw PreviewImage.Failure(error.description)
        }
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool { false }

    // MARK: - libtiff

    /// Opens `file` (its first page) for `body`; a file libtiff cannot open is corrupt, with
    /// libtiff's reason.
    static func withTIFF<T>(_ file: UnsafeRawBufferPointer,
                            _ body: (OpaquePointer, _ bigTIFF: Bool) throws(PhotoFormatError) -> T) throws(PhotoFormatError) -> T {
        guard let base = file.baseAddress, file.count >= 8 else { throw .corrupt("the TIFF is truncated") }
        let source = UnsafeMutablePointer<photory_tiff_source>.allocate(capacity: 1)
        defer { source.deallocate() }
        source.initialize(to: photory_tiff_source())
        source.pointee.data = base.assumingMemoryBound(to: UInt8.self)
        source.pointee.size = UInt64(file.count)
        guard let tiff = photory_tiff_open(source, maxAllocation) else {
            let message = withUnsafeBytes(of: source.pointee.error) { raw in
                MetadataText.cleaned(UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 }))
            }
            throw .corrupt("the TIFF has no readable page" + (message.map { " (libtiff: \($0))" } ?? ""))
        }
        defer { TIFFClose(tiff) }
        return try body(tiff, TIFFIsBigTIFF(tiff) != 0)
    }

    /// The first page's size.
    static func size(_ tiff: OpaquePointer) throws(PhotoFormatError) -> (Int, Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        guard photory_tiff_get_u32(tiff, 256, &width) == 1, photory_tiff_get_u32(tiff, 257, &height) == 1,
              width > 0, height > 0, width <= UInt32(Int32.max), height <= UInt32(Int32.max) else {
            throw .corrupt("the TIFF has an invalid size (\(width)×\(height))")
        }
        return (Int(width), Int(height))
    }

    private static func string(_ tiff: OpaquePointer, _ tag: UInt32) -> String? {
        var value: UnsafePointer<CChar>?
        guard photory_tiff_get_string(tiff, tag, &value) == 1, let value else { return nil }
        return MetadataText.cleaned(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }

    private static func bytes(_ tiff: OpaquePointer, _ tag: UInt32) -> UnsafeRawBufferPointer? {
        var count: UInt32 = 0
        var value: UnsafeRawPointer?
        guard photory_tiff_get_bytes(tiff, tag, &count, &value) == 1, let value, count > 0 else { return nil }
        return UnsafeRawBufferPointer(start: value, count: Int(count))
    }

    /// XMP (700) and IPTC-IIM (33723) of the first page.
    static func readXMPAndIPTC(_ tiff: OpaquePointer, into metadata: inout Metadata) {
        if let xmp = bytes(tiff, 700) { metadata.readXMP(xmp) }
        if let iim = bytes(tiff, 33723),
           let caption = IPTCReader.captionInIIM(iim, keywords: &metadata.iptcKeywords, warnings: &metadata.warnings) {
            metadata.iptcCaption = caption
        }
    }

    /// IFD0's make, model, date, description and orientation, the EXIF directory's dates and
    /// the GPS directory's position, through libtiff (for BigTIFF, which libexif cannot read).
    /// Ends back on the first page.
    static func readDirectories(_ tiff: OpaquePointer, into metadata: inout Metadata) {
        var tags: [MetadataTag] = []
        func keep(_ group: String, _ name: String, _ value: String?) -> String? {
            if let value { tags.append(MetadataTag(group: group, name: name, value: value)) }
            return value
        }
        metadata.cameraMake = keep("IFD0", "Make", string(tiff, 271))
        metadata.cameraModel = keep("IFD0", "Model", string(tiff, 272))
        metadata.dateTime = keep("IFD0", "DateTime", string(tiff, 306))
        metadata.exifDescription = keep("IFD0", "ImageDescription", string(tiff, 270))
        var orientation: UInt16 = 1
        if photory_tiff_get_u16(tiff, 274, &orientation) == 1, (1...8).contains(orientation) {
            metadata.orientation = Int(orientation)
            _ = keep("IFD0", "Orientation", "\(orientation)")
        }
        var exifOffset: UInt64 = 0, gpsOffset: UInt64 = 0
        let hasEXIF = photory_tiff_get_u64(tiff, 34665, &exifOffset) == 1 && exifOffset > 0
        let hasGPS = photory_tiff_get_u64(tiff, 34853, &gpsOffset) == 1 && gpsOffset > 0
        if hasEXIF, TIFFReadEXIFDirectory(tiff, exifOffset) == 1 {
            metadata.dateTimeOriginal = keep("ExifIFD", "DateTimeOriginal", string(tiff, 36867))
            metadata.dateTimeDigitized = keep("ExifIFD", "DateTimeDigitized", string(tiff, 36868))
            metadata.offsetTimeOriginal = keep("ExifIFD", "OffsetTimeOriginal", string(tiff, 36881))
            metadata.utcOffset = metadata.offsetTimeOriginal
        }
        if hasGPS, TIFFReadGPSDirectory(tiff, gpsOffset) == 1 {
            var latitude = [Double](repeating: 0, count: 3), longitude = [Double](repeating: 0, count: 3)
            let north = keep("GPS", "GPSLatitudeRef", string(tiff, 1)).map { $0.uppercased() != "S" } ?? true
            let east = keep("GPS", "GPSLongitudeRef", string(tiff, 3)).map { $0.uppercased() != "W" } ?? true
            if photory_tiff_get_gps_triple(tiff, 2, &latitude) == 1, photory_tiff_get_gps_triple(tiff, 4, &longitude) == 1 {
                let lat = (latitude[0] + latitude[1] / 60 + latitude[2] / 3600) * (north ? 1 : -1)
                let lon = (longitude[0] + longitude[1] / 60 + longitude[2] / 3600) * (east ? 1 : -1)
                _ = keep("GPS", "GPSLatitude", latitude.map { "\($0)" }.joined(separator: ", "))
                _ = keep("GPS", "GPSLongitude", longitude.map { "\($0)" }.joined(separator: ", "))
                if lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180, lat != 0 || lon != 0 {
                    metadata.gps = GPSPosition(latitude: lat, longitude: lon)
                }
            }
        }
        if hasEXIF || hasGPS { TIFFSetDirectory(tiff, 0) }
        if MetadataBlocks.isRecording { MetadataBlocks.record(tags: tags) }
    }
}
