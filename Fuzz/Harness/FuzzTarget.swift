import Foundation
import Library
import TUI

/// One libFuzzer target: the code paths that take untrusted bytes, fed the way the program
/// feeds them. The fuzz driver (`Fuzz/Driver`, built by `make fuzz`) calls `run` for every input
/// libFuzzer makes; the normal test suite calls it for every input committed under
/// `Tests/FuzzRegressionTests/Inputs/<name>/`, so a fixed crash stays fixed.
///
/// `run` must not crash, trap or leak on any input, and it checks what the callers rely on (an
/// image has the pixels its size says, metadata text is safe for a terminal, a thumbnail range
/// lies inside the file): a broken promise traps, so the fuzzer reports it as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The JPEG frame header (turbojpeg), then a preview decode as the browser asks for one:
    /// embedded-thumbnail lookup (marker walk + EXIF IFD1) and a DCT-scaled decode with the
    /// decoder's pixel bound.
    case jpeg
    /// The marker walker and the EXIF (libexif), XMP and IPTC readers, then what the importer
    /// makes of their text (description, date). The first byte picks how the rest is fed:
    /// as a whole file, or wrapped in an APP1 EXIF, APP1 XMP or APP13 Photoshop segment, so the
    /// fuzzer reaches each reader without having to invent the JPEG around it.
    case metadata
    /// The library file reader (`LibraryStore.load`: JSONScanner and LibraryJSON).
    case libraryJSON = "library-json"
    /// Terminal input: `Key.decode` for every value `wget_wch` can return, then
    /// `Key.droppingUnknownEscapeSequences` over the keys of one read.
    case keys
    /// The config file reader (`TOMLDocument`, then `Config` on top of it), as the browser
    /// reads `config.toml` at start.
    case toml
    /// The web feed parsers (`WebFeed.parse`: a JSON feed or a list of links), as an import
    /// reads a body that is not an image.
    case feed
    /// The container walkers of videos and raw files. The first byte picks the path: the raw
    /// file layout walk (`RawFileLayout`: IFD chain, SubIFDs, preview location) then
    /// `RAWFormat` (LibRaw from memory, preview), behind a TIFF header so the walk is reached;
    /// `VideoContainer.sniff` then `VideoFormat` (FFmpeg from memory: demuxer, metadata,
    /// poster frame), behind an MP4 `ftyp` box; the video metadata text readers (ISO 6709
    /// places, creation dates); or the Motion Photo walker (`MotionPhoto`: XMP offsets, the
    /// container directory, Samsung's trailer) over a JPEG whose XMP packet is the input up to
    /// its first NUL byte and whose tail is the rest, then FFmpeg over the clip it finds.
    case media
    /// GIF (giflib) and TIFF/BigTIFF (libtiff, libexif on the TIFF structure) from memory, and
    /// the all-tags listing over what they (or any other format) hold. The first byte picks how
    /// the rest is fed: whole (any format, sniffed), or behind a GIF89a, a classic TIFF or a
    /// BigTIFF header.
    case images

    /// Feeds one input to the code under test.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .jpeg: Self.jpeg(bytes)
        case .metadata: Self.metadata(bytes)
        case .libraryJSON: Self.libraryJSON(bytes)
        case .keys: Self.keys(bytes)
        case .toml: Self.toml(bytes)
        case .feed: Self.feed(bytes)
        case .media: Self.media(bytes)
        case .images: Self.images(bytes)
        }
    }

    /// The same for bytes in an array (regression inputs read from disk).
    public func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { run($0) }
    }

    // MARK: - Targets

    private static func jpeg(_ bytes: UnsafeRawBufferPointer) {
        guard let header = try? JPEGDecoder.header(bytes) else { return }
        _ = header.hadWarning
        let orientation = MetadataReader.read(bytes).orientation
        // A grid tile's box, as the thumbnail store asks for it.
        if let image = try? PreviewImage.make(from: bytes, minWidth: 48, minHeight: 48,
                                              orientation: orientation, fitting: true) {
            precondition(image.width > 0 && image.height > 0, "decoded an empty image")
            precondition(image.width * image.height <= JPEGDecoder.maxPixels, "decode past the pixel bound")
            precondition(image.pixels.count == image.width * image.height * 4, "pixels do not match the size")
        }
    }

    private static func metadata(_ bytes: UnsafeRawBufferPointer) {
        guard let mode = bytes.first else { return }
        let rest = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        let metadata: Metadata
        switch mode % 4 {
        case 0: metadata = checked(MetadataReader.read(rest), of: rest)
        case 1: metadata = readWrapped(rest, marker: 0xE1, signature: Array("Exif\0\0".utf8))
        case 2: metadata = readWrapped(rest, marker: 0xE1, signature: Array("http://ns.adobe.com/xap/1.0/\0".utf8))
        default: metadata = readWrapped(rest, marker: 0xED, signature: Array("Photoshop 3.0\0".utf8))
        }
        _ = DescriptionResolver.resolve(metadata)
        _ = TakenAt.fromEXIF(metadata.dateTimeOriginal, offset: metadata.utcOffset)
        _ = TakenAt.fromEXIF(metadata.dateTime, offset: metadata.utcOffset)
    }

    /// `payload` behind `signature` in one segment of a minimal JPEG (SOI, segment, SOF, SOS).
    private static func readWrapped(_ payload: UnsafeRawBufferPointer, marker: UInt8,
                                     signature: [UInt8]) -> Metadata {
        let body = signature + payload.prefix(0xFFFF - 2 - signature.count)
        let length = body.count + 2
        var file: [UInt8] = [0xFF, 0xD8, 0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
        file += body
        file += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]
        file += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9]
        return file.withUnsafeBytes { checked(MetadataReader.read($0), of: $0) }
    }

    /// `metadata` after checking what the importer and the screens rely on.
    @discardableResult
    private static func checked(_ metadata: Metadata, of file: UnsafeRawBufferPointer) -> Metadata {
        precondition((1...8).contains(metadata.orientation), "orientation out of range")
        let texts = [metadata.dateTimeOriginal, metadata.dateTime, metadata.utcOffset, metadata.cameraMake,
                     metadata.cameraModel, metadata.exifDescription, metadata.xmpDescription,
                     metadata.iptcCaption].compactMap { $0 } + metadata.warnings
        for text in texts {
            precondition(!text.unicodeScalars.contains { $0.isUnsafeForTerminal }, "control character in metadata text")
        }
        if let gps = metadata.gps {
            precondition(abs(gps.latitude) <= 90 && abs(gps.longitude) <= 180, "GPS position out of range")
        }
        if let range = metadata.embeddedThumbnail {
            precondition(range.lowerBound >= 0 && range.upperBound <= file.count && range.count >= 4
                         && file[range.lowerBound] == 0xFF && file[range.lowerBound + 1] == 0xD8,
                         "thumbnail range outside the file or not a JPEG")
        }
        return metadata
    }

    private static func libraryJSON(_ bytes: UnsafeRawBufferPointer) {
        // The reader is reached the way the program reaches it: through the file.
        let path = scratchFile
        guard let file = fopen(path, "wb") else { return }
        if let base = bytes.baseAddress { fwrite(base, 1, bytes.count, file) }
        fclose(file)
        _ = try? LibraryStore(path: path).load()
    }

    private static func keys(_ bytes: UnsafeRawBufferPointer) {
        // Each key is 1 flag byte + 1 to 4 value bytes: bit 0 of the flag says "KEY_* code",
        // bits 1–2 how many value bytes follow (big-endian).
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let flag = bytes[index]
            let width = Int(flag >> 1 & 3) + 1
            var value: UInt32 = 0
            for offset in 1...width where index + offset < bytes.count {
                value = value << 8 | UInt32(bytes[index + offset])
            }
            index += 1 + width
            if let key = Key.decode(value: value, isKeyCode: flag & 1 == 1) { keys.append(key) }
        }
        let kept = Key.droppingUnknownEscapeSequences(keys)
        precondition(kept.count <= keys.count, "dropping escape sequences added keys")
    }

    private static func toml(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let document = TOMLDocument(text: text)
        for entry in document.entries {
            precondition((1...lines).contains(entry.line), "an entry outside the file's lines")
        }
        let config = Config(text: text, file: "/fuzz/config.toml")
        for problem in config.problems {
            precondition(problem.hasPrefix("config.toml ") && problem.contains("line "),
                         "a problem that names no line: \(problem)")
        }
    }

    private static func feed(_ bytes: UnsafeRawBufferPointer) {
        let base = URL(string: "https://photos.example/album/feed.json")!
        guard let feed = try? WebFeed.parse(Array(bytes), from: base) else { return }
        for item in feed.items {
            for url in [item.url] + [item.thumbnailURL].compactMap({ $0 }) {
                precondition(["http", "https"].contains(url.scheme?.lowercased()) && url.host?.isEmpty == false,
                             "a feed link that is not http or https")
            }
            precondition(item.title.map { !$0.isEmpty } ?? true, "an empty title instead of none")
        }
        for problem in feed.problems {
            precondition(problem.item >= 1, "a problem numbered below 1")
        }
    }

    private static func media(_ bytes: UnsafeRawBufferPointer) {
        guard let mode = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let target = PreviewTarget(minWidth: 48, minHeight: 48, fitting: true)
        func checkedImage(_ image: DecodedImage?) {
            guard let image else { return }
            precondition(image.width > 0 && image.height > 0, "decoded an empty image")
            precondition(image.width * image.height <= PhotoFormats.maxDecodedPixels, "decode past the pixel bound")
        }
        switch mode % 4 {
        case 0:
            let file = (rest.first == 0x4D ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]) + rest
            file.withUnsafeBytes { raw in
                if let layout = RawFileLayout(raw) {
                    for preview in layout.previews {
                        precondition(preview.range.lowerBound >= 0 && preview.range.upperBound <= raw.count
                                     && raw[preview.range.lowerBound] == 0xFF, "a preview outside the file or not a JPEG")
                    }
                }
                if let info = try? RAWFormat().inspect(raw) { Self.checked(info.metadata, of: raw) }
                checkedImage(try? RAWFormat().preview(raw, target: target))
            }
        case 1:
            let file = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + rest
            file.withUnsafeBytes { raw in
                precondition(VideoContainer.sniff(raw) == .mp4, "an ftyp box not sniffed as MP4")
                if let info = try? VideoFormat().inspect(raw) {
                    precondition((1...8).contains(info.orientation), "orientation out of range")
                    Self.checked(info.metadata, of: raw)
                }
                checkedImage(try? VideoFormat().preview(raw, target: target))
            }
        case 3:
            let packet = rest.prefix { $0 != 0 }.prefix(0xFFFF - 2 - 29)
            let tail = rest.dropFirst(packet.count + 1)
            let segment = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet
            var file: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((segment.count + 2) >> 8), UInt8((segment.count + 2) & 0xFF)]
            file += segment
            file += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]
            file += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9]
            file += tail
            file.withUnsafeBytes { raw in
                let metadata = MetadataReader.read(raw)
                if let packet = metadata.xmpPacket {
                    precondition(packet.lowerBound >= 0 && packet.upperBound <= raw.count, "an XMP packet outside the file")
                }
                switch MotionPhoto.locate(in: raw, xmpPacket: metadata.xmpPacket) {
                case let .clip(range)?:
                    precondition(range.lowerBound > 0 && range.upperBound <= raw.count && range.count >= 8
                                 && Array(raw[(range.lowerBound + 4)..<(range.lowerBound + 8)]) == Array("ftyp".utf8),
                                 "a Motion Photo clip outside the file or not an MP4")
                    if let info = try? VideoFormat().inspect(UnsafeRawBufferPointer(rebasing: raw[range])) {
                        Self.checked(info.metadata, of: UnsafeRawBufferPointer(rebasing: raw[range]))
                    }
                case let .broken(reason)?:
                    precondition(!reason.unicodeScalars.contains { $0.isUnsafeForTerminal }, "control character in a reason")
                case nil: break
                }
            }
        default:
            let text = String(decoding: rest, as: UTF8.self)
            if let gps = ISO6709.parse(text) {
                precondition(abs(gps.latitude) <= 90 && abs(gps.longitude) <= 180, "ISO 6709 position out of range")
            }
            if let local = VideoFormat.localDate(text) { _ = TakenAt.fromEXIF(local.date, offset: local.offset) }
            if let utc = VideoFormat.utcDate(text) { _ = TakenAt.fromEXIF(utc.date, offset: utc.offset) }
        }
    }

    private static func images(_ bytes: UnsafeRawBufferPointer) {
        guard let mode = bytes.first else { return }
        let headers: [[UInt8]] = [[], Array("GIF89a".utf8), [0x49, 0x49, 0x2A, 0x00], [0x49, 0x49, 0x2B, 0x00]]
        let file = headers[Int(mode) % headers.count] + Array(bytes.dropFirst())
        file.withUnsafeBytes { raw in
            if case let .success(tags) = FileTags.read(file: raw) {
                precondition(tags.count >= 2, "the file's own tags are missing")
            }
            guard let format = PhotoFormats.format(of: UnsafeRawBufferPointer(rebasing: raw.prefix(PhotoFormats.sniffLength)))?
                .specific(for: raw) else { return }
            if let info = try? format.inspect(raw) { Self.checked(info.metadata, of: raw) }
            if let image = try? format.preview(raw, target: PreviewTarget(minWidth: 48, minHeight: 48, fitting: true)) {
                precondition(image.width > 0 && image.height > 0, "decoded an empty image")
                precondition(image.pixels.count == image.width * image.height * 4, "pixels do not match the size")
            }
        }
    }

    /// One file per fuzzing process for the library reader's input, removed at exit (libFuzzer
    /// ends the process with `exit`).
    private static let scratchFile: String = {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        atexit { _ = unlink(FuzzTarget.scratchFile) }
        return "\(folder)/photory-fuzz-library-\(getpid()).json"
    }()
}
