/// Turns raw metadata bytes from an untrusted file into display-safe strings.
///
/// Every string the metadata reader returns goes through `clean`: line breaks and tabs become
/// one space, other control characters are dropped, whitespace and NULs are trimmed at both
/// ends, and an empty result is `nil`.
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

    /// Display-safe form of `raw`, or `nil` when nothing but whitespace/controls remains.
    static func clean(_ raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        var changed = false
        for s in raw.unicodeScalars {
            switch s.value {
            case 0x09, 0x0A, 0x0D:
                pendingSpace = true
                changed = true
                continue
            default:
                break
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            if s.isUnsafeForTerminal {
                changed = true
                continue
            }
            scalars.append(s)
        }
        // Trim whitespace at both ends (NULs are already gone as controls).
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        if start == end { return nil }
        if !changed, start == scalars.startIndex, end == scalars.endIndex { return raw }
        return String(scalars[start..<end])
    }
}
