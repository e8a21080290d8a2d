import Foundation
#if canImport(FoundationNetworking)
// `hitsObject` reads the server's counters with `Data(contentsOf:)` of an http URL, which needs
// FoundationNetworking on Linux (photory's own client is libcurl; this is the tests' only use).
import FoundationNetworking
#endif

/// `Tests/WebServer/photo_server.py` serving `root` on 127.0.0.1 (a port the system picks),
/// stopped when the value goes away. Nothing ever leaves 127.0.0.0/8.
public final class LocalWebServer: @unchecked Sendable {
    public let root: TemporaryFolder
    public let port: Int
    private let process: Process
    /// The server's stdin: it exits when this closes, also when the test process dies.
    private let lifeline = Pipe()

    /// Whether `python3` can run the server here.
    public static let available: Bool = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    static let script: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }   // Tests/Fixtures/this file → Tests
        return url.appendingPathComponent("WebServer/photo_server.py").path
    }()

    public init() throws {
        root = TemporaryFolder("photory-web")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script, root.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerError(reason: "the test server did not start")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the server may have inherited a signal mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public struct ServerError: Error { public var reason: String }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Writes `data` under the served root.
    @discardableResult
    public func serve(_ data: Data, at relative: String) -> URL {
        root.write(data, to: relative)
        return url("/files/" + relative)
    }

    /// Requests per path so far, and the User-Agents seen.
    public func hits() throws -> (hits: [String: Int], agents: [String]) {
        let object = try hitsObject()
        return (object["hits"] as? [String: Int] ?? [:], object["agents"] as? [String] ?? [])
    }

    /// The `Accept-Encoding` headers seen ("" for a request without one).
    public func acceptEncodings() throws -> [String] {
        try hitsObject()["encodings"] as? [String] ?? []
    }

    /// The paths requested with an `Authorization` header (issue 24).
    public func authorized() throws -> [String] {
        try hitsObject()["authorized"] as? [String] ?? []
    }

    /// The connections clients made (those that asked for more than `/hits`).
    public func connections() throws -> Int {
        try hitsObject()["connections"] as? Int ?? 0
    }

    private func hitsObject() throws -> [String: Any] {
        let data = try Data(contentsOf: url("/hits"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
