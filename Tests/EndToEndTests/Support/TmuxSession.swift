import Fixtures
import Foundation
import Testing

/// The real binary running in a private tmux server, driven like a user would: keys in,
/// screen text out. One server per test (`tmux -L photory-e2e-<uuid> -f /dev/null`), so tests
/// never see each other's sessions; the server is killed when the session goes away.
///
/// Waits poll the screen every 50 ms and, on timeout, record an issue with the whole screen
/// dumped (fzf's test harness does the same), then throw so the test stops there.
final class TmuxSession: @unchecked Sendable {
    /// The tmux socket name, unique to this session.
    let socket = "photory-e2e-" + UUID().uuidString.prefix(13).lowercased()
    /// The session (and target) name inside that server.
    let target = "e2e"
    private var isRunning = false
    /// The tmux server's pid, to make sure it is gone at the end.
    private var serverPID: pid_t?
    /// The server's socket file, removed at the end (tmux leaves it behind).
    private var socketPath: String?

    init() {}

    deinit { kill() }

    // MARK: - Running tmux

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `tmux -L <socket> -f /dev/null <arguments>` and waits for it.
    @discardableResult
    func tmux(_ arguments: [String]) -> Output {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil           // the tests may themselves run inside tmux
        environment["TMUX_PANE"] = nil
        environment["LANG"] = "C.UTF-8"     // tmux's own idea of character widths
        environment["LC_ALL"] = nil
        return Processes.run("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null"] + arguments,
                             environment: environment)
    }

    // MARK: - Session

    /// Starts `command` (run by `/bin/sh -c`) in a detached session of `columns` × `rows`,
    /// in `cwd`, with exactly `environment` (plus nothing inherited from the test runner).
    ///
    /// The session is created with a placeholder, the options that matter are set (no status
    /// line, a window size that follows `resize-window`), and only then is the pane respawned
    /// with `command`, so the program starts at its final size.
    func start(command: String, columns: Int, rows: Int, cwd: String, environment: [String: String],
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let assignments = environment.sorted { $0.key < $1.key }.map { Shell.quote("\($0.key)=\($0.value)") }
        let full = "exec env -i " + assignments.joined(separator: " ") + " /bin/sh -c " + Shell.quote(command)
        let result = tmux([
            "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "-c", cwd, "sleep 600",
            ";", "set-option", "-g", "status", "off",
            ";", "set-option", "-g", "window-size", "manual",
            ";", "set-option", "-g", "default-shell", "/bin/sh",
            ";", "set-option", "-g", "remain-on-exit", "on",
            ";", "respawn-pane", "-k", "-t", target, "-c", cwd, full,
        ])
        guard result.status == 0 else {
            Issue.record("tmux could not start the session: \(result.stderr)", sourceLocation: sourceLocation)
            throw E2EError("tmux failed to start")
        }
        isRunning = true
        let info = tmux(["display-message", "-p", "#{pid} #{socket_path}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
        if info.count == 2 {
            serverPID = pid_t(info[0])
            socketPath = String(info[1])
        }
        try waitUntil("a \(columns)×\(rows) pane", sourceLocation: sourceLocation) { _ in
            self.paneSize().map { $0 == (columns, rows) } ?? false
        }
    }

    /// Starts the browser on `library` the way the tests want it: through a shell that prints
    /// `EXITED <code>` when the program ends and then stays, so the screen it leaves is visible.
    func startBrowser(library: String, sandbox: Sandbox, columns: Int, rows: Int,
                      term: String = "xterm-256color", colorterm: String? = nil, cwd: String? = nil,
                      extraArguments: [String] = [], afterExit: String = "", extraEnvironment: [String: String] = [:],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let binary = try E2E.binary()
        let arguments = ([binary, "--library", library] + extraArguments).map(Shell.quote).joined(separator: " ")
        // The shell survives Ctrl-C (a trap with a command: the program still gets the default).
        try start(command: "trap true INT; \(arguments); echo \"EXITED $?\"; \(afterExit.isEmpty ? "" : afterExit + "; ")sleep 60",
                  columns: columns, rows: rows, cwd: cwd ?? sandbox.root.path,
                  environment: sandbox.environment(term: term, colorterm: colorterm).merging(extraEnvironment) { $1 },
                  sourceLocation: sourceLocation)
    }

    /// Ends the server and everything running in it.
    func kill() {
        guard isRunning else { return }
        isRunning = false
        tmux(["kill-server"])
        // kill-server normally ends it; make sure, without waiting long.
        if let pid = serverPID {
            if !Poll.until(timeout: 0.5, { Glibc.kill(pid, 0) != 0 }) { _ = Glibc.kill(pid, SIGKILL) }
        }
        if let socketPath, socketPath.contains("photory-e2e-") { unlink(socketPath) }
    }

    // MARK: - Input

    /// Sends tmux key names ("Enter", "Escape", "C-c", "Left", "l" …), one argument each.
    func send(_ keys: String...) { send(keys: keys) }

    func send(keys: [String]) {
        tmux(["send-keys", "-t", target] + keys)
    }

    /// Sends `text` literally, character by character.
    func type(_ text: String) {
        tmux(["send-keys", "-t", target, "-l", text])
    }

    // MARK: - Output

    /// The visible screen as text, one line per row (`capture-pane -p`).
    func screen() -> String {
        tmux(["capture-pane", "-p", "-t", target]).stdout
    }

    /// The visible screen with SGR escape sequences for colours and attributes (`capture-pane -e`).
    func screenWithColors() -> String {
        tmux(["capture-pane", "-p", "-e", "-t", target]).stdout
    }

    /// The screen's rows (exactly as many as the pane has).
    func lines() -> [String] {
        var lines = screen().components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The pane's size as tmux sees it.
    func paneSize() -> (Int, Int)? {
        let text = tmux(["display-message", "-p", "-t", target, "#{pane_width} #{pane_height}"]).stdout
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The pid of the shell the pane runs.
    func panePID() -> pid_t? {
        let text = tmux(["list-panes", "-t", target, "-F", "#{pane_pid}"]).stdout
        return text.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The pid of the running `photory-tui`, found among the pane shell's descendants.
    func programPID() -> pid_t? {
        guard let root = panePID() else { return nil }
        var queue = [root]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let children = Processes.run("/usr/bin/env", ["pgrep", "-P", "\(pid)"]).stdout
                .split(separator: "\n").compactMap { pid_t($0) }
            for child in children {
                let comm = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if comm == "photory-tui" { return child }
                queue.append(child)
            }
        }
        return nil
    }

    // MARK: - Size

    /// Resizes the window (and so the pane) and waits until tmux reports the new size.
    func resize(columns: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        guard result.status == 0 else {
            Issue.record("resize-window failed: \(result.stderr)", sourceLocation: sourceLocation)
            throw E2EError("resize failed")
        }
        try waitUntil("the pane to become \(columns)×\(rows)", sourceLocation: sourceLocation) { _ in
            self.paneSize().map { $0 == (columns, rows) } ?? false
        }
    }

    // MARK: - Waiting

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = E2E.timeout,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("\"\(text)\" on screen", timeout: timeout, sourceLocation: sourceLocation) {
            $0.contains(text)
        }
    }

    /// Waits until the screen does not contain `text`.
    @discardableResult
    func waitForAbsence(of text: String, timeout: Double = E2E.timeout,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("\"\(text)\" gone from the screen", timeout: timeout, sourceLocation: sourceLocation) {
            !$0.contains(text)
        }
    }

    /// Like `waitUntil`, but the screen must also have stopped changing: the same on three looks
    /// in a row. A capture can land while the program is still writing a frame (half a picture).
    @discardableResult
    func waitUntilSettled(_ what: String, timeout: Double = E2E.timeout,
                          sourceLocation: SourceLocation = #_sourceLocation,
                          _ predicate: (String) -> Bool) throws -> String {
        var previous = "", same = 0
        return try waitUntil(what + " (settled)", timeout: timeout, sourceLocation: sourceLocation) { screen in
            same = predicate(screen) && screen == previous ? same + 1 : 0
            previous = screen
            return same >= 2
        }
    }

    /// Polls the screen every 50 ms (`Poll`) until `predicate` holds; returns that screen. On timeout,
    /// records an issue with `what` and the screen, and throws.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = E2E.timeout, colors: Bool = false,
                   sourceLocation: SourceLocation = #_sourceLocation,
                   _ predicate: (String) -> Bool) throws -> String {
        var last = ""
        let matched = Poll.until(timeout: timeout, every: 0.05) {   // a capture-pane each look
            last = colors ? screenWithColors() : screen()
            return predicate(last)
        }
        if matched { return last }
        let dump = (colors ? screen() : last).components(separatedBy: "\n").enumerated()
            .map { String(format: "%3d│", $0.offset) + $0.element }.joined(separator: "\n")
        Issue.record("Timed out after \(timeout) s waiting for \(what). Screen (\(paneSize().map { "\($0.0)×\($0.1)" } ?? "?")):\n\(dump)",
                     sourceLocation: sourceLocation)
        throw E2EError("timed out waiting for \(what)")
    }
}

/// Stops a test after a failure was already recorded with its details.
struct E2EError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Quoting for `/bin/sh`.
enum Shell {
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Running a program to completion and collecting what it printed.
enum Processes {
    /// Runs `executable` with `posix_spawn` and `waitpid`, output going to temporary files.
    ///
    /// Not Foundation's `Process`: with several tests running it at once on this toolchain,
    /// `waitUntilExit` was seen never to return (the tmux clients stayed zombies). Not pipes
    /// either: a tmux client forks the server, and a pipe end inherited by a long-lived process
    /// keeps "read to end of file" waiting forever.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    currentDirectory: String? = nil) -> TmuxSession.Output {
        let base = NSTemporaryDirectory() + "photory-e2e-out-" + UUID().uuidString
        let outPath = base + ".out", errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // `env -C DIR` changes directory (posix_spawn's chdir action is not imported here).
        var argv = [executable] + arguments
        var program = executable
        if let currentDirectory {
            program = "/usr/bin/env"
            argv = ["/usr/bin/env", "-C", currentDirectory, executable] + arguments
        }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer {
            cArgv.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, nil, cArgv, cEnv)
        guard rc == 0 else {
            return .init(status: -1, stdout: "", stderr: "cannot run \(program): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let read = { (path: String) in
            (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return .init(status: exitCode, stdout: read(outPath), stderr: read(errPath))
    }
}
