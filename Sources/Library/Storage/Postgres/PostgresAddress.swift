import Foundation

/// A PostgreSQL library's address, `postgresql://USER@HOST[:PORT]/DB` (or `postgres://…`), as
/// `--library` and `library = "…"` in config.toml give it (issue 26).
///
/// The address goes to libpq whole, so everything libpq understands works (`?sslmode=require`,
/// several hosts, a socket folder as `?host=/run/postgresql`). Credentials come from the address,
/// `PGPASSWORD` or `~/.pgpass` (libpq reads both); `location`, the name used in every message,
/// never holds the password.
public struct PostgresAddress: Sendable, Hashable {
    /// The schemes `--library` takes besides a file path.
    public static let schemes = ["postgresql", "postgres"]

    /// What libpq is given (may hold a password: never print it).
    let connectionString: String
    /// The address without a password or query: safe to print.
    public let location: String
    /// This machine's folders for the library's shared roots (`[roots]` in config.toml).
    public var roots = SharedRoots()
    /// A file whose first line is the password (`password-file` in config.toml), read at each
    /// connection; a password in the address, `PGPASSWORD` or `~/.pgpass` is used otherwise.
    public var passwordFile: String?

    /// Nil when `address` is not a `postgresql://` or `postgres://` address.
    public init?(_ address: String) {
        guard Self.isAddress(address) else { return nil }
        connectionString = address
        location = Self.redacted(address)
    }

    /// Whether `text` starts as a PostgreSQL address.
    public static func isAddress(_ text: String) -> Bool {
        schemes.contains { text.hasPrefix($0 + "://") }
    }

    /// `scheme://user@host:port/db`: the password after `user:` and the query (which may hold
    /// `password=`) left out.
    public static func redacted(_ address: String) -> String {
        guard let schemeEnd = address.range(of: "://") else { return address }
        let scheme = address[..<schemeEnd.upperBound]
        var rest = address[schemeEnd.upperBound...]
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return String(scheme + rest) }
        let user = authority[..<at].prefix { $0 != ":" }
        return String(scheme + user + rest[at...])
    }

    /// `message` with the address's password, if any, replaced by `***` (libpq may quote the
    /// address it could not parse).
    func scrubbed(_ message: String) -> String {
        guard let schemeEnd = connectionString.range(of: "://") else { return message }
        let rest = connectionString[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return message }
        let password = String(authority[authority.index(after: colon)..<at])
        return password.isEmpty ? message : message.replacingOccurrences(of: password, with: "***")
    }

    /// The first line of `passwordFile` (nil when none is set). Its failures name the file and
    /// never its contents; a file other users may read is refused, as libpq refuses such a
    /// `~/.pgpass`.
    func passwordFromFile() throws(PostgresError) -> String? {
        guard let file = passwordFile else { return nil }
        var status = stat()
        guard stat(file, &status) == 0 else {
            throw PostgresError(message: "the password file \(file) cannot be read: \(String(cString: strerror(errno)))", state: nil)
        }
        guard status.st_mode & 0o077 == 0 else {
            throw PostgresError(message: "the password file \(file) can be read by other users: make it yours alone (chmod 600)", state: nil)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PostgresError(message: "the password file \(file) cannot be read", state: nil)
        }
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return String(first.hasSuffix("\r") ? first.dropLast() : first)
    }
}
