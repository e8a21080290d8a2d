import Foundation
import Library

/// Runs another program with an argument vector — never a command line put together from file
/// names: each path is one argument, byte for byte (`PathBytes`), whatever it holds (spaces,
/// quotes, `;`, line breaks). A shell runs only when the user wrote one (`CommandTemplate`),
/// and then the paths still reach it as arguments, not as text.
///
/// The child runs in photory's process group (a terminal program handed the terminal reads it
/// as the foreground), with the signals photory handles put back to their defaults. `run`
/// waits for it; call it off the loop's thread unless the terminal is handed over
/// (`TerminalHandover`).
public struct ExternalProgram: Sendable, Equatable {
    /// The program (looked up in `PATH` when it has no "/") and its arguments.
    var arguments: [String]

    /// Where the child's standard output and error go. Its input is the terminal when
    /// `inherit`, else /dev/null.
    enum Output: Sendable {
        /// The terminal's (the program was handed the terminal).
        case inherit
        /// Nowhere, but the error output is kept for the reason of a failure (a graphical viewer).
        case discard
        /// Both kept together, in order, up to `Outcome.outputLimit` bytes (`!`'s output).
        case capture
    }

    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// The program's name, for messages ("xdg-open").
        var program: String
        /// What it wrote (captured output, or the error output of a discarded run).
        var output: [UInt8] = []
        /// Set when more than `outputLimit` bytes came: the rest was read and dropped.
        var truncated = false
        /// Why it failed, or nil: "exited with status 4", "killed by signal 9", "not found".
        var failure: String?

        static let outputLimit = 1 << 20

        /// "xdg-open failed: exited with status 4 (xdg-open: no method available…)", with the
        /// last line it wrote as the reason (cleaned: it is the program's text).
        var failureMessage: String? {
            guard let failure else { return nil }
            let said = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).last
                .map { DisplayWidth.sanitized(String($0)).trimmingCharacters(in: .whitespaces) } ?? ""
            return "\(DisplayWidth.sanitized(program)) failed: \(failure)" + (said.isEmpty ? "" : " (\(said))")
        }
    }

    var name: String { arguments.first.map { ($0 as NSString).lastPathComponent } ?? "" }

    func run(output: Output) -> Outcome {
        var outcome = Outcome(program: name)
        guard !arguments.isEmpty else {
            outcome.failure = "no program given"
            return outcome
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        if output != .inherit {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            guard pipe(&pipeFDs) == 0 else {
                outcome.failure = "cannot start: \(String(cString: strerror(errno)))"
                return outcome
            }
            // Only the child's 1 and 2 hold the pipe: no other child started meanwhile keeps it open.
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            if output == .discard { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
            else { posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1) }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup(PathBytes.bytes($0).map { CChar(bitPattern: $0) } + [0]) }
        defer { argv.forEach { free($0) } }
        let environment = ProcessEnvironment.pairs.map { strdup($0) }
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv + [nil], environment + [nil])
        if pipeFDs[1] >= 0 { close(pipeFDs[1]) }
        guard spawned == 0 else {
            if pipeFDs[0] >= 0 { close(pipeFDs[0]) }
            outcome.failure = spawned == ENOENT ? "not found (is it installed and on PATH?)"
                : "cannot start: \(String(cString: strerror(spawned)))"
            return outcome
        }
        if pipeFDs[0] >= 0 {
            (outcome.output, outcome.truncated) = Self.readAll(pipeFDs[0], limit: Outcome.outputLimit)
            close(pipeFDs[0])
        }
        outcome.failure = Self.wait(for: pid)
        return outcome
    }

    /// Everything the child writes until it closes the pipe; past `limit`, read and dropped.
    private static func readAll(_ fd: Int32, limit: Int) -> ([UInt8], Bool) {
        var kept: [UInt8] = []
        var truncated = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let room = max(0, limit - kept.count)
            kept += buffer.prefix(min(room, count))
            if count > room { truncated = true }
        }
        return (kept, truncated)
    }

    /// Waits for `pid`; nil when it exited with status 0, else how it ended.
    private static func wait(for pid: pid_t) -> String? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return "cannot wait for it: \(String(cString: strerror(errno)))" }
        }
        let signal = status & 0x7F
        if signal != 0 { return "killed by signal \(signal)" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : code == 127 ? "exited with status 127 (command not found)" : "exited with status \(code)"
    }
}

/// The environment as "NAME=value" strings, for a child (the C global `environ` is out of
/// reach of Swift 6's concurrency checking).
enum ProcessEnvironment {
    static var pairs: [String] { ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } }
}
