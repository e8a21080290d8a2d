/// An image a screen put in its frame, beside the cells: where it goes and what to write there.
public struct PlacedImage: Hashable, Sendable {
    /// Its place and identity in the image layer.
    public var entry: ImageLayer.Entry
    /// The encoded image.
    public var image: TerminalImage

    /// A kitty image gets an id of its own place too, so the same photo shown twice (two folders
    /// with one cover) is two images, each deleted on its own.
    /// - Parameter kittyName: names the kitty image when it is not its content: a video's frames
    ///   share one name (each frame's pixels replace the last's under one id, so the terminal
    ///   holds one image however long the video plays).
    public init(content: String, cells: Rect, image: TerminalImage, kittyName: String? = nil) {
        let kittyID = image.kittyID == 0 ? 0
            : PixelEncoder.kittyID(for: "\(kittyName ?? content) at \(cells.x),\(cells.y) \(cells.width)×\(cells.height)")
        entry = ImageLayer.Entry(content: content, placement: ImagePlacement(cells: cells), kittyID: kittyID)
        self.image = image
    }

    /// The bytes that draw it: a kitty image carries this place's id.
    var bytes: [UInt8] {
        entry.kittyID == 0 ? image.bytes : KittyImage.replacingID(in: image.bytes, with: entry.kittyID)
    }

    /// `bytes` in the image's pieces (see `TerminalImage.pieces`).
    var pieces: [(row: Int, bytes: ArraySlice<UInt8>)] {
        guard entry.kittyID != 0 else { return image.pieces }
        let bytes = bytes
        let shift = bytes.count - image.bytes.count   // only the first chunk's keys changed
        let starts = image.pieceStarts.map { start in
            start.offset == 0 ? start : TerminalImage.PieceStart(row: start.row, offset: start.offset + shift)
        }
        return TerminalImage.pieces(of: bytes, starts: starts)
    }

    /// Puts the image in `grid`: the cells under it (`cellUnder(row:)`), which the terminal's
    /// pixels cover after the cells are flushed, and the image itself.
    public func place(into grid: inout CellGrid) {
        let cells = entry.placement.cells
        for y in cells.minY..<cells.maxY {
            grid.fill(Rect(x: cells.x, y: y, width: cells.width, height: 1), with: Self.cellUnder(row: y))
        }
        grid.images.append(self)
    }

    /// The cell a screen puts under an image on row `y`: an invisible letter (the pixels cover it;
    /// SGR 8 hides it where they do not yet) that no row within 52 of it shares. ncurses never
    /// clears letters with a line erase, and never finds two image rows alike (its line hashes look
    /// at characters only) to scroll lines — the terminal would scroll the pixels with them. So it
    /// writes the cells under an image only where they change.
    public static func cellUnder(row y: Int) -> Cell {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return Cell(String(letters[y % letters.count]), attrs: [.invisible])
    }
}
