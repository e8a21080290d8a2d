import CAV
import Foundation

/// Videos (MP4, MOV, M4V, 3GP, MKV, WebM, AVI, MTS) through FFmpeg's libraries, sniffed by
/// `VideoContainer`.
///
/// `inspect` reads the container's metadata: the creation time (Apple's
/// `com.apple.quicktime.creationdate`, local time with its offset, wins over QuickTime's UTC
/// `creation_time`), the place (ISO 6709), make and model, duration, codec, size and the
/// display matrix's quarter turn as an EXIF orientation (the poster frame comes unrotated,
/// like a JPEG's pixels). A title or comment joins the description chain as its last link.
/// `preview` decodes one poster frame from the keyframe at or before 10% of the duration (the
/// first frame is often black), scaled by swscale. A codec this FFmpeg cannot decode is
/// "unsupported"; a file FFmpeg cannot open (no `moov`, truncated) or without frames is "corrupt".
public struct VideoFormat: PhotoFormat {
    public var name: String { "video" }
    public var kind: Photo.Kind { .video }

    /// Where in the video the poster frame is looked for, as a fraction of its length.
    public static let posterPosition = 0.1

    public init() {}

    public func matches(_ prefix: UnsafeRawBufferPointer) -> Bool {
        VideoContainer.sniff(prefix) != nil
    }

    public func inspect(_ file: UnsafeRawBufferPointer) throws(PhotoFormatError) -> PhotoFormatInfo {
        try Self.inspect(VideoFile(file))
    }

    /// The same, read from the file (`VideoSource`) rather than from bytes in memory.
    public func inspect(_ source: VideoSource) throws(PhotoFormatError) -> PhotoFormatInfo {
        try Self.inspect(VideoFile(source))
    }

    private static func inspect(_ video: VideoFile) throws(PhotoFormatError) -> PhotoFormatInfo {
        let size = video.displaySize
        guard size.width > 0, size.height > 0 else { throw .corrupt("the video has no picture size") }
        guard avcodec_find_decoder(video.parameters.codec_id) != nil else {
            throw .unsupported(VideoFile.noDecoder(video.codecName))
        }
        if video.frameCount == 0, let duration = video.duration, duration <= 0 {
            throw .corrupt("the video is empty: zero length, no frames")
        }
        if MetadataBlocks.isRecording { MetadataBlocks.record(tags: video.allTags()) }
        return PhotoFormatInfo(width: size.width, height: size.height, orientation: video.orientation,
                               metadata: metadata(video))
    }

    public func preview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        try Self.poster(target: target) { () throws(PhotoFormatError) in try VideoFile(file) }
    }

    /// The same, read from the file (`VideoSource`) rather than from bytes in memory.
    public func preview(_ source: VideoSource, target: PreviewTarget) throws(PreviewImage.Failure) -> DecodedImage {
        try Self.poster(target: target) { () throws(PhotoFormatError) in try VideoFile(source) }
    }

    /// The poster frame of the video `open` opens (twice when the first try finds no frame).
    private static func poster(target: PreviewTarget,
                               open: () throws(PhotoFormatError) -> VideoFile) throws(PreviewImage.Failure) -> DecodedImage {
        let video: VideoFile
        do {
            video = try open()
        } catch {
            throw PreviewImage.Failure(error.description)
        }
        let size = video.displaySize
        let stored = target.stored(width: size.width, height: size.height)
        let poster: DecodedImage
        do {
            poster = try video.posterFrame(at: Self.posterPosition, covering: stored)
        } catch {
            // The seek may land past the last keyframe before it (a stream with few keyframes,
            // an index that lies): the start of the video, opened afresh, still has a frame.
            guard let again = try? open(), let first = try? again.posterFrame(at: 0, covering: stored) else {
                throw error
            }
            poster = first
        }
        return ImageTransform.oriented(poster, orientation: target.orientation)
    }

    public func usesEmbeddedPreview(_ file: UnsafeRawBufferPointer, target: PreviewTarget) -> Bool { false }

    // MARK: - Metadata

    static func metadata(_ video: VideoFile) -> Metadata {
        var metadata = Metadata()
        func first(_ keys: String...) -> String? { keys.lazy.compactMap(video.tag).first }
        if let local = first("com.apple.quicktime.creationdate").flatMap(localDate) {
            (metadata.mediaCreated, metadata.utcOffset) = local
        } else if let utc = first("creation_time").flatMap(utcDate) {
            (metadata.mediaCreated, metadata.utcOffset) = utc
        }
        metadata.gps = first("com.apple.quicktime.location.ISO6709", "location", "location-eng").flatMap(ISO6709.parse)
        metadata.cameraMake = first("com.apple.quicktime.make", "make", "com.android.manufacturer")
        metadata.cameraModel = first("com.apple.quicktime.model", "model", "com.android.model")
        metadata.textDescription = first("com.apple.quicktime.description", "description", "comment",
                                         "com.apple.quicktime.title", "title")
        metadata.duration = video.duration
        metadata.appleContentID = first("com.apple.quicktime.content.identifier")
        metadata.codec = video.codecName
        return metadata
    }

    /// "2024-05-01T14:03:22+0200" (local time with its offset, Apple's form) → "2024:05:01
    /// 14:03:22" and "+02:00"; the offset is nil when the text has none.
    public static func localDate(_ text: String) -> (date: String, offset: String?)? {
        let chars = Array(text.utf8)
        guard chars.count >= 19, let date = exifDate(chars) else { return nil }
        var rest = chars[19...].drop { $0 == UInt8(ascii: ".") || (48...57).contains($0) }   // fractions
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return (date, nil) }
        rest = rest.dropFirst().filter { $0 != UInt8(ascii: ":") }[...]
        guard rest.count == 4, rest.allSatisfy({ (48...57).contains($0) }) else { return (date, nil) }
        let digits = String(decoding: rest, as: UTF8.self)
        return (date, String(UnicodeScalar(sign)) + digits.prefix(2) + ":" + digits.suffix(2))
    }

    /// "2024-05-01T12:03:22.000000Z" (UTC, QuickTime's `creation_time`) → the same moment on
    /// this machine's clock with its offset, as a file time is ("2024:05:01 14:03:22", "+02:00").
    /// Nil before 1971 (files that hold 0 in QuickTime's 1904 epoch).
    public static func utcDate(_ text: String) -> (date: String, offset: String?)? {
        let chars = Array(text.utf8)
        guard chars.count >= 19, exifDate(chars) != nil else { return nil }
        let numbers = String(decoding: chars[0..<19], as: UTF8.self)
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }
        guard numbers.count == 6, numbers[0] >= 1971 else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (numbers[0] - 1900, numbers[1] - 1, numbers[2])
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (numbers[3], numbers[4], numbers[5])
        let seconds = timegm(&parts)
        guard seconds > 0 else { return nil }
        let local = TakenAt.fromFileTime(Double(seconds))   // "2024-05-01T14:03:22+02:00"
        let date = local.prefix(19).replacingOccurrences(of: "-", with: ":").replacingOccurrences(of: "T", with: " ")
        return (date, String(local.dropFirst(19)))
    }

    /// The first 19 bytes "YYYY-MM-DDTHH:MM:SS" (any separators) as EXIF's "YYYY:MM:DD HH:MM:SS",
    /// when they are digits where digits belong.
    private static func exifDate(_ chars: [UInt8]) -> String? {
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digitPositions.allSatisfy({ (48...57).contains(chars[$0]) }) else { return nil }
        let d = digitPositions.map { Character(UnicodeScalar(chars[$0])) }
        return "\(d[0])\(d[1])\(d[2])\(d[3]):\(d[4])\(d[5]):\(d[6])\(d[7]) \(d[8])\(d[9]):\(d[10])\(d[11]):\(d[12])\(d[13])"
    }
}
