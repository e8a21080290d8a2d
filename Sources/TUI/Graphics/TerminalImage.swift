/// A photo encoded for the terminal's image protocol (a sixel sequence, kitty APC chunks or an
/// iTerm2 inline file), sized to its cells: written as it is after the cell flush.
public struct TerminalImage: Hashable, Sendable {
    /// The protocol's escape sequences, without cursor moves.
    public var bytes: [UInt8]
    /// The kitty image id the bytes carry (0 for the other protocols): what deletes the image.
    public var kittyID: UInt32

    public init(bytes: [UInt8], kittyID: UInt32 = 0) {
        self.bytes = bytes
        self.kittyID = kittyID
    }

    // Hashing 4 MB of sixel per frame would cost more than the frame: the size and id stand in.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        hasher.combine(kittyID)
    }
}
