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
        let candidate = url.deletingLastPathComponent().appendingPathComponent("shared/photos").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }()

    public static var available: Bool { folder != nil }
}
