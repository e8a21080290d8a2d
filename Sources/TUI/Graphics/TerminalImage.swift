/// A photo encoded for the terminal's image protocol (a sixel sequence, kitty APC chunks or an
/// iTerm2 inline file), sized to its cells: written as it is after the cell flush.
///
/// Inside tmux an image may come in pieces, each drawn as a sequence of its own from its own cell
/// row (a sixel cut into strips, kitty chunks in groups), so that no wrapped sequence outgrows
/// tmux's limit (`TmuxPassthrough.sequenceLimit`).
public struct TerminalImage: Hashable, Sendable {
    /// The protocol's escape sequences, without cursor moves: every piece, one after the other.
    public var bytes: [UInt8]
    /// The kitty image id the bytes carry (0 for the other protocols): what deletes the image.
    public var kittyID: UInt32
    /// Where each piece starts; empty when `bytes` is one piece drawn from the image's top row.
    public var pieceStarts: [PieceStart]

    /// The start of one piece.
    public struct PieceStart: Hashable, Sendable {
        /// The cell row it is drawn from, counted from the image's top.
        public var row: Int
        /// Its first byte in `bytes`.
        public var offset: Int

        public init(row: Int, offset: Int) {
            self.row = row
            self.offset = offset
        }
    }

    public init(bytes: [UInt8], kittyID: UInt32 = 0, pieceStarts: [PieceStart] = []) {
        self.bytes = bytes
        self.kittyID = kittyID
        self.pieceStarts = pieceStarts
    }

    /// The pieces of `bytes` and the cell row each is drawn from.
    public var pieces: [(row: Int, bytes: ArraySlice<UInt8>)] {
        Self.pieces(of: bytes, starts: pieceStarts)
    }

    /// `bytes` cut where `starts` say (one piece at row 0 when they say nothing).
    static func pieces(of bytes: [UInt8], starts: [PieceStart]) -> [(row: Int, bytes: ArraySlice<UInt8>)] {
        guard !starts.isEmpty else { return [(0, bytes[...])] }
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].offset : bytes.count
            return (starts[index].row, bytes[starts[index].offset..<end])
        }
    }

    // Hashing 4 MB of sixel per frame would cost more than the frame: the size and id stand in.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        hasher.combine(kittyID)
        hasher.combine(pieceStarts.count)
    }
}
