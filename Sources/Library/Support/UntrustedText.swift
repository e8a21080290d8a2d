import Foundation

extension String {
    /// The string with every control character (C0, DEL, C1, and bidi/format controls that
    /// reorder or hide text) removed, safe to send to a terminal. Text read from files —
    /// names, EXIF strings — must pass through this before it is shown.
    public var strippingControlCharacters: String {
        if unicodeScalars.allSatisfy({ !$0.isUnsafeForTerminal }) { return self }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.lazy.filter { !$0.isUnsafeForTerminal })
        return String(scalars)
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
