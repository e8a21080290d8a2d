import Glibc

/// The bytes the calling thread has written so far (Linux: `wchar` of `/proc/thread-self/io`,
/// every `write(2)` of this thread). Only the run loop's thread writes to the terminal, so the
/// count before and after drawing a frame is exactly what the frame wrote: ncurses' output and
/// our own colours and images. Nil where the kernel does not say.
enum ThreadWrites {
    static func bytesSoFar() -> Int? {
        let fd = open("/proc/thread-self/io", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst("wchar:".count).drop { $0 == " " })
        }
        return nil
    }
}
