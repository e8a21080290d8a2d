/// One image file format: recognises its bytes, reads size and metadata without decoding
/// pixels, and makes preview pixels the cheapest way it can (an embedded preview or a reduced
/// decode). Adding a format is one type conforming to this plus its C target, listed in
/// `PhotoFormats.all`; the importer, the thumbnail store and the photo view never name a format.
///
/// Every method takes the whole file in memory, untrusted: a format must bound what it
/// allocates before decoding (`PhotoFormats.maxDecodedPixels`) and turn every library failure
/// into a typed error, never a crash. Methods are called from many threads at once.
public protocol PhotoFormat: Sendable {
    /// Short name for messages ("JPEG", "HEIF", "PNG", "WebP").
    var name: String { get }

    /// What the files of this format are: photos unless the format says otherwise.
    var kind: Photo.Kind { get }

    /// Whether a file starting with `prefix` is in this format. `prefix` is the file's first
    /// `PhotoFormats.sniffLength` bytes (fewer for a shorter file). Content only, never names.
    func matches(_ prefix: UnsafeRawBufferPointer) -> Bool

    /// Pixel size and metadata, without decoding pixels.
    func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo

    /// Pixels covering `target` (display pixels, orientation applied), made the cheapest way.
    func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage

    /// Whether `preview` would hand over an embedded preview for `target` instead of decoding
    /// the photo itself (for figures in `bench`).
    func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool

    /// The zoom's pixels: as `preview` for `target` with orientation 1 (the photo as stored), but
    /// only what covers `region` (fractions of the photo as stored) need be decoded; the rest of
    /// the result's full size is left out. The whole `preview` by default; JPEG decodes the part.
    func previewRegion(_ file: UnsafeRawBufferPointer, target: PreviewTarget,
                       region: FractionRect) throws(PreviewImage.Failure) -> ImageRegion

    /// The format that really reads `file` (the whole file), when its first bytes could not
    /// tell: a classic TIFF header is a camera's raw file or a plain TIFF. Itself by default.
    func specific(for file: UnsafeRawBufferPointer) -> any PhotoFormat

    /// The EXIF the file carries, as a JPEG's APP1 payload ("Exif\0\0" + the TIFF stream), so
    /// that a copy converted to JPEG keeps it (`PhotoExporter`); nil when there is none or the
    /// format does not say (the default).
    func exifPayload(_ file: UnsafeRawBufferPointer) -> [UInt8]?
}

extension PhotoFormat {
    public var kind: Photo.Kind { .photo }
    public func specific(for file: UnsafeRawBufferPointer) -> any PhotoFormat { self }
    public func exifPayload(_ file: UnsafeRawBufferPointer) -> [UInt8]? { nil }
    public func previewRegion(_ file: UnsafeRawBufferPointer, target: PreviewTarget,
                              region: FractionRect) throws(PreviewImage.Failure) -> ImageRegion {
        ImageRegion(whole: try preview(file, target: target))
    }
}

/// What `PhotoFormat.inspect` reads from a file without decoding its pixels.
public struct PhotoFormatInfo: Sendable, Equatable {
    /// Pixel size as the decoder hands the pixels over, before `orientation` is applied.
    public var width: Int
    public var height: Int
    /// The EXIF orientation (1–8) still to apply to the decoded pixels: the file's EXIF
    /// orientation for JPEG, PNG and WebP; 1 for HEIF/AVIF, whose decoder applies the
    /// container's rotation and mirroring itself (applying EXIF's again would turn it twice).
    public var orientation: Int
    /// Dates, camera, GPS and the description chain, as for JPEG.
    public var metadata: Metadata

    public init(width: Int, height: Int, orientation: Int, metadata: Metadata) {
        self.width = width
        self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        self.metadata = metadata
    }
}

/// Why a file in a known format cannot be a photo.
public enum PhotoFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is in this format but its data is broken.
    case corrupt(String)
    /// The file is valid but uses something this build cannot read (the reason says what,
    /// and what would read it).
    case unsupported(String)

    public var description: String {
        switch self {
        case let .corrupt(reason), let .unsupported(reason): reason
        }
    }
}

/// The pixels a preview needs: at least `minWidth`×`minHeight` display pixels, or with
/// `fitting`, enough to cover the photo scaled to fit inside that box (a 4:3 photo in a
/// 160×160 box needs 160×120). `orientation` is what `PhotoFormatInfo.orientation` said.
public struct PreviewTarget: Sendable, Equatable {
    public var minWidth: Int
    public var minHeight: Int
    public var orientation: Int
    public var fitting: Bool

    public init(minWidth: Int, minHeight: Int, orientation: Int = 1, fitting: Bool = false) {
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.orientation = orientation
        self.fitting = fitting
    }

    /// The target in stored pixels (before `orientation`) for a photo stored `width`×`height`.
    public func stored(width: Int, height: Int) -> (width: Int, height: Int) {
        let swaps = (5...8).contains(orientation)
        var target = (minWidth, minHeight)
        if fitting {
            let display = swaps ? (height, width) : (width, height)
            let fitted = ImageTransform.fittedSize(width: display.0, height: display.1, toFit: minWidth, minHeight)
            target = (fitted.width, fitted.height)
        }
        return swaps ? (target.1, target.0) : target
    }
}
