import Glibc

/// Wakes a thread that waits in `poll(2)` (the self-pipe trick): any thread, or a signal
/// handler, writes one byte with ``wake()``; the waiting thread polls ``readFD`` and empties
/// the pipe with ``drain()`` before it looks at what it was woken for.
///
/// Both ends are non-blocking and close-on-exec. A write that fails because the pipe is full
/// loses nothing: a wake-up is already pending. Both ends are closed when the pipe is freed.
public final class WakePipe: Sendable {
    /// The end to poll for `POLLIN`; -1 if the pipe could not be made (no file descriptors
    /// left), in which case the waiter must fall back to waiting with a timeout.
    public let readFD: Int32
    /// The end ``wake()`` writes to.
    let writeFD: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            // (pipe2 is not visible from Swift's Glibc module.)
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            readFD = fds[0]
            writeFD = fds[1]
        } else {
            readFD = -1
            writeFD = -1
        }
    }

    deinit {
        guard readFD >= 0 else { return }
        close(readFD)
        close(writeFD)
    }

    /// Makes the next (or the current) poll of ``readFD`` return. Never blocks.
    public func wake() { Self.wake(writeFD) }

    /// Writes one byte to `fd`, keeping `errno` as it was: async-signal-safe, for handlers.
    static func wake(_ fd: Int32) {
        guard fd >= 0 else { return }
        let saved = errno
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        errno = saved
    }

    /// Reads every pending byte, so the next poll blocks until the next ``wake()``.
    public func drain() {
        guard readFD >= 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            while read(readFD, buffer.baseAddress, buffer.count) > 0 {}
        }
    }
}
