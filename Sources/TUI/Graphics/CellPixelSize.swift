/// The size of one character cell in pixels: what an image of so many cells must measure.
///
/// From the terminal's `CSI 6 ; height ; width t` reply, else the window's pixel size (`TIOCGWINSZ`)
/// divided by its cells when that is plausible, else 10×20. Re-resolved on every resize.
public struct CellPixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across one cell.
    public var width: Int
    /// Pixels down one cell.
    public var height: Int

    /// A cell of `width × height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The guess when the terminal tells nothing.
    public static let fallback = CellPixelSize(width: 10, height: 20)

    /// Within what any real font gives: 2…200 pixels across, 4…400 down, and not wider than tall × 2.
    public var isPlausible: Bool {
        (2...200).contains(width) && (4...400).contains(height) && width <= height * 2
    }

    /// The cell size to use: the terminal's reply, else the window's pixels ÷ cells, else `fallback`.
    /// - Parameters:
    ///   - reply: from `TerminalReplies.cellSize`.
    ///   - windowPixels: `ws_xpixel`, `ws_ypixel` (often 0 when the terminal does not fill them in).
    ///   - cells: `ws_col`, `ws_row`.
    public static func resolve(reply: CellPixelSize?, windowPixels: (width: Int, height: Int),
                               cells: (columns: Int, rows: Int)) -> CellPixelSize {
        measured(reply: reply, windowPixels: [windowPixels], cells: cells) ?? fallback
    }

    /// The cell size the terminal or the kernel tells, or nil when it is unknown: `reply`, else the
    /// first of `windowPixels` (the terminal's `CSI 14 t` answer, the kernel's `TIOCGWINSZ`) that
    /// divides into plausible cells.
    public static func measured(reply: CellPixelSize?, windowPixels: [(width: Int, height: Int)],
                                cells: (columns: Int, rows: Int)) -> CellPixelSize? {
        if let reply, reply.isPlausible { return reply }
        guard cells.columns > 0, cells.rows > 0 else { return nil }
        for pixels in windowPixels {
            let divided = CellPixelSize(width: pixels.width / cells.columns, height: pixels.height / cells.rows)
            if divided.isPlausible { return divided }
        }
        return nil
    }

    /// `10×20`
    public var description: String { "\(width)×\(height)" }
}
