import CNcurses
import Glibc

/// The keys of the terminal `Terminal` set up: waits for them in `poll(2)` with the loop's wake
/// pipe and the signal pipe, reads them from ncurses in batches, hands bytes back to be read
/// first (``pushBack(_:)``: keys typed while the start-up questions were out), and takes the
/// terminal's answers out of them (late start-up answers, `LateReplyFilter`; the cell-size
/// answers asked after a resize, returned as ``Batch/sizeReplies``). Uses ncurses' global screen:
/// one thread only.
final class TerminalInput {
    /// The keys of one ``readKeys(timeoutMs:)``.
    struct Batch {
        var keys: [Key]
        /// The answers to `CSI 16 t` / `CSI 14 t` found among them (only when asked to look).
        var sizeReplies: [TerminalReplies]
    }

    /// The file descriptor ``waitForInput(orWake:timeoutMs:)`` polls; -1 when input is /dev/null
    /// (headless), which is always "readable" and never has a key.
    private let inputFD: Int32
    /// Woken by the SIGWINCH and SIGCONT handlers (the real terminal only).
    let signalWake: WakePipe?
    /// Whether to look for the cell-size answers among the keys (pixel images only).
    private let scrapesSizeReplies: Bool
    /// Keeps answers that came after the start-up wait out of the keys.
    private var lateReplies = LateReplyFilter()
    /// Turns mouse reports into `Key.mouse`, when mouse reporting is on (nil: off).
    private var mouse: MouseReader?
    /// The last ``readKeys(timeoutMs:)`` stopped at its limit with keys maybe left in ncurses, or
    /// keys were pushed back: nothing on the descriptor tells of those.
    private var mayHaveQueuedKeys = false

    /// At most this many keys per ``readKeys(timeoutMs:)``, so a flood of input still draws.
    static let keysPerBatch = 4096
    /// At most this many keys are pushed back (ncurses' queue is `MAXCOLUMNS + 2` = 137 long).
    static let pushBackLimit = 128

    init(inputFD: Int32, signalWake: WakePipe?, scrapesSizeReplies: Bool, readsMouse: Bool = false) {
        self.inputFD = inputFD
        self.signalWake = signalWake
        self.scrapesSizeReplies = scrapesSizeReplies
        mouse = readsMouse ? MouseReader() : nil
    }

    /// See `Terminal.waitForInput(orWake:timeoutMs:)`.
    func waitForInput(orWake wake: WakePipe?, timeoutMs: Int32) -> Terminal.Wakeup {
        if mayHaveQueuedKeys { return .input }
        var fds = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalWake?.readFD ?? -1, events: Int16(POLLIN), revents: 0)]
        let timeout = (wake?.readFD ?? -1) < 0 && (timeoutMs < 0 || timeoutMs > 50) ? 50 : timeoutMs
        let count = poll(&fds, nfds_t(fds.count), timeout)
        if count < 0 { return errno == EINTR ? .signal : .timeout }
        if count == 0 { return .timeout }
        var result: Terminal.Wakeup = []
        let closed = Int16(POLLHUP | POLLERR | POLLNVAL)
        if fds[0].revents & Int16(POLLIN) != 0 { result.insert(.input) }
        if fds[0].revents & closed != 0 { result.insert(.hangup) }
        if fds[1].revents != 0 { result.insert(.wake) }
        if fds[2].revents != 0 {
            signalWake?.drain()
            result.insert(.signal)
        }
        return result
    }

    /// See `Terminal.readKeys(timeoutMs:)`.
    func readKeys(timeoutMs: Int32) -> Batch {
        let window = photory_stdscr()
        var keys: [Key] = []
        mayHaveQueuedKeys = false
        if SignalRestore.takeResumed() { keys.append(.resize) }
        wtimeout(window, keys.isEmpty ? timeoutMs : 0)
        var value: wint_t = 0
        var status = wget_wch(window, &value)
        if status == ERR {
            if SignalRestore.takeResumed() { keys.append(.resize) }
            return Batch(keys: keys, sizeReplies: [])
        }
        wtimeout(window, 0)
        var count = 0
        while status != ERR {
            if let key = Key.decode(value: UInt32(value), isKeyCode: status == KEY_CODE_YES),
               !(key == .resize && keys.contains(.resize)) {
                keys.append(key)
            }
            count += 1
            if count == Self.keysPerBatch {
                mayHaveQueuedKeys = true   // the rest comes with the next batch
                break
            }
            status = wget_wch(window, &value)
        }
        keys = mouse?.take(keys, now: TerminalQuery.now()) ?? keys
        let replies = scrapesSizeReplies ? Self.sizeReplies(in: keys) : []
        return Batch(keys: lateReplies.filter(keys), sizeReplies: replies)
    }

    /// Whether a key can be read now (never for a headless terminal reading /dev/null).
    func isInputWaiting() -> Bool {
        guard inputFD >= 0 else { return false }
        if mayHaveQueuedKeys { return true }
        var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Hands `bytes` (raw input, as read from the terminal) back to ncurses, to be read as keys
    /// before anything still unread, in order: `ungetch` pushes to the front, so they go in reverse.
    /// ncurses never decodes pushed-back bytes as a key's escape sequence (`ESC O A` would come out
    /// as Esc, `O`, `A`), so a sequence terminfo knows goes back as its key code (`KEY_UP`).
    func pushBack(_ bytes: [UInt8]) {
        var codes: [Int32] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, let (code, length) = Self.knownKey(startingWith: bytes[index...]) {
                codes.append(code)
                index += length
            } else {
                codes.append(Int32(bytes[index]))
                index += 1
            }
        }
        // ncurses' push-back queue holds 137 keys, and once full it never reads as empty again (the
        // same keys come round for ever): past that, the rest of a paste is dropped.
        for code in codes.prefix(Self.pushBackLimit).reversed() { _ = ungetch(code) }
        // Nothing on the descriptor tells `waitForInput` about them: say so, or they wait for the next key.
        if !codes.isEmpty { mayHaveQueuedKeys = true }
    }

    /// The key code of the sequence at the start of `bytes` that ncurses knows as a key, taken as
    /// ncurses reads keys: the first one complete (`key_defined` also answers for a key with more after it).
    private static func knownKey(startingWith bytes: ArraySlice<UInt8>) -> (code: Int32, length: Int)? {
        guard bytes.count >= 2 else { return nil }
        for length in 2...min(bytes.count, 16) {
            let code = String(decoding: bytes.prefix(length), as: UTF8.self).withCString { key_defined($0) }
            if code > 0 { return (code, length) }
        }
        return nil
    }

    /// The answers to `CSI 16 t` and `CSI 14 t` asked after a resize (`ESC [ 6 ; height ; width t`,
    /// `ESC [ 4 ; height ; width t`) among `keys`, in order; the sequences themselves are dropped
    /// with the other unknown ones.
    static func sizeReplies(in keys: [Key]) -> [TerminalReplies] {
        guard keys.count >= 7 else { return [] }
        var replies: [TerminalReplies] = []
        for start in keys.indices where keys[start] == .escape && start + 1 < keys.count && keys[start + 1] == .char("[") {
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
            for key in keys[(start + 2)...].prefix(20) {
                guard case let .char(character) = key, let ascii = character.asciiValue else { break }
                bytes.append(ascii)
                if ascii == UInt8(ascii: "t") { break }
            }
            var parser = TerminalReplyParser()
            _ = parser.feed(bytes)
            replies.append(parser.replies)
        }
        return replies
    }
}
