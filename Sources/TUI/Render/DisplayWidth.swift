import Library
/// Terminal display width of text, computed from our own tables so that the result does not
/// depend on the process locale (glibc `wcwidth` returns -1 for everything non-ASCII in the
/// "C" locale, which is what tests run under).
///
/// Rules, per extended grapheme cluster:
/// - control characters (C0, DEL, C1) and bidi controls are never displayed: width 0, and
///   ``DisplayWidth/sanitized(_:)`` removes them;
/// - combining marks (Mn, Me), other format characters (Cf), Hangul medial/final jamo and
///   variation selectors are 0 columns;
/// - East Asian Wide / Fullwidth characters and emoji with default emoji presentation are
///   2 columns;
/// - everything else is 1 column.
///
/// A cluster is as wide as its first scalar. This deliberately matches how ncurses and
/// wcwidth-based terminals (xterm, tmux) place text, so a text-presentation symbol followed by
/// VS16 (U+2764 U+FE0F "❤️") counts as 1 column, as ncurses will place it.
public enum DisplayWidth {
    /// Columns one scalar occupies when displayed on its own: 0, 1 or 2.
    /// Control characters return 0 (they are stripped before display).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }   // ASCII fast path
        if v < 0xA0 { return 0 }                    // DEL and C1 controls
        if v < 0x300 { return 1 }                    // Latin-1 up to the combining marks
        if (0x2500...0x259F).contains(v) { return 1 } // box drawing and blocks: every character-art cell
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// Columns one grapheme cluster occupies (the width of its first displayable scalar);
    /// 0 for clusters made only of controls or zero-width scalars.
    public static func of(_ character: Character) -> Int {
        for scalar in character.unicodeScalars where !isStripped(scalar) {
            return of(scalar)
        }
        return 0
    }

    /// True for scalars that must never reach the terminal (the Library's one definition:
    /// controls, DEL, C1 and bidi controls).
    public static func isStripped(_ scalar: Unicode.Scalar) -> Bool { scalar.isUnsafeForTerminal }

    /// `text` without the scalars ``isStripped(_:)`` rejects, and with each byte of a file
    /// name that is not UTF-8 shown as U+FFFD (see `PathBytes`).
    public static func sanitized(_ text: String) -> String { PathBytes.display(text).strippingControlCharacters }

    // MARK: - Tables

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true   // Hangul jungseong / jongseong
        case 0x200B: return true                              // zero width space
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // variation selectors
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return v != 0xAD
        default: return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        if v < wideRanges[0].0 { return false }
        var lo = 0
        var hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let (first, last) = wideRanges[mid]
            if v < first { hi = mid - 1 } else if v > last { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) code points plus emoji with default emoji
    /// presentation (Unicode 14, merged with glibc 2.36's C.UTF-8 double-width set), then whole
    /// planes 2 and 3 and the Symbols and Pictographs Extended-A block so newer ideographs and
    /// emoji are 2 columns too. Sorted, non-overlapping, inclusive.
    static let wideRanges: [(UInt32, UInt32)] = [
    (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
    (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
    (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
    (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
    (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x2FFB), (0x3000, 0x303E),
    (0x3041, 0x3096), (0x3099, 0x30FF), (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x31E3),
    (0x31F0, 0x321E), (0x3220, 0xA48C), (0xA490, 0xA4C6), (0xA960, 0xA97C), (0xAC00, 0xD7A3),
    (0xF900, 0xFA6D), (0xFA70, 0xFAD9), (0xFE10, 0xFE19), (0xFE30, 0xFE52), (0xFE54, 0xFE66),
    (0xFE68, 0xFE6B), (0xFF01, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1),
    (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08), (0x1AFF0, 0x1AFF3),
    (0x1AFF5, 0x1AFFB), (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122), (0x1B150, 0x1B152),
    (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF),
    (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F200, 0x1F202), (0x1F210, 0x1F23B),
    (0x1F240, 0x1F248), (0x1F250, 0x1F251), (0x1F260, 0x1F265), (0x1F300, 0x1F320),
    (0x1F32D, 0x1F335), (0x1F337, 0x1F37C), (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA),
    (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4), (0x1F3F8, 0x1F43E),
    (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E),
    (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4),
    (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2),
    (0x1F6D5, 0x1F6D7), (0x1F6DD, 0x1F6DF), (0x1F6EB, 0x1F6EC), (0x1F6F4, 0x1F6FC),
    (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
    (0x1F947, 0x1F9FF), (0x1FA70, 0x1FAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ]
}

extension String {
    /// Columns this text occupies on a terminal once sanitized (controls and whole escape
    /// sequences take none). See ``DisplayWidth``.
    public var displayWidth: Int {
        let shown = unicodeScalars.contains(where: DisplayWidth.isStripped) ? DisplayWidth.sanitized(self) : self
        var width = 0
        for character in shown { width += DisplayWidth.of(character) }
        return width
    }
}

extension Character {
    /// Columns this grapheme cluster occupies on a terminal (0, 1 or 2).
    public var displayWidth: Int { DisplayWidth.of(self) }
}
