/// Pixel steps shared by the formats that decode whole images (HEIF, PNG, animated WebP):
/// alpha compositing and reducing to the size a preview needs.
extension ImageTransform {
    /// What transparent pixels are composited over: a mid grey, so both dark and light
    /// artwork on a transparent background stays visible on any terminal.
    public static let background: (r: UInt8, g: UInt8, b: UInt8) = (128, 128, 128)

    /// Composites RGBA over `background`, in place; alpha becomes 255. `premultiplied` says
    /// whether the colours are already multiplied by alpha (straight alpha otherwise).
    static func compositeOverBackground(_ pixels: inout [UInt8], premultiplied: Bool = false) {
        let bg = (UInt32(background.r), UInt32(background.g), UInt32(background.b))
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    let na = 255 - a
                    let ca: UInt32 = premultiplied ? 255 : a
                    p[i] = UInt8(min(255, (UInt32(p[i]) * ca + bg.0 * na + 127) / 255))
                    p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * ca + bg.1 * na + 127) / 255))
                    p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * ca + bg.2 * na + 127) / 255))
                    p[i + 3] = 255
                }
                i += 4
            }
        }
    }

    /// The smallest size with `width`×`height`'s aspect that still covers `minWidth`×`minHeight`
    /// (never larger than the image itself).
    public static func coveringSize(width: Int, height: Int, atLeast minWidth: Int, _ minHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (width, height) }
        // scale = max(minWidth / width, minHeight / height), at most 1.
        let byWidth = Double(max(minWidth, 0)) / Double(width)
        let byHeight = Double(max(minHeight, 0)) / Double(height)
        let scale = min(1, max(byWidth, byHeight))
        return (min(width, max(1, Int((Double(width) * scale).rounded(.up)))),
                min(height, max(1, Int((Double(height) * scale).rounded(.up)))))
    }

    /// Box-downscales `image` to the smallest size that still covers `minWidth`×`minHeight`.
    public static func reduced(_ image: DecodedImage, toCover minWidth: Int, _ minHeight: Int) -> DecodedImage {
        let size = coveringSize(width: image.width, height: image.height, atLeast: minWidth, minHeight)
        return resized(image, toFit: size.width, size.height)
    }
}
