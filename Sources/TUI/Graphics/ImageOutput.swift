/// The images of each frame around the flush of its cells: which to erase and draw, and the bytes
/// that do it. `FrameDrawer` writes them through its backend; this decides them, so the rules need no
/// ncurses to test.
///
/// - Before the cells: the image layer says what went and what is new; rows of erased sixel or
///   iTerm2 images must be repainted by ncurses. Inside tmux that does not erase them (tmux resends
///   only the cells it thinks changed), so they are erased with ECH through the passthrough first.
/// - After the cells: kitty images that went are hidden by id (their data kept to come back to);
///   new images are drawn, and so is any sixel or iTerm2 image whose cells ncurses may have
///   written to (see `RowChange`). A kitty image floats above the text and stays.
struct ImageOutput {
    /// The columns ncurses was given changes in on one row. Under an image are invisible letters no
    /// other row shares (`PlacedImage.cellUnder(row:)`): ncurses never clears them as blanks nor scrolls them,
    /// so it writes them only within the changed span (it may rewrite unchanged cells between two
    /// changes when that is cheaper than moving the cursor).
    struct RowChange: Equatable {
        /// The first and last column that changed.
        var changed: ClosedRange<Int>
        /// ncurses repaints the row whole (`wredrawln`).
        var repainted = false

        /// Whether ncurses may write over cells `columns` of this row.
        func mayWipe(_ columns: Range<Int>) -> Bool {
            repainted || changed.overlaps(columns)
        }
    }

    /// The protocol, and whether to wrap for tmux.
    let graphics: GraphicsDetector.Detection
    /// Inside tmux, where the pane's top-left cell is on the outer terminal (see `TmuxPane`).
    var paneOffset = (x: 0, y: 0)
    private var layer: ImageLayer
    /// kitty only: the images the terminal holds, to place again without sending them.
    private var kittyKept = KittyKeptImages()

    init(graphics: GraphicsDetector.Detection) {
        self.graphics = graphics
        layer = ImageLayer(graphicsProtocol: graphics.graphicsProtocol)
    }

    /// One frame's images between `begin` and `finish`.
    struct Frame {
        /// The images that fit the screen.
        var images: [PlacedImage]
        var changes: ImageLayer.Changes
        /// Written before the cells (the tmux erase); empty otherwise.
        var beforeCells: [UInt8]
    }

    /// Before the cells: what changes. `full` is a repaint of the whole screen (every image again).
    mutating func begin(_ placed: [PlacedImage], full: Bool, screenColumns: Int, screenRows: Int) -> Frame {
        if full { layer.reset() }
        let images = placed.filter { $0.entry.placement.fits(screenColumns: screenColumns, screenRows: screenRows) }
        let changes = layer.update(to: images.map(\.entry))
        var before: [UInt8] = []
        if graphics.tmuxPassthrough && graphics.graphicsProtocol != .kitty && !changes.erase.isEmpty {
            var erase: [UInt8] = Array("\u{1B}7".utf8)
            for cells in changes.erase.map(\.placement.cells) {
                for y in cells.minY..<cells.maxY {
                    erase += Array("\u{1B}[\(y + paneOffset.y + 1);\(cells.minX + paneOffset.x + 1)H\u{1B}[\(cells.width)X".utf8)
                }
            }
            before = TmuxPassthrough.wrap(erase + Array("\u{1B}8".utf8))
        }
        return Frame(images: images, changes: changes, beforeCells: before)
    }

    /// After the cells: the bytes that erase and draw, and how many images were put off because
    /// `keyWaiting` (a held →: its frame comes next, and megabytes for this one would hold it up;
    /// the next frame that still shows them draws them).
    mutating func finish(_ frame: Frame, full: Bool, rowChanges: [Int: RowChange], screenColumns: Int, screenRows: Int,
                         keyWaiting: () -> Bool) -> (bytes: [UInt8], postponed: Int) {
        guard graphics.graphicsProtocol.drawsPixels else { return ([], 0) }
        let kitty = graphics.graphicsProtocol == .kitty
        var out: [UInt8] = []
        // kitty images that go are hidden, their data kept for coming back (see `KittyKeptImages`).
        if full && kitty { out += wrapped(KittyImage.hideAll) }
        let due = frame.images.filter { image in
            let cells = image.entry.placement.cells
            let damaged = graphics.graphicsProtocol != .kitty && (cells.minY..<cells.maxY).contains { y in
                rowChanges[y]?.mayWipe(cells.minX..<cells.maxX) == true
            }
            return frame.changes.draw.contains(image.entry) || damaged
        }
        let postponed = !due.isEmpty && keyWaiting()
        // An id drawn again now (a video's next frame) is replaced by the drawing: no hide first.
        let redrawn = postponed ? [] : Set(due.map(\.entry.kittyID))
        for id in frame.changes.goneKittyIDs where !redrawn.contains(id) { out += wrapped(KittyImage.hide(id: id)) }
        if postponed {
            layer.forget(due.map(\.entry))
            return (out, due.count)
        }
        let onScreen = Set(frame.images.map(\.entry.kittyID))
        for image in due {
            let id = image.entry.kittyID, cells = image.entry.placement.cells
            let pieces = kitty && kittyKept.holds(id, content: image.entry.content)
                ? [(0, KittyImage.place(id: id, columns: cells.width, rows: cells.height)[...])]
                : image.pieces
            guard let blob = image.entry.placement.draw(pieces: pieces, screenColumns: screenColumns, screenRows: screenRows,
                                                        tmuxPassthrough: graphics.tmuxPassthrough, paneOffset: paneOffset)
            else { continue }
            out += blob
            if kitty {
                for freed in kittyKept.shown(id, content: image.entry.content, bytes: image.image.bytes.count, onScreen: onScreen) {
                    out += wrapped(KittyImage.delete(id: freed))
                }
            }
        }
        return (out, 0)
    }

    /// `bytes` as they must be written here: wrapped for tmux's passthrough when inside tmux.
    func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        graphics.tmuxPassthrough ? TmuxPassthrough.wrap(bytes) : bytes
    }
}
