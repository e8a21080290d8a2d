import CWebP

/// WebP through libwebp: the demuxer finds the `EXIF` and `XMP ` chunks (some writers prefix
/// "Exif\0\0"; `EXIFBlock` copes), still images decode straight at the size a preview needs
/// (libwebp's scaled decoding), and an animation shows its first frame, composed on its canvas
/// by libwebp's animation decoder. Alpha is composited over `ImageTransform.background`; EXIF
/// orientation is applied like JPEG's.
public struct WebPFormat: PhotoFormat {
    public var name: String { "WebP" }

    public init() {}

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        prefix.count >= 12
            && prefix[0] == 0x52 && prefix[1] == 0x49 && prefix[2] == 0x46 && prefix[3] == 0x46   // RIFF
            && prefix[8] == 0x57 && prefix[9] == 0x45 && prefix[10] == 0x42 && prefix[11] == 0x50 // WEBP
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        let features = try Self.features(file)
        let metadata = Self.metadata(file)
        return PhotoFormatInfo(width: Int(features.width), height: Int(features.height),
                               orientation: metadata.orientation, metadata: metadata)
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        let features: WebPBitstreamFeatures
        do {
            features = try Self.features(file)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        let width = Int(features.width), height = Int(features.height)
        let stored = target.stored(width: width, height: height)
        var image = features.has_animation != 0
            ? try Self.firstFrame(file, width: width, height: height)
            : try Self.decodeStill(file, features: features, covering: stored)
        if features.has_alpha != 0 || features.has_animation != 0 {
            ImageTransform.compositeOverBackground(&image.pixels)
        }
        return ImageTransform.oriented(ImageTransform.reduced(image, toCover: stored.width, stored.height),
                                       orientation: target.orientation)
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool { false }

    // MARK: - libwebp

    static func features(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(file.baseAddress?.assumingMemoryBound(to: UInt8.self), file.count, &features)
        guard status == VP8_STATUS_OK else { throw .corrupt("WebP header unreadable (\(describe(status)))") }
        guard features.width > 0, features.height > 0 else { throw .corrupt("WebP image has zero size") }
        return features
    }

    /// A still image decoded at the smallest size covering `covering` (libwebp scales while decoding).
    static func decodeStill(_ file: UnsafeRawBufferPointer, features: WebPBitstreamFeatures,
                            covering: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        let size = ImageTransform.coveringSize(width: Int(features.width), height: Int(features.height),
                                               atLeast: covering.width, covering.height)
        guard size.width * size.height <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(features.width)×\(features.height))")
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw PreviewImage.Failure("libwebp version mismatch") }
        if size.width < Int(features.width) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        let count = size.width * size.height * 4
        var status = VP8_STATUS_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(size.width * 4)
            config.output.u.RGBA.size = count
            status = WebPDecode(file.baseAddress?.assumingMemoryBound(to: UInt8.self), file.count, &config)
            initialized = count   // UInt8 is trivial; discarded on failure
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw PreviewImage.Failure("cannot decode: \(describe(status))") }
        return DecodedImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The first frame of an animation, full canvas, straight RGBA.
    static func firstFrame(_ file: UnsafeRawBufferPointer, width: Int, height: Int) throws(PreviewImage.Failure) -> DecodedImage {
        guard width * height <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(width)×\(height))")
        }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw PreviewImage.Failure("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: file.baseAddress?.assumingMemoryBound(to: UInt8.self), size: file.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw PreviewImage.Failure("cannot decode: bad animation")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
              Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
            throw PreviewImage.Failure("cannot decode: bad animation")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw PreviewImage.Failure("cannot decode: no first frame")
        }
        return DecodedImage(width: width, height: height,
                            pixels: Array(UnsafeBufferPointer(start: frame, count: width * height * 4)))
    }

    /// EXIF and XMP chunks (extended-format files only; simple files carry none).
    static func metadata(_ file: UnsafeRawBufferPointer) -> Metadata {
        var metadata = Metadata()
        var data = WebPData(bytes: file.baseAddress?.assumingMemoryBound(to: UInt8.self), size: file.count)
        guard let demux = WebPDemux(&data) else {
            metadata.warnings.append("WebP: the container could not be read for metadata")
            return metadata
        }
        defer { WebPDemuxDelete(demux) }
        var chunk = WebPChunkIterator()
        if WebPDemuxGetChunk(demux, "EXIF", 1, &chunk) != 0 {
            EXIFBlock.read(UnsafeRawBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size), into: &metadata)
        }
        WebPDemuxReleaseChunkIterator(&chunk)
        if WebPDemuxGetChunk(demux, "XMP ", 1, &chunk) != 0 {
            metadata.readXMP(UnsafeRawBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
        }
        WebPDemuxReleaseChunkIterator(&chunk)
        return metadata
    }

    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "corrupt data"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_SUSPENDED: "suspended"
        case VP8_STATUS_USER_ABORT: "aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: "truncated file"
        default: "status \(status.rawValue)"
        }
    }
}
