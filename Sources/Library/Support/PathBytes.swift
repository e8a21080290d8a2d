import Foundation

/// File paths are bytes on Linux; photory keeps them in `String`s without losing any.
///
/// A path's bytes are read as UTF-8. Each byte that is not part of valid UTF-8 (a Latin-1
/// `é` is the lone byte 0xE9) becomes the private-use scalar U+10FF00 + byte; so do the bytes
/// of a name that really contains a scalar of U+10FF80…U+10FFFF, which keeps the mapping
/// reversible for every byte string. Such a `String` must not be handed to a system call as
/// it is (Swift would pass its UTF-8, not the bytes): `withCString` gives the exact bytes,
/// `display` shows each undecodable byte as U+FFFD, and the library JSON writes them as
/// Python-style surrogate escapes (`\udce9`) plus a base64 `pathBytes` field.
public enum PathBytes {
    /// The first scalar that stands for a raw byte (U+10FF80 stands for byte 0x80).
    static let escapeBase: UInt32 = 0x10FF00

    /// The path for these exact bytes (no NUL inside).
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        if let plain = String(validating: array, as: UTF8.self), !plain.unicodeScalars.contains(where: isEscape) {
            return plain
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = decode(array, at: i), !isEscape(scalar) {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(array[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The path given as a NUL-terminated C string (readdir's `d_name`, `argv`).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        string(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    /// The exact bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the exact bytes of `path` as a C string, for a system call.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        var raw = bytes(path).map { CChar(bitPattern: $0) }
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// True when `path` holds bytes that are not valid UTF-8 (so it needs `withCString`).
    public static func hasRawBytes(_ path: String) -> Bool {
        // Every raw-byte scalar starts with 0xF4 in UTF-8: a cheap test first.
        path.utf8.contains(0xF4) && path.unicodeScalars.contains(where: isEscape)
    }

    /// `path` for people: each byte that is not UTF-8 shows as U+FFFD.
    public static func display(_ path: String) -> String {
        guard hasRawBytes(path) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }

    /// True when `scalar` stands for a raw byte.
    public static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF
    }

    /// The scalar a raw byte 0x80…0xFF stands for.
    static func escape(byte: UInt8) -> Unicode.Scalar { Unicode.Scalar(escapeBase + UInt32(byte))! }

    /// The scalar encoded by the valid UTF-8 sequence at `i`, and its length.
    private static func decode(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard i + length <= bytes.count,
              let text = String(validating: bytes[i..<(i + length)], as: UTF8.self),
              text.unicodeScalars.count == 1
        else { return nil }
        return (text.unicodeScalars.first!, length)
    }

    // MARK: - JSON

    /// JSON text with each raw-byte scalar written as a Python-style surrogate escape
    /// (byte 0xE9 → `\udce9`), so `json.load` gives the str that Python's surrogateescape
    /// file-system encoding turns back into the exact bytes. Raw-byte scalars only occur
    /// inside JSON strings, so replacing their UTF-8 form is safe anywhere in the text.
    public static func surrogateEscaped(json: [UInt8]) -> [UInt8] {
        guard json.contains(0xF4) else { return json }
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 16)
        let hex = Array("0123456789abcdef".utf8)
        var i = 0
        while i < json.count {
            // U+10FF80…U+10FFFF is F4 8F BE/BF 80…BF in UTF-8.
            if json[i] == 0xF4, i + 3 < json.count, json[i + 1] == 0x8F, json[i + 2] & 0xFE == 0xBE {
                let byte = UInt8((json[i + 2] & 0x01) << 6 | (json[i + 3] & 0x3F)) | 0x80
                out.append(contentsOf: "\\udc".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
                i += 4
            } else {
                out.append(json[i])
                i += 1
            }
        }
        return out
    }

    /// The scalar a JSON `\u` escape of a lone low surrogate stands for: U+DC80…U+DCFF is
    /// Python's surrogateescape for byte 0x80…0xFF; nil for any other value.
    static func scalar(forLoneSurrogate value: UInt32) -> Unicode.Scalar? {
        (0xDC80...0xDCFF).contains(value) ? escape(byte: UInt8(value - 0xDC00)) : nil
    }

    /// The exact bytes in base64 when `path` has bytes that are not UTF-8 (the JSON
    /// `pathBytes` field), else nil.
    public static func base64(_ path: String) -> String? {
        hasRawBytes(path) ? Data(bytes(path)).base64EncodedString() : nil
    }

    /// The path for a `pathBytes` field; nil when it is not base64 or holds a NUL.
    public static func string(base64: String) -> String? {
        guard let data = Data(base64Encoded: base64), !data.isEmpty, !data.contains(0) else { return nil }
        return string(data)
    }

    // MARK: - System calls on exact bytes

    /// The names in folder `path` (without `.` and `..`), each with its exact bytes kept,
    /// or nil with `errno` set when the folder cannot be listed.
    public static func folderEntries(_ path: String) -> [String]? {
        guard let folder = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { string(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `stat(2)` on the exact bytes of `path`.
    public static func stat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { systemStat($0, &info) }
    }

    /// `lstat(2)` on the exact bytes of `path`.
    public static func lstat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { systemLstat($0, &info) }
    }

    /// `open(2)` on the exact bytes of `path`.
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        withCString(path) { systemOpen($0, flags) }
    }

    /// True when something is at `path` (`access(F_OK)` on the exact bytes).
    public static func exists(_ path: String) -> Bool {
        withCString(path) { access($0, F_OK) } == 0
    }

    /// True when `path` is a folder (following links).
    public static func isFolder(_ path: String) -> Bool {
        var info = Glibc.stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

// The system calls under the names `PathBytes` reuses (inside it, `stat` means its own).
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
