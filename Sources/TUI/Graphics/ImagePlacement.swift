/// Where an image goes on screen, and the bytes that draw it there after the cell grid is flushed.
///
/// The drawing is one blob: save the cursor (`ESC 7`), move to the image's top-left cell, the image's
/// own sequences (sixel, kitty or iTerm2), restore the cursor (`ESC 8`) — so ncurses' idea of the cursor
/// stays true. Inside tmux the whole blob, cursor moves included, is wrapped for passthrough.
/// An image never reaches the last row: a sixel there scrolls the whole screen.
public struct ImagePlacement: Hashable, Sendable {
    /// The cells the image covers (the top-left one counted from 0).
    public var cells: Rect

    public init(cells: Rect) {
        self.cells = cells
    }

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.init(cells: Rect(x: column, y: row, width: columns, height: rows))
    }

    /// True when the image lies inside a `screenColumns × screenRows` screen and above its last row.
    public func fits(screenColumns: Int, screenRows: Int) -> Bool {
        cells.x >= 0 && cells.y >= 0 && cells.width > 0 && cells.height > 0
            && cells.maxX <= screenColumns && cells.maxY <= screenRows - 1
    }

    /// The bytes that draw `image` here; nil when the placement does not fit (nothing is drawn).
    /// - Parameter paneOffset: where the screen's top-left cell is on the terminal that draws the
    ///   image (a tmux pane's place on the outer terminal; zero otherwise).
    public func draw(_ image: [UInt8], screenColumns: Int, screenRows: Int, tmuxPassthrough: Bool,
                     paneOffset: (x: Int, y: Int) = (0, 0)) -> [UInt8]? {
        draw(pieces: [(0, image[...])], screenColumns: screenColumns, screenRows: screenRows,
             tmuxPassthrough: tmuxPassthrough, paneOffset: paneOffset)
    }

    /// The bytes that draw an image sent in `pieces` (see `TerminalImage.pieces`): each piece is a blob
    /// of its own from its own row, so inside tmux each is wrapped on its own.
    public func draw(pieces: [(row: Int, bytes: ArraySlice<UInt8>)], screenColumns: Int, screenRows: Int,
                     tmuxPassthrough: Bool, paneOffset: (x: Int, y: Int) = (0, 0)) -> [UInt8]? {
        guard fits(screenColumns: screenColumns, screenRows: screenRows) else { return nil }
        var out: [UInt8] = []
        for piece in pieces {
            let row = cells.y + piece.row + paneOffset.y + 1, column = cells.x + paneOffset.x + 1
            let blob = Array("\u{1B}7\u{1B}[\(row);\(column)H".utf8) + piece.bytes + Array("\u{1B}8".utf8)
            out += tmuxPassthrough ? TmuxPassthrough.wrap(blob) : blob
        }
        return out
    }
}
