/// Why the library file could not be read, written or locked. Each case names the file.
public enum LibraryStoreError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not a library we can read; it is left untouched.
    case unreadable(path: String, reason: String)
    /// The file was written by a newer photory-tui.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// Another process holds the library's write lock.
    case locked(path: String, holder: String?)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read the library file \(path): \(reason). It was left untouched; fix or move it away, or use --library to pick another file."
        case let .unsupportedVersion(path, found, supported):
            "the library file \(path) has schema version \(found), but this photory-tui reads up to version \(supported). It was left untouched; use a newer photory-tui."
        case let .locked(path, holder):
            "the library \(path) is being changed by another photory-tui\(holder.map { " (\($0))" } ?? ""); try again when it has finished."
        case let .writeFailed(path, reason):
            "cannot write the library file \(path): \(reason). The previous file was kept."
        }
    }
}
