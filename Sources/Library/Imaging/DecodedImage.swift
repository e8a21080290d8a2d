/// Decoded pixels: RGBA, 4 bytes per pixel, rows packed (row stride is `width * 4`), alpha 255.
public struct DecodedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// libjpeg's warning when the decode recovered from a problem (truncated file, junk bytes);
    /// the pixels are still usable (a truncated file comes out grey at the bottom).
    public var warning: String?

    public init(width: Int, height: Int, pixels: [UInt8], warning: String? = nil) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "DecodedImage: pixel count does not match \(width)×\(height)×4")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.warning = warning
    }

    /// Row stride in bytes.
    public var bytesPerRow: Int { width * 4 }

    /// The RGBA value at (x, y), for tests and debugging (not for hot loops).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
