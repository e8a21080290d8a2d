import Foundation

/// Where downloaded photos are kept: `<root>/<host>/<hash>-<name>`, one stable file per URL
/// (so a repeated download lands on the same file), with names cleaned of anything a server
/// could use to escape the folder or confuse a terminal.
public struct DownloadFolder: Sendable {
    /// `$XDG_DATA_HOME/photory/downloads` by default (`LibraryPaths.defaultDownloadsFolder`).
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// Longest file name kept from a URL, before the hash prefix.
    static let maxNameLength = 80

    /// The file for `url`. `format` adds an extension when the URL's name has none.
    public func path(for url: URL, format: (any PhotoFormat)? = nil) -> String {
        root + "/" + Self.folderName(for: url) + "/" + Self.fileName(for: url, format: format)
    }

    /// The host (and a port other than the default) as a folder name: `example.org`, `127.0.0.1_8080`.
    static func folderName(for url: URL) -> String {
        var host = clean(url.host?.lowercased() ?? "")
        while host.hasPrefix(".") { host.removeFirst() }
        if host.isEmpty { host = "unknown-host" }
        if let port = url.port { host += "_\(port)" }
        return host
    }

    /// `<8 hex digits of the URL's hash>-<last path component, cleaned>`, plus an extension
    /// from `format` when the name has none.
    static func fileName(for url: URL, format: (any PhotoFormat)?) -> String {
        var name = String(clean(url.lastPathComponent).prefix(maxNameLength))
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty || name == "/" { name = "photo" }
        if let format, !name.contains(".") {
            name += "." + (format.name == "JPEG" ? "jpg" : format.name.lowercased())
        }
        return String(ContentHash.hex(of: url.absoluteString).prefix(8)) + "-" + name
    }

    /// Letters, digits, `.`, `-` and `_` kept; anything else becomes `_`.
    private static func clean(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            let ascii = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            return ascii ? Character(scalar) : "_"
        })
    }

    /// Writes `bytes` to `path` atomically (`AtomicFile`), making its folder as needed. Throws
    /// a reason in words.
    func write(_ bytes: [UInt8], to path: String) throws(WebSaveError) {
        do {
            try AtomicFile.write(bytes, to: path, options: Self.writing)
        } catch {
            throw WebSaveError(path: path, reason: error.reason)
        }
    }

    /// `bytes` as the next content of `path`, written and synced under a temporary name beside
    /// it, for a caller that reads it as a photo before it replaces anything.
    func prepare(_ bytes: [UInt8], for path: String) throws(WebSaveError) -> AtomicFile.Pending {
        let prepared = bytes.withUnsafeBytes { raw in
            Result { () throws(AtomicFile.Failure) in try AtomicFile.prepare(path, with: [raw], options: Self.writing) }
        }
        return try prepared.mapError { WebSaveError(path: path, reason: $0.reason) }.get()
    }

    /// Downloads are durable (the library records them as downloaded), folders made as needed.
    private static let writing = AtomicFile.Options(createFolder: true)
}

/// A downloaded photo could not be written to disk.
public struct WebSaveError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot save \(PathBytes.display(path)): \(reason)" }
}
