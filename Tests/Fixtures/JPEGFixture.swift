import CTurboJPEG
import Foundation

/// Builds JPEG files for tests with libturbojpeg, so the suite needs no image outside the repo.
public enum JPEGFixture {
    /// Chroma subsampling of the encoded file.
    public enum Subsampling: Sendable {
        case s444, s422, s420, gray

        var tj: Int32 {
            switch self {
            case .s444: Int32(TJSAMP_444.rawValue)
            case .s422: Int32(TJSAMP_422.rawValue)
            case .s420: Int32(TJSAMP_420.rawValue)
            case .gray: Int32(TJSAMP_GRAY.rawValue)
            }
        }
    }

    /// A width×height JPEG whose RGB pixel at (x, y) is `color(x, y)`.
    public static func encode(
        width: Int, height: Int, quality: Int = 85, subsampling: Subsampling = .s420,
        progressive: Bool = false,
        color: (Int, Int) -> (UInt8, UInt8, UInt8) = JPEGFixture.gradient
    ) -> Data {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let i = (y * width + x) * 3
                rgb[i] = r; rgb[i + 1] = g; rgb[i + 2] = b
            }
        }
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var jpegBuf: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        let flags: Int32 = progressive ? TJFLAG_PROGRESSIVE : 0
        let rc = rgb.withUnsafeBufferPointer { px in
            tjCompress2(handle, px.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                        &jpegBuf, &jpegSize, subsampling.tj, Int32(quality), flags)
        }
        guard rc == 0, let jpegBuf else {
            fatalError("tjCompress2 failed: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(jpegBuf) }
        return Data(bytes: jpegBuf, count: Int(jpegSize))
    }

    /// A smooth red/green gradient with a blue ramp: every pixel differs from its neighbours.
    public static func gradient(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(truncatingIfNeeded: x * 255 / 97), UInt8(truncatingIfNeeded: y * 255 / 89),
         UInt8(truncatingIfNeeded: (x + y) * 3))
    }

    /// One flat colour.
    public static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Int, Int) -> (UInt8, UInt8, UInt8) {
        { _, _ in (r, g, b) }
    }

    /// Decodes a JPEG to RGB with libturbojpeg (what a test reads back of a file it had written):
    /// nil when it does not decode.
    public static func decode(_ jpeg: Data) -> (width: Int, height: Int, rgb: [UInt8])? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        let bytes = [UInt8](jpeg)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0 else { return nil }
        var rgb = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let rc = rgb.withUnsafeMutableBufferPointer {
            tjDecompress2(handle, bytes, UInt(bytes.count), $0.baseAddress, width, 0, height, Int32(TJPF_RGB.rawValue), 0)
        }
        return rc == 0 ? (Int(width), Int(height), rgb) : nil
    }

    /// Inserts raw APPn segments right after the SOI marker. Each segment is given as its marker
    /// byte (0xE1 for APP1 …) and payload; the length field is written here.
    public static func inserting(segments: [(marker: UInt8, payload: Data)], into jpeg: Data) -> Data {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        var out = Data([0xFF, 0xD8])
        for segment in segments {
            let length = segment.payload.count + 2
            precondition(length <= 0xFFFF, "segment too large")
            out.append(contentsOf: [0xFF, segment.marker, UInt8(length >> 8), UInt8(length & 0xFF)])
            out.append(segment.payload)
        }
        // Drop the JFIF APP0 the encoder wrote so EXIF comes first, as cameras write it.
        var rest = jpeg.dropFirst(2)
        if rest.count > 4, rest[rest.startIndex] == 0xFF, rest[rest.startIndex + 1] == 0xE0 {
            let len = Int(rest[rest.startIndex + 2]) << 8 | Int(rest[rest.startIndex + 3])
            rest = rest.dropFirst(2 + len)
        }
        out.append(rest)
        return out
    }
}
