import Foundation

/// Replaces a file the way exiftool does: a temporary file beside it, written and synced,
/// then renamed over it, then the folder synced. A reader sees the old file or the new one,
/// never a mix; any failure removes the temporary file and leaves the original as it was.
/// Every path goes to the system as its exact bytes (`PathBytes`).
enum AtomicFile {
    /// What is kept of the file being replaced.
    struct Keep {
        /// Permission bits (and owner, when allowed).
        var info: stat
        /// Access and modification times too.
        var times: Bool
    }

    /// The folder part of `path` ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Refuses (with the reason) a file or folder that may not be written. Write bits are
    /// checked as well as `access(2)`, so a read-only file is refused even for root.
    /// `info` is the file's `stat` (unused when the file does not exist yet).
    static func checkWritable(_ path: String, info: stat, fileExists: Bool = true) -> String? {
        if fileExists, info.st_mode & 0o222 == 0 || PathBytes.withCString(path, { access($0, W_OK) }) != 0 {
            return "the file is read-only"
        }
        let folder = folder(of: path)
        var folderInfo = stat()
        if PathBytes.stat(folder, &folderInfo) != 0 || folderInfo.st_mode & 0o222 == 0
            || PathBytes.withCString(folder, { access($0, W_OK) }) != 0 {
            return "its folder is read-only (a new file must be created beside it)"
        }
        return nil
    }

    /// Writes `chunks` one after the other as the new content of `path`. `unchanged` is
    /// called just before the rename and may veto it (the original changed meanwhile).
    /// Returns the new file's `stat`.
    static func replace(_ path: String, with chunks: [UnsafeRawBufferPointer], keep: Keep,
                        unchanged: () -> Bool = { true }) throws(WriteBackError) -> stat {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let folder = folder(of: path)
        let temporary = folder + "/." + name + ".photory-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "temporary file: " + FileBytes.errnoReason()) }
        var closed = false
        func fail(_ reason: String) -> WriteBackError {
            if !closed { close(fd) }
            _ = PathBytes.withCString(temporary) { unlink($0) }
            return .writeFailed(path: path, reason: reason)
        }
        for chunk in chunks {
            var offset = 0
            while offset < chunk.count {
                let written = write(fd, chunk.baseAddress! + offset, chunk.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw fail(FileBytes.errnoReason())
                }
                offset += written
            }
        }
        _ = fchown(fd, keep.info.st_uid, keep.info.st_gid)  // allowed for root or the same owner only
        guard fchmod(fd, keep.info.st_mode & 0o7777) == 0 else { throw fail(FileBytes.errnoReason()) }
        if keep.times {
            let times = [keep.info.st_atim, keep.info.st_mtim]
            guard futimens(fd, times) == 0 else { throw fail(FileBytes.errnoReason()) }
        }
        guard fsync(fd) == 0 else { throw fail(FileBytes.errnoReason()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(FileBytes.errnoReason()) }
        close(fd)
        closed = true
        guard unchanged() else {
            _ = fail("")
            throw .changedMeanwhile(path: path)
        }
        let renamed = PathBytes.withCString(temporary) { from in PathBytes.withCString(path) { rename(from, $0) } }
        guard renamed == 0 else { throw fail(FileBytes.errnoReason()) }
        let folderFD = PathBytes.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        return info
    }
}
