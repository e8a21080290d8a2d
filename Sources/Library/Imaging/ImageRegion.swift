/// Decoded pixels of a part of an image: `image` is the rectangle from (`x`, `y`) of an image of
/// `fullWidth × fullHeight` pixels (as decoded, at its decode's scale), the rest never decoded.
/// The zoom decodes a JPEG this way (`JPEGDecoder.decodeRegion`); `ImageTransform.scaledPart` and
/// `orientedPart` cut and scale from it as from the whole image, as long as it covers what they
/// need (`ImageTransform.sourceRect`).
public struct ImageRegion: Sendable, Equatable {
    public var image: DecodedImage
    public var x: Int
    public var y: Int
    public var fullWidth: Int
    public var fullHeight: Int

    public init(image: DecodedImage, x: Int, y: Int, fullWidth: Int, fullHeight: Int) {
        precondition(x >= 0 && y >= 0 && x + image.width <= fullWidth && y + image.height <= fullHeight,
                     "ImageRegion: \(image.width)×\(image.height) at (\(x), \(y)) outside \(fullWidth)×\(fullHeight)")
        self.image = image
        self.x = x
        self.y = y
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
    }

    /// The whole image as a region of itself.
    public init(whole image: DecodedImage) {
        self.init(image: image, x: 0, y: 0, fullWidth: image.width, fullHeight: image.height)
    }

    public var isWhole: Bool { image.width == fullWidth && image.height == fullHeight }

    /// Whether the rectangle (in the full image's pixels) is inside the decoded part.
    public func covers(x: Int, y: Int, width: Int, height: Int) -> Bool {
        x >= self.x && y >= self.y && x + width <= self.x + image.width && y + height <= self.y + image.height
    }
}

/// A rectangle as fractions (0–1) of an image's width and height: the part of a photo to decode,
/// whatever the scale it is decoded at.
public struct FractionRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let whole = FractionRect(x: 0, y: 0, width: 1, height: 1)
}
