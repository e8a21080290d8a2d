/// Reads the metadata of one file on disk, whatever its format (for the info panel, which
/// shows more than the library keeps: lens, exposure, every date).
public enum FileMetadata {
    /// The file's metadata, or why it cannot be read (naming no file: the caller knows it).
    public static func read(path: String) -> Result<Metadata, FileMetadataError> {
        inspecting(path: path) { _, inspect in try inspect().metadata }
    }

    /// Finds the format of the file at `path` and runs `body` with it and its `inspect`; every
    /// failure (unreadable, unknown format, what `body` throws) becomes the reason. A video is
    /// read from the file as FFmpeg asks, never whole; any other file is read into memory.
    static func inspecting<T>(path: String, _ body: (any PhotoFormat, () throws -> PhotoFormatInfo) throws -> T)
        -> Result<T, FileMetadataError> {
        if let video = VideoSource.ifVideo(path: path) {
            do {
                return .success(try body(VideoFormat(), { () throws(PhotoFormatError) in try VideoFormat().inspect(video) }))
            } catch {
                return .failure(FileMetadataError(reason: "\(error)"))
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: FileBytes.maxBytes)
        } catch {
            return .failure(FileMetadataError(reason: error.description))
        }
        return bytes.withUnsafeBytes { inspecting(file: $0, body) }
    }

    /// The same for a whole file in memory.
    static func inspecting<T>(file raw: UnsafeRawBufferPointer, _ body: (any PhotoFormat, () throws -> PhotoFormatInfo) throws -> T)
        -> Result<T, FileMetadataError> {
        guard let format = PhotoFormats.format(of: UnsafeRawBufferPointer(rebasing: raw.prefix(PhotoFormats.sniffLength))) else {
            return .failure(FileMetadataError(reason: PhotoFormats.unknownFormatReason(raw)))
        }
        let specific = format.specific(for: raw)
        do {
            return .success(try body(specific, { () throws(PhotoFormatError) in try specific.inspect(raw) }))
        } catch {
            return .failure(FileMetadataError(reason: "\(error)"))
        }
    }
}

/// Why a file's metadata could not be read.
public struct FileMetadataError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}
