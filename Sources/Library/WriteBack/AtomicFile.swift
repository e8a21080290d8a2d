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

    /// `O_TMPFILE` (Glibc's Swift module does not import the macro): `__O_TMPFILE`, the same on
    /// x86-64 and arm64, with `O_DIRECTORY`. Zero where it is not known, which disables it.
    static let anonymousFileFlag: Int32 = {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        return 0o20000000 | O_DIRECTORY
        #else
        return 0
        #endif
    }()

    /// Writes `chunks` one after the other as the new content of `path`. `unchanged` is
    /// called just before the rename and may veto it (the original changed meanwhile).
    /// Returns the new file's `stat`.
    ///
    /// Where the file system allows it (`O_TMPFILE`: ext4, XFS, Btrfs, tmpfs) the new content
    /// is written into a file with no name, which is linked beside the original only once it is
    /// complete and synced, and renamed over it at once: a process killed while writing (even by
    /// SIGKILL) leaves nothing behind. Elsewhere a hidden temporary file is written instead.
    static func replace(_ path: String, with chunks: [UnsafeRawBufferPointer], keep: Keep,
                        unchanged: () -> Bool = { true }) throws(WriteBackError) -> stat {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let folder = folder(of: path)
        let temporary = folder + "/." + name + ".photory-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var anonymous = anonymousFileFlag != 0
        var fd: Int32 = -1
        if anonymous {
            fd = PathBytes.withCString(folder) { open($0, anonymousFileFlag | O_WRONLY | O_CLOEXEC, 0o600) }
            anonymous = fd >= 0
        }
        if !anonymous {
            fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "temporary file: " + FileBytes.errnoReason()) }
        var closed = false
        var named = !anonymous
        func fail(_ reason: String) -> WriteBackError {
            if !closed { close(fd) }
            if named { _ = PathBytes.withCString(temporary) { unlink($0) } }
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
        guard unchanged() else {
            _ = fail("")
            throw .changedMeanwhile(path: path)
        }
        if anonymous {
            // Give the finished file its temporary name (linkat through /proc: AT_EMPTY_PATH
            // would need a capability).
            let linked = PathBytes.withCString(temporary) { linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
            guard linked == 0 else { throw fail("temporary file: " + FileBytes.errnoReason()) }
            named = true
        }
        close(fd)
        closed = true
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
