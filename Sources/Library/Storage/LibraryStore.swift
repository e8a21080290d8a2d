import Foundation

/// Reads and writes the library's JSON file.
///
/// Writes are atomic (temporary file, fsync, rename, fsync of the folder) and keep the previous
/// good file as `<file>.bak`. A file that cannot be read is never overwritten: `load` throws and
/// callers must not save after a failed load.
public struct LibraryStore: Sendable {
    /// The schema this build writes and the newest it reads.
    public static let schemaVersion = 1

    /// The on-disk shape of the file.
    struct FileContents: Codable {
        var schemaVersion: Int
        var photos: [Photo]
    }

    /// Just the version, read first so a newer file is refused with a clear reason.
    private struct VersionProbe: Decodable { var schemaVersion: Int? }

    public let path: String
    public var backupPath: String { path + ".bak" }

    public init(path: String) {
        self.path = path
    }

    /// The library in the file, or an empty one when the file does not exist yet.
    public func load() throws(LibraryStoreError) -> PhotoLibrary {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return PhotoLibrary()
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return PhotoLibrary() }
            throw .unreadable(path: path, reason: Self.describe(error))
        }
        if data.isEmpty { throw .unreadable(path: path, reason: "the file is empty") }
        let decoder = JSONDecoder()
        let version: Int?
        do {
            version = try decoder.decode(VersionProbe.self, from: data).schemaVersion
        } catch {
            throw .unreadable(path: path, reason: "not valid JSON (\(Self.describe(error)))")
        }
        guard let version else { throw .unreadable(path: path, reason: "no schemaVersion: not a photory library") }
        guard version <= Self.schemaVersion else {
            throw .unsupportedVersion(path: path, found: version, supported: Self.schemaVersion)
        }
        do {
            return PhotoLibrary(photos: try decoder.decode(FileContents.self, from: data).photos)
        } catch {
            throw .unreadable(path: path, reason: Self.describe(error))
        }
    }

    /// Writes `library` atomically, keeping the file it replaces as the backup.
    public func save(_ library: PhotoLibrary) throws(LibraryStoreError) {
        let encoder = JSONEncoder()
        let data: Data
        do {
            data = try encoder.encode(FileContents(schemaVersion: Self.schemaVersion, photos: library.photos))
        } catch {
            throw .writeFailed(path: path, reason: Self.describe(error))
        }
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

    private static func writeDurably(_ data: Data, to path: String) throws(SystemError) {
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

    /// A short, human reason for a Foundation or decoding error.
    static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(context):
            return context.debugDescription + at(context.codingPath)
        case let DecodingError.keyNotFound(key, context):
            return "missing field \"\(key.stringValue)\"" + at(context.codingPath)
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return context.debugDescription + at(context.codingPath)
        case let error as CocoaError:
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(underlying.code)))
            }
            return error.localizedDescription
        default:
            return "\(error)"
        }
    }

    private static func at(_ path: [CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        return " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
