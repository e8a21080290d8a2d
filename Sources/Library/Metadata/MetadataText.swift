import Foundation

/// Turns raw metadata bytes from an untrusted file into strings: decoded (UTF-8, else
/// Latin-1), trimmed, and `nil` when nothing visible is left. They are not display-safe:
/// whatever shows them strips controls and escape sequences.
enum MetadataText {
    /// Bytes as UTF-8 when they are valid UTF-8, else as Latin-1 (every byte is a code point).
    static func decodeUTF8OrLatin1(_ bytes: UnsafeRawBufferPointer) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return latin1(bytes)
    }

    /// Bytes as UTF-8, invalid sequences replaced by U+FFFD.
    static func decodeUTF8Lossy(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Bytes as ISO 8859-1.
    static func latin1(_ bytes: UnsafeRawBufferPointer) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }

    /// Decodes (UTF-8, else Latin-1) and cleans.
    static func cleaned(_ bytes: UnsafeRawBufferPointer) -> String? {
        clean(decodeUTF8OrLatin1(bytes))
    }

    /// `raw` trimmed of whitespace and NULs at both ends, or `nil` when nothing would show
    /// (only whitespace, controls and escape sequences). The text is otherwise kept as the
    /// file has it — the library and `--json` hold the true string — and is made safe where it
    /// is shown (`strippingControlCharacters`).
    static func clean(_ raw: String) -> String? {
        let trimmed = raw.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        guard !trimmed.strippingControlCharacters.allSatisfy(\.isWhitespace) else { return nil }
        return trimmed
    }
}
