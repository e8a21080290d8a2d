import CPNG
import Foundation

/// PNG through libpng's simplified read API, which handles every layout (palette, grey,
/// grey+alpha, 16-bit, interlaced, tRNS, gamma) into 8-bit RGBA and reports errors as values,
/// so no setjmp/longjmp crosses into Swift. Metadata comes from a bounds-checked chunk walk of
/// our own: `eXIf` (before or after IDAT), XMP in `iTXt` "XML:com.adobe.xmp", ImageMagick's
/// legacy hex "Raw profile type exif/xmp" text, and `tEXt`/`zTXt`/`iTXt` Description or
/// Title; compressed text is inflated with zlib, bounded. PNGs are rarely huge: the whole
/// image is decoded (bounded by `PhotoFormats.maxDecodedPixels`), then reduced; EXIF
/// orientation is applied like JPEG's.
public struct PNGFormat: PhotoFormat {
    public var name: String { "PNG" }

    public init() {}

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Most bytes one compressed text chunk may inflate to (a zip bomb stops here).
    static let maxInflatedText = 8 << 20

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        prefix.starts(with: Self.signature)
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        let (width, height) = try Self.headerSize(file)
        let metadata = Self.metadata(file)
        return PhotoFormatInfo(width: width, height: height, orientation: metadata.orientation, metadata: metadata)
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        let width: Int, height: Int
        do {
            (width, height) = try Self.headerSize(file)
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        guard width * height <= PhotoFormats.maxDecodedPixels else {
            throw PreviewImage.Failure("too large (\(width)×\(height))")
        }
        var image = png_image()
        photory_png_image_init(&image)
        guard png_image_begin_read_from_memory(&image, file.baseAddress, file.count) != 0 else {
            throw PreviewImage.Failure("cannot decode: \(Self.message(image))")
        }
        defer { png_image_free(&image) }
        guard Int(image.width) == width, Int(image.height) == height else {
            throw PreviewImage.Failure("cannot decode: header changed")
        }
        image.format = photory_png_format_rgba()
        var failure: String?
        var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            if png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil) == 0 {
                failure = Self.message(image)
            }
            count = width * height * 4   // UInt8 is trivial; discarded on failure
        }
        if let failure { throw PreviewImage.Failure("cannot decode: \(failure)") }
        ImageTransform.compositeOverBackground(&pixels)
        let stored = target.stored(width: width, height: height)
        let decoded = DecodedImage(width: width, height: height, pixels: pixels)
        return ImageTransform.oriented(ImageTransform.reduced(decoded, toCover: stored.width, stored.height),
                                       orientation: target.orientation)
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool { false }

    /// libpng's message for the last failure.
    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            MetadataText.cleaned(UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })) ?? "unknown error"
        }
    }

    // MARK: - Chunks

    /// Width and height from IHDR, which must be the first chunk.
    static func headerSize(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> (Int, Int) {
        guard file.count >= 8 + 8 + 13, be32(file, 8) == 13, chunkType(file, 12) == "IHDR" else {
            throw .corrupt("PNG without an IHDR header")
        }
        let width = be32(file, 16), height = be32(file, 20)
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt("PNG has an invalid size (\(width)×\(height))")
        }
        return (width, height)
    }

    static func be32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func chunkType(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
    }

    /// Walks every chunk (metadata may follow the image data) and reads what `Metadata` holds.
    /// Bogus lengths end the walk; nothing is read outside the file.
    static func metadata(_ file: UnsafeRawBufferPointer) -> Metadata {
        var metadata = Metadata()
        var exif: [UInt8]?
        var rawProfileEXIF: [UInt8]?
        var xmp: String?
        var rawProfileXMP: String?
        var description: String?
        var title: String?
        var pos = 8
        while pos + 8 <= file.count {
            let length = be32(file, pos)
            let type = chunkType(file, pos + 4)
            let start = pos + 8
            guard length <= file.count - start else {
                metadata.warnings.append("PNG: chunk \(type.strippingControlCharacters) runs past the end of the file")
                break
            }
            let data = UnsafeRawBufferPointer(rebasing: file[start..<start + length])
            switch type {
            case "eXIf" where exif == nil:
                exif = Array(data)
            case "tEXt", "zTXt", "iTXt":
                guard let text = TextChunk(type: type, data: data) else { break }
                switch text.keyword {
                case "XML:com.adobe.xmp" where xmp == nil:
                    xmp = text.text()
                case "Raw profile type exif", "Raw profile type APP1":
                    if rawProfileEXIF == nil, let value = text.text() { rawProfileEXIF = rawProfile(value) }
                case "Raw profile type xmp":
                    if rawProfileXMP == nil, let bytes = text.text().flatMap(rawProfile) {
                        rawProfileXMP = String(decoding: bytes, as: UTF8.self)
                    }
                case "Description" where description == nil:
                    description = text.text().flatMap(MetadataText.clean)
                case "Title" where title == nil:
                    title = text.text().flatMap(MetadataText.clean)
                default:
                    break
                }
            case "IEND":
                pos = file.count
                continue
            default:
                break
            }
            pos = start + length + 4
        }
        if let block = exif ?? rawProfileEXIF {
            block.withUnsafeBytes { EXIFBlock.read($0, into: &metadata) }
        }
        if let packet = xmp ?? rawProfileXMP {
            var bytes = Array(packet.utf8)
            bytes.withUnsafeMutableBytes { metadata.readXMP(UnsafeRawBufferPointer($0)) }
        }
        metadata.textDescription = description ?? title
        return metadata
    }

    /// A `tEXt`, `zTXt` or `iTXt` chunk: its keyword and where its (maybe compressed) value is.
    struct TextChunk {
        var keyword: String
        var payload: UnsafeRawBufferPointer
        var compressed: Bool
        /// tEXt and zTXt are Latin-1; iTXt is UTF-8.
        var utf8: Bool

        init?(type: String, data: UnsafeRawBufferPointer) {
            guard let nul = data.prefix(80).firstIndex(of: 0), nul > 0 else { return nil }
            keyword = MetadataText.latin1(UnsafeRawBufferPointer(rebasing: data[..<nul]))
            var at = nul + 1
            switch type {
            case "tEXt":
                compressed = false
                utf8 = false
            case "zTXt":
                guard at < data.count, data[at] == 0 else { return nil }   // method 0: zlib
                at += 1
                compressed = true
                utf8 = false
            default:  // iTXt: flag, method, language\0, translated keyword\0, text
                guard at + 2 <= data.count else { return nil }
                compressed = data[at] != 0
                guard !compressed || data[at + 1] == 0 else { return nil }
                at += 2
                for _ in 0..<2 {
                    guard let end = data[at...].firstIndex(of: 0) else { return nil }
                    at = end + 1
                }
                utf8 = true
            }
            payload = UnsafeRawBufferPointer(rebasing: data[at...])
        }

        /// The text, inflated when compressed; nil when it does not inflate.
        func text() -> String? {
            guard compressed else { return decode(payload) }
            guard let bytes = PNGFormat.inflate(payload, limit: PNGFormat.maxInflatedText) else { return nil }
            return bytes.withUnsafeBytes { decode($0) }
        }

        private func decode(_ bytes: UnsafeRawBufferPointer) -> String {
            utf8 ? MetadataText.decodeUTF8Lossy(bytes) : MetadataText.latin1(bytes)
        }
    }

    /// ImageMagick's "Raw profile type NAME" text: "\nNAME\n   LENGTH\nHEX…" → the bytes.
    static func rawProfile(_ text: String) -> [UInt8]? {
        let lines = text.split(whereSeparator: \.isNewline)
        guard lines.count >= 3, let length = Int(lines[1].trimmingCharacters(in: .whitespaces)),
              length > 0, length <= maxInflatedText else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var high: UInt8?
        for line in lines.dropFirst(2) {
            for c in line.utf8 {
                let nibble: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = c - UInt8(ascii: "A") + 10
                default: continue
                }
                if let h = high {
                    bytes.append(h << 4 | nibble)
                    high = nil
                    if bytes.count == length { return bytes }
                } else {
                    high = nibble
                }
            }
        }
        return bytes.isEmpty ? nil : bytes
    }

    /// zlib-inflates `compressed`, giving up past `limit` bytes or on bad data.
    static func inflate(_ compressed: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        guard let base = compressed.baseAddress, !compressed.isEmpty, compressed.count <= Int(UInt32.max) else {
            return nil
        }
        var stream = z_stream()
        guard photory_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(compressed.count)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                return CPNG.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            guard output.count + produced <= limit else { return nil }
            output.append(contentsOf: chunk.prefix(produced))
            switch status {
            case Z_STREAM_END: return output
            case Z_OK where produced > 0 || stream.avail_in > 0: continue
            default: return output.isEmpty ? nil : output   // truncated: keep what came out
            }
        }
    }
}
