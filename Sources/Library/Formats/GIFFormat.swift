import CGif

/// GIF through giflib, read from memory: the first frame is the photo; a GIF with a second
/// frame is `animated` (`Metadata.frameCount` 2 means "more than one": the walk stops there).
/// The first frame is drawn at its place on the logical screen, its transparent colour left
/// transparent and then composited like a PNG's alpha. A GIF holds no EXIF; it has no
/// orientation. The screen is bounded by `PhotoFormats.maxDecodedPixels` before decoding.
public struct GIFFormat: PhotoFormat {
    public var name: String { "GIF" }

    public init() {}

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        prefix.starts(with: Array("GIF87a".utf8)) || prefix.starts(with: Array("GIF89a".utf8))
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        let frames = try Self.read(file, drawFirstFrame: false)
        var metadata = Metadata()
        metadata.frameCount = frames.count
        if MetadataBlocks.isRecording {
            MetadataBlocks.record(tags: [MetadataTag(group: "GIF", name: "Animated", value: frames.count > 1 ? "yes" : "no")])
        }
        return PhotoFormatInfo(width: frames.width, height: frames.height, orientation: 1, metadata: metadata)
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        let frames: Frames
        do {
            frames = try Self.read(file, drawFirstFrame: true)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        guard var pixels = frames.firstFrame else { throw PreviewImage.Failure("the GIF has no frame") }
        ImageTransform.compositeOverBackground(&pixels)
        let decoded = DecodedImage(width: frames.width, height: frames.height, pixels: pixels)
        let stored = target.stored(width: frames.width, height: frames.height)
        return ImageTransform.reduced(decoded, toCover: stored.width, stored.height)
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool { false }

    // MARK: - Reading

    /// What a walk over the records found.
    struct Frames {
        var width: Int
        var height: Int
        /// Image descriptors seen (the walk stops at 2).
        var count = 0
        /// The first frame on the logical screen, RGBA, when asked for.
        var firstFrame: [UInt8]?
    }

    /// giflib's error codes as words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case D_GIF_ERR_NOT_GIF_FILE: "not a GIF file"
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: "the GIF is truncated"
        case D_GIF_ERR_WRONG_RECORD: "the GIF has a broken record"
        case D_GIF_ERR_NO_SCRN_DSCR, D_GIF_ERR_NO_IMAG_DSCR: "the GIF's descriptor is missing or broken"
        case D_GIF_ERR_NO_COLOR_MAP: "the GIF has no colour table"
        case D_GIF_ERR_DATA_TOO_BIG, D_GIF_ERR_IMAGE_DEFECT: "the GIF's image data is broken"
        case D_GIF_ERR_NOT_ENOUGH_MEM: "the GIF needs too much memory"
        default: "the GIF cannot be read (giflib error \(code))"
        }
    }

    /// Walks the records up to the second image; draws the first when `drawFirstFrame`.
    static func read(_ file: UnsafeRawBufferPointer, drawFirstFrame: Bool) throws(PhotoFormatError) -> Frames {
        guard let base = file.baseAddress, file.count >= 13 else { throw .corrupt("the GIF is truncated") }
        var source = photory_gif_source(data: base.assumingMemoryBound(to: UInt8.self), size: file.count, pos: 0)
        var error: Int32 = 0
        guard let gif = photory_gif_open(&source, &error) else { throw .corrupt(reason(error)) }
        defer { DGifCloseFile(gif, nil) }
        var frames = Frames(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        guard frames.width > 0, frames.height > 0 else {
            throw .corrupt("the GIF has an invalid size (\(frames.width)×\(frames.height))")
        }
        guard !drawFirstFrame || frames.width * frames.height <= PhotoFormats.maxDecodedPixels else {
            throw .corrupt("too large (\(frames.width)×\(frames.height))")
        }
        var transparent: Int32 = -1
        var records = 0
        while frames.count < 2 {
            records += 1
            guard records < 100_000 else { break }   // extensions without end: enough
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                if frames.count > 0 { break }   // a damaged tail after the first frame: keep it
                throw .corrupt(reason(gif.pointee.Error))
            }
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw .corrupt(reason(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, frames.count == 0, let block, block[0] >= 4 {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = control.TransparentColor }
                }
                guard photory_gif_skip_extension(gif, block) == GIF_OK else {
                    if frames.count > 0 { return frames }
                    throw .corrupt(reason(gif.pointee.Error))
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    if frames.count > 0 { return frames }
                    throw .corrupt(reason(gif.pointee.Error))
                }
                frames.count += 1
                if frames.count == 1, drawFirstFrame {
                    frames.firstFrame = try draw(gif, transparent: transparent, width: frames.width, height: frames.height)
                } else if photory_gif_skip_image(gif) != GIF_OK {
                    if frames.count > 1 { return frames }
                    throw .corrupt("the GIF is truncated: its first frame ends early")
                }
            case TERMINATE_RECORD_TYPE:
                guard frames.count > 0 else { throw .corrupt("the GIF has no frame") }
                return frames
            default:
                throw .corrupt("the GIF has a broken record")
            }
        }
        return frames
    }

    /// The frame whose descriptor was just read, drawn on a transparent logical screen.
    private static func draw(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int32,
                             width: Int, height: Int) throws(PhotoFormatError) -> [UInt8] {
        let image = gif.pointee.Image
        guard let map = image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw .corrupt("the GIF has no colour table")
        }
        let colorCount = Int(map.pointee.ColorCount)
        let left = Int(image.Left), top = Int(image.Top)
        let frameWidth = Int(image.Width), frameHeight = Int(image.Height)
        guard frameWidth > 0, frameHeight > 0, frameWidth <= 65535, frameHeight <= 65535 else {
            throw .corrupt("the GIF's first frame has an invalid size")
        }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        // Interlaced rows arrive in four passes.
        let rows: [Int] = image.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: frameHeight, by: step)) }
            : Array(0..<frameHeight)
        for row in rows {
            let status = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
            guard status == GIF_OK else { throw .corrupt("the GIF is truncated: its first frame ends early") }
            let y = top + row
            guard y >= 0, y < height else { continue }
            for x in 0..<frameWidth where left + x < width {
                let index = Int(line[x])
                guard index != Int(transparent), index < colorCount else { continue }
                let color = colors[index]
                let at = (y * width + left + x) * 4
                canvas[at] = color.Red
                canvas[at + 1] = color.Green
                canvas[at + 2] = color.Blue
                canvas[at + 3] = 255
            }
        }
        return canvas
    }
}
