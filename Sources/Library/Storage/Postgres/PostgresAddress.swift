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

    /// The parts of `address` around its credentials: the scheme (with "://"), the user, the
    /// password (after the user's first ":", when there is one), and what follows the "@". The
    /// credentials end at the last "@" before the query, so a password with an "@" or a "/" not
    /// percent-encoded is still all of it (and refused: `problem`). Nil without credentials.
    private static func credentials(_ address: String) -> (scheme: Substring, user: Substring, password: Substring?, rest: Substring)? {
        guard let schemeEnd = address.range(of: "://") else { return nil }
        let afterScheme = address[schemeEnd.upperBound...]
        let beforeQuery = afterScheme[..<(afterScheme.firstIndex(of: "?") ?? afterScheme.endIndex)]
        guard let at = beforeQuery.lastIndex(of: "@") else { return nil }
        let userinfo = beforeQuery[..<at]
        let colon = userinfo.firstIndex(of: ":")
        return (address[..<schemeEnd.upperBound], userinfo[..<(colon ?? userinfo.endIndex)],
                colon.map { userinfo[userinfo.index(after: $0)...] }, afterScheme[afterScheme.index(after: at)...])
    }

    /// `scheme://user@host:port/db`: the password after `user:` and the query (which may hold
    /// `password=`) left out.
    public static func redacted(_ address: String) -> String {
        guard let schemeEnd = address.range(of: "://") else { return address }
        let withoutQuery = String(address[..<(address[schemeEnd.upperBound...].firstIndex(of: "?") ?? address.endIndex)])
        guard let parts = credentials(withoutQuery) else { return withoutQuery }
        return String(parts.scheme + parts.user + "@" + parts.rest)
    }

    /// Why the address cannot be used as it is written, in words that never quote its
    /// password: credentials with an "@", "/" or "%" not percent-encoded (libpq would quote the
    /// address, password and all, in its complaint).
    public var problem: String? {
        guard let parts = Self.credentials(connectionString) else { return nil }
        let userinfo = parts.user + (parts.password.map { ":" + $0 } ?? "")
        let badPercent = userinfo.indices.contains { index in
            guard userinfo[index] == "%" else { return false }
            let hex = userinfo[index...].dropFirst().prefix(2)
            return hex.count < 2 || !hex.allSatisfy(\.isHexDigit)
        }
        guard userinfo.contains("@") || userinfo.contains("/") || badPercent else { return nil }
        return "the user name or password in the address must be percent-encoded (@ as %40, : as %3A, / as %2F, % as %25)"
    }

    /// `message` with the address's password, if any, replaced by `***` (libpq may quote the
    /// address it could not parse): wherever it stands as the address's password, and anywhere
    /// once it is long enough not to be a letter of other words.
    func scrubbed(_ message: String) -> String {
        guard let password = Self.credentials(connectionString)?.password, !password.isEmpty else { return message }
        let masked = message.replacingOccurrences(of: ":" + password + "@", with: ":***@")
        return password.count >= 4 ? masked.replacingOccurrences(of: String(password), with: "***") : masked
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
