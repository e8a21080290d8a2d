import Fixtures
import Foundation
import Testing

/// A real sixel terminal for the graphics tests: a private X server (`Xvfb`, no TCP) showing
/// one `xterm -ti vt340` with a fixed 6×13 core font and no border, so cell (column, row) is
/// exactly the pixels at (column × 6, row × 13) of the screen. The command runs under
/// `pty_relay.py`, which lets the test type into it byte for byte (`send`) without X events;
/// the screen is read with `xwd` as RGB (`screenshot`).
///
/// Every screenshot is written to the session's folder (`NN-label.png`). The folder is removed
/// at the end unless something failed through the session (`waitForStableScreen`, `keep`), in
/// which case its path is in the failure message; `PHOTORY_KEEP_SCREENSHOTS=1` keeps it always.
/// Xvfb, xterm, the relay and the program are all ended when the session ends, also when the
/// test throws. Xvfb is ready in about 0.1 s and xterm runs the command 0.25–0.4 s later.
final class XTermSession: @unchecked Sendable {
    /// The pixel size of the 6x13 core font's cells.
    static let cellWidth = 6
    static let cellHeight = 13

    /// Whether everything the session runs is installed.
    static var available: Bool { FormatTools.available("Xvfb", "xterm", "xwd", "convert", "python3") }

    let columns: Int
    let rows: Int
    /// Screenshots, the keys FIFO, the relay's pid file and the logs.
    let folder: String
    /// The X display, `:N`, once the server runs.
    private(set) var display = ""
    private var xvfb: pid_t?
    private var xterm: pid_t?
    private var keysFIFO: String { folder + "/keys" }
    private var childPIDFile: String { folder + "/child.pid" }
    private var shots = 0
    private var ended = false
    /// `PHOTORY_KEEP_SCREENSHOTS=1` keeps every session's folder, to look at what passed.
    private var keepFolder = ProcessInfo.processInfo.environment["PHOTORY_KEEP_SCREENSHOTS"] == "1"

    /// Starts the X server and the terminal, and `command` in it with exactly `environment`
    /// (nothing inherited); returns once the command runs in a `columns × rows` window.
    /// - Parameter resources: more xterm resources, e.g. `XTerm*sixelScrolling: false`.
    init(columns: Int = 100, rows: Int = 32, command: [String], environment: [String: String],
         resources: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.columns = columns
        self.rows = rows
        var template = Array((NSTemporaryDirectory() + "photory-xterm-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw E2EError("mkdtemp failed") }
        folder = String(cString: made)
        do {
            try startServer(sourceLocation: sourceLocation)
            try startTerminal(command: command, environment: environment, resources: resources,
                              sourceLocation: sourceLocation)
        } catch {
            kill()
            throw error
        }
    }

    deinit { kill() }

    // MARK: - Starting

    private func startServer(sourceLocation: SourceLocation) throws {
        // -displayfd: the server picks a free display itself (checking /tmp/.X11-unix and its lock
        // files, retrying on a race) and writes the number once it accepts connections.
        let displayFile = folder + "/display"
        xvfb = try Self.spawn("Xvfb", ["-displayfd", "3", "-nolisten", "tcp", "-noreset",
                                       "-screen", "0", "\(columns * Self.cellWidth)x\(rows * Self.cellHeight)x24"],
                              log: folder + "/xvfb.log", fd3: displayFile)
        let number = try poll("Xvfb to accept connections (\(folder)/xvfb.log)", timeout: E2E.timeout,
                              sourceLocation: sourceLocation) { () -> String? in
            // The number and a newline, written once the server listens.
            guard let text = try? String(contentsOfFile: displayFile, encoding: .utf8), text.hasSuffix("\n") else {
                return nil
            }
            let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return Int(number) != nil ? number : nil
        }
        display = ":" + number
    }

    private func startTerminal(command: [String], environment: [String: String], resources: [String],
                               sourceLocation: SourceLocation) throws {
        guard mkfifo(keysFIFO, 0o600) == 0 else { throw E2EError("mkfifo \(keysFIFO) failed: errno \(errno)") }
        let relay = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pty_relay.py").path
        let python = try #require(FormatTools.path(of: "python3"), sourceLocation: sourceLocation)
        let inner = ["/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + command
        xterm = try Self.spawn("xterm", [
            "-display", display, "-ti", "vt340", "-tn", "xterm-256color", "-u8",
            "-fn", "6x13", "-b", "0", "-bw", "0", "-geometry", "\(columns)x\(rows)+0+0",
            "-bg", "white", "-fg", "black",
            // 256 colour registers as chafa's palette needs; no blinking cursor to change the pixels.
            "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*cursorBlink: false",
        ] + resources.flatMap { ["-xrm", $0] } + [
            "-e", python, relay, keysFIFO, childPIDFile, "--",
        ] + inner, log: folder + "/xterm.log",
           environment: ["DISPLAY": display, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"])
        let size = try poll("xterm to start the command (\(folder)/xterm.log)", timeout: E2E.timeout,
                            sourceLocation: sourceLocation) { () -> [Int]? in
            guard let text = try? String(contentsOfFile: self.childPIDFile, encoding: .utf8) else { return nil }
            return text.split(separator: " ").compactMap { Int($0) }
        }
        // pid, rows, columns, pixel width, pixel height as the relay saw them.
        let expected = [rows, columns, columns * Self.cellWidth, rows * Self.cellHeight]
        guard size.count == 5, Array(size[1...]) == expected else {
            keep()
            Issue.record("""
                xterm's window is not \(columns)×\(rows) cells of \(Self.cellWidth)×\(Self.cellHeight) px: \
                the relay saw pid, rows, columns, pixels \(size) (is the 6x13 font of xfonts-base installed?)
                """, sourceLocation: sourceLocation)
            throw E2EError("wrong terminal size")
        }
    }

    // MARK: - Ending

    /// Ends the program, the terminal and the X server (each in its own process group), and
    /// removes the folder unless a failure asked to keep it.
    func kill() {
        guard !ended else { return }
        ended = true
        if let text = try? String(contentsOfFile: childPIDFile, encoding: .utf8),
           let child = text.split(separator: " ").first.flatMap({ pid_t($0) }), child > 1 {
            _ = Glibc.kill(-child, SIGTERM)   // its process group: the relay made it a session leader
        }
        for pid in [xterm, xvfb].compactMap({ $0 }) {
            _ = Glibc.kill(-pid, SIGTERM)
            var status: Int32 = 0
            var gone = false
            for _ in 0..<40 {
                if waitpid(pid, &status, WNOHANG) == pid { gone = true; break }
                usleep(25_000)
            }
            if !gone {
                _ = Glibc.kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
            }
        }
        xterm = nil
        xvfb = nil
        if !keepFolder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Keeps the folder (screenshots, logs) after the session ends, for a failure to point at.
    func keep() { keepFolder = true }

    // MARK: - Input

    /// Types `bytes` into the program's input, as if typed on the terminal.
    func send(_ bytes: [UInt8]) throws {
        let fd = open(keysFIFO, O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { throw E2EError("cannot open \(keysFIFO): errno \(errno)") }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw E2EError("short write to \(keysFIFO)")
        }
    }

    /// Keys as xterm sends them to a curses program, which turns on keypad (application cursor)
    /// mode: the arrows are `ESC O C` and `ESC O D`, as terminfo's `kcuf1`/`kcub1` say.
    enum Key {
        static let enter: [UInt8] = [0x0D]
        static let right: [UInt8] = [0x1B, 0x4F, 0x43]
        static let left: [UInt8] = [0x1B, 0x4F, 0x44]
        static let escape: [UInt8] = [0x1B]
        static func text(_ text: String) -> [UInt8] { Array(text.utf8) }
    }

    // MARK: - Screen

    /// The whole terminal as RGB, also written to the folder as `NN-label.png`.
    func screenshot(_ label: String = "screen") throws -> PixelImage {
        shots += 1
        let base = folder + String(format: "/%02d-", shots) + label.replacingOccurrences(of: "/", with: "-")
        let script = "xwd -root -silent -display \(display) | convert xwd:- -write png:\(Shell.quote(base + ".png")) "
            + "-depth 8 ppm:\(Shell.quote(base + ".ppm"))"
        let result = Processes.run("/bin/sh", ["-c", script], environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
        defer { unlink(base + ".ppm") }
        guard result.status == 0 else { throw E2EError("screenshot failed: \(result.stderr)") }
        return try PixelImage(ppm: Data(contentsOf: URL(fileURLWithPath: base + ".ppm")))
    }

    /// Polls screenshots until `predicate` holds on one that is also identical to the one before
    /// it (the terminal has finished drawing), and returns it. On timeout records an issue
    /// naming `what`, what the predicate last said, and the folder the screenshots are kept in.
    @discardableResult
    func waitForStableScreen(_ what: String, timeout: Double = E2E.timeout,
                             sourceLocation: SourceLocation = #_sourceLocation,
                             _ predicate: (PixelImage) -> String?) throws -> PixelImage {
        let deadline = Date().addingTimeInterval(timeout)
        var previous: PixelImage?
        var lastComplaint = "no screenshot yet"
        while Date() < deadline {
            let shot = try screenshot(what.replacingOccurrences(of: " ", with: "-"))
            if shot == previous {
                guard let complaint = predicate(shot) else { return shot }
                lastComplaint = complaint
            } else {
                lastComplaint = "the screen was still changing"
            }
            previous = shot
            usleep(150_000)
        }
        keep()
        Issue.record("""
            Timed out after \(timeout) s waiting for \(what): \(lastComplaint). \
            Screenshots and logs are kept in \(folder)
            """, sourceLocation: sourceLocation)
        throw E2EError("timed out waiting for \(what)")
    }

    /// The pixel rectangle of cells `rows` (all columns).
    func pixelArea(rows: Range<Int>) -> (x: Int, y: Int, width: Int, height: Int) {
        (0, rows.lowerBound * Self.cellHeight, columns * Self.cellWidth, rows.count * Self.cellHeight)
    }

    // MARK: - Processes

    private func poll<T>(_ what: String, timeout: Double, sourceLocation: SourceLocation,
                         _ check: () -> T?) throws -> T {
        if let value = Poll.value(timeout: timeout, check) { return value }
        keep()
        Issue.record("Timed out after \(timeout) s waiting for \(what). Logs are kept in \(folder)",
                     sourceLocation: sourceLocation)
        throw E2EError("timed out waiting for \(what)")
    }

    /// Starts `tool` in its own process group, stdin from /dev/null, stdout and stderr to `log`,
    /// and optionally fd 3 open for writing on `fd3`; does not wait.
    private static func spawn(_ tool: String, _ arguments: [String], log: String, fd3: String? = nil,
                              environment: [String: String] = ["PATH": "/usr/local/bin:/usr/bin:/bin"]) throws -> pid_t {
        guard let executable = FormatTools.path(of: tool) else { throw E2EError("\(tool) is not installed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let fd3 { posix_spawn_file_actions_addopen(&actions, 3, fd3, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, env)
        guard rc == 0 else { throw E2EError("cannot run \(tool): \(String(cString: strerror(rc)))") }
        return pid
    }
}
