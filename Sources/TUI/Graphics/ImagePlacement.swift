/// Where an image goes on screen, and the bytes that draw it there after the cell grid is flushed.
///
/// The drawing is one blob: save the cursor (`ESC 7`), move to the image's top-left cell, the image's
/// own sequences (sixel, kitty or iTerm2), restore the cursor (`ESC 8`) — so ncurses' idea of the cursor
/// stays true. Inside tmux the whole blob, cursor moves included, is wrapped for passthrough.
/// An image never reaches the last row: a sixel there scrolls the whole screen.
public struct ImagePlacement: Equatable, Sendable {
    /// The top-left cell, counted from 0.
    public var column: Int
    public var row: Int
    /// The cells the image covers.
    public var columns: Int
    public var rows: Int

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
    }

    /// True when the image lies inside a `screenColumns × screenRows` screen and above its last row.
    public func fits(screenColumns: Int, screenRows: Int) -> Bool {
        column >= 0 && row >= 0 && columns > 0 && rows > 0
            && column + columns <= screenColumns && row + rows <= screenRows - 1
    }

    /// The bytes that draw `image` here; nil when the placement does not fit (nothing is drawn).
    public func draw(_ image: [UInt8], screenColumns: Int, screenRows: Int, tmuxPassthrough: Bool) -> [UInt8]? {
        guard fits(screenColumns: screenColumns, screenRows: screenRows) else { return nil }
        let blob = Array("\u{1B}7\u{1B}[\(row + 1);\(column + 1)H".utf8) + image + Array("\u{1B}8".utf8)
        return tmuxPassthrough ? TmuxPassthrough.wrap(blob) : blob
    }
}
