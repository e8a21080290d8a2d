import Foundation
import Library

/// Path arguments with the exact bytes the shell passed.
///
/// `CommandLine.arguments` (and so ArgumentParser) turns bytes that are not UTF-8 into
/// U+FFFD, which names another file. A parsed argument holding U+FFFD is matched back to the
/// raw `argv` entry it came from, and that entry's bytes are kept (see `PathBytes`).
enum ExactArgument {
    /// `parsed` as the exact bytes it was given as on the command line.
    static func path(_ parsed: String) -> String {
        guard parsed.unicodeScalars.contains("\u{FFFD}") else { return parsed }
        for index in 0..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            if String(cString: raw) == parsed { return PathBytes.string(cString: raw) }
        }
        return parsed
    }
}
