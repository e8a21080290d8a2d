import Foundation

/// An exclusive advisory lock (`flock`) on `<library>.lock`, held while a process changes the
/// library, so two writers never interleave. A second writer waits for a while, then gives up
/// with `LibraryStoreError.locked`.
public final class LibraryLock {
    private let descriptor: Int32
    public let path: String

    /// Takes the lock, waiting up to `timeout` seconds for another holder to finish.
    public init(libraryPath: String, timeout: Double = 10) throws {
        path = libraryPath + ".lock"
        try FileManager.default.createDirectory(
            atPath: (libraryPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw LibraryStoreError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                let holder = Self.holder(fd)
                close(fd)
                throw LibraryStoreError.locked(path: libraryPath, holder: holder)
            }
            usleep(50_000)
        }
        descriptor = fd
        let note = "pid \(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    /// Takes the lock like `init`, with any failure as a `LibraryStoreError`.
    public static func acquire(libraryPath: String, timeout: Double = 10) throws(LibraryStoreError) -> LibraryLock {
        do {
            return try LibraryLock(libraryPath: libraryPath, timeout: timeout)
        } catch let error as LibraryStoreError {
            throw error
        } catch {
            throw .writeFailed(path: libraryPath, reason: "\(error)")
        }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
