import Foundation

/// Where photory keeps its files, following the XDG base-directory rules.
public enum LibraryPaths {
    /// `$XDG_DATA_HOME/photory/library.json`, `~/.local/share/photory/library.json` by default.
    public static func defaultLibraryFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment) + "/photory/library.json"
    }

    /// `$XDG_DATA_HOME/photory/downloads`, `~/.local/share/photory/downloads` by default: photos
    /// downloaded from the web, one folder per host (they are the user's photos now, not a cache).
    public static func defaultDownloadsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment) + "/photory/downloads"
    }

    /// `$XDG_CACHE_HOME/photory`, `~/.cache/photory` by default: previews that can be remade.
    public static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_CACHE_HOME"], fallback: ".cache", environment: environment) + "/photory"
    }

    /// `$XDG_CONFIG_HOME/photory/config.toml`, `~/.config/photory/config.toml` by default.
    public static func defaultConfigFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_CONFIG_HOME"], fallback: ".config", environment: environment) + "/photory/config.toml"
    }

    /// `$XDG_STATE_HOME/photory`, `~/.local/state/photory` by default: what the browser
    /// remembers between runs (the last import folder).
    public static func defaultStateFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_STATE_HOME"], fallback: ".local/state", environment: environment) + "/photory"
    }

    /// `path` made absolute against the current directory, with `~` expanded and `.`/`..` resolved
    /// (symlinks are kept: the library refers to files by the path the user gave).
    public static func absolute(_ path: String) -> String {
        let expanded = path == "~" || path.hasPrefix("~/")
            ? home() + path.dropFirst()
            : path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        let joined = expanded.hasPrefix("/") ? expanded : currentFolder() + "/" + expanded
        // Lexically: Foundation's standardizingPath would also resolve symlinks.
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The working folder with its exact bytes (FileManager's would turn non-UTF-8 bytes into U+FFFD).
    public static func currentFolder() -> String {
        guard let cwd = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
        defer { free(cwd) }
        return PathBytes.string(cString: cwd)
    }

    /// The home folder: $HOME, as a shell has it (Foundation on Linux takes the password
    /// file's, which a `HOME=… photory-tui` does not change); the password file's without one.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    private static func base(_ value: String?, fallback: String, environment: [String: String]) -> String {
        // The spec says relative XDG paths are invalid and must be ignored.
        if let value, value.hasPrefix("/") { return value }
        return home(environment: environment) + "/" + fallback
    }
}
