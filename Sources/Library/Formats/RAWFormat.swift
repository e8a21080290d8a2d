/// Camera raw files (CR2, CR3, NEF, ARW, DNG, ORF, RW2, RAF, PEF) through LibRaw 0.20.
///
/// Sniffed by content: RAF's and CR3's own headers, ORF's and RW2's TIFF-like magic, and any
/// TIFF header — a plain TIFF is then told apart by `RawFileLayout` (no DNGVersion, no colour
/// filter data, no raw maker's header) and refused as the TIFF it is. Previews come from the
/// embedded JPEG (most cameras store a full-size one): the fast path for tiles and the photo
/// view; a half-size demosaic runs only when there is no usable preview. Metadata: EXIF read by
/// `EXIFBlock` from the file's own TIFF structure (or from the preview JPEG for RAF, CR3, ORF
/// and RW2), with LibRaw filling what EXIF left out (lens, exposure, date). A camera LibRaw does
/// not know still shows its embedded preview (found by `RawFileLayout`); without one the
/// outcome names LibRaw's version. A header claiming more than `maxSensorPixels` is refused
/// before LibRaw reads it.
public struct RAWFormat: PhotoFormat {
    public var name: String { "raw" }
    public var kind: Photo.Kind { .raw }

    /// More sensor pixels than any camera makes (the largest are about 150 MP).
    public static let maxSensorPixels = 400_000_000
    /// A preview at least this long on its long side is used even when the target is larger:
    /// a half-size decode costs far more than it adds.
    static let goodPreviewSide = 1024

    public init() {}

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let bytes = Array(text.utf8)
            return prefix.count >= offset + bytes.count && bytes.indices.allSatisfy { prefix[offset + $0] == bytes[$0] }
        }
        if ascii("FUJIFILMCCD-RAW") { return true }                        // RAF
        if ascii("ftypcrx ", at: 4) { return true }                       // CR3
        if ascii("IIRO") || ascii("IIRS") || ascii("MMOR") { return true } // ORF
        if ascii("IIU\0") { return true }                                  // RW2
        return ascii("II*\0") || ascii("MM\0*")                             // TIFF-based; plain TIFF refused in inspect
    }

    // MARK: - PhotoFormat

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        if Self.isPlainTIFF(file) { return try TIFFFormat().inspect(file) }
        let layout = try Self.layout(file)
        let raw: LibRawFile
        do {
            raw = try LibRawFile(file)
        } catch {
            return try Self.unknownCamera(file, layout: layout, libraryError: error)
        }
        let claimed = raw.rawSize
        guard claimed.width * claimed.height <= Self.maxSensorPixels else {
            throw .corrupt(Self.tooLarge(claimed.width, claimed.height))
        }
        let size = raw.size
        guard size.width > 0, size.height > 0 else { throw .corrupt("the raw file has no image size") }
        var metadata = Self.exif(file, layout: layout, preview: { raw.preview() })
        raw.fill(&metadata)
        return PhotoFormatInfo(width: size.width, height: size.height, orientation: raw.orientation, metadata: metadata)
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        if Self.isPlainTIFF(file) { return try TIFFFormat().preview(file, target: target) }
        let layout: RawFileLayout?
        do {
            layout = try Self.layout(file)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        if let layout, let small = Self.smallestCoveringPreview(file, layout: layout, target: target),
           let image = try? Self.decodeJPEG(Array(file[small]), target: target, size: nil) {
            return image   // a camera's small thumbnail is enough for a grid tile: LibRaw is not needed
        }
        guard let raw = try? LibRawFile(file) else {
            guard let found = layout?.previews.first else {
                throw PreviewImage.Failure("LibRaw \(LibRawFile.version) cannot read this raw file, and it has no preview")
            }
            return try Self.decodeJPEG(Array(file[found.range]), target: target, size: nil)
        }
        let size = raw.size
        let embedded = raw.preview()
        if let embedded, Self.isUsable(embedded, for: target, size: size) {
            return try Self.decode(embedded, target: target, size: size)
        }
        let claimed = raw.rawSize
        if claimed.width * claimed.height / 4 <= PhotoFormats.maxDecodedPixels,
           claimed.width * claimed.height <= Self.maxSensorPixels {
            do {
                let stored = target.stored(width: size.width, height: size.height)
                let image = try raw.halfSizeDecode()
                return ImageTransform.oriented(ImageTransform.reduced(image, toCover: stored.width, stored.height),
                                               orientation: target.orientation)
            } catch {
                guard let embedded else { throw error }
                return try Self.decode(embedded, target: target, size: size)
            }
        }
        guard let embedded else { throw PreviewImage.Failure(Self.tooLarge(claimed.width, claimed.height)) }
        return try Self.decode(embedded, target: target, size: size)
    }

    public func specific(for file: UnsafeRawBufferPointer) -> any PhotoFormat {
        Self.isPlainTIFF(file) ? TIFFFormat() : self
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool {
        if Self.isPlainTIFF(file) { return false }
        if let layout = try? Self.layout(file), Self.smallestCoveringPreview(file, layout: layout, target: target) != nil {
            return true
        }
        guard let raw = try? LibRawFile(file) else { return (try? Self.layout(file))??.previews.isEmpty == false }
        guard let embedded = raw.preview() else { return false }
        return Self.isUsable(embedded, for: target, size: raw.size)
    }

    // MARK: - Pieces

    /// A TIFF that is no camera's raw file (a scan, an export): `TIFFFormat` reads it.
    static func isPlainTIFF(_ file: UnsafeRawBufferPointer) -> Bool {
        guard let layout = RawFileLayout(file) else { return false }
        return layout.isTIFF && !layout.isRaw
    }

    /// The file's TIFF layout (nil for RAF and CR3), refusing a plain TIFF and absurd size claims.
    static func layout(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> RawFileLayout? {
        guard let layout = RawFileLayout(file) else { return nil }
        if layout.isTIFF, !layout.isRaw { throw .unsupported("TIFF: an image format photory does not read") }
        guard layout.rawWidth * layout.rawHeight <= maxSensorPixels else {
            throw .corrupt(tooLarge(layout.rawWidth, layout.rawHeight))
        }
        return layout
    }

    /// The smallest embedded JPEG (in the TIFF layout) with the photo's shape that covers the
    /// target, found without LibRaw.
    static func smallestCoveringPreview(_ file: UnsafeRawBufferPointer, layout: RawFileLayout,
                                        target: PreviewTarget) -> Range<Int>? {
        let sizes: [(range: Range<Int>, width: Int, height: Int)] = layout.previews.compactMap { preview in
            guard let header = try? JPEGDecoder.header(UnsafeRawBufferPointer(rebasing: file[preview.range])) else { return nil }
            return (preview.range, header.width, header.height)
        }
        guard let largest = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return nil }
        let shape = layout.rawWidth > 0 ? (layout.rawWidth, layout.rawHeight) : (largest.width, largest.height)
        return sizes.filter { size in
            let stored = target.stored(width: size.width, height: size.height)
            return PreviewImage.sameShape(size.width, size.height, shape.0, shape.1)
                && size.width >= stored.width && size.height >= stored.height
        }.min { $0.width * $0.height < $1.width * $1.height }?.range
    }

    static func tooLarge(_ width: Int, _ height: Int) -> String {
        "the raw file claims \(width)×\(height) pixels, more than any camera makes: refused"
    }

    /// A raw file LibRaw cannot open: shown by its embedded preview when it has one (a camera
    /// newer than this LibRaw), else refused naming LibRaw's version.
    static func unknownCamera(_ file: UnsafeRawBufferPointer, layout: RawFileLayout?,
                              libraryError: PhotoFormatError) throws(PhotoFormatError) -> PhotoFormatInfo {
        let camera = [layout?.make, layout?.model].compactMap { $0 }.joined(separator: " ")
        guard let layout, let found = layout.previews.first,
              let header = try? JPEGDecoder.header(UnsafeRawBufferPointer(rebasing: file[found.range])) else {
            throw .unsupported(camera.isEmpty ? libraryError.description
                               : "LibRaw \(LibRawFile.version) does not know this camera (\(camera)) and the file has no preview")
        }
        var metadata = exif(file, layout: layout, preview: { nil })
        metadata.warnings.append("LibRaw \(LibRawFile.version) does not know this camera: shown by its embedded preview")
        return PhotoFormatInfo(width: header.width, height: header.height, orientation: metadata.orientation, metadata: metadata)
    }

    /// EXIF from the file's own TIFF structure, else from the embedded preview JPEG.
    static func exif(_ file: UnsafeRawBufferPointer, layout: RawFileLayout?,
                     preview: () -> LibRawFile.Preview?) -> Metadata {
        var metadata = Metadata()
        if layout?.isTIFF == true {
            EXIFBlock.read(file, into: &metadata)
        } else if case let .jpeg(bytes)? = preview() {
            metadata = bytes.withUnsafeBytes { MetadataReader.read($0) }
            metadata.embeddedThumbnail = nil   // its offset is in the preview, not the file
        }
        return metadata
    }

    /// A preview with the photo's shape that covers the target or is big anyway.
    static func isUsable(_ preview: LibRawFile.Preview, for target: PreviewTarget, size: (width: Int, height: Int)) -> Bool {
        let previewSize: (width: Int, height: Int)
        switch preview {
        case let .jpeg(bytes):
            guard let header = try? bytes.withUnsafeBytes({ try JPEGDecoder.header($0) }) else { return false }
            previewSize = (header.width, header.height)
        case let .pixels(image):
            previewSize = (image.width, image.height)
        }
        guard PreviewImage.sameShape(previewSize.width, previewSize.height, size.width, size.height) else { return false }
        let stored = target.stored(width: size.width, height: size.height)
        return (previewSize.width >= stored.width && previewSize.height >= stored.height)
            || max(previewSize.width, previewSize.height) >= goodPreviewSide
    }

    static func decode(_ preview: LibRawFile.Preview, target: PreviewTarget, size: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        switch preview {
        case let .jpeg(bytes):
            return try decodeJPEG(bytes, target: target, size: size)
        case let .pixels(image):
            let stored = target.stored(width: image.width, height: image.height)
            return ImageTransform.oriented(ImageTransform.reduced(image, toCover: stored.width, stored.height),
                                           orientation: target.orientation)
        }
    }

    /// An embedded JPEG scaled to cover the target (in the preview's own pixels when the
    /// photo's size is not known).
    static func decodeJPEG(_ bytes: [UInt8], target: PreviewTarget, size: (width: Int, height: Int)?) throws(PreviewImage.Failure) -> DecodedImage {
        do {
            return try bytes.withUnsafeBytes { raw throws(JPEGDecodeError) in
                let header = try JPEGDecoder.header(raw)
                let stored = target.stored(width: header.width, height: header.height)
                let image = try JPEGDecoder.decode(raw, atLeast: stored.width, stored.height, fast: true)
                return ImageTransform.oriented(ImageTransform.reduced(image, toCover: stored.width, stored.height),
                                               orientation: target.orientation)
            }
        } catch {
            throw PreviewImage.Failure("the embedded preview cannot be decoded: \(error)")
        }
    }
}
