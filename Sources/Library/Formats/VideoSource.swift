import Foundation

/// Where a video's bytes are: a whole file, or a byte range inside one (the MP4 a Motion Photo
/// carries after its JPEG). FFmpeg reads it straight from the file through `VideoInput`, a
/// piece at a time, so a video of any size is played and inspected without being held in
/// memory, and an embedded clip without being copied out.
public struct VideoSource: Hashable, Sendable {
    public var path: String
    /// The bytes of the file that are the video; nil for the whole file.
    public var range: Range<Int64>?

    public init(path: String, range: Range<Int64>? = nil) {
        self.path = path
        self.range = range
    }

    /// The source of the file at `path` when its first bytes are a video's (`VideoContainer`),
    /// else nil (not a video, or unreadable: the caller reads it as usual and reports that).
    public static func ifVideo(path: String) -> VideoSource? {
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let head = try? FileBytes.read(fd, size: PhotoFormats.sniffLength, maxBytes: PhotoFormats.sniffLength),
              head.withUnsafeBytes({ VideoContainer.sniff($0) }) != nil else { return nil }
        return VideoSource(path: path)
    }
}
