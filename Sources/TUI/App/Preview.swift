import Library

/// Identifies one rendered preview: the same photo at another size or colour mode is another
/// preview, so a resize or colour change never shows stale art.
public struct PreviewKey: Hashable, Sendable {
    public var photoID: String
    public var columns: Int
    public var rows: Int
    public var colorMode: ColorMode
    /// Made from the thumbnail of a web photo whose original is not downloaded yet: once it
    /// is, the photo needs a new preview.
    public var fromThumbnail = false
    /// Set for a pixel preview (sixel, kitty, iTerm2); nil for character art.
    public var pixels: PixelFormat?
    /// Set for a zoomed preview: the part of the photo its cells show (nil: the whole photo).
    public var crop: ZoomCrop?

    /// The EXIF orientation shown (`Photo.orientation`): a photo the user turns needs a new preview.
    public var orientation = 1
    /// Rejected photos dimmed (issue 22): a pixel preview darkened before it is encoded, as
    /// character art is darkened in its cells (`PhotoTile.dims`).
    public var dimmed = false

    public init(photoID: String, columns: Int, rows: Int, colorMode: ColorMode, fromThumbnail: Bool = false,
                pixels: PixelFormat? = nil, orientation: Int = 1) {
        (self.photoID, self.columns, self.rows, self.colorMode) = (photoID, columns, rows, colorMode)
        (self.fromThumbnail, self.pixels, self.orientation) = (fromThumbnail, pixels, orientation)
    }

    /// Names the preview's content in the image layer (what stays the same pixels) and gives its kitty id.
    var imageContent: String {
        "\(photoID) \(columns)×\(rows)\(fromThumbnail ? " thumbnail" : "")\(orientation == 1 ? "" : " o\(orientation)")"
            + (pixels.map { " \($0.graphicsProtocol.rawValue) \($0.cellSize)" } ?? "")
            + (crop.map { " \($0)" } ?? "") + (dimmed ? " dimmed" : "")
    }
}

/// What a preview worker needs to make one preview.
public struct PreviewRequest: Hashable, Sendable {
    public var key: PreviewKey
    public var path: String
    /// The EXIF orientation the photo is shown with, and the file's own (stored thumbnails are
    /// upright for the file's: the user's turn is applied to them on the way out).
    public var orientation: Int
    public var fileOrientation: Int
    /// Pixel size as shown (orientation applied).
    public var displayWidth: Int
    public var displayHeight: Int
    public var fileSize: Int64
    public var fileModified: Double
    public var isDownloaded: Bool

    init(key: PreviewKey, photo: Photo) {
        self.key = key
        path = photo.path
        orientation = photo.orientation
        fileOrientation = photo.fileOrientation
        (displayWidth, displayHeight) = photo.layoutSize
        fileSize = photo.fileSize
        fileModified = photo.fileModified
        isDownloaded = photo.isDownloaded
    }
}

/// A finished preview: character art, a pixel image, or why there is none.
public enum PreviewResult: Equatable, Sendable {
    case cells([[Cell]])
    case image(TerminalImage)
    case failed(String)
}
