import Foundation

/// The one way photory replaces a file on disk (the library, write-back, thumbnails, downloads,
/// feed records, the browser's remembered state). The recipe:
///
/// 1. Write the new content into a temporary file in the target's folder (the same file system,
///    so the rename is atomic): where the file system allows it (`O_TMPFILE`: ext4, XFS, Btrfs,
///    tmpfs), a file with no name, of which a process killed while writing (even by SIGKILL)
///    leaves nothing; elsewhere a hidden `.<name>.photory-<pid>-<random>`, created with
///    `O_EXCL` so threads and processes writing the same file never share one.
/// 2. Give it the permissions (owner, times) to keep, then `fsync` it.
/// 3. Link the finished file to its temporary name, and hard-link the file it replaces to the
///    backup when one is asked for (`library.json.bak`).
/// 4. `rename(2)` it over the target: a reader sees the old file or the new one, never a mix.
/// 5. `fsync` the folder, so the rename itself survives a crash.
///
/// Any failure removes the temporary file and leaves the original as it was. A cache
/// (thumbnails) may skip both `fsync`s (`durable: false`): still never half a file, but a crash
/// may lose the latest write. Every path goes to the system as its exact bytes (`PathBytes`).
public enum AtomicFile {
    /// Why a file was not written, in words.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(PathBytes.display(path)): \(reason)" }
    }

    /// What is kept of the file being replaced.
    public struct Keep: Sendable {
        /// Permission bits (and owner, when allowed).
        public var info: stat
        /// Access and modification times too.
        public var times: Bool

        public init(info: stat, times: Bool) {
            self.info = info
            self.times = times
        }
    }

    public struct Options: Sendable {
        /// What to keep of the file being replaced; nil gives a new file's permissions (0666
        /// less the umask).
        public var keep: Keep?
        /// Make the folder (and its parents) when it does not exist.
        public var createFolder: Bool
        /// Where to keep the file being replaced, as a hard link made just before the rename.
        public var backup: String?
        /// `fsync` the file and the folder; false for caches only.
        public var durable: Bool
        /// Whether `O_TMPFILE` may be used (tests turn it off to try the named temporary file
        /// that other file systems get).
        var anonymousTemporary = true

        public init(keep: Keep? = nil, createFolder: Bool = false, backup: String? = nil, durable: Bool = true) {
            (self.keep, self.createFolder, self.backup, self.durable) = (keep, createFolder, backup, durable)
        }
    }

    /// Writes `bytes` as the new content of `path`.
    public static func write(_ bytes: [UInt8], to path: String, options: Options = Options()) throws(Failure) {
        let written = bytes.withUnsafeBytes { raw in
            Result { () throws(Failure) in try replace(path, with: [raw], options: options) }
        }
        _ = try written.get()
    }

    /// Writes `chunks` one after the other as the new content of `path`. `unchanged` is asked
    /// just before the rename and may veto it (the original changed meanwhile): nothing is
    /// written then, and the answer is nil. Returns the new file's `stat`.
    public static func replace(_ path: String, with chunks: [UnsafeRawBufferPointer], options: Options = Options(),
                               unchanged: () -> Bool = { true }) throws(Failure) -> stat? {
        let pending = try prepare(path, with: chunks, options: options)
        guard unchanged() else {
            pending.discard()
            return nil
        }
        try pending.commit()
        return pending.info
    }

    /// Steps 1–3 of the recipe: the new content of `path`, complete (and synced) under its
    /// temporary name, for a caller that looks at it before it replaces anything (a download is
    /// read as a photo first). `commit` it, or `discard` it; dropped, it is discarded.
    public static func prepare(_ path: String, with chunks: [UnsafeRawBufferPointer],
                               options: Options = Options()) throws(Failure) -> Pending {
        let folder = folder(of: path)
        if options.createFolder, let reason = makeFolders(folder) {
            throw Failure(path: path, reason: "cannot make its folder: " + reason)
        }
        // A writer of `path` killed between naming its temporary file and the rename left it.
        removeLeftovers(of: path)
        let temporary = temporaryName(for: path)
        var fd: Int32 = -1
        var named = true
        if options.anonymousTemporary && anonymousFileFlag != 0 {
            fd = PathBytes.withCString(folder) { open($0, anonymousFileFlag | O_WRONLY | O_CLOEXEC, 0o666) }
            named = fd < 0
        }
        if named {
            fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        }
        guard fd >= 0 else {
            throw Failure(path: path, reason: errno == ENOENT ? "its folder does not exist" : "temporary file: " + FileBytes.errnoReason())
        }
        func fail(_ reason: String) -> Failure {
            close(fd)
            if named { _ = PathBytes.withCString(temporary) { unlink($0) } }
            return Failure(path: path, reason: reason)
        }
        for chunk in chunks where !FileBytes.write(chunk, to: fd) { throw fail(FileBytes.errnoReason()) }
        if let keep = options.keep {
            _ = fchown(fd, keep.info.st_uid, keep.info.st_gid)  // allowed for root or the same owner only
            guard fchmod(fd, keep.info.st_mode & 0o7777) == 0 else { throw fail(FileBytes.errnoReason()) }
            if keep.times {
                let times = [keep.info.st_atim, keep.info.st_mtim]
                guard futimens(fd, times) == 0 else { throw fail(FileBytes.errnoReason()) }
            }
        }
        if options.durable {
            guard fsync(fd) == 0 else { throw fail(FileBytes.errnoReason()) }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(FileBytes.errnoReason()) }
        if !named {
            // Give the finished file its temporary name (linkat through /proc: AT_EMPTY_PATH
            // would need a capability).
            let linked = PathBytes.withCString(temporary) {
                linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, $0, AT_SYMLINK_FOLLOW)
            }
            guard linked == 0 else { throw fail("temporary file: " + FileBytes.errnoReason()) }
        }
        close(fd)
        return Pending(path: path, temporaryPath: temporary, info: info, options: options)
    }

    /// A new content written under its temporary name, waiting to replace its file.
    public final class Pending {
        public let path: String
        /// Where the new content is until `commit`: beside `path`, hidden.
        public let temporaryPath: String
        /// The new file's `stat`.
        public let info: stat
        private let options: Options
        private var done = false

        fileprivate init(path: String, temporaryPath: String, info: stat, options: Options) {
            (self.path, self.temporaryPath, self.info, self.options) = (path, temporaryPath, info, options)
        }

        deinit { discard() }

        /// Steps 3 (the backup) to 5: the new content replaces the file.
        public func commit() throws(Failure) {
            precondition(!done, "a pending file is committed or discarded once")
            if let backup = options.backup, PathBytes.exists(path) {
                // Through a temporary name too, so a backup is always a whole file.
                let linking = AtomicFile.temporaryName(for: backup)
                if PathBytes.withCString(path, { from in PathBytes.withCString(linking) { link(from, $0) } }) == 0,
                   !AtomicFile.rename(linking, to: backup) {
                    _ = PathBytes.withCString(linking) { unlink($0) }
                }
            }
            guard AtomicFile.rename(temporaryPath, to: path) else {
                let reason = FileBytes.errnoReason()
                discard()
                throw Failure(path: path, reason: reason)
            }
            done = true
            if options.durable { AtomicFile.syncFolder(AtomicFile.folder(of: path)) }
        }

        /// Removes the new content; the file stays as it was.
        public func discard() {
            guard !done else { return }
            done = true
            _ = PathBytes.withCString(temporaryPath) { unlink($0) }
        }
    }

    // MARK: - Helpers

    /// The folder part of `path` ("." for a bare name).
    public static func folder(of path: String) -> String {
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

    /// `.<name>.photory-<pid>-<random>` beside `path`.
    static func temporaryName(for path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return folder(of: path) + "/." + name + ".photory-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files (`temporaryName`) of `path` that a process killed between
    /// naming one and its rename left behind; a living process's are kept, it may be writing.
    public static func removeLeftovers(of path: String) {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let prefix = Array(("." + name + ".photory-").utf8)
        let folder = folder(of: path)
        guard let dir = PathBytes.withCString(folder, { opendir($0) }) else { return }
        defer { closedir(dir) }
        var leftovers: [[UInt8]] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard entryName.count > prefix.count, entryName.starts(with: prefix) else { continue }
            let pid = entryName[prefix.count...].prefix { $0 != UInt8(ascii: "-") }
            guard let number = Int32(String(decoding: pid, as: UTF8.self)), number > 0, number != getpid(),
                  kill(number, 0) != 0, errno == ESRCH else { continue }
            leftovers.append(entryName)
        }
        for leftover in leftovers {
            _ = unlinkat(dirfd(dir), leftover.map { CChar(bitPattern: $0) } + [0], 0)
        }
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

    private static func rename(_ from: String, to: String) -> Bool {
        PathBytes.withCString(from) { from in PathBytes.withCString(to) { Glibc.rename(from, $0) } } == 0
    }

    private static func syncFolder(_ folder: String) {
        let fd = PathBytes.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Makes `folder` and the folders above it that are missing (as `mkdir -p`, with `mode`); nil when it is
    /// there, else why not, in the system's words for the folder that could not be made
    /// (Foundation's says only "The file doesn't exist" for `/proc/new`).
    static func makeFolders(_ folder: String, mode: mode_t = 0o755) -> String? {
        var info = stat()
        if PathBytes.stat(folder, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(PathBytes.display(folder)) is not a folder"
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder, let reason = makeFolders(parent, mode: mode) { return reason }
        guard PathBytes.withCString(folder, { mkdir($0, mode) }) == 0 || errno == EEXIST else {
            return "\(PathBytes.display(folder)): \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
