import Glibc

/// Asks the terminal the start-up questions (`TerminalReplyParser.startupQueries`) and waits a
/// short while for the answers, reading the input descriptor directly, before ncurses reads
/// anything. Keys typed meanwhile are handed back in order, for ncurses to read as keys.
public enum TerminalQuery {
    /// How long to wait for the last answer (DA1, which every terminal gives) before giving up:
    /// enough for a terminal across ssh, short enough not to be noticed when nothing answers.
    public static let timeoutMs = 500

    /// Sends `queries` to `outputFD` and reads `inputFD` until DA1 comes or `timeoutMs` passes.
    /// The input must already be unbuffered (cbreak, no echo), or nothing arrives before Enter.
    public static func ask(inputFD: Int32, outputFD: Int32, queries: [UInt8] = TerminalReplyParser.startupQueries,
                           timeoutMs: Int = timeoutMs) -> (replies: TerminalReplies, typed: [UInt8]) {
        guard writeAll(queries, to: outputFD) else { return (TerminalReplies(), []) }
        var parser = TerminalReplyParser()
        var typed: [UInt8] = []
        let deadline = now() + Double(timeoutMs) / 1000
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !parser.isComplete {
            let left = Int32(((deadline - now()) * 1000).rounded(.up))
            guard left > 0 else { break }
            var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else { break }
            let count = read(inputFD, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            typed += parser.feed(buffer[0..<count])
        }
        typed += parser.finish()
        return (parser.replies, typed)
    }

    /// A monotonic clock in seconds (the run loop's clock too).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Writes every byte (retrying short writes); false when the descriptor refuses.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
