/// Reads the metadata of one file on disk, whatever its format (for the info panel, which
/// shows more than the library keeps: lens, exposure, every date).
public enum FileMetadata {
    /// The file's metadata, or why it cannot be read (naming no file: the caller knows it).
    public static func read(path: String) -> Result<Metadata, FileMetadataError> {
        if let video = VideoSource.ifVideo(path: path) {   // read from the file, never whole
            return Result { () throws(PhotoFormatError) in try VideoFormat().inspect(video).metadata }
                .mapError { FileMetadataError(reason: $0.description) }
        }
        return inspecting(path: path) { format, file in try format.inspect(file).metadata }
    }

    /// Reads the file at `path`, finds its format and runs `body` on both; every failure
    /// (unreadable, unknown format, what `body` throws) becomes the reason.
    static func inspecting<T>(path: String, _ body: (any PhotoFormat, UnsafeRawBufferPointer) throws -> T) -> Result<T, FileMetadataError> {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: FileBytes.maxBytes)
        } catch {
            return .failure(FileMetadataError(reason: error.description))
        }
        return bytes.withUnsafeBytes { inspecting(file: $0, body) }
    }

    /// The same for a whole file in memory.
    static func inspecting<T>(file raw: UnsafeRawBufferPointer, _ body: (any PhotoFormat, UnsafeRawBufferPointer) throws -> T) -> Result<T, FileMetadataError> {
        guard let format = PhotoFormats.format(of: UnsafeRawBufferPointer(rebasing: raw.prefix(PhotoFormats.sniffLength))) else {
            return .failure(FileMetadataError(reason: PhotoFormats.unknownFormatReason(raw)))
        }
        do {
            return .success(try body(format.specific(for: raw), raw))
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
