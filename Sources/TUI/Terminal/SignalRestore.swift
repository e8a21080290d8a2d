import CNcurses
import Glibc

/// Puts the terminal back when the process is killed by SIGINT, SIGTERM or SIGHUP.
///
/// `endwin` is not async-signal-safe, so the handler does only what is: it `write(2)`s a reset
/// string prepared in advance from terminfo (`sgr0`, `cnorm`, `rmkx`, `rmcup`: attributes off,
/// cursor shown, keypad mode off, alternate screen left), restores the tty modes saved before
/// ncurses started with `tcsetattr(3)`, and `_exit(128 + signal)`s (130 for Ctrl-C). We keep
/// ISIG on (cbreak, not raw), so Ctrl-C always works even when the loop is stuck.
///
/// An `atexit` hook calls `Terminal.restore()` (a proper `endwin`) for ordinary exits, and a
/// SIGCONT handler flags that the screen must be repainted after Ctrl-Z/`fg` (ncurses repaints
/// on resume, but not our truecolor cells), which `readKeys` reports as a `.resize`.
///
/// **Waking the loop.** The loop sleeps in `poll(2)` with no timeout. A signal interrupts that
/// poll only when it is delivered to the loop's own thread, and any thread may get it (preview
/// and import workers run beside the loop). So the SIGCONT handler and a SIGWINCH handler write
/// a byte to the terminal's wake pipe (``WakePipe``), which the loop polls: a resize or a resume
/// wakes it wherever the signal lands. The SIGWINCH handler first calls the handler that was
/// there (ncurses' own, which flags the resize so that `get_wch` reports `KEY_RESIZE`).
enum SignalRestore {
    /// What the handlers read: allocated once and never freed, reached through a constant
    /// pointer so the handlers touch no Swift runtime state (no exclusivity checks, no locks).
    private struct State {
        var reset: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)   // 128 bytes
        var resetCount = 0
        var fd: Int32 = STDOUT_FILENO
        var modes = termios()
        var haveModes = false
        var resumed: sig_atomic_t = 0
        /// The write end of the terminal's wake pipe (-1: none).
        var wakeFD: Int32 = -1
        /// The SIGWINCH handler we replaced (ncurses'), called first by ours.
        var resizePrevious: (@convention(c) (Int32) -> Void)? = nil
    }

    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    nonisolated(unsafe) private static var previous: [Int32: __sighandler_t?] = [:]
    /// The SIGWINCH action before ``install(for:wakeFD:)``, put back by ``uninstall()``.
    nonisolated(unsafe) private static var previousResize: sigaction?
    /// The terminal to restore at exit.
    nonisolated(unsafe) static weak var active: Terminal?

    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Crashes (a Swift runtime trap, abort, a bad memory access): restore the terminal, then
    /// die of the same signal so the crash is still reported as one (and may dump core).
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    private static let atexitRegistered: Void = {
        atexit { SignalRestore.active?.restore() }
    }()

    /// Saves the tty modes of `fd` (call before `newterm` changes them).
    static func saveModes(fd: Int32) {
        state.pointee.fd = fd
        state.pointee.haveModes = tcgetattr(fd, &state.pointee.modes) == 0
    }

    /// Prepares the reset string (needs the terminal set up, for terminfo) and installs the
    /// handlers and the exit hook. Resizes and resumes write a byte to `wakeFD`. `modeReset` puts
    /// back other modes the terminal changed (the sixel mode, see `SixelScrolling`).
    static func install(for terminal: Terminal, wakeFD: Int32, modeReset: [UInt8] = []) {
        // ST first: a signal in the middle of an image (a sixel, kitty or iTerm2 string, or a tmux
        // passthrough) would otherwise swallow the reset as part of that string. Harmless elsewhere.
        var reset: [UInt8] = [0x1B, UInt8(ascii: "\\")] + modeReset
        for (cap, fallback) in [("sgr0", "\u{1b}[0m"), ("cnorm", "\u{1b}[?25h"),
                                ("rmkx", "\u{1b}[?1l\u{1b}>"), ("rmcup", "\u{1b}[?1049l")] {
            var bytes = Array(fallback.utf8)
            if let raw = tigetstr(cap), Int(bitPattern: raw) != -1 {
                bytes = Array(String(cString: raw).utf8)
            }
            reset += bytes
        }
        reset += Array("\r\n".utf8)
        withUnsafeMutableBytes(of: &state.pointee.reset) { buffer in
            let count = min(buffer.count, reset.count)
            buffer.copyBytes(from: reset[0..<count])
            state.pointee.resetCount = count
        }

        for sig in signals {
            previous[sig] = signal(sig, { signo in
                SignalRestore.resetFromHandler()
                _exit(128 + signo)
            })
        }
        for sig in crashSignals {
            previous[sig] = signal(sig, { signo in
                SignalRestore.resetFromHandler()
                signal(signo, SIG_DFL)
                raise(signo)
            })
        }
        state.pointee.wakeFD = wakeFD
        previous[SIGCONT] = signal(SIGCONT, { _ in
            SignalRestore.state.pointee.resumed = 1
            WakePipe.wake(SignalRestore.state.pointee.wakeFD)
        })
        installResizeWake()
        active = terminal
        _ = atexitRegistered
    }

    /// Writes the prepared reset string and puts the tty modes back: only async-signal-safe calls.
    private static func resetFromHandler() {
        let s = state
        withUnsafeBytes(of: &s.pointee.reset) { buffer in
            _ = write(s.pointee.fd, buffer.baseAddress, s.pointee.resetCount)
        }
        if s.pointee.haveModes {
            _ = tcsetattr(s.pointee.fd, TCSADRAIN, &s.pointee.modes)
        }
    }

    /// Replaces the SIGWINCH handler with one that calls the previous one (if it is a plain
    /// handler: not the default, not ignore) and then wakes the loop. Like ncurses, without
    /// `SA_RESTART`.
    private static func installResizeWake() {
        guard previousResize == nil else { return }
        var old = sigaction()
        guard sigaction(SIGWINCH, nil, &old) == 0 else { return }
        let raw = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
        let plain = old.sa_flags & Int32(SA_SIGINFO) == 0 && raw != 0 && raw != 1   // not SIG_DFL, SIG_IGN
        state.pointee.resizePrevious = plain ? old.__sigaction_handler.sa_handler : nil
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signo in
            let s = SignalRestore.state
            s.pointee.resizePrevious?(signo)
            WakePipe.wake(s.pointee.wakeFD)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        if sigaction(SIGWINCH, &action, nil) == 0 { previousResize = old }
    }

    /// Puts back the handlers that were there before ``install(for:wakeFD:)``.
    static func uninstall() {
        for (sig, handler) in previous { signal(sig, handler ?? SIG_DFL) }
        previous = [:]
        if var old = previousResize {
            _ = sigaction(SIGWINCH, &old, nil)
            previousResize = nil
        }
        state.pointee.wakeFD = -1
        active = nil
    }

    /// True once after the process was resumed (SIGCONT).
    static func takeResumed() -> Bool {
        guard state.pointee.resumed != 0 else { return false }
        state.pointee.resumed = 0
        return true
    }
}
