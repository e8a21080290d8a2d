/// Shared roots (issue 26, "paths across machines"): the `[roots]` table of a machine's
/// config.toml names folders that several machines reach at different places, the NAS's
/// `/volume1/photos` being the laptop's `/mnt/nas/photos`:
///
/// ```toml
/// [roots]
/// photos = "/mnt/nas/photos"
/// ```
///
/// A library a household shares (PostgreSQL) stores a path under a root as `root:NAME/relative`
/// and each machine reads it back under its own folder for NAME. A stored path under a root this
/// machine does not name stays `root:NAME/…`: no file there, so the photo shows as missing, and
/// `unmappedNote` names the root to add.
///
/// The mapping is done on the JSON records themselves (`stored(json:)`, `local(json:)`), so every
/// path a record holds (a photo's, a trash record's original, a companion's) follows it without
/// each field being named here. A string is mapped only when it begins with a root's folder (or
/// with `"root:NAME/"`), so other text is left as it is (a description that begins with a root's
/// folder would be mapped too). Recipe for a new PostgreSQL query: a path it asks for goes
/// through `stored(path:)`, the records it reads through `local(json:)` (the connection's
/// `roots`); `PostgresLibraryRows.encoded` maps what is written.
public struct SharedRoots: Sendable, Hashable {
    /// The stored form's prefix: `root:NAME/relative`.
    public static let prefix = "root:"

    /// Each root's name and this machine's folder for it (absolute, without a trailing slash),
    /// the longest folder first so a root inside another maps to the inner one.
    public let folders: [(name: String, folder: String)]

    public init(_ folders: [String: String] = [:]) {
        self.folders = folders.map { name, folder in
            var folder = folder
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            return (name, folder)
        }.sorted { $0.folder.utf8.count != $1.folder.utf8.count ? $0.folder.utf8.count > $1.folder.utf8.count : $0.name < $1.name }
    }

    public var isEmpty: Bool { folders.isEmpty }

    public static func == (a: SharedRoots, b: SharedRoots) -> Bool {
        a.folders.map(\.name) == b.folders.map(\.name) && a.folders.map(\.folder) == b.folders.map(\.folder)
    }

    public func hash(into hasher: inout Hasher) {
        for (name, folder) in folders {
            hasher.combine(name)
            hasher.combine(folder)
        }
    }

    // MARK: - One path

    /// `path` as the library stores it: `root:NAME/relative` under a root, else unchanged.
    public func stored(path: String) -> String {
        for (name, folder) in folders {
            if path == folder { return Self.prefix + name }
            if path.hasPrefix(folder + "/") { return Self.prefix + name + path.dropFirst(folder.count) }
        }
        return path
    }

    /// A stored path on this machine: under this machine's folder for its root, else unchanged.
    public func local(path: String) -> String {
        guard path.hasPrefix(Self.prefix) else { return path }
        let rest = path.dropFirst(Self.prefix.count)
        let name = rest.prefix { $0 != "/" }
        guard let folder = folders.first(where: { $0.name == name })?.folder else { return path }
        return folder + rest.dropFirst(name.count)
    }

    /// The root a path still in the stored form names (a root this machine does not configure).
    public static func unmappedRoot(of path: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let name = path.dropFirst(prefix.count).prefix { $0 != "/" }
        return name.isEmpty ? nil : String(name)
    }

    /// What to say when `paths` hold photos under roots this machine does not name (nil: none).
    public static func unmappedNote(_ paths: some Sequence<String>) -> String? {
        var counts: [String: Int] = [:]
        for path in paths { if let root = unmappedRoot(of: path) { counts[root, default: 0] += 1 } }
        guard !counts.isEmpty else { return nil }
        let named = counts.sorted { $0.key < $1.key }.map { "\"\($0.key)\" (\(Counted.text($0.value)))" }
        return "photos under the shared root\(counts.count == 1 ? "" : "s") " + named.joined(separator: ", ")
            + " show as missing: this machine's config.toml does not say where "
            + (counts.count == 1 ? "it is" : "they are") + " ([roots] NAME = \"/local/folder\")"
    }

    // MARK: - JSON records

    /// A JSON record with every string that begins with a root's folder in the stored form.
    public func stored(json: [UInt8]) -> [UInt8] {
        Self.replacingStringStarts(json, folders.map { (Self.opened($0.folder), Self.opened(Self.prefix + $0.name)) })
    }

    /// A stored JSON record with every `"root:NAME…` string of a root this machine names under
    /// its folder.
    public func local(json: [UInt8]) -> [UInt8] {
        Self.replacingStringStarts(json, folders.map { (Self.opened(Self.prefix + $0.name), Self.opened($0.folder)) })
    }

    /// `text` as the start of a JSON string: the opening quote and `text` escaped, no closing quote.
    private static func opened(_ text: String) -> [UInt8] {
        var quoted: [UInt8] = []
        LibraryJSON.appendString(text, &quoted)
        quoted.removeLast()
        return quoted
    }

    /// `json` with each string that starts with a pattern's `find` followed by `/` or its end
    /// starting with its `replace` instead (scanned once; `json` itself when nothing matched).
    private static func replacingStringStarts(_ json: [UInt8], _ patterns: [(find: [UInt8], replace: [UInt8])]) -> [UInt8] {
        guard !patterns.isEmpty else { return json }
        var out: [UInt8] = []
        var index = 0, copied = 0
        while index < json.count {
            // A string's opening quote (an escaped one inside a string follows a backslash).
            guard json[index] == UInt8(ascii: "\""), index == 0 || json[index - 1] != UInt8(ascii: "\\"),
                  let pattern = patterns.first(where: { pattern in
                      let next = index + pattern.find.count
                      return next < json.count && (json[next] == UInt8(ascii: "/") || json[next] == UInt8(ascii: "\""))
                          && matches(json, at: index, pattern.find)
                  }) else {
                index += 1
                continue
            }
            if out.isEmpty { out.reserveCapacity(json.count + 256) }
            out.append(contentsOf: json[copied..<index])
            out.append(contentsOf: pattern.replace)
            index += pattern.find.count
            copied = index
        }
        guard copied > 0 else { return json }
        out.append(contentsOf: json[copied...])
        return out
    }

    private static func matches(_ bytes: [UInt8], at offset: Int, _ pattern: [UInt8]) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for (i, byte) in pattern.enumerated() where bytes[offset + i] != byte { return false }
        return true
    }
}
