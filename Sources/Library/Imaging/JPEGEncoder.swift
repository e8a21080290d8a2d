import CTurboJPEG

/// Encodes RGBA pixels as JPEG with turbojpeg (for the thumbnail store).
public enum JPEGEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func encode(_ image: DecodedImage, quality: Int = 85) throws(Failure) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw Failure(description: "empty image") }
        guard let handle = tjInitCompress() else { throw Failure(description: "could not create a JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        guard status == 0, let buffer else {
            throw Failure(description: String(cString: tjGetErrorStr2(handle)))
        }
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
