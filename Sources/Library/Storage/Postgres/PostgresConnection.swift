import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq (issue 26): statements with text
/// parameters, their rows as text, and failures as `PostgresError`. Used by one thread at a
/// time: `PostgresStore` hands connections out from its pool and takes back only healthy ones.
final class PostgresConnection: @unchecked Sendable {
    // @unchecked: a connection is only ever used by the thread that took it from the pool.
    private let handle: OpaquePointer
    /// This machine's folders for the library's shared roots (from the address).
    let roots: SharedRoots

    /// Connects to `address` (credentials from the address, PGPASSWORD or ~/.pgpass, as libpq
    /// reads them, else from the address's password file). Values the address sets win over the defaults given here.
    ///
    /// Nothing waits forever: the connection gives up after `connectTimeout` seconds, a
    /// statement after `statementTimeout`, a lock wait after `lockTimeout` (a writer's wait for
    /// the head row sets its own, shorter one), a transaction left idle is ended by the server,
    /// and a server that vanished without closing the connection (power, network) is noticed by
    /// TCP keepalives and `tcp_user_timeout` instead of a read that never returns.
    init(_ address: PostgresAddress, connectTimeout: Int = 10, statementTimeout: Int = 60, lockTimeout: Int = 30)
        throws(PostgresError) {
        if let problem = address.problem { throw PostgresError(message: problem, state: nil) }
        let password = try address.passwordFromFile()
        let options = "-c statement_timeout=\(statementTimeout * 1000) -c lock_timeout=\(lockTimeout * 1000) "
            + "-c idle_in_transaction_session_timeout=\(statementTimeout * 1000)"
        let settings = [("connect_timeout", String(connectTimeout)), ("fallback_application_name", "photory-tui"),
                        ("options", options), ("keepalives", "1"), ("keepalives_idle", "10"),
                        ("keepalives_interval", "5"), ("keepalives_count", "3"),
                        ("tcp_user_timeout", String(statementTimeout * 1000))]
            + (password.map { [("password", $0)] } ?? [])
            + [("dbname", address.connectionString)]   // last: what the address sets wins
        let keywords = settings.map(\.0), values = settings.map(\.1)
        let connection = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { values in PQconnectdbParams(keys, values, 1) }
        }
        guard let connection else { throw PostgresError(message: "out of memory", state: nil) }
        guard PQstatus(connection) == CONNECTION_OK else {
            var message = Self.message(PQerrorMessage(connection))
            if let password, !password.isEmpty { message = message.replacingOccurrences(of: password, with: "***") }
            PQfinish(connection)
            throw PostgresError(message: message, state: nil)
        }
        // Notices ("relation already exists, skipping") are not for the user's terminal.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        roots = address.roots
    }

    deinit { PQfinish(handle) }

    /// The connection still works (a failed statement may have found the server gone).
    var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Whether a connection kept idle is still up: reads what the server sent meanwhile without
    /// waiting, so a server that was stopped or restarted (it closed the connection) is noticed
    /// before the connection is used, not by the next edit failing.
    var isStillUp: Bool {
        guard isHealthy else { return false }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return true }
        return PQconsumeInput(handle) == 1 && isHealthy
    }

    /// Runs one statement with `$1…` parameters (nil: NULL); the rows it returned.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        // Without parameters, the simple protocol: a migration's several statements at once.
        let result = parameters.isEmpty ? PQexec(handle, sql) : Self.withOptionalCStrings(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        guard let result else { throw PostgresError(message: Self.message(PQerrorMessage(handle)), state: nil) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgresRows(result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = Self.message(PQresultErrorMessage(result) ?? PQerrorMessage(handle))
            PQclear(result)
            throw PostgresError(message: message, state: state)
        }
    }

    /// Waits up to `timeout` seconds for a notification on a channel this connection LISTENs
    /// to; true when one or more came (all are taken), false when the time passed.
    func waitForNotification(timeout: Double) throws(PostgresError) -> Bool {
        if takeNotifications() { return true }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return false }
        guard PQconsumeInput(handle) == 1 else { throw PostgresError(message: Self.message(PQerrorMessage(handle)), state: nil) }
        return takeNotifications()
    }

    private func takeNotifications() -> Bool {
        var any = false
        while let notification = PQnotifies(handle) {
            any = true
            PQfreemem(notification)
        }
        return any
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () throws(PostgresStoreFailure) -> T)
        throws(PostgresStoreFailure) -> T {
        do throws(PostgresError) { try execute(begin) } catch { throw .postgres(error) }
        do throws(PostgresStoreFailure) {
            let value = try body()
            do throws(PostgresError) { try execute("COMMIT") } catch { throw .postgres(error) }
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// libpq's message on one line ("…failed: Connection refused; Is the server running…").
    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        return String(cString: text).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    private static func withOptionalCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { $0.map { UnsafePointer(strdup($0)) } ?? nil }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// The rows a statement returned, as text (NULL as nil).
final class PostgresRows {
    private let result: OpaquePointer

    fileprivate init(_ result: OpaquePointer) { self.result = result }
    deinit { PQclear(result) }

    var count: Int { Int(PQntuples(result)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(result, Int32(row), Int32(column)) == 1 }

    func string(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
    }

    func int(_ row: Int, _ column: Int) -> Int? { string(row, column).flatMap { Int($0) } }

    /// Appends the value's bytes to `out` (a record read back without a String in between).
    func append(_ row: Int, _ column: Int, to out: inout [UInt8]) {
        guard let value = PQgetvalue(result, Int32(row), Int32(column)) else { return }
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        value.withMemoryRebound(to: UInt8.self, capacity: length) {
            out.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

/// What libpq or the server said went wrong, and the SQLSTATE when the server said it.
struct PostgresError: Error, CustomStringConvertible {
    var message: String
    var state: String?
    var description: String { message }

    /// `lock_timeout` ran out waiting for another writer.
    var isLockTimeout: Bool { state == "55P03" }
}

/// A failure inside one of the store's transactions: the server's, or the store's own.
enum PostgresStoreFailure: Error {
    case postgres(PostgresError)
    case store(LibraryStoreError)
}
