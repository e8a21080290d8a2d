import Foundation

/// Reads and writes the library's JSON file (the snapshot) and the edit journal beside it
/// (`LibraryJournal`; see LibraryStore+Journal.swift for loading, appending and compacting).
///
/// Writes are atomic (temporary file, fsync, rename, fsync of the folder) and keep the previous
/// good file as `<file>.bak`. A file that cannot be read is never overwritten: `load` throws and
/// callers must not save after a failed load.
public struct LibraryStore: Sendable {
    /// The schema this build writes and the newest it reads (2 added the user's edits and undo
    /// history: a build that knew only 1 would drop them on save, so it must refuse the file;
    /// 3 added the edit journal, whose edits a build that knew only 2 would not see).
    public static let schemaVersion = 3

    public let path: String
    public var backupPath: String { path + ".bak" }
    /// The edit journal beside the library file.
    public var journal: LibraryJournal { LibraryJournal(libraryPath: path) }

    public init(path: String) {
        self.path = path
    }

    /// The library in the snapshot file alone (without the journal) and its generation, or an
    /// empty library when the file does not exist yet.
    func readSnapshot() throws(LibraryStoreError) -> (library: PhotoLibrary, generation: String?) {
        // Only a file that does not exist means "no library yet"; any other failure (an I/O
        // error on a network share, say) must not look like an empty library that a save
        // would then write over the real one.
        // Opening a named pipe (or a device) to read would wait for a writer forever.
        var info = stat()
        if PathBytes.stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw .notAFile(path: path, kind: Self.kindName(info.st_mode))
        }
        let data: [UInt8]
        do {
            data = try FileBytes.read(path, maxBytes: Int.max)
        } catch {
            if error.isMissing { return (PhotoLibrary(), nil) }
            throw .unreadable(path: path, reason: error.description, backup: nil)
        }
        let backup = access(backupPath, R_OK) == 0 ? backupPath : nil
        if data.isEmpty { throw .unreadable(path: path, reason: "the file is empty", backup: backup) }
        let contents: Result<([Photo], EditHistory, String?), LibraryStoreError> = data.withUnsafeBytes { raw in
            do {
                let contents = try LibraryJSON.read(raw, supported: Self.schemaVersion)
                guard let version = contents.schemaVersion else {
                    return .failure(.unreadable(path: path, reason: "no schemaVersion: not a photory library", backup: backup))
                }
                guard version <= Self.schemaVersion else {
                    return .failure(.unsupportedVersion(path: path, found: version, supported: Self.schemaVersion))
                }
                guard let photos = contents.photos else {
                    return .failure(.unreadable(path: path, reason: "no \"photos\" list", backup: backup))
                }
                return .success((photos, contents.history, contents.generation))
            } catch {
                return .failure(.unreadable(path: path, reason: "\(error)", backup: backup))
            }
        }
        let (photos, history, generation) = try contents.get()
        return (PhotoLibrary(photos: photos, history: history), generation)
    }

    /// Writes `library` as the snapshot atomically, keeping the file it replaces as the backup.
    func writeSnapshot(_ library: PhotoLibrary, generation: String) throws(LibraryStoreError) {
        let data = LibraryJSON.encode(schemaVersion: Self.schemaVersion, photos: library.photos, history: library.history,
                                      generation: generation)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: path, reason: Self.describe(error))
        }
        let temporary = path + ".tmp-\(getpid())"
        do {
            try Self.writeDurably(data, to: temporary)
        } catch {
            unlink(temporary)
            throw .writeFailed(path: path, reason: error.reason)
        }
        // Keep the current (good) file as the backup: hard-link it aside, then swap in the new one.
        if access(path, F_OK) == 0 {
            let backupTemporary = backupPath + ".tmp-\(getpid())"
            unlink(backupTemporary)
            if link(path, backupTemporary) == 0 {
                rename(backupTemporary, backupPath)
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .writeFailed(path: path, reason: reason)
        }
        Self.syncFolder(folder)
    }

    // MARK: - Helpers

    private struct SystemError: Error { var reason: String }

    private static func writeDurably(_ data: [UInt8], to path: String) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let failure: String? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if let failure { throw SystemError(reason: failure) }
        guard fsync(fd) == 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// "a named pipe (FIFO)", "a folder"…: what a path that is not a regular file is.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// A short, human reason for a Foundation error.
    static func describe(_ error: Error) -> String {
        if let error = error as? CocoaError,
           let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
