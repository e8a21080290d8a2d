import CTurboJPEG
import Foundation

/// Decodes JPEG files with libturbojpeg: DCT scaling to the size the caller needs, EXIF
/// orientation, CMYK/YCCK conversion, and the pitfalls of real files (DESIGN.md §3).
///
/// Every call makes its own turbojpeg handle, so any number of threads may decode at once.
public enum JPEGDecoder {
    /// Most pixels one decode will allocate for (400 MB of RGBA). A decode whose output at the
    /// chosen scale would be larger falls back to a smaller DCT scale.
    public static let maxPixels = 100_000_000
    /// Most pixels a file's header may claim at all (16384×16384): libjpeg allocates per
    /// source row, and for progressive files a whole coefficient buffer, so a header claiming
    /// 60000×60000 is refused before turbojpeg is asked to decode it.
    public static let maxSourcePixels = 16384 * 16384

    /// A DCT scaling factor and the output size it gives.
    public struct Scale: Sendable, Equatable, CustomStringConvertible {
        public var num: Int
        public var denom: Int
        public var width: Int
        public var height: Int

        public init(num: Int, denom: Int, width: Int, height: Int) {
            self.num = num; self.denom = denom; self.width = width; self.height = height
        }

        public var description: String { "\(num)/\(denom) → \(width)×\(height)" }
    }

    // MARK: - Header

    /// Reads the frame header without decoding pixels.
    ///
    /// Warnings (junk before a marker) are reported in `hadWarning`, not thrown. A layout
    /// turbojpeg 2.1 cannot classify comes back as `.unknown` subsampling: it still decodes.
    public static func header(_ bytes: UnsafeRawBufferPointer) throws(JPEGDecodeError) -> JPEGHeader {
        try checkSOI(bytes)
        let handle = try Handle()
        return try readHeader(handle.raw, bytes)
    }

    public static func header(_ data: Data) throws(JPEGDecodeError) -> JPEGHeader {
        try withBytes(data) { bytes throws(JPEGDecodeError) in try header(bytes) }
    }

    // MARK: - Decode

    /// Decodes at the smallest DCT scale whose output still covers `minWidth`×`minHeight`
    /// (the full size when even 1/1 is smaller; pass 0×0 for the smallest scale), then applies
    /// EXIF `orientation` (1–8; anything else counts as 1). Returns RGBA.
    ///
    /// The target is in stored (unrotated) pixels: for orientations 5–8 swap it yourself if
    /// you think in display pixels.
    ///
    /// - Parameter fast: use `TJFLAG_FASTUPSAMPLE | TJFLAG_FASTDCT` (slightly blockier, faster
    ///   chroma upsampling); meant for previews.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, atLeast minWidth: Int, _ minHeight: Int,
        orientation: Int = 1, fast: Bool = false
    ) throws(JPEGDecodeError) -> DecodedImage {
        let image = try decodeUnoriented(bytes, atLeast: minWidth, minHeight, fast: fast)
        return ImageTransform.oriented(image, orientation: orientation)
    }

    public static func decode(
        _ data: Data, atLeast minWidth: Int, _ minHeight: Int,
        orientation: Int = 1, fast: Bool = false
    ) throws(JPEGDecodeError) -> DecodedImage {
        try withBytes(data) { bytes throws(JPEGDecodeError) in
            try decode(bytes, atLeast: minWidth, minHeight, orientation: orientation, fast: fast)
        }
    }

    /// The scaling choice alone: the smallest factor in `downscalingFactors` whose output covers
    /// `minWidth`×`minHeight` (1/1 when none does), stepped down further if its output would
    /// exceed `maxPixels`.
    public static func scale(
        forImageWidth width: Int, height: Int, atLeast minWidth: Int, _ minHeight: Int,
        maxPixels: Int = JPEGDecoder.maxPixels
    ) -> Scale {
        let factors = downscalingFactors // largest first, 1/1 … 1/8
        func scaled(_ f: (num: Int, denom: Int)) -> Scale {
            Scale(num: f.num, denom: f.denom,
                  width: (width * f.num + f.denom - 1) / f.denom,
                  height: (height * f.num + f.denom - 1) / f.denom)
        }
        var index = 0 // 1/1 unless a smaller factor still covers the target
        for (i, f) in factors.enumerated().reversed() {
            let s = scaled(f)
            if s.width >= minWidth && s.height >= minHeight { index = i; break }
        }
        while index < factors.count - 1 {
            let s = scaled(factors[index])
            if s.width * s.height <= maxPixels { break }
            index += 1
        }
        return scaled(factors[index])
    }

    /// The turbojpeg scaling factors we use, largest first: 1/1, 1/2, 1/4, 1/8.
    ///
    /// turbojpeg 2.1 also offers 7/8, 3/4, 5/8 and 3/8, but those go through libjpeg's generic
    /// (non-SIMD) IDCTs: measured on a 12 MP photo, 7/8 took 106 ms against 82 ms for 1/1 and
    /// 3/8 took 47 ms against 43 ms for 1/2. Callers box-downscale the rest of the way.
    public static let downscalingFactors: [(num: Int, denom: Int)] = {
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count), count > 0 else { return [(1, 1)] }
        var factors: [(num: Int, denom: Int)] = []
        for i in 0..<Int(count) {
            let f = list[i]
            if f.num == 1, f.denom > 0, f.denom & (f.denom - 1) == 0 { factors.append((Int(f.num), Int(f.denom))) }
        }
        factors.sort { $0.num * $1.denom > $1.num * $0.denom }
        return factors.isEmpty ? [(1, 1)] : factors
    }()

    // MARK: - Implementation

    /// Decodes without applying orientation.
    static func decodeUnoriented(
        _ bytes: UnsafeRawBufferPointer, atLeast minWidth: Int, _ minHeight: Int, fast: Bool
    ) throws(JPEGDecodeError) -> DecodedImage {
        let (handle, header) = try decodableHeader(bytes)
        let s = scale(forImageWidth: header.width, height: header.height,
                      atLeast: minWidth, minHeight)
        guard s.width * s.height <= maxPixels else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        let cmyk = header.colorspace.isCMYK
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        var flags: Int32 = 0
        if fast { flags |= TJFLAG_FASTUPSAMPLE | TJFLAG_FASTDCT }
        let count = s.width * s.height * 4
        var rc: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            rc = tjDecompress2(handle.raw, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                               UInt(bytes.count), buffer.baseAddress, Int32(s.width),
                               Int32(s.width * 4), Int32(s.height), Int32(format.rawValue), flags)
            // UInt8 is trivial; on failure the array is discarded below.
            initialized = count
        }
        var warning: String?
        if rc != 0 {
            let message = errorMessage(handle.raw)
            if tjGetErrorCode(handle.raw) == Int32(TJERR_WARNING.rawValue), isWarningText(message) {
                warning = message
            } else {
                throw classify(message)
            }
        }
        if cmyk {
            convertCMYKToRGBA(&pixels, inverted: hasAdobeMarker(bytes) || header.colorspace == .ycck)
        }
        return DecodedImage(width: s.width, height: s.height, pixels: pixels,
                            warning: warning ?? header.warning)
    }

    /// The header of a file about to be decoded, and the handle that read it; refuses a colour
    /// space turbojpeg cannot tell.
    static func decodableHeader(_ bytes: UnsafeRawBufferPointer) throws(JPEGDecodeError) -> (Handle, JPEGHeader) {
        try checkSOI(bytes)
        let handle = try Handle()
        let header = try readHeader(handle.raw, bytes)
        if header.colorspace == .unknown {
            throw .unsupportedColorspace("turbojpeg cannot tell the colour space")
        }
        return (handle, header)
    }

    /// Owns one turbojpeg decompressor for the length of a call.
    final class Handle {
        let raw: tjhandle
        init() throws(JPEGDecodeError) {
            guard let h = tjInitDecompress() else { throw .decoderUnavailable }
            raw = h
        }
        deinit { tjDestroy(raw) }
    }

    static func checkSOI(_ bytes: UnsafeRawBufferPointer) throws(JPEGDecodeError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw .notJPEG(firstBytes: Array(bytes.prefix(2)))
        }
    }

    static func readHeader(_ handle: tjhandle, _ bytes: UnsafeRawBufferPointer) throws(JPEGDecodeError) -> JPEGHeader {
        var w: Int32 = 0, h: Int32 = 0, samp: Int32 = -1, cs: Int32 = -1
        let rc = tjDecompressHeader3(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                     UInt(bytes.count), &w, &h, &samp, &cs)
        var header = JPEGHeader(width: Int(w), height: Int(h), subsampling: .init(tj: samp),
                                colorspace: .init(tj: cs))
        if rc != 0 {
            let message = errorMessage(handle)
            if message.contains("Could not determine subsampling type") {
                // turbojpeg 2.1 names only six layouts; libjpeg decodes the rest to RGB fine.
                // The size and colour space were filled in before it gave up.
                header.subsampling = .unknown
            } else if message.contains("Invalid data returned in header")
                        || message.contains("Empty JPEG image") {
                throw .zeroSize
            } else if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), isWarningText(message) {
                header.warning = message
            } else {
                throw classify(message)
            }
        }
        guard header.width > 0, header.height > 0 else { throw .zeroSize }
        guard header.width * header.height <= maxSourcePixels else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        return header
    }

    /// turbojpeg's message for the last failure on `handle`, without its "tjFoo(): " prefix.
    static func errorMessage(_ handle: tjhandle) -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown error" }
        var message = String(cString: c)
        if message.hasPrefix("tj"), let r = message.range(of: "(): ") {
            message = String(message[r.upperBound...])
        }
        return message
    }

    /// libjpeg keeps the first warning's text, but a fatal error after a warning overwrites it
    /// while `tjGetErrorCode` still says "warning". libjpeg's warnings (JWRN_*) all read like
    /// these, so any other text means the decode really failed.
    static func isWarningText(_ message: String) -> Bool {
        let prefixes = ["Corrupt JPEG data", "Premature end of JPEG file", "Warning:",
                        "Unknown Adobe color transform", "Inconsistent progression sequence",
                        "Invalid SOS parameters for sequential JPEG",
                        "Application transferred too many scanlines"]
        return prefixes.contains { message.hasPrefix($0) }
    }

    static func classify(_ message: String) -> JPEGDecodeError {
        if message.contains("Could not determine subsampling type") {
            return .unsupportedSubsampling(message)
        }
        if message.contains("Unsupported color conversion") || message.contains("colorspace") {
            return .unsupportedColorspace(message)
        }
        return .corrupt(message)
    }

    /// Whether the file has an Adobe APP14 segment before its first scan. Adobe software
    /// writes CMYK inverted (0 = full ink); libjpeg hands the stored values back unchanged.
    static func hasAdobeMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { i += 1; continue } // tolerate junk between segments
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }            // fill byte
            if marker == 0xDA || marker == 0xD9 { return false } // SOS / EOI
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xEE, length >= 7, i + 9 <= bytes.count,
               bytes[i + 4] == 0x41, bytes[i + 5] == 0x64, bytes[i + 6] == 0x6F,
               bytes[i + 7] == 0x62, bytes[i + 8] == 0x65 { // "Adobe"
                return true
            }
            i += 2 + max(length, 2)
        }
        return false
    }

    /// Converts CMYK pixels, as libjpeg returns them, to RGBA in place.
    static func convertCMYKToRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                var c = UInt32(p[i]), m = UInt32(p[i + 1]), y = UInt32(p[i + 2]), k = UInt32(p[i + 3])
                if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                // With inverted values, c is "amount of red let through": R = C·K / 255.
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Runs `body` over `data`'s bytes, keeping the typed error.
    static func withBytes<T>(
        _ data: Data, _ body: (UnsafeRawBufferPointer) throws(JPEGDecodeError) -> T
    ) throws(JPEGDecodeError) -> T {
        let result: Result<T, JPEGDecodeError> = data.withUnsafeBytes { bytes in
            Result { () throws(JPEGDecodeError) -> T in try body(bytes) }
        }
        return try result.get()
    }
}
