/// Why a shipped data file (the place table, the world outline) could not be used. Each case
/// names the file.
public enum GeoDataError: Error, Equatable, CustomStringConvertible {
    /// The file is not where the program looked for it (a broken installation).
    case notFound(what: String, path: String)
    /// The file exists but could not be read or is not in the expected format.
    case malformed(what: String, path: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(what, path):
            "\(what) not found at \(path): the program's resource folder is missing; reinstall photory-tui or rebuild it with swift build."
        case let .malformed(what, path, reason):
            "\(what) at \(path) cannot be read: \(reason). Remake it with the script in scripts/ (see the README's Data section)."
        }
    }
}
