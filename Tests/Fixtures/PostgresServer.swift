import Foundation

/// A throw-away PostgreSQL server for the tests and `photory-tui bench --only postgres` (issue 26),
/// from Debian's `postgresql` package:
/// `initdb` into a temporary folder, `pg_ctl start` on a free port listening on 127.0.0.1 only,
/// its unix socket in that folder. Each test asks for its own database (`newDatabase`).
///
/// Stopping: a watchdog shell started beside the server waits on a pipe that only this process
/// holds open; when the process ends, however it ends (the suite done, a crash, kill -9), the
/// pipe closes and the watchdog stops the server (pg_ctl with a deadline, then SIGKILL to what
/// is left) and removes the folder. `stop()` and `deinit` do the same at once. Every step has a
/// deadline: initdb and pg_ctl run with their descriptors closed (`runDetached`, which says why),
/// and `sql` connects and waits on locks for a bounded time.
///
/// initdb and the server refuse to run as root: as root (CI, containers) they run as the
/// `postgres` user Debian's package makes (else `nobody`) through `runuser`, in a folder given
/// to that user. Tests skip with a message when no server can start (`PostgresServer.available`).
public final class PostgresServer: @unchecked Sendable {
    // @unchecked: every property is set once in init; `watchdogInput` is only closed by `stop`.
    public let port: Int
    public let folder: String
    public let binaries: String
    /// The superuser the tests connect as (no password: `trust` on 127.0.0.1).
    public let user = "photory"
    private let watchdog: Process
    /// The user initdb and the server run as (as root), else nil.
    private let runAs: (name: String, uid: uid_t, gid: gid_t)?
    private let watchdogInput: FileHandle
    private let databases = NSLock()
    private var databaseCount = 0

    /// The server the tests share (started at first use; nil when it cannot start, see `problem`).
    public static let shared: Result<PostgresServer, FormatTools.Failure> = {
        do { return .success(try PostgresServer()) } catch {
            let failure = error as? FormatTools.Failure ?? FormatTools.Failure(description: "\(error)")
            FileHandle.standardError.write(Data("PostgreSQL tests skipped: \(failure.description)\n".utf8))
            return .failure(failure)
        }
    }()

    /// Whether the shared server runs (for `.enabled(if:)`).
    public static var available: Bool { (try? shared.get()) != nil }

    /// Starts a server of its own (a test that stops or kills it); `fsync` on for figures that
    /// should cost what a real server's commits cost (the bench), off for the tests.
    public init(fsync: Bool = false) throws {
        guard let binaries = Self.findBinaries() else {
            throw FormatTools.Failure(description: "no initdb in /usr/lib/postgresql/*/bin (install the postgresql package)")
        }
        self.binaries = binaries
        let runAs = getuid() == 0 ? Self.unprivilegedUser() : nil
        self.runAs = runAs
        if getuid() == 0 && runAs == nil { throw FormatTools.Failure(description: "running as root and no postgres or nobody user") }
        var template = Array("/tmp/photory-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FormatTools.Failure(description: "mkdtemp failed") }
        let folder = String(cString: made)
        self.folder = folder
        if let runAs { chown(folder, runAs.uid, runAs.gid) }
        let command = { (tool: String, arguments: [String], deadline: Double) throws in
            let prefix = runAs.map { [Self.runuser, "-u", $0.name, "--"] } ?? []
            try Self.runDetached(prefix + [binaries + "/" + tool] + arguments, log: folder + "/" + tool + ".out", deadline: deadline)
        }
        do {
            try command("initdb", ["-D", folder + "/data", "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], 120)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        // The watchdog first, so a failed start is cleaned up too. It stops the server (pg_ctl,
        // with a deadline), then kills what is left of it: the postmaster, if it is still ours
        // (its command line names our folder), and its children.
        let stop = (runAs.map { "\(Self.runuser) -u \($0.name) -- " } ?? "") + "'\(binaries)/pg_ctl' -D '\(folder)/data' stop -m immediate -w -t 20"
        let script = """
            read _; pid=$(head -n 1 '\(folder)/data/postmaster.pid' 2>/dev/null); \(stop) >/dev/null 2>&1; \
            if [ -n "$pid" ] && grep -q '\(folder)' /proc/$pid/cmdline 2>/dev/null; then pkill -KILL -P "$pid"; kill -KILL "$pid"; fi 2>/dev/null; \
            rm -rf '\(folder)'
            """
        let pipe = Pipe()
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", script]
        watchdog.standardInput = pipe.fileHandleForReading
        watchdog.standardOutput = FileHandle.nullDevice
        watchdog.standardError = FileHandle.nullDevice
        try watchdog.run()
        try? pipe.fileHandleForReading.close()
        self.watchdog = watchdog
        watchdogInput = pipe.fileHandleForWriting
        var lastFailure: Error?
        for _ in 0..<3 {
            let port = LocalPort.free()
            do {
                try command("pg_ctl", ["-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "start",
                                       "-o", "-p \(port) -c listen_addresses=127.0.0.1 -c unix_socket_directories=\(folder) -c fsync=\(fsync ? "on" : "off")"], 90)
                self.port = port
                return
            } catch {
                lastFailure = error   // the port was taken meanwhile: another one
            }
        }
        try? pipe.fileHandleForWriting.close()
        _ = Poll.until(timeout: 60) { !watchdog.isRunning }
        throw lastFailure ?? FormatTools.Failure(description: "pg_ctl start failed")
    }

    deinit { stop() }

    /// Runs `pg_ctl` with `arguments` as the server's user (a test stops and starts its server).
    private func pgctl(_ arguments: [String]) throws {
        let prefix = runAs.map { [Self.runuser, "-u", $0.name, "--"] } ?? []
        try Self.runDetached(prefix + [binaries + "/pg_ctl"] + arguments, log: folder + "/pg_ctl.out", deadline: 90)
    }

    /// Stops the server as an administrator would (`pg_ctl stop -m fast`: sessions are ended);
    /// `restart` starts it again on the same port with the same data.
    public func shutDown() throws {
        try pgctl(["-D", folder + "/data", "-w", "-t", "60", "stop", "-m", "fast"])
    }

    /// Starts the server again after `shutDown`, with the options of its first start (pg_ctl
    /// keeps them in `postmaster.opts`): the same port and data.
    public func restart() throws {
        try pgctl(["-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "restart"])
    }

    /// Makes a login role that must give `password` over TCP (scram-sha-256), the other users
    /// still trusted: a test of where the password comes from.
    public func requirePassword(user: String, password: String) throws {
        try sql("CREATE ROLE \(user) LOGIN SUPERUSER PASSWORD '\(password)'", database: "postgres")
        let hba = folder + "/data/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try ("host all \(user) 127.0.0.1/32 scram-sha-256\n" + rules).write(toFile: hba, atomically: false, encoding: .utf8)
        try sql("SELECT pg_reload_conf()", database: "postgres")
    }

    /// Stops the server now and removes its folder (what the watchdog does when the tests end).
    public func stop() {
        try? watchdogInput.close()
        _ = Poll.until(timeout: 60) { !watchdog.isRunning }
    }

    /// The server's process id (a test kills it mid-edit).
    public var pid: Int32? {
        guard let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// A new, empty database; its address for `--library`.
    public func newDatabase() throws -> String {
        let name = databases.withLock { () -> String in
            databaseCount += 1
            return "photory_\(getpid())_\(databaseCount)"
        }
        try sql("CREATE DATABASE \(name)", database: "postgres")
        return address(of: name)
    }

    /// `postgresql://photory@127.0.0.1:PORT/NAME`.
    public func address(of database: String) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)"
    }

    /// Runs `statement` with psql in `database` (a name, or the address `newDatabase` gave);
    /// its rows unaligned, one a line.
    @discardableResult
    public func sql(_ statement: String, database: String) throws -> String {
        let name = database.split(separator: "/").last.map(String.init) ?? database
        // Bounded like the library's own connections: a statement waiting on a lock gives up.
        let connection = "dbname=\(name) connect_timeout=10 options='-c statement_timeout=60000 -c lock_timeout=30000'"
        return try FormatTools.run(binaries + "/psql", ["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
                                                         "-p", String(port), "-U", user, "-d", connection, "-c", statement])
    }

    // MARK: - Helpers

    /// Runs `arguments` with every descriptor above 2 closed first and its output in `log`; throws when it fails or is still running after `deadline` seconds
    /// (then it is killed).
    ///
    /// Why not Foundation's `Process`: on Linux it learns that a child ended when a socket the
    /// child inherits is closed by everyone holding it. `pg_ctl start` leaves the postmaster
    /// running with every descriptor it had, that socket among them, so `waitUntilExit` never
    /// returned, the shared server was never stopped (its watchdog waits for this process to
    /// end) and the test run hung for good. Here bash closes what it inherited before the tool
    /// starts, and the wait is `waitpid` with a deadline.
    private static func runDetached(_ arguments: [String], log: String, deadline: Double) throws {
        let script = #"out=$1; shift; for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; exec "$@" </dev/null >"$out" 2>&1"#
        let words: [String] = ["/bin/bash", "-c", script, "bash", log] + arguments
        let settings: [String] = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", nil, nil, argv, environment)
        guard spawned == 0 else { throw FormatTools.Failure(description: "cannot start \(arguments.joined(separator: " ")): error \(spawned)") }
        var status: Int32 = 0
        let ended = Poll.until(timeout: deadline) {
            let result = waitpid(pid, &status, WNOHANG)
            return result == pid || (result == -1 && errno == ECHILD)
        }
        let said = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard ended else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw FormatTools.Failure(description: "\(arguments.joined(separator: " ")) did not finish within \(Int(deadline)) s: \(said)")
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            throw FormatTools.Failure(description: "\(arguments.joined(separator: " ")) failed (status \(status)): \(said)")
        }
    }

    private static let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "runuser"

    /// `PHOTORY_PG_BIN`, else the newest `/usr/lib/postgresql/N/bin` with initdb.
    public static func findBinaries() -> String? {
        if let given = ProcessInfo.processInfo.environment["PHOTORY_PG_BIN"] { return given }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    private static func unprivilegedUser() -> (name: String, uid: uid_t, gid: gid_t)? {
        for name in ["postgres", "nobody"] {
            if let entry = getpwnam(name) { return (name, entry.pointee.pw_uid, entry.pointee.pw_gid) }
        }
        return nil
    }
}
