import Foundation

/// A config file read as TOML: every `key = value` with the table it is in and its line.
///
/// Reads the subset a settings file uses — comments, `[table]` and `[a.b]` headers, bare and
/// quoted keys, basic and literal strings, integers, floats, booleans and arrays (which may
/// span lines). Anything else is a problem naming its line; the rest of the file is still read.
public struct TOMLDocument: Sendable {
    public struct Entry: Equatable, Sendable {
        /// The dotted table name, "" for the top level.
        public var table: String
        public var key: String
        public var value: TOMLValue
        /// 1-based line number.
        public var line: Int
    }

    public private(set) var entries: [Entry] = []
    /// "line 3: …" for each line that could not be read.
    public private(set) var problems: [String] = []
    /// Every `[table]` header with its line.
    public private(set) var tables: [(name: String, line: Int)] = []

    public init(text: String) {
        var table = ""
        var seen = Set<String>()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var index = 0
        while index < lines.count {
            let number = index + 1
            var line = lines[index]
            index += 1
            var parser = Parser(line)
            parser.skipSpace()
            if parser.atEnd || parser.peek == "#" { continue }
            do {
                if parser.peek == "[" {
                    table = try parser.tableHeader()
                    tables.append((table, number))
                    continue
                }
                let key = try parser.key()
                parser.skipSpace()
                guard parser.take("=") else { throw Problem("expected = after \"\(key)\"") }
                // An array may go on over the next lines: read on until it closes. The brackets
                // are followed line by line, so a list that never closes costs one pass.
                if Parser.opensArray(line), let equals = line.firstIndex(of: "=") {
                    var brackets = BracketBalance()
                    brackets.read(line[line.index(after: equals)...])
                    while !brackets.closed, index < lines.count {
                        brackets.read("\n" + lines[index])
                        line += "\n" + lines[index]
                        index += 1
                    }
                }
                parser = Parser(line)
                _ = try parser.key()
                parser.skipSpace()
                _ = parser.take("=")
                let value = try parser.value()
                try parser.expectLineEnd()
                let full = table.isEmpty ? key : table + "." + key
                guard seen.insert(full).inserted else { throw Problem("\"\(key)\" is set twice") }
                entries.append(Entry(table: table, key: key, value: value, line: number))
            } catch let problem as Problem {
                problems.append("line \(number): \(problem.message)")
            } catch {
                problems.append("line \(number): \(error)")
            }
        }
    }

    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The deepest nesting of lists read: settings need two levels, and a file nested deeper
    /// (damaged or hostile) would overflow the stack of the recursive reader.
    static let maxDepth = 32

    /// Follows the brackets of a value fed piece by piece, outside strings and comments.
    private struct BracketBalance {
        private var depth = 0
        private var quote: Character?
        private var escaped = false
        private var comment = false
        /// The first bracket opened has closed.
        private(set) var closed = false

        mutating func read(_ text: some StringProtocol) {
            for c in text where !closed {
                if comment { if c == "\n" { comment = false }; continue }
                if let q = quote {
                    if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { quote = nil }
                    continue
                }
                switch c {
                case "\"", "'": quote = c
                case "#": comment = true
                case "[": depth += 1
                case "]": depth -= 1; if depth == 0 { closed = true }
                default: break
                }
            }
        }
    }

    /// A cursor over one logical line.
    private struct Parser {
        private let chars: [Character]
        private var position = 0
        /// How many lists the cursor is inside.
        private var depth = 0

        init(_ line: String) { chars = Array(line) }

        var atEnd: Bool { position >= chars.count }
        var peek: Character? { atEnd ? nil : chars[position] }

        mutating func skipSpace(newlines: Bool = false) {
            while let c = peek {
                if c == " " || c == "\t" || c == "\r" || (newlines && c == "\n") {
                    position += 1
                } else if newlines, c == "#" {
                    while let c = peek, c != "\n" { position += 1 }
                } else {
                    break
                }
            }
        }

        mutating func take(_ c: Character) -> Bool {
            guard peek == c else { return false }
            position += 1
            return true
        }

        mutating func expectLineEnd() throws {
            skipSpace()
            guard atEnd || peek == "#" else { throw Problem("unexpected text after the value") }
        }

        mutating func tableHeader() throws -> String {
            _ = take("[")
            guard !take("[") else { throw Problem("arrays of tables ([[…]]) are not used in this file") }
            var parts: [String] = []
            repeat {
                skipSpace()
                parts.append(try key())
                skipSpace()
            } while take(".")
            guard take("]") else { throw Problem("expected ] to end the table name") }
            try expectLineEnd()
            return parts.joined(separator: ".")
        }

        mutating func key() throws -> String {
            if peek == "\"" { return try basicString() }
            if peek == "'" { return try literalString() }
            let start = position
            while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" || c == "-" { position += 1 }
            guard position > start else { throw Problem("expected a name") }
            return String(chars[start..<position])
        }

        mutating func value() throws -> TOMLValue {
            skipSpace()
            switch peek {
            case "\"": return .string(try basicString())
            case "'": return .string(try literalString())
            case "[": return try array()
            case "{": return try inlineTable()   // web headers (issue 24)
            case nil: throw Problem("expected a value")
            default: break
            }
            let start = position
            while let c = peek, !" \t\r\n,]}#".contains(c) { position += 1 }
            let word = String(chars[start..<position])
            if word == "true" { return .bool(true) }
            if word == "false" { return .bool(false) }
            let digits = word.replacingOccurrences(of: "_", with: "")
            if let integer = Int(digits) { return .integer(integer) }
            if let number = Double(digits) { return .float(number) }
            throw Problem("\"\(word)\" is not a value (strings need quotes)")
        }

        mutating func array() throws -> TOMLValue {
            _ = take("[")
            guard depth < TOMLDocument.maxDepth else {
                throw Problem("lists nested more than \(TOMLDocument.maxDepth) deep")
            }
            depth += 1
            defer { depth -= 1 }
            var items: [TOMLValue] = []
            while true {
                skipSpace(newlines: true)
                if take("]") { return .array(items) }
                items.append(try value())
                skipSpace(newlines: true)
                if take(",") { continue }
                guard take("]") else { throw Problem("expected , or ] in the list") }
                return .array(items)
            }
        }

        /// `{ key = value, … }` on one line.
        mutating func inlineTable() throws -> TOMLValue {
            _ = take("{")
            var table: [String: TOMLValue] = [:]
            skipSpace()
            if take("}") { return .table(table) }
            while true {
                skipSpace()
                let name = try key()
                skipSpace()
                guard take("=") else { throw Problem("expected = after \"\(name)\"") }
                guard table[name] == nil else { throw Problem("\"\(name)\" is set twice") }
                table[name] = try value()
                skipSpace()
                if take(",") { continue }
                guard take("}") else { throw Problem("expected , or } in the table") }
                return .table(table)
            }
        }

        mutating func literalString() throws -> String {
            _ = take("'")
            let start = position
            while let c = peek, c != "'", c != "\n" { position += 1 }
            guard take("'") else { throw Problem("a string is not closed") }
            return String(chars[start..<(position - 1)])
        }

        mutating func basicString() throws -> String {
            _ = take("\"")
            var result = ""
            while let c = peek, c != "\n" {
                position += 1
                if c == "\"" { return result }
                guard c == "\\" else {
                    result.append(c)
                    continue
                }
                guard let escaped = peek else { break }
                position += 1
                switch escaped {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "e": result.append("\u{1B}")
                case "u", "U":
                    let length = escaped == "u" ? 4 : 8
                    guard position + length <= chars.count,
                          let code = UInt32(String(chars[position..<(position + length)]), radix: 16),
                          let scalar = Unicode.Scalar(code) else { throw Problem("bad \\\(escaped) escape in a string") }
                    result.unicodeScalars.append(scalar)
                    position += length
                default:
                    throw Problem("unknown escape \\\(escaped) in a string")
                }
            }
            throw Problem("a string is not closed")
        }

        /// Does the value after `=` open an array?
        static func opensArray(_ line: String) -> Bool {
            guard let equals = line.firstIndex(of: "=") else { return false }
            return line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces).hasPrefix("[")
        }
    }
}
