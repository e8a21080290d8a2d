import CJPEGRegion
import Foundation

extension JPEGDecoder {
    /// Decodes only the part of a JPEG inside `region` (fractions of the photo as stored, before
    /// orientation), at the smallest DCT scale whose output covers `minWidth`×
    /// `minHeight` (as `decode`), for the zoom: rows above the part are skipped, rows below never
    /// read, columns beside it not transformed (`Sources/CJPEGRegion`). The part comes back a
    /// little wider on the left (libjpeg starts at an iMCU column) and, with `fast`, with the very
    /// pixels of a whole decode at that scale, so parts decoded apart fit together.
    public static func decodeRegion(
        _ bytes: UnsafeRawBufferPointer, atLeast minWidth: Int, _ minHeight: Int,
        region: FractionRect, fast: Bool = false
    ) throws(JPEGDecodeError) -> ImageRegion {
        let (_, header) = try decodableHeader(bytes)
        let s = scale(forImageWidth: header.width, height: header.height, atLeast: minWidth, minHeight)
        // The region in the scaled pixels, widened outwards to whole pixels and kept inside.
        let x0 = max(0, min(s.width - 1, Int((region.x * Double(s.width)).rounded(.down))))
        let y0 = max(0, min(s.height - 1, Int((region.y * Double(s.height)).rounded(.down))))
        let x1 = max(x0 + 1, min(s.width, Int(((region.x + region.width) * Double(s.width)).rounded(.up))))
        let y1 = max(y0 + 1, min(s.height, Int(((region.y + region.height) * Double(s.height)).rounded(.up))))
        guard (x1 - x0 + 32) * (y1 - y0) <= maxPixels else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        let cmyk = header.colorspace.isCMYK
        var part = photory_jpeg_region(x: Int32(x0), y: Int32(y0), width: Int32(x1 - x0), height: Int32(y1 - y0),
                                       full_width: 0, full_height: 0)
        let capacity = (x1 - x0 + 32) * (y1 - y0) * 4
        var message = [CChar](repeating: 0, count: 256), warning = [CChar](repeating: 0, count: 256)
        var rc: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            rc = photory_jpeg_decode_region(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count,
                                            Int32(s.denom / s.num), fast ? 1 : 0, cmyk ? 1 : 0, &part,
                                            buffer.baseAddress, capacity, &message, &warning)
            initialized = rc == 0 ? Int(part.width) * Int(part.height) * 4 : 0
        }
        guard rc == 0 else { throw classify(String(cString: message)) }
        if cmyk {
            convertCMYKToRGBA(&pixels, inverted: hasAdobeMarker(bytes) || header.colorspace == .ycck)
        }
        let text = String(cString: warning)
        let image = DecodedImage(width: Int(part.width), height: Int(part.height), pixels: pixels,
                                 warning: text.isEmpty ? header.warning : text)
        return ImageRegion(image: image, x: Int(part.x), y: Int(part.y),
                           fullWidth: Int(part.full_width), fullHeight: Int(part.full_height))
    }
}
