import Foundation

/// Pixels for a preview of at least a given size, made the cheapest way that gives them: the
/// file's format (found by content) hands over an embedded preview when it is big enough and
/// has the photo's shape, otherwise decodes at a reduced size where it can (JPEG DCT scaling,
/// WebP scaled decoding). Orientation is applied.
public enum PreviewImage {
    /// Why a preview could not be made, in a few words for a placeholder.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Loads `path` and returns pixels covering `minWidth`×`minHeight` display pixels.
    /// A video is read from its file as FFmpeg needs it, never whole (`VideoSource`).
    public static func load(path: String, minWidth: Int, minHeight: Int, orientation: Int) throws(Failure) -> DecodedImage {
        if let video = VideoSource.ifVideo(path: path) {
            return try make(from: video, minWidth: minWidth, minHeight: minHeight, orientation: orientation)
        }
        return try withFile(path) { raw throws(Failure) in
            try make(from: raw, minWidth: minWidth, minHeight: minHeight, orientation: orientation)
        }
    }

    /// The photo at `path` as stored (orientation not applied), at the scale that covers
    /// `minWidth`×`minHeight` stored pixels, of which only the part around `region` (fractions of
    /// the photo as stored) need be decoded (`PhotoFormat.previewRegion`: JPEG decodes just that part, other
    /// formats the whole photo). For the zoom.
    public static func loadRegion(path: String, minWidth: Int, minHeight: Int,
                                  region: FractionRect) throws(Failure) -> ImageRegion {
        if let video = VideoSource.ifVideo(path: path) {
            return ImageRegion(whole: try make(from: video, minWidth: minWidth, minHeight: minHeight, orientation: 1))
        }
        return try withFile(path) { raw throws(Failure) in
            guard let format = PhotoFormats.format(of: raw) else { throw Failure(PhotoFormats.unknownFormatReason(raw)) }
            return try format.previewRegion(raw, target: PreviewTarget(minWidth: minWidth, minHeight: minHeight),
                                            region: region)
        }
    }

    /// Runs `body` over the bytes of the file at `path`, read whole.
    private static func withFile<T>(_ path: String,
                                    _ body: (UnsafeRawBufferPointer) throws(Failure) -> T) throws(Failure) -> T {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw Failure(error.isMissing ? "file missing" : "cannot read the file: \(error)")
        }
        let result = bytes.withUnsafeBytes { raw in Result { () throws(Failure) -> T in try body(raw) } }
        return try result.get()
    }

    /// The same from bytes already in memory (the importer has them).
    ///
    /// With `fitting`, `minWidth`×`minHeight` is a box: the pixels must cover the photo scaled
    /// to fit inside it (a 4:3 photo in a 160×160 box needs 160×120). The file's format is
    /// found by content (`PhotoFormats`); `orientation` is the one its `inspect` reported.
    public static func make(from raw: UnsafeRawBufferPointer, minWidth: Int, minHeight: Int,
                            orientation: Int, fitting: Bool = false) throws(Failure) -> DecodedImage {
        guard let format = PhotoFormats.format(of: raw) else {
            throw Failure(PhotoFormats.unknownFormatReason(raw))
        }
        return try format.preview(raw, target: PreviewTarget(minWidth: minWidth, minHeight: minHeight,
                                                             orientation: orientation, fitting: fitting))
    }

    /// The poster frame of a video read from its file (see `make(from:minWidth:minHeight:orientation:fitting:)`).
    public static func make(from video: VideoSource, minWidth: Int, minHeight: Int,
                            orientation: Int, fitting: Bool = false) throws(Failure) -> DecodedImage {
        try VideoFormat().preview(video, target: PreviewTarget(minWidth: minWidth, minHeight: minHeight,
                                                               orientation: orientation, fitting: fitting))
    }

    /// Whether `make` would use a preview embedded in the file (EXIF thumbnail, HEIF thumbnail
    /// item) for the same arguments instead of decoding the photo itself.
    public static func usesEmbeddedPreview(in raw: UnsafeRawBufferPointer, minWidth: Int, minHeight: Int,
                                           orientation: Int, fitting: Bool = false) -> Bool {
        PhotoFormats.format(of: raw)?.usesEmbeddedPreview(
            raw, target: PreviewTarget(minWidth: minWidth, minHeight: minHeight, orientation: orientation,
                                       fitting: fitting)) ?? false
    }

    /// For a JPEG: the byte range of the embedded thumbnail `make` would use for the same
    /// arguments, or nil when it would decode the photo itself (no thumbnail, too small, or
    /// another shape). Nil for other formats (see `usesEmbeddedPreview`).
    public static func usableEmbeddedThumbnail(in raw: UnsafeRawBufferPointer, minWidth: Int, minHeight: Int,
                                               orientation: Int, fitting: Bool = false) -> Range<Int>? {
        JPEGFormat().embeddedThumbnail(raw, target: PreviewTarget(minWidth: minWidth, minHeight: minHeight,
                                                                  orientation: orientation, fitting: fitting))
    }

    /// Thumbnails padded with black bars (a 160×120 thumbnail of a 16:9 photo) are not used.
    static func sameShape(_ w1: Int, _ h1: Int, _ w2: Int, _ h2: Int) -> Bool {
        guard w1 > 0, h1 > 0, w2 > 0, h2 > 0 else { return false }
        let a = Double(w1) / Double(h1), b = Double(w2) / Double(h2)
        return abs(a - b) / b < 0.03
    }
}
