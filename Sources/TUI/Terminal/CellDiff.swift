/// What changed between two frames of cells, row by row: the runs of adjacent columns whose cells
/// differ, as a ``TerminalBackend`` writes them. A pure function of the two grids and the screen
/// size (ratatui's `Buffer::diff`, with runs instead of single cells).
///
/// - Only the part of the grid that fits the screen counts; a wide glyph the screen's right edge
///   cuts in half is shown as a space in its style.
/// - A wide glyph and its continuation (the right half) are two columns: a run holds both, and a
///   writer hands on only the glyph (``Run/glyphs``), which covers the continuation's column.
/// - With no frame before, or one of another size, everything is drawn (``isFull``): one run a row.
/// - The cells under a pixel image are letters no other row shares (`PlacedImage.cellUnder(row:)`),
///   so an image that moves changes exactly the rows and columns it left and took; ``Row/changed``
///   is what `ImageOutput` reads to tell whether a writer may have wiped an image.
struct CellDiff: Equatable {
    /// Adjacent changed columns of one row.
    struct Run: Equatable {
        /// The first column.
        var x: Int
        /// The cells to show, one a column from ``x`` (continuations included, so `cells[i]` is
        /// column `x + i`).
        var cells: [Cell]
        /// The cells they replace, column for column; empty when ``CellDiff/isFull``.
        var replaced: [Cell]

        /// The cells a writer hands on, with their columns: every one but the continuations.
        var glyphs: [(x: Int, cell: Cell)] {
            cells.enumerated().compactMap { offset, cell in cell.isContinuation ? nil : (x + offset, cell) }
        }

        /// The run's text as a writer shows it (for tests and recordings).
        var text: String { cells.map(\.text).joined() }
    }

    /// The changes of one row.
    struct Row: Equatable {
        var y: Int
        /// Left to right, never touching each other.
        var runs: [Run]

        /// From the first changed column to the last.
        var changed: ClosedRange<Int> { runs[0].x...(runs[runs.count - 1].x + runs[runs.count - 1].cells.count - 1) }
    }

    /// Everything is drawn: there was no frame before, or its size differs.
    var isFull: Bool
    /// The rows with changes, top to bottom.
    var rows: [Row]
    /// The columns and rows of the grid that fit the screen.
    var visibleColumns: Int
    var visibleRows: Int

    /// How many cells a writer hands on (continuations not counted).
    var glyphCount: Int { rows.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }

    /// The changes from `old` (nil: nothing known on screen) to `new` on a screen of
    /// `screenColumns` × `screenRows` (the grid's own size when not given).
    static func between(_ old: CellGrid?, _ new: CellGrid, screenColumns: Int? = nil, screenRows: Int? = nil) -> CellDiff {
        let full = old == nil || old?.width != new.width || old?.height != new.height
        let columns = max(0, min(new.width, screenColumns ?? new.width))
        let visibleRows = max(0, min(new.height, screenRows ?? new.height))
        var rows: [Row] = []
        new.cells.withUnsafeBufferPointer { cells in
            for y in 0..<visibleRows {
                let base = y * new.width
                var runs: [Run] = []
                var open: Run?
                for x in 0..<columns {
                    let cell = cells[base + x]
                    let before = full ? nil : old?.cells[base + x]
                    if let before, before == cell {
                        if let run = open { runs.append(run) }
                        open = nil
                        continue
                    }
                    // A wide glyph cut by the screen's edge is a space.
                    let shown = cell.width == 2 && x + 1 >= columns ? Cell(" ", style: cell.style) : cell
                    if open == nil { open = Run(x: x, cells: [], replaced: []) }
                    open?.cells.append(shown)
                    if let before { open?.replaced.append(before) }
                }
                if let run = open { runs.append(run) }
                if !runs.isEmpty { rows.append(Row(y: y, runs: runs)) }
            }
        }
        return CellDiff(isFull: full, rows: rows, visibleColumns: columns, visibleRows: visibleRows)
    }
}
