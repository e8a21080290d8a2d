import CHeif

/// HEIC/HEIF and AVIF through libheif (HEVC by libde265, AV1 by dav1d/aom, built into
/// Debian's libheif).
///
/// libheif applies the container's rotation, mirroring and crop (irot/imir/clap) while
/// decoding, so the size reported is the display size and orientation 1: the EXIF orientation
/// in these files describes the same turn and is never applied again. libheif 1.15 cannot
/// decode at a reduced size, so previews come from the file's thumbnail item when it is big
/// enough and has the photo's shape (a few ms), otherwise from a full decode (about a second
/// for 12 MP on one core), reduced to the size asked for. 10/12-bit images are converted to
/// 8 bits and alpha is composited over `ImageTransform.background`.
///
/// Every call makes its own `heif_context` (contexts never cross threads); `heif_init` runs once.
public struct HEIFFormat: PhotoFormat {
    public var name: String { "HEIF" }

    public init() {}

    /// Brands of still images libheif reads: HEVC (`heic`, `heix`, `heim`, `heis`), AV1
    /// (`avif`) and the generic MIAF/HEIF brands. Sequence-only files (`msf1`, `hevc`, `avis`
    /// without one of these) are left to "unsupported format".
    static let stillBrands: Set<String> = ["heic", "heix", "heim", "heis", "avif", "mif1", "mif2"]

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        !Self.brands(prefix).isDisjoint(with: Self.stillBrands)
    }

    /// The major and compatible brands of the leading `ftyp` box (as far as `prefix` holds it).
    static func brands(_ prefix: UnsafeRawBufferPointer) -> Set<String> {
        guard prefix.count >= 12, prefix[4] == 0x66, prefix[5] == 0x74, prefix[6] == 0x79, prefix[7] == 0x70 else {
            return []
        }
        let boxSize = Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3])
        guard boxSize >= 16 else { return [] }
        let end = min(boxSize, prefix.count)
        func brand(at i: Int) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: prefix[i..<i + 4]), as: UTF8.self)
        }
        var found: Set<String> = [brand(at: 8)]
        var i = 16
        while i + 4 <= end {
            found.insert(brand(at: i))
            i += 4
        }
        return found
    }

    // MARK: - PhotoFormat

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        let heif = try HEIFFile(file)
        let (width, height) = heif.size(heif.primary)
        guard width > 0, height > 0 else { throw .corrupt("HEIF image has zero size") }
        return PhotoFormatInfo(width: width, height: height, orientation: 1, metadata: heif.metadata())
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        let heif: HEIFFile
        do {
            heif = try HEIFFile(file)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        let (width, height) = heif.size(heif.primary)
        let stored = target.stored(width: width, height: height)
        if let thumbnail = heif.usableThumbnail(covering: stored),
           let image = try? heif.decode(thumbnail) {
            // Upright already; a turn the user (or a sidecar) asked for still applies.
            return ImageTransform.oriented(ImageTransform.reduced(image, toCover: stored.width, stored.height),
                                           orientation: target.orientation)
        }
        guard width > 0, height > 0 else { throw PreviewImage.Failure("no image data") }
        guard width * height <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(width)×\(height))")
        }
        do {
            return ImageTransform.oriented(ImageTransform.reduced(try heif.decode(heif.primary), toCover: stored.width, stored.height),
                                           orientation: target.orientation)
        } catch {
            throw PreviewImage.Failure("cannot decode: \(error.description)")
        }
    }

    public func exifPayload(_ file: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let heif = try? HEIFFile(file) else { return nil }
        return heif.exifBlock().flatMap { block in block.withUnsafeBytes(EXIFBlock.payload) }
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool {
        guard let heif = try? HEIFFile(file) else { return false }
        let (width, height) = heif.size(heif.primary)
        return heif.usableThumbnail(covering: target.stored(width: width, height: height)) != nil
    }

    // MARK: - libheif

    /// libheif's version here ("1.15.1").
    public static var libraryVersion: String { String(cString: heif_get_version()) }

    /// Whether this libheif reads the HEIF files with HDR gain maps that iPhones write since
    /// iOS 18 (`tmap` brand): 1.18 and later do.
    static var readsGainMapFiles: Bool {
        let (major, minor) = (heif_get_version_number_major(), heif_get_version_number_minor())
        return major > 1 || (major == 1 && minor >= 18)
    }

    /// `heif_init` once per process; every context after it sees the decoders.
    private static let initialized: Void = { _ = heif_init(nil) }()

    /// One file opened by its own libheif context (never shared between threads), with its
    /// primary image handle. The bytes must outlive it.
    final class HEIFFile {
        let context: OpaquePointer
        let primary: OpaquePointer
        let file: UnsafeRawBufferPointer

        init(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) {
            HEIFFormat.initialized
            guard let base = file.baseAddress, let context = heif_context_alloc() else {
                throw .corrupt("empty HEIF file")
            }
            let brands = HEIFFormat.brands(UnsafeRawBufferPointer(rebasing: file.prefix(PhotoFormats.sniffLength)))
            let read = heif_context_read_from_memory_without_copy(context, base, file.count, nil)
            guard read.code == heif_error_Ok else {
                let failure = HEIFFormat.failure(read, brands: brands)   // the message lives in the context
                heif_context_free(context)
                throw failure
            }
            var handle: OpaquePointer?
            let primary = heif_context_get_primary_image_handle(context, &handle)
            guard primary.code == heif_error_Ok, let handle else {
                let failure = HEIFFormat.failure(primary, brands: brands)
                heif_context_free(context)
                throw failure
            }
            self.context = context
            self.primary = handle
            self.file = file
        }

        deinit {
            for handle in thumbnails { heif_image_handle_release(handle) }
            heif_image_handle_release(primary)
            heif_context_free(context)
        }

        /// Size with rotation and crop applied (what a decode hands over).
        func size(_ handle: OpaquePointer) -> (width: Int, height: Int) {
            (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
        }

        // MARK: Metadata

        /// EXIF (the first `Exif` block) and XMP (a `mime` block of type application/rdf+xml).
        func metadata() -> Metadata {
            var metadata = Metadata()
            exifBlock()?.withUnsafeBytes { EXIFBlock.read($0, into: &metadata) }
            for id in blockIDs(type: "mime") {
                guard let type = heif_image_handle_get_metadata_content_type(primary, id),
                      String(cString: type) == "application/rdf+xml", let packet = block(id) else { continue }
                packet.withUnsafeBytes { metadata.readXMP($0) }
                break
            }
            return metadata
        }

        /// The first `Exif` block, as the file holds it.
        func exifBlock() -> [UInt8]? { blockIDs(type: "Exif").first.flatMap(block) }

        private func blockIDs(type: String) -> [heif_item_id] {
            let count = Int(heif_image_handle_get_number_of_metadata_blocks(primary, type))
            guard count > 0 else { return [] }
            var ids = [heif_item_id](repeating: 0, count: count)
            let got = Int(heif_image_handle_get_list_of_metadata_block_IDs(primary, type, &ids, Int32(count)))
            return Array(ids.prefix(max(0, got)))
        }

        /// A metadata block's bytes; nil when it claims more than the file holds or cannot be read.
        private func block(_ id: heif_item_id) -> [UInt8]? {
            let size = heif_image_handle_get_metadata_size(primary, id)
            guard size > 0, size <= file.count else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            let error = heif_image_handle_get_metadata(primary, id, &bytes)
            return error.code == heif_error_Ok ? bytes : nil
        }

        // MARK: Pixels

        /// The smallest thumbnail item covering `stored` with the primary image's shape.
        func usableThumbnail(covering stored: (width: Int, height: Int)) -> OpaquePointer? {
            let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
            guard count > 0 else { return nil }
            var ids = [heif_item_id](repeating: 0, count: count)
            let got = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
            let (width, height) = size(primary)
            var best: (handle: OpaquePointer, pixels: Int)?
            for id in ids.prefix(max(0, got)) {
                var handle: OpaquePointer?
                guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok,
                      let handle else { continue }
                thumbnails.append(handle)
                let small = size(handle)
                let pixels = small.width * small.height
                if small.width >= stored.width, small.height >= stored.height,
                   pixels <= PhotoFormats.maxDecodedPixels,
                   PreviewImage.sameShape(small.width, small.height, width, height),
                   pixels < best?.pixels ?? .max {
                    best = (handle, pixels)
                }
            }
            return best?.handle
        }

        /// Thumbnail handles looked at, released with the file.
        private var thumbnails: [OpaquePointer] = []

        /// Decodes `handle` to 8-bit RGBA with rotation/crop applied and alpha composited.
        func decode(_ handle: OpaquePointer) throws(PhotoFormatError) -> DecodedImage {
            guard let options = heif_decoding_options_alloc() else { throw .corrupt("out of memory") }
            defer { heif_decoding_options_free(options) }
            options.pointee.convert_hdr_to_8bit = 1
            var image: OpaquePointer?
            let error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
            guard error.code == heif_error_Ok, let image else {
                throw HEIFFormat.failure(error, brands: [])
            }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            let width = Int(heif_image_get_width(image, heif_channel_interleaved))
            let height = Int(heif_image_get_height(image, heif_channel_interleaved))
            guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
                  Int(stride) >= width * 4 else {
                throw .corrupt("libheif returned no pixels")
            }
            let rowBytes = width * 4
            var pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
                for y in 0..<height {
                    (buffer.baseAddress! + y * rowBytes).update(from: plane + y * Int(stride), count: rowBytes)
                }
                count = rowBytes * height
            }
            if heif_image_handle_has_alpha_channel(handle) != 0 {
                ImageTransform.compositeOverBackground(
                    &pixels, premultiplied: heif_image_handle_is_premultiplied_alpha(handle) != 0)
            }
            return DecodedImage(width: width, height: height, pixels: pixels)
        }
    }

    /// A libheif error as an outcome reason: files libheif cannot read (newer features) are
    /// `unsupported` with what would read them; broken data is `corrupt`.
    static func failure(_ error: heif_error, brands: Set<String>) -> PhotoFormatError {
        let message = error.message.flatMap { MetadataText.clean(String(cString: $0)) } ?? "unknown error"
        let version = libraryVersion
        if brands.contains("tmap"), !readsGainMapFiles {
            return .unsupported("HEIF with an HDR gain map (iPhone photos since iOS 18): libheif \(version) "
                                + "cannot read it (\(message)); libheif 1.18 or later can (see the README)")
        }
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            return .unsupported("libheif \(version) cannot read this HEIF file: \(message)"
                                + (readsGainMapFiles ? "" : " (a newer libheif, 1.18 or later, may)"))
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            return .unsupported("HEIF image too large: \(message)")
        default:
            return .corrupt("libheif \(version): \(message)")
        }
    }
}
