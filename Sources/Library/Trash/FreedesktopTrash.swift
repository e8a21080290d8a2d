import Foundation

/// The freedesktop.org Trash (Trash specification 1.0), so the desktop's file manager and
/// `gio trash --list` see what photory trashed and can give it back too.
///
/// A file goes to the trash of its own filesystem, never across one (a rename, so it is never
/// copied): `$XDG_DATA_HOME/Trash` when it is on the home trash's filesystem, else
/// `$topdir/.Trash/$uid` when the admin made a sticky, non-symlink `$topdir/.Trash`, else
/// `$topdir/.Trash-$uid`. Each trashed file is `files/NAME` with `info/NAME.trashinfo`:
///
///     [Trash Info]
///     Path=/home/anna/Photos/IMG%201.jpg      (URL-escaped; relative to $topdir in a top-level trash)
///     DeletionDate=2026-11-27T10:46:36        (local time)
///
/// NAME is the file's name, made unique as gio does ("IMG_1.2.jpg"); the .trashinfo is created
/// first with O_EXCL, which reserves the name against other trashing programs.
public struct FreedesktopTrash: Sendable, Equatable {
    /// The trash folder (holding `files/` and `info/`).
    public var folder: String
    /// The top of the filesystem a top-level trash is for (`Path=` is relative to it); nil for the home trash.
    public var topdir: String?

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No trash can be made for the file: the reason names the place.
        case noTrash(path: String, reason: String)
        case moveFailed(path: String, reason: String)
        /// Something occupies the path a file would go back to.
        case occupied(path: String)
        case notInTrash(path: String, reason: String)

        public var description: String {
            switch self {
            case let .noTrash(path, reason): "\(PathBytes.display(path)): no trash can hold it: \(reason)"
            case let .moveFailed(path, reason): "\(PathBytes.display(path)): not moved: \(reason)"
            case let .occupied(path): "\(PathBytes.display(path)): something is there now; move it away first, nothing was restored"
            case let .notInTrash(path, reason): "\(PathBytes.display(path)): no longer in the trash (\(reason))"
            }
        }
    }

    /// The home trash: `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash`).
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> FreedesktopTrash {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? LibraryPaths.home(environment: environment) + "/.local/share"
        return FreedesktopTrash(folder: data + "/Trash", topdir: nil)
    }

    /// The trash for the file at `path` (made when it does not exist yet).
    public static func forFile(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(Failure) -> FreedesktopTrash {
        var file = stat()
        guard PathBytes.lstat(path, &file) == 0 else { throw .noTrash(path: path, reason: FileBytes.errnoReason()) }
        let home = home(environment: environment)
        if device(ofNearest: home.folder) == file.st_dev {
            try home.make(for: path)
            return home
        }
        let top = topdir(of: path, device: file.st_dev)
        let uid = getuid()
        var shared = stat()
        let admin = top == "/" ? "/.Trash" : top + "/.Trash"
        if PathBytes.lstat(admin, &shared) == 0, shared.st_mode & S_IFMT == S_IFDIR, shared.st_mode & S_ISVTX != 0 {
            let trash = FreedesktopTrash(folder: admin + "/\(uid)", topdir: top)
            if (try? trash.make(for: path)) != nil { return trash }
        }
        let trash = FreedesktopTrash(folder: (top == "/" ? "" : top) + "/.Trash-\(uid)", topdir: top)
        try trash.make(for: path)
        return trash
    }

    /// Creates `files/` and `info/` (mode 0700 for a new trash).
    private func make(for path: String) throws(Failure) {
        for folder in [folder, folder + "/files", folder + "/info"] {
            var info = stat()
            if PathBytes.lstat(folder, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw .noTrash(path: path, reason: "\(folder) is not a folder") }
                continue
            }
            if folder == self.folder {   // $XDG_DATA_HOME (~/.local/share) may not exist yet: 0700, as the spec asks
                _ = AtomicFile.makeFolders((folder as NSString).deletingLastPathComponent, mode: 0o700)
            }
            guard PathBytes.withCString(folder, { mkdir($0, 0o700) }) == 0 else {
                throw .noTrash(path: path, reason: "cannot make \(folder): \(FileBytes.errnoReason())")
            }
        }
        guard access(folder + "/files", W_OK) == 0, access(folder + "/info", W_OK) == 0 else {
            throw .noTrash(path: path, reason: "\(folder) may not be written")
        }
    }

    /// One trashed file: where it was and its name in the trash.
    public struct Entry: Sendable, Equatable {
        public var trash: FreedesktopTrash
        public var name: String
        public var originalPath: String
        public var deletedAt: Double

        public var filePath: String { trash.folder + "/files/" + name }
        public var infoPath: String { trash.folder + "/info/" + name + ".trashinfo" }
    }

    /// Moves the file at `path` into this trash.
    public func move(_ path: String, now: Date = Date()) throws(Failure) -> Entry {
        let base = (path as NSString).lastPathComponent
        let info = trashInfo(for: path, at: now)
        for attempt in 1...10_000 {
            let name = attempt == 1 ? base : Self.uniqueName(base, attempt)
            let entry = Entry(trash: self, name: name, originalPath: path, deletedAt: now.timeIntervalSince1970)
            let fd = PathBytes.withCString(entry.infoPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw .noTrash(path: path, reason: "cannot write \(entry.infoPath): \(FileBytes.errnoReason())")
            }
            let wrote = info.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == info.count && fsync(fd) == 0
            close(fd)
            var occupied = stat()
            guard wrote, PathBytes.lstat(entry.filePath, &occupied) != 0 else {
                _ = PathBytes.withCString(entry.infoPath) { unlink($0) }
                if wrote { continue }
                throw .noTrash(path: path, reason: "cannot write \(entry.infoPath)")
            }
            guard Self.rename(path, entry.filePath) == 0 else {
                let reason = FileBytes.errnoReason()
                _ = PathBytes.withCString(entry.infoPath) { unlink($0) }
                throw .moveFailed(path: path, reason: reason)
            }
            return entry
        }
        throw .noTrash(path: path, reason: "no free name in \(folder)")
    }

    /// Puts a trashed file back where it was, refusing when something is there now.
    public static func restore(_ entry: Entry) throws(Failure) {
        var info = stat()
        guard PathBytes.lstat(entry.filePath, &info) == 0 else {
            throw .notInTrash(path: entry.originalPath, reason: "\(entry.filePath): \(FileBytes.errnoReason())")
        }
        guard PathBytes.lstat(entry.originalPath, &info) != 0 else { throw .occupied(path: entry.originalPath) }
        // link + unlink would refuse an occupied path atomically, but not for folders or across
        // some filesystems; the check above and rename keep it simple.
        _ = PathBytes.withCString((entry.originalPath as NSString).deletingLastPathComponent) { mkdir($0, 0o755) }
        guard rename(entry.filePath, entry.originalPath) == 0 else {
            throw .moveFailed(path: entry.originalPath, reason: FileBytes.errnoReason())
        }
        _ = PathBytes.withCString(entry.infoPath) { unlink($0) }
    }

    /// Deletes a trashed file for good (its .trashinfo last, as the spec asks).
    public static func erase(_ entry: Entry) {
        _ = PathBytes.withCString(entry.filePath) { unlink($0) }
        _ = PathBytes.withCString(entry.infoPath) { unlink($0) }
    }

    // MARK: - Helpers

    private static func rename(_ from: String, _ to: String) -> Int32 {
        PathBytes.withCString(from) { a in PathBytes.withCString(to) { b in Glibc.rename(a, b) } }
    }

    /// "photo.2.jpg" for the second "photo.jpg" (gio's way).
    static func uniqueName(_ base: String, _ n: Int) -> String {
        let ext = (base as NSString).pathExtension
        let stem = (base as NSString).deletingPathExtension
        return ext.isEmpty || stem.isEmpty ? "\(base).\(n)" : "\(stem).\(n).\(ext)"
    }

    /// The .trashinfo text for `path` trashed at `date`.
    func trashInfo(for path: String, at date: Date) -> [UInt8] {
        var shown = path
        if let topdir, topdir != "/", path.hasPrefix(topdir + "/") { shown = String(path.dropFirst(topdir.count + 1)) }
        else if topdir == "/" { shown = String(path.dropFirst()) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        formatter.timeZone = .current
        return Array("[Trash Info]\nPath=\(Self.escape(shown))\nDeletionDate=\(formatter.string(from: date))\n".utf8)
    }

    /// The path URL-escaped as the spec asks (RFC 2396: "/" and unreserved characters stay).
    static func escape(_ path: String) -> String {
        let keep = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()/".utf8)
        var out = ""
        for byte in PathBytes.bytes(path) {
            if keep.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    /// The device of `path`, or of its nearest existing ancestor.
    private static func device(ofNearest path: String) -> dev_t? {
        var current = path
        while true {
            var info = stat()
            if PathBytes.stat(current, &info) == 0 { return info.st_dev }
            guard current != "/", !current.isEmpty else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// The highest folder above `path` still on `device`: the mount point.
    private static func topdir(of path: String, device: dev_t) -> String {
        var top = (path as NSString).deletingLastPathComponent
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            var info = stat()
            guard PathBytes.stat(parent, &info) == 0, info.st_dev == device else { break }
            top = parent
        }
        return top
    }
}
