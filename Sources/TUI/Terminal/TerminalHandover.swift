import Foundation
import Glibc

/// Hands the terminal to another program and takes it back: the external `video-player`
/// (issue 21) uses it, and "open with" can (a shared helper: the lead reconciles the two).
///
/// The recipe: check the program can be found before leaving the screen (a missing one is a
/// status naming it, the screen never flickers); leave ncurses (`Terminal.suspendForProgram`);
/// run the program on the controlling terminal (`/dev/tty` as its input and output), with Ctrl-C
/// and Ctrl-\ meant for it (ignored here meanwhile, default there); wait for it; take the
/// screen back (`Terminal.resumeAfterProgram`: modes, keys typed meanwhile dropped, a full
/// repaint on the next draw).
enum TerminalHandover {
    /// Runs `command` (a program and its arguments) on the terminal, waiting for it to end.
    /// Nil when it ran (whatever its exit status: the user saw what it said), else why not.
    static func run(_ command: [String], on terminal: Terminal) -> String? {
        guard let program = command.first, !program.isEmpty else { return "the command is empty" }
        guard let path = find(program) else { return "\"\(program)\" was not found (looked in PATH)" }
        guard terminal.suspendForProgram() else { return "there is no terminal to hand over" }
        defer { terminal.resumeAfterProgram() }
        return spawnAndWait(path: path, arguments: command)
    }

    /// `program`'s path: itself when it names a path, else the first executable of that name in PATH.
    static func find(_ program: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0.isEmpty ? "." : $0) + "/" + program }.first { access($0, X_OK) == 0 }
    }

    private static func spawnAndWait(path: String, arguments: [String]) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/tty", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        // Ctrl-C stops the program, not the browser.
        let previousInterrupt = signal(SIGINT, SIG_IGN), previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        // The browser's environment (TERM, COLORTERM, the locale) goes to the program.
        var environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        let spawned = posix_spawn(&pid, path, &actions, &attributes, &cArguments, &environment)
        guard spawned == 0 else { return "\"\(arguments[0])\" could not start: \(String(cString: strerror(spawned)).lowercased())" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return nil
    }
}
