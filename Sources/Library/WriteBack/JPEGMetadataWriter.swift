import Foundation

/// What the caller needs to bring a photo's record in line with the file it rewrote.
public struct WriteBackResult: Sendable, Equatable {
    public var path: String
    /// The new size in bytes.
    public var fileSize: Int64
    /// The file's modification time afterwards, seconds since 1970 (the old one when kept).
    public var fileModified: Double
    /// The content fingerprint of the new bytes (`ContentHash.photoID`). The picture is the
    /// same: the photo keeps its id and thumbnail; this is for recognising the new file.
    public var contentID: String
    /// True when the EXIF thumbnail (IFD1) was dropped to keep the EXIF segment under 64 KB.
    public var thumbnailDropped: Bool
    /// False when nothing needed writing (the changes were empty for this file).
    public var written: Bool
}

/// Writes date, place and description into a JPEG file's EXIF, changing nothing else.
///
/// The file is read whole, its marker segments are checked (`JPEGLayout`), the first APP1
/// "Exif" segment is rewritten by `EXIFEditor` (or a new one is inserted after SOI and a JFIF
/// APP0), and every byte outside that segment is copied as it was: other APP segments (XMP,
/// ICC, IPTC) and everything from SOS on. The new file replaces the old one atomically
/// (`AtomicFile`), with the original's permissions and, unless told otherwise, its times.
public enum JPEGMetadataWriter {
    /// Writes `changes` into the JPEG at `path`. A symbolic link is followed: the file it
    /// points at is rewritten and the link stays.
    public static func write(_ changes: MetadataChanges, to path: String,
                             keepFileTimes: Bool = true) throws(WriteBackError) -> WriteBackResult {
        let path = resolved(path)
        if let problem = changes.problem() { throw .invalidValue(path: path, reason: problem) }
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: FileBytes.errnoReason()) }
        defer { close(fd) }
        var before = stat()
        guard fstat(fd, &before) == 0 else { throw .unreadable(path: path, reason: FileBytes.errnoReason()) }
        guard before.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(fd, size: Int(before.st_size))
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let edited = try rewrite(bytes, with: changes, path: path)
        guard changes.touchesFile else {
            return WriteBackResult(path: path, fileSize: Int64(bytes.count), fileModified: seconds(before.st_mtim),
                                   contentID: bytes.withUnsafeBytes { ContentHash.photoID(ContentHash.xxh64($0)) },
                                   thumbnailDropped: false, written: false)
        }
        if let reason = AtomicFile.checkWritable(path, info: before) { throw .readOnly(path: path, reason: reason) }
        let after = try edited.withChunks { chunks throws(WriteBackError) in
            try AtomicFile.replace(path, with: chunks, keep: .init(info: before, times: keepFileTimes)) {
                var now = stat()
                return PathBytes.stat(path, &now) == 0 && now.st_ino == before.st_ino && now.st_dev == before.st_dev
                    && now.st_size == before.st_size && now.st_mtim.tv_sec == before.st_mtim.tv_sec
                    && now.st_mtim.tv_nsec == before.st_mtim.tv_nsec
            }
        }
        return WriteBackResult(path: path, fileSize: Int64(after.st_size), fileModified: seconds(after.st_mtim),
                               contentID: edited.contentID, thumbnailDropped: edited.thumbnailDropped, written: true)
    }

    /// The new file's content as three pieces: the bytes before the EXIF segment, the new
    /// segment, the bytes after it (the last two share nothing with the first).
    struct Rewritten {
        var original: [UInt8]
        var head: Range<Int>
        var segment: [UInt8]
        var tail: Range<Int>
        var thumbnailDropped: Bool

        /// The whole new file.
        var bytes: [UInt8] { Array(original[head]) + segment + Array(original[tail]) }

        var contentID: String { bytes.withUnsafeBytes { ContentHash.photoID(ContentHash.xxh64($0)) } }

        func withChunks<R>(_ body: ([UnsafeRawBufferPointer]) throws(WriteBackError) -> R) throws(WriteBackError) -> R {
            let result: Result<R, WriteBackError> = original.withUnsafeBytes { file in
                segment.withUnsafeBytes { middle in
                    Result { () throws(WriteBackError) in
                        try body([UnsafeRawBufferPointer(rebasing: file[head]), middle,
                                  UnsafeRawBufferPointer(rebasing: file[tail])])
                    }
                }
            }
            return try result.get()
        }
    }

    /// `bytes` with `changes` applied to its EXIF, in memory; `path` only names the file in errors.
    static func rewrite(_ bytes: [UInt8], with changes: MetadataChanges, path: String) throws(WriteBackError) -> Rewritten {
        let layout: JPEGLayout
        switch bytes.withUnsafeBytes({ raw in Result { () throws(JPEGLayout.Problem) in try JPEGLayout(raw) } }) {
        case .success(let found): layout = found
        case .failure(.notJPEG(let start)):
            throw .notJPEG(path: path, startsWith: start.isEmpty ? "nothing: the file is empty" : start)
        case .failure(.broken(let reason)): throw .brokenJPEG(path: path, reason: reason)
        }
        let unchanged = Rewritten(original: bytes, head: 0..<bytes.count, segment: [], tail: bytes.count..<bytes.count,
                                  thumbnailDropped: false)
        guard changes.touchesEXIF else {
            guard changes.marks != nil else { return unchanged }
            let marked = try JPEGMarksEditor.apply(changes, to: bytes, path: path)
            return Rewritten(original: marked, head: 0..<marked.count, segment: [], tail: marked.count..<marked.count,
                             thumbnailDropped: false)
        }
        let output: EXIFEditor.Output
        let edited = bytes.withUnsafeBytes { raw in
            Result { () throws(EXIFEditor.Failure) in
                try EXIFEditor.edit(layout.exifPayload.map { UnsafeRawBufferPointer(rebasing: raw[$0]) }, changes: changes)
            }
        }
        switch edited {
        case .success(let result): output = result
        case .failure(.damaged(let reason)): throw .damagedEXIF(path: path, reason: reason)
        case .failure(.tooLarge(let size)): throw .exifTooLarge(path: path, bytes: size)
        case .failure(.libexif(let reason)): throw .writeFailed(path: path, reason: reason)
        case .failure(.makerNote(let reason)): throw .makerNoteNotKept(path: path, reason: reason)
        }
        let length = output.payload.count + 2
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + output.payload
        let replaced = layout.exifSegment ?? layout.insertionPoint..<layout.insertionPoint
        let rewritten = Rewritten(original: bytes, head: 0..<replaced.lowerBound, segment: segment,
                                  tail: replaced.upperBound..<bytes.count, thumbnailDropped: output.thumbnailDropped)
        guard changes.marks != nil else { return rewritten }
        // The marks go into the XMP and IPTC segments of the file the EXIF edit made.
        let marked = try JPEGMarksEditor.apply(changes, to: rewritten.bytes, path: path)
        return Rewritten(original: marked, head: 0..<marked.count, segment: [], tail: marked.count..<marked.count,
                         thumbnailDropped: output.thumbnailDropped)
    }

    // MARK: - Helpers

    /// The file a symbolic link points at; `path` itself otherwise.
    static func resolved(_ path: String) -> String {
        var info = stat()
        guard PathBytes.lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
              let real = PathBytes.withCString(path, { realpath($0, nil) }) else { return path }
        defer { free(real) }
        return PathBytes.string(cString: real)
    }

    static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
}
