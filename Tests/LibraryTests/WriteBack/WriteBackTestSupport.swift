import Fixtures
import Foundation
@testable import Library

/// An independent metadata reader from Debian (`exiftool`, `exiv2`), run as a process.
struct ExternalTool {
    let path: String

    /// The tool on the usual Debian paths, or nil when it is not installed.
    static func find(_ name: String) -> ExternalTool? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { ExternalTool(path: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static let exiftool = find("exiftool")
    static let exiv2 = find("exiv2")

    /// Standard output of the tool run with `arguments` (standard error dropped).
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// exiftool's value of each tag (`-s3 -n` numbers), keyed by tag name as asked.
    func values(_ tags: [String], in file: String) throws -> [String: String] {
        let output = try run(["-j", "-n", "-G0"] + tags.map { "-" + $0 } + [file])
        guard let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]],
              let first = list.first else { return [:] }
        var values: [String: String] = [:]
        for (key, value) in first where key != "SourceFile" { values[key] = "\(value)" }
        return values
    }
}

/// A JPEG on disk and its bytes, for write-back tests.
struct PhotoOnDisk {
    let folder = TemporaryFolder("photory-writeback")
    let path: String

    init(_ data: Data, name: String = "photo.jpg") {
        path = folder.write(data, to: name)
    }

    var bytes: [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }
}

/// The bytes from the first SOS marker on (the picture).
func imageData(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.withUnsafeBytes { raw in
        guard let layout = try? JPEGLayout(raw) else { return bytes[...] }
        return bytes[layout.scanStart...]
    }
}

/// Every segment before SOS except the first EXIF APP1, as (marker, payload) pairs.
func otherSegments(_ bytes: [UInt8]) -> [[UInt8]] {
    var segments: [[UInt8]] = []
    var pos = 2
    var sawEXIF = false
    while pos + 4 <= bytes.count, bytes[pos] == 0xFF, bytes[pos + 1] != 0xDA {
        let end = pos + 2 + (Int(bytes[pos + 2]) << 8 | Int(bytes[pos + 3]))
        let segment = Array(bytes[pos..<min(end, bytes.count)])
        if !sawEXIF, segment[1] == 0xE1, segment.dropFirst(4).starts(with: EXIFReader.signature) {
            sawEXIF = true
        } else {
            segments.append(segment)
        }
        pos = end
    }
    return segments
}
