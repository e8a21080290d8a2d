import Foundation
import Library

/// Path arguments with the exact bytes the shell passed.
///
/// `CommandLine.arguments` (and so ArgumentParser) turns bytes that are not UTF-8 into
/// U+FFFD, which names another file. Parsed arguments are matched back, in order, to the raw
/// `argv` entries they came from, and those entries' bytes are kept (see `PathBytes`). In
/// order, because two names can read the same once decoded (`f\xFCr.jpg` and `f\xF6r.jpg`
/// are both `f�r.jpg`): `import *.jpg` in a Latin-1 folder passes such pairs.
enum ExactArgument {
    /// `parsed` as the exact bytes it was given as on the command line.
    static func path(_ parsed: String) -> String {
        paths([parsed])[0]
    }

    /// Each of `parsed` (values in command-line order) as the exact bytes it was given as:
    /// each value is taken from the first raw argument after the previous value's that
    /// decodes to it. `raw` is `argv` after the program name.
    static func paths(_ parsed: [String], raw: [UnsafePointer<CChar>] = arguments) -> [String] {
        var next = 0
        return parsed.map { value in
            guard let found = raw[next...].firstIndex(where: { String(cString: $0).utf8.elementsEqual(value.utf8) })
            else { return value }
            next = found + 1
            return value.unicodeScalars.contains("\u{FFFD}") ? PathBytes.string(cString: raw[found]) : value
        }
    }

    /// `argv` after the program name.
    static var arguments: [UnsafePointer<CChar>] {
        (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { UnsafePointer($0) } }
    }
}
