/// Wraps escape sequences so tmux hands them to the outer terminal (`allow-passthrough on`, tmux ≥ 3.3).
///
/// The wrapper is `ESC P tmux ; … ESC \` with every ESC inside doubled, so the image's own
/// string terminators do not end the wrapper. Cursor moves that place an image go inside the wrapper too:
/// tmux does not know where the outer terminal's cursor is.
public enum TmuxPassthrough {
    static let escape: UInt8 = 0x1B
    /// `ESC P tmux ;`
    static let opening: [UInt8] = [escape] + Array("Ptmux;".utf8)
    /// `ESC \`
    static let closing: [UInt8] = [escape, UInt8(ascii: "\\")]

    /// `bytes` wrapped for passthrough.
    public static func wrap(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var wrapped = opening
        wrapped.reserveCapacity(bytes.underestimatedCount + 16)
        for byte in bytes {
            if byte == escape { wrapped.append(escape) }
            wrapped.append(byte)
        }
        return wrapped + closing
    }
}
