import Foundation

/// A small, fast pull parser over UTF-8 JSON bytes.
///
/// Foundation's JSONDecoder takes over a second for a library of 100,000 photos on Linux; this
/// reads the same file in a fraction of that by walking the bytes once and building only the
/// values the caller asks for. Errors carry the line and column.
/// Sendable: it only reads the bytes, which the caller keeps alive for the whole read.
// @unchecked: it reads a raw buffer (a C pointer) owned by its caller, who keeps it alive.
struct JSONScanner: @unchecked Sendable {
    struct SyntaxError: Error, CustomStringConvertible {
        var message: String
        var line: Int
        var column: Int
        var description: String { "\(message) at line \(line), column \(column)" }
    }

    private let bytes: UnsafeRawBufferPointer
    /// Where the next token is read; callers may jump it to an element they know starts there.
    var offset = 0
    /// How many objects and arrays the next token is inside.
    private var depth = 0

    /// The deepest nesting read: a library file is a few levels deep, and a value nested
    /// deeper (a damaged or hostile file) would overflow the stack of the recursive readers.
    static let maxDepth = 128

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var count: Int { bytes.count }

    /// The same bytes, read from `offset`.
    func at(_ offset: Int) -> JSONScanner { JSONScanner(bytes, offset: offset) }

    // MARK: - Arrays element by element

    /// Consumes `[`; false when the array is empty (its `]` consumed too).
    mutating func beginArray() throws -> Bool {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { offset += 1; return false }
        return true
    }

    /// After an element: consumes `,` (false: more follow) or `]` (true: the array ended),
    /// and the whitespace after a comma.
    mutating func endOfElement() throws -> Bool {
        skipWhitespace()
        switch next() {
        case UInt8(ascii: ","): skipWhitespace(); return false
        case UInt8(ascii: "]"): return true
        default: throw error("expected , or ] in an array")
        }
    }

    /// The offset of the first `marker` at or after `start` that follows a raw newline byte.
    /// Inside JSON strings a newline is always escaped, so such a match is between tokens.
    func firstLineStarting(with marker: StaticString, from start: Int) -> Int? {
        let length = marker.utf8CodeUnitCount
        var i = max(start, 1)
        while i + length <= bytes.count {
            guard let found = memchr(bytes.baseAddress! + i, 0x0A, bytes.count - i) else { return nil }
            let newline = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            i = newline + 1
            if i + length <= bytes.count, memcmp(bytes.baseAddress! + i, marker.utf8Start, length) == 0 { return i }
        }
        return nil
    }

    /// The offset of the last `marker` that follows a raw newline byte, or nil.
    func lastLineStarting(with marker: StaticString) -> Int? {
        let length = marker.utf8CodeUnitCount
        var newline = bytes.count - length
        while newline > 0 {
            newline -= 1
            if bytes[newline] == 0x0A, memcmp(bytes.baseAddress! + newline + 1, marker.utf8Start, length) == 0 {
                return newline + 1
            }
        }
        return nil
    }

    // MARK: - Structure

    /// Calls `body` with each key of an object; `body` must consume the key's value.
    mutating func readObject(_ body: (inout JSONScanner, UnsafeRawBufferPointer) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        try enterNesting()
        defer { depth -= 1 }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { offset += 1; return }
        while true {
            try readMember(body)
            guard try endOfMember() else { return }
        }
    }

    /// Reads the rest of an object whose `{` and first members are not in these bytes (the
    /// tail of a file read in parts): from the `,` or `}` after a member's value to the `}`.
    mutating func readRestOfObject(_ body: (inout JSONScanner, UnsafeRawBufferPointer) throws -> Void) throws {
        try enterNesting()
        defer { depth -= 1 }
        while try endOfMember() {
            try readMember(body)
        }
    }

    /// One `"key":value` of an object.
    private mutating func readMember(_ body: (inout JSONScanner, UnsafeRawBufferPointer) throws -> Void) throws {
        skipWhitespace()
        let key = try readRawString()
        try expect(UInt8(ascii: ":"))
        try body(&self, key.raw)
    }

    /// After a member's value: true when a `,` says another member follows, false at the `}`.
    private mutating func endOfMember() throws -> Bool {
        skipWhitespace()
        switch next() {
        case UInt8(ascii: ","): return true
        case UInt8(ascii: "}"): return false
        default: throw error("expected , or } in an object")
        }
    }

    /// Calls `body` for each element of an array; `body` must consume the element.
    mutating func readArray(_ body: (inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        try enterNesting()
        defer { depth -= 1 }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { offset += 1; return }
        while true {
            try body(&self)
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw error("expected , or ] in an array")
            }
        }
    }

    /// Skips one value of any kind (for keys this version does not know).
    mutating func skipValue() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try readObject { scanner, _ in try scanner.skipValue() }
        case UInt8(ascii: "["): try readArray { try $0.skipValue() }
        case UInt8(ascii: "\""): _ = try readRawString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): _ = try readNull()
        default: _ = try readDouble()
        }
    }

    /// Checks that nothing but whitespace follows.
    mutating func expectEnd() throws {
        skipWhitespace()
        if offset < bytes.count { throw error("unexpected data after the end") }
    }

    // MARK: - Values

    mutating func readString() throws -> String {
        let (raw, escaped) = try readRawString()
        return escaped ? try unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// A string, or nil for `null`.
    mutating func readOptionalString() throws -> String? {
        try readNull() ? nil : readString()
    }

    /// A string, or nil for `null`, shared through `strings` with the equal texts read before it.
    mutating func readOptionalString(sharing strings: StringInterner) throws -> String? {
        if try readNull() { return nil }
        let (raw, escaped) = try readRawString()
        return escaped ? try unescape(raw) : strings.string(raw)
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        if matches("true") { offset += 4; return true }
        if matches("false") { offset += 5; return false }
        throw error("expected true or false")
    }

    /// True (and consumed) when the next value is `null`.
    mutating func readNull() throws -> Bool {
        skipWhitespace()
        if matches("null") { offset += 4; return true }
        return false
    }

    mutating func readInt() throws -> Int {
        let value = try readDouble()
        guard value == value.rounded(), abs(value) < 9e15 else { throw error("expected a whole number") }
        return Int(value)
    }

    mutating func readDouble() throws -> Double {
        skipWhitespace()
        let start = offset
        // Fast path: plain integers, the common case.
        var negative = false
        if peek() == UInt8(ascii: "-") { negative = true; offset += 1 }
        var integer: Int64 = 0
        var digits = 0
        while offset < bytes.count, bytes[offset] >= 48, bytes[offset] <= 57, digits < 18 {
            integer = integer * 10 + Int64(bytes[offset] - 48)
            offset += 1
            digits += 1
        }
        guard digits > 0 else { throw error("expected a number") }
        let following = peek()
        if following != UInt8(ascii: ".") && following != UInt8(ascii: "e") && following != UInt8(ascii: "E")
            && !(following.map { $0 >= 48 && $0 <= 57 } ?? false) {
            return Double(negative ? -integer : integer)
        }
        // General case: let strtod handle fractions and exponents.
        offset = start
        while offset < bytes.count, Self.isNumberByte(bytes[offset]) { offset += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text) else { offset = start; throw error("bad number \(text)") }
        return value
    }

    // MARK: - Internals

    private static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// Counts one more level of nesting, refusing more than `maxDepth`.
    private mutating func enterNesting() throws {
        guard depth < Self.maxDepth else {
            offset -= 1
            throw error("values nested more than \(Self.maxDepth) deep")
        }
        depth += 1
    }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func next() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard next() == byte else {
            offset = max(0, offset - 1)
            throw error("expected \(Character(Unicode.Scalar(byte)))")
        }
    }

    private func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return memcmp(bytes.baseAddress! + offset, word.utf8Start, count) == 0
    }

    /// The bytes between the quotes of the next string, and whether they contain escapes.
    private mutating func readRawString() throws -> (raw: UnsafeRawBufferPointer, escaped: Bool) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        offset += 1
        let start = offset
        var escaped = false
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                defer { offset += 1 }
                return (UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), escaped)
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                offset += 2
                continue
            }
            if b < 0x20 { throw error("control character in a string") }
            offset += 1
        }
        throw error("unterminated string")
    }

    private func unescape(_ raw: UnsafeRawBufferPointer) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count else { throw error("bad \\u escape") }
            var value: UInt32 = 0
            for k in at..<at + 4 {
                let c = raw[k]
                let digit: UInt8
                switch c {
                case 48...57: digit = c - 48
                case 65...70: digit = c - 55
                case 97...102: digit = c - 87
                default: throw error("bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while i < raw.count {
            let b = raw[i]
            guard b == UInt8(ascii: "\\"), i + 1 < raw.count else { out.append(b); i += 1; continue }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"),
                   raw[i + 1] == UInt8(ascii: "u") {
                    let low = try hex4(i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let decoded = Unicode.Scalar(scalar) ?? PathBytes.scalar(forLoneSurrogate: scalar) ?? "\u{FFFD}"
                out.append(contentsOf: String(decoded).utf8)
            default:
                throw error("bad escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func error(_ message: String) -> SyntaxError {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return SyntaxError(message: message, line: line, column: column)
    }
}

extension UnsafeRawBufferPointer {
    /// Byte-for-byte equality with an ASCII literal (JSON object keys).
    func equals(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && (count == 0 || memcmp(baseAddress!, literal.utf8Start, count) == 0)
    }
}
