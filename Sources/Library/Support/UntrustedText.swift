import Foundation

extension String {
    /// The string made safe to send to a terminal: whole escape sequences are removed — CSI
    /// (`ESC [` or C1 0x9B … final byte), OSC (`ESC ]` or 0x9D … BEL or ST), DCS, SOS, PM and
    /// APC strings (… ST), and two-byte escapes (`ESC c`) — so nothing of them is left behind;
    /// tabs and line breaks become one space; every other control character (C0, DEL, C1, and
    /// bidi/format controls that reorder or hide text) is removed. An unterminated sequence
    /// swallows the rest of the text. Linear in the length. Text read from files — names,
    /// EXIF strings — must pass through this before it is shown.
    public var strippingControlCharacters: String {
        if unicodeScalars.allSatisfy({ !$0.isUnsafeForTerminal }) { return self }
        var scalars = String.UnicodeScalarView()
        var sequence = EscapeSequence.none
        for s in unicodeScalars {
            if sequence.consume(s) { continue }
            if s.isUnsafeForTerminal {
                if (0x09...0x0D).contains(s.value), scalars.last != " " { scalars.append(" ") }
                continue
            }
            scalars.append(s)
        }
        return String(scalars)
    }
}

/// Where a scan through text is inside a terminal escape sequence.
private enum EscapeSequence {
    case none
    /// After ESC: the next scalar says which kind.
    case escape
    /// Inside a control sequence (CSI): parameters and intermediates until a final byte.
    case controlSequence
    /// Inside a control string (OSC, DCS, SOS, PM, APC) until ST (ESC \ or 0x9C), or BEL for OSC.
    case controlString(endsWithBell: Bool)
    /// After ESC inside a control string: `\` ends it.
    case controlStringEscape(endsWithBell: Bool)

    /// Takes `s` when it belongs to a sequence (starting, continuing or ending one).
    mutating func consume(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        switch self {
        case .none:
            switch v {
            case 0x1B: self = .escape
            case 0x9B: self = .controlSequence
            case 0x9D: self = .controlString(endsWithBell: true)
            case 0x90, 0x98, 0x9E, 0x9F: self = .controlString(endsWithBell: false)
            default: return false
            }
        case .escape:
            switch v {
            case 0x5B: self = .controlSequence                       // [
            case 0x5D: self = .controlString(endsWithBell: true)    // ]
            case 0x50, 0x58, 0x5E, 0x5F: self = .controlString(endsWithBell: false)   // P X ^ _
            case 0x1B: self = .escape
            case 0x20...0x2F: break                                  // intermediates: ESC ( B …
            default: self = .none                                    // ESC c, ESC 7, …: one more byte
            }
        case .controlSequence:
            if (0x40...0x7E).contains(v) { self = .none }            // final byte
            else if !(0x20...0x3F).contains(v) {
                // Not part of a well-formed CSI: it ends here, and `s` is read afresh
                // (it may start the next sequence).
                self = .none
                return consume(s)
            }
        case let .controlString(bell):
            if v == 0x9C || (bell && v == 0x07) { self = .none }
            else if v == 0x1B { self = .controlStringEscape(endsWithBell: bell) }
        case let .controlStringEscape(bell):
            self = v == 0x5C ? .none : .controlString(endsWithBell: bell)
        }
        return true
    }
}

extension Unicode.Scalar {
    /// C0/C1 controls, DEL, and format characters that reorder or hide text (bidi marks,
    /// embeddings, overrides and isolates, the BOM, interlinear annotation); zero-width joiners
    /// are kept, emoji need them.
    public var isUnsafeForTerminal: Bool {
        let v = value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        switch v {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
    }
}
