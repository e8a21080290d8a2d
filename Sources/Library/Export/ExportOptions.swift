/// What an export (`PhotoExporter`) makes of each photo: by default a byte-for-byte copy.
public struct ExportOptions: Sendable, Equatable {
    /// The longest side in pixels: larger photos are scaled down and re-encoded as JPEG.
    public var maxSize: Int?
    /// Take the GPS position out of the copies' EXIF (JPEG; other files are not exported then,
    /// unless re-encoded as JPEG).
    public var stripGPS: Bool
    /// Re-encode every photo in this format (JPEG only today).
    public var format: Format?

    public enum Format: String, Sendable, CaseIterable {
        case jpeg
    }

    public init(maxSize: Int? = nil, stripGPS: Bool = false, format: Format? = nil) {
        (self.maxSize, self.stripGPS, self.format) = (maxSize, stripGPS, format)
    }
}
