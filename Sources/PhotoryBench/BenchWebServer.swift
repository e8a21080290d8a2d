import Foundation

/// A small HTTP/1.1 server in this process for the `web` figures: serves files held in memory
/// on 127.0.0.1 (a port the system picks), connections kept alive, one thread each. Nothing
/// else: no other address, no other method than GET, 404 for anything it does not hold.
final class BenchWebServer: Sendable {
    let port: Int
    private let files: [String: [UInt8]]
    private let listener: Int32

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Serves `files` (path → body); starts listening at once.
    init(files: [String: [UInt8]]) throws(Failure) {
        self.files = files
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on 127.0.0.1: \(reason)")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "bench-web-accept"
        thread.start()
    }

    /// Stops accepting connections (those open end when their clients close them).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            var one: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(connection) }
            thread.name = "bench-web-connection"
            thread.start()
        }
    }

    /// Answers requests on one connection until the client closes it.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            guard let headerEnd = pending.firstRange(of: end) else {
                let got = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard got > 0, pending.count < 65536 else { return }
                pending += buffer[0..<got]
                continue
            }
            let head = String(decoding: pending[..<headerEnd.lowerBound], as: UTF8.self)
            pending.removeSubrange(..<headerEnd.upperBound)
            let words = head.split(separator: "\r\n").first?.split(separator: " ") ?? []
            let path = words.count >= 2 ? String(words[1]) : ""
            let body = words.first == "GET" ? files[path] : nil
            let status = body == nil ? "404 Not Found" : "200 OK"
            let content = body ?? Array("not found".utf8)
            let header = "HTTP/1.1 \(status)\r\nContent-Length: \(content.count)\r\nContent-Type: "
                + (path.hasSuffix(".json") ? "application/json" : "image/jpeg") + "\r\n\r\n"
            guard send(Array(header.utf8), on: connection), send(content, on: connection) else { return }
        }
    }

    private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
