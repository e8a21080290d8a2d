import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "photory-test") {
        let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(label)-XXXXXX")
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { fatalError("mkdtemp failed") }
        path = String(cString: made)
    }

    deinit {
        // Restore permissions a test may have removed, then delete everything.
        _ = try? FileManager.default.subpathsOfDirectory(atPath: path).forEach {
            chmod(path + "/" + $0, 0o755)
        }
        try? FileManager.default.removeItem(atPath: path)
        // FileManager cannot name files whose names are not UTF-8: remove what it left.
        if access(path, F_OK) == 0 { Self.removeTree(Array(path.utf8)) }
    }

    /// Writes `data` to a file named by exactly `nameBytes` (say a Latin-1 `caf\xe9.jpg`, which
    /// `FileManager` cannot create) in `relativeFolder`, created as needed; returns the full
    /// path's bytes.
    @discardableResult
    public func write(_ data: Data, toRawName nameBytes: [UInt8], in relativeFolder: String = "") -> [UInt8] {
        let folder = relativeFolder.isEmpty ? path : path + "/" + relativeFolder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let full = Array(folder.utf8) + [UInt8(ascii: "/")] + nameBytes
        let fd = Self.withCPath(full) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(String(decoding: full, as: UTF8.self)): errno \(errno)")
        data.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return full
    }

    private static func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// `rm -r` on exact bytes (links are removed, not followed).
    private static func removeTree(_ bytes: [UInt8]) {
        var info = stat()
        guard withCPath(bytes, { lstat($0, &info) }) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let folder = withCPath(bytes, { opendir($0) }) {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                removeTree(bytes + [UInt8(ascii: "/")] + name)
            }
            closedir(folder)
            _ = withCPath(bytes) { rmdir($0) }
        } else {
            _ = withCPath(bytes) { unlink($0) }
        }
    }

    /// `path/relative`, with its parent folders created.
    public func file(_ relative: String) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return full
    }

    /// Writes `data` at `relative` and returns the full path.
    @discardableResult
    public func write(_ data: Data, to relative: String) -> String {
        let full = file(relative)
        FileManager.default.createFile(atPath: full, contents: data)
        return full
    }
}

/// The shared sample photos beside the repo (`../shared/photos`), when present.
public enum SharedPhotos {
    public static let folder: String? = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/Fixtures/this file → repo root
        // Beside the repository, or beside the folder of worktrees (/work/wt/NAME → /work/shared).
        let parent = url.deletingLastPathComponent()
        return [parent, parent.deletingLastPathComponent()].map { $0.appendingPathComponent("shared/photos").path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    public static var available: Bool { folder != nil }
}
