/// JPEG through turbojpeg: header, metadata from the marker walk (`MetadataReader`), and
/// previews from the EXIF-embedded thumbnail when it is big enough and has the photo's shape,
/// otherwise a DCT-scaled decode (never full size unless the photo is small). The decoder does
/// not rotate: EXIF orientation is applied after scaling.
public struct JPEGFormat: PhotoFormat {
    public var name: String { "JPEG" }

    public init() {}

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        prefix.count >= 3 && prefix[0] == 0xFF && prefix[1] == 0xD8 && prefix[2] == 0xFF
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        let size: (width: Int, height: Int)
        do {
            let header = try JPEGDecoder.header(file)
            size = (header.width, header.height)
        } catch let .tooLarge(width, height) {
            size = (width, height)   // a huge panorama is still a photo; only its preview is refused
        } catch {
            throw .corrupt("\(error)")
        }
        let metadata = MetadataReader.read(file)
        return PhotoFormatInfo(width: size.width, height: size.height, orientation: metadata.orientation,
                               metadata: metadata)
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        do {
            let header = try JPEGDecoder.header(file)
            let stored = target.stored(width: header.width, height: header.height)
            if let thumbnail = usableThumbnail(file, header: header, stored: stored),
               let image = try? EmbeddedThumbnail.decode(file, range: thumbnail, atLeast: stored.width, stored.height,
                                                         orientation: target.orientation, fast: true) {
                return image
            }
            return try JPEGDecoder.decode(file, atLeast: stored.width, stored.height,
                                          orientation: target.orientation, fast: true)
        } catch {
            throw PreviewImage.Failure(Self.shortReason(error))
        }
    }

    /// Only the part around `region`, DCT-scaled like `preview` (never the embedded thumbnail: the
    /// zoom wants more pixels than it has).
    public func previewRegion(_ file: UnsafeRawBufferPointer, target: PreviewTarget,
                              region: FractionRect) throws(PreviewImage.Failure) -> ImageRegion {
        do {
            return try JPEGDecoder.decodeRegion(file, atLeast: target.minWidth, target.minHeight, region: region, fast: true)
        } catch {
            throw PreviewImage.Failure(Self.shortReason(error))
        }
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool {
        embeddedThumbnail(file, target: target) != nil
    }

    /// The byte range of the embedded thumbnail `preview` would use, or nil when it would
    /// decode the photo itself (no thumbnail, too small, or another shape).
    func embeddedThumbnail(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Range<Int>? {
        guard let header = try? JPEGDecoder.header(file) else { return nil }
        return usableThumbnail(file, header: header, stored: target.stored(width: header.width, height: header.height))
    }

    /// Big enough (in stored pixels) and the photo's shape.
    private func usableThumbnail(_ file: UnsafeRawBufferPointer, header: JPEGHeader,
                                 stored: (width: Int, height: Int)) -> Range<Int>? {
        guard let thumbnail = MetadataReader.read(file).embeddedThumbnail,
              let small = try? EmbeddedThumbnail.header(file, range: thumbnail),
              small.width >= stored.width, small.height >= stored.height,
              PreviewImage.sameShape(small.width, small.height, header.width, header.height) else { return nil }
        return thumbnail
    }

    static func shortReason(_ error: JPEGDecodeError) -> String {
        switch error {
        case .notJPEG: "not a JPEG"
        case .zeroSize: "no image data"
        case let .tooLarge(w, h): "too large (\(w)×\(h))"
        case .unsupportedSubsampling: "unsupported chroma layout"
        case .unsupportedColorspace: "unsupported colours"
        case .corrupt: "cannot decode: corrupt data"
        case .thumbnailOutOfBounds: "bad thumbnail"
        case .decoderUnavailable: "out of memory"
        }
    }
}
