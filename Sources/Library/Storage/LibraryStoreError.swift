/// Why the library file could not be read, written or locked. Each case names the file.
public enum LibraryStoreError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not a library we can read; it is left untouched. `backup` is the
    /// previous version beside it (`library.json.bak`), when there is one.
    case unreadable(path: String, reason: String, backup: String?)
    /// The path names a named pipe, a folder or a device, not a file: reading it could wait forever.
    case notAFile(path: String, kind: String)
    /// The file was written by a newer photory-tui.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// Another process holds the library's write lock.
    case locked(path: String, holder: String?)
    case writeFailed(path: String, reason: String)
    /// A line of the edit journal before its last one cannot be read: replaying the lines after
    /// it without it could give the wrong library, so the library is not opened.
    case damagedJournal(path: String, line: Int, reason: String)
    /// A PostgreSQL library (issue 26) could not be reached, or the server refused or broke off
    /// a statement; `location` is the address without its password. A write that failed this
    /// way was rolled back (one transaction), unless the server went away during the commit.
    case server(location: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason, backup):
            "cannot read the library file \(path): \(reason). It was left untouched; "
                + (backup.map { "the previous version is kept beside it as \($0): move the damaged file away and copy that in its place to go back to it, " } ?? "fix or move it away, ")
                + "or use --library to pick another file."
        case let .notAFile(path, kind):
            "the library \(path) is \(kind), not a file: give --library the path of a JSON file (it is created when missing)."
        case let .unsupportedVersion(path, found, supported) where PostgresAddress.isAddress(path):
            "the PostgreSQL library \(path) has schema version \(found), but this photory-tui reads up to version \(supported). It was left untouched; use a newer photory-tui."
        case let .unsupportedVersion(path, found, supported):
            "the library file \(path) has schema version \(found), but this photory-tui reads up to version \(supported). It was left untouched; use a newer photory-tui."
        case let .locked(path, holder):
            "the library \(path) is being changed by another photory-tui\(holder.map { " (\($0))" } ?? ""); try again when it has finished."
        case let .writeFailed(path, reason):
            "cannot write the library file \(path): \(reason). The previous file was kept."
        case let .server(location, reason):
            "the PostgreSQL library \(location) failed: \(reason)"
        case let .damagedJournal(path, line, reason):
            "the library's edit journal \(path) is damaged at line \(line) (\(reason)), so the library was not opened and "
                + "nothing was changed. `photory-tui compact --repair` keeps the readable lines and sets the damaged journal aside."
        }
    }
}
