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

    /// The most bytes one wrapped sequence may take. tmux 3.3a collects a sequence in a buffer of at
    /// most 1 MiB (`INPUT_BUF_LIMIT`) and silently drops one that outgrows it: a sixel of a 120×40
    /// photo (1.2 MB) never reached the terminal. Kept a little under, so every image is sent in
    /// pieces of at most this (see `TerminalImage.pieces`).
    public static let sequenceLimit = 1_000_000

    /// The most bytes one piece of an image with a sequence or two in it (a sixel strip, an iTerm2 file)
    /// may hold: wrapped with the cursor moves around it, it stays within ``sequenceLimit``.
    public static let pieceLimit = sequenceLimit - 64

    /// How many bytes `piece` takes wrapped with the cursor moves around it (see `ImagePlacement`).
    static func wrappedSize(ofPiece piece: ArraySlice<UInt8>) -> Int {
        let cursorMoves = 24   // ESC 7, ESC [ row ; column H, ESC 8, their ESCs doubled
        return opening.count + closing.count + cursorMoves + piece.count + piece.lazy.filter { $0 == escape }.count
    }

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
