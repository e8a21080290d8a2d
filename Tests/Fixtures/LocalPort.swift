import Foundation

/// Ports on 127.0.0.1 for the tests' own servers and for addresses where nothing listens.
public enum LocalPort {
    /// Binds the socket `fd` to a port the kernel picks on 127.0.0.1 and returns that port.
    public static func bind(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A port nothing listens on now: bound, then closed.
    public static func free() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return bind(fd)
    }
}
