import Foundation

/// Whole files read into memory with plain `read(2)`.
///
/// Photos are never memory-mapped: a file truncated by another program while we decode it
/// would kill the process with SIGBUS. Files past `maxBytes` are refused rather than read.
public enum FileBytes {
    /// The largest file read whole (a JPEG larger than this is almost surely something else).
    public static let maxBytes = 1 << 30

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// True when the file does not exist (as opposed to existing but unreadable).
        public var isMissing = false
    }

    /// The whole file at `path`.
    public static func read(_ path: String, maxBytes: Int = FileBytes.maxBytes) throws(Failure) -> [UInt8] {
        let fd = PathBytes.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(description: errnoReason(), isMissing: errno == ENOENT)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: errnoReason()) }
        return try read(fd, size: Int(info.st_size), maxBytes: maxBytes)
    }

    /// `size` bytes from an open file, starting at `offset` (fewer when it shrank meanwhile).
    public static func read(_ fd: Int32, size: Int, from offset: Int = 0, maxBytes: Int = FileBytes.maxBytes) throws(Failure) -> [UInt8] {
        guard size <= maxBytes else {
            throw Failure(description: "file too large (\(size / (1 << 20)) MB)")
        }
        var failed = false
        let start = offset
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let n = pread(fd, buffer.baseAddress! + offset, size - offset, off_t(start + offset))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { failed = n < 0; break }
                offset += n
            }
            count = offset
        }
        if failed { throw Failure(description: errnoReason()) }
        return bytes
    }

    /// The current `errno` in words ("permission denied").
    /// Writes all of `bytes` to `fd` from where it is (again after an interruption); false on an
    /// error, `errno` saying which.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    public static func errnoReason() -> String { String(cString: strerror(errno)).lowercased() }
}
