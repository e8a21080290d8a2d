/// The images on screen beside the cell grid, and what changes between two frames.
///
/// A screen's render gives cells plus image entries; after the cell flush the backend erases what is
/// gone and draws what is new. An image that stays with the same content at the same place costs nothing.
/// Erasing depends on the protocol: kitty images are taken off by id (they float above the text), while
/// sixel and iTerm2 images are pixels written into the cells, so the rows they covered must be really
/// re-sent by ncurses (`wredrawln`), or stale pixels stay.
public struct ImageLayer: Equatable, Sendable {
    /// One image in a frame.
    public struct Entry: Hashable, Sendable {
        /// What is shown, as cached: e.g. photo id, size in cells and protocol. Same content → same pixels.
        public var content: String
        /// Where it is shown.
        public var placement: ImagePlacement
        /// The kitty image id (unused by the other protocols).
        public var kittyID: UInt32

        public init(content: String, placement: ImagePlacement, kittyID: UInt32) {
            self.content = content
            self.placement = placement
            self.kittyID = kittyID
        }
    }

    /// What the backend does after the cell flush to go from one frame's images to the next.
    public struct Changes: Equatable, Sendable {
        /// Images no longer shown (or moved, or changed): erased first.
        public var erase: [Entry] = []
        /// Images to draw, in the new frame's order.
        public var draw: [Entry] = []
        /// Screen rows (from 0, ascending) ncurses must re-send: those covered by erased sixel or iTerm2 images.
        public var rowsToRepaint: [Int] = []
        /// The kitty ids of the erased images, to take off the screen (empty for the other protocols).
        public var goneKittyIDs: [UInt32] = []

        /// True when nothing needs doing.
        public var isEmpty: Bool { erase.isEmpty && draw.isEmpty }
    }

    /// The images drawn now.
    public private(set) var entries: [Entry] = []
    /// The protocol they are drawn with.
    public let graphicsProtocol: GraphicsProtocol

    public init(graphicsProtocol: GraphicsProtocol) {
        self.graphicsProtocol = graphicsProtocol
    }

    /// Moves to the next frame's images and says what to erase and draw.
    /// With `symbols` there are no images: everything is character art in the cell grid.
    public mutating func update(to next: [Entry]) -> Changes {
        guard graphicsProtocol.drawsPixels else { return Changes() }
        var changes = Changes()
        changes.erase = entries.filter { !next.contains($0) }
        changes.draw = next.filter { !entries.contains($0) }
        if graphicsProtocol == .kitty {
            changes.goneKittyIDs = changes.erase.map(\.kittyID)
        } else {
            let rows = changes.erase.flatMap { $0.placement.cells.minY..<$0.placement.cells.maxY }
            changes.rowsToRepaint = Array(Set(rows)).sorted()
            // A sixel drawn over repainted rows would be wiped by the repaint: draw it again after.
            let repainted = Set(rows)
            let wiped = next.filter { entry in
                !changes.draw.contains(entry)
                    && (entry.placement.cells.minY..<entry.placement.cells.maxY).contains(where: repainted.contains)
            }
            changes.draw = next.filter { changes.draw.contains($0) || wiped.contains($0) }
        }
        entries = next
        return changes
    }

    /// Forgets that these were drawn (their drawing was put off): the next update draws them.
    public mutating func forget(_ undrawn: [Entry]) {
        entries.removeAll { undrawn.contains($0) }
    }

    /// Forgets what is on screen (after a full clear or resize): the next update draws everything.
    public mutating func reset() {
        entries = []
    }
}
