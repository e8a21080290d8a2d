import Foundation

/// Expands the paths given to an import into the files to look at, recursing into folders.
///
/// Symbolic links are followed; a link back into a folder being scanned is reported as a
/// symlink loop, and a folder or file reached twice (through a link, or given twice) is taken
/// once, by the first path that reached it. Hidden entries (dot files) and XMP sidecars
/// (`*.xmp`, which photory's write-back and darktable put beside photos) inside folders are
/// skipped. Problems become outcomes; they never stop the scan.
struct FileScanner {
    struct Found: Sendable {
        var path: String
        var size: Int64
        /// Modification time, as `Photo.fileModified` holds it.
        var modified: Double
    }

    private(set) var files: [Found] = []
    private(set) var problems: [ImportFileResult] = []
    /// The XMP sidecars beside the files (never imported themselves), by path, with their
    /// modification times: a photo whose sidecar changed is read again on a rescan.
    private(set) var sidecarTimes: [String: Double] = [:]
    private var visitedFolders: Set<FileIdentity> = []
    private var seenFiles: Set<FileIdentity> = []
    private var ancestors: Set<FileIdentity> = []
    private let cancellation: ImportCancellation?
    private let onFile: (String, Int) -> Void

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    init(cancellation: ImportCancellation? = nil, onFile: @escaping (String, Int) -> Void = { _, _ in }) {
        self.cancellation = cancellation
        self.onFile = onFile
    }

    /// Scans each path (file or folder) in order.
    mutating func scan(_ paths: [String]) {
        for path in paths {
            visit(LibraryPaths.absolute(path))
        }
    }

    private mutating func visit(_ path: String) {
        if cancellation?.isCancelled == true { return }
        var info = stat()
        guard PathBytes.stat(path, &info) == 0 else {
            let code = errno
            var linkInfo = stat()
            let isLink = PathBytes.lstat(path, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK
            let reason: String
            switch code {
            case ELOOP: reason = "symlink loop"
            case ENOENT where isLink: reason = "broken symbolic link"
            default: reason = String(cString: strerror(code)).lowercased()
            }
            problems.append(ImportFileResult(path: path, outcome: .unreadable(reason: reason)))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard seenFiles.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
            else { return }
            files.append(Found(path: path, size: Int64(info.st_size),
                               modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
            onFile(path, files.count)
        case S_IFDIR:
            scanFolder(path, identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        default:
            problems.append(ImportFileResult(path: path, outcome: .unsupported(reason: "not a regular file")))
        }
    }

    private mutating func scanFolder(_ path: String, identity: FileIdentity) {
        if ancestors.contains(identity) {
            problems.append(ImportFileResult(path: path, outcome: .unreadable(reason: "symlink loop: leads back into a folder being scanned")))
            return
        }
        guard visitedFolders.insert(identity).inserted else { return }
        // readdir keeps each name's exact bytes (FileManager would turn non-UTF-8 bytes into U+FFFD).
        guard let names = PathBytes.folderEntries(path) else {
            let reason = String(cString: strerror(errno)).lowercased()
            problems.append(ImportFileResult(path: path, outcome: .unreadable(reason: reason)))
            return
        }
        ancestors.insert(identity)
        defer { ancestors.remove(identity) }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = path == "/" ? "/" + name : path + "/" + name
            guard Self.isSidecar(name) else {
                visit(child)
                continue
            }
            var info = stat()
            if PathBytes.stat(child, &info) == 0 {
                sidecarTimes[child] = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            }
        }
    }

    /// An XMP sidecar's name ("photo.jpg.xmp", "IMG_1.XMP").
    static func isSidecar(_ name: String) -> Bool {
        name.utf8.count > 4 && name.lowercased().hasSuffix(".xmp")
    }
}
