/// A ``TerminalBackend`` for tests (ratatui's `TestBackend`): records what would be written, in
/// order, and keeps the screen that writing would leave, so drawing can be tested without ncurses.
final class RecordingBackend: TerminalBackend {
    /// One thing written.
    enum Event: Equatable {
        /// The screen was blanked (`repaintingScreen`: every cell to be sent again).
        case clear(repaintingScreen: Bool)
        /// A run of cells reached the screen at a flush: its text from column `x` of row `y`
        /// (continuations add nothing), and the cells themselves.
        case cells(x: Int, y: Int, text: String, cells: [Cell])
        /// Row `y` was sent again whole at a flush.
        case repaintedRow(Int)
        /// Raw bytes (images, queries).
        case bytes([UInt8])
    }

    private(set) var size: (cols: Int, rows: Int)
    /// Everything written, oldest first.
    private(set) var events: [Event] = []
    /// What the screen shows after the events (cells only; images are bytes).
    private(set) var screen: CellGrid
    /// What waits for ``flush()``.
    private var staged: [Event] = []

    init(columns: Int, rows: Int) {
        size = (columns, rows)
        screen = CellGrid(width: columns, height: rows)
    }

    /// The terminal is now `columns` × `rows`; what it shows is lost.
    func resize(columns: Int, rows: Int) {
        size = (columns, rows)
        screen = CellGrid(width: columns, height: rows)
    }

    /// The events since the last call (all of them the first time).
    func takeEvents() -> [Event] {
        defer { events = [] }
        return events
    }

    func clear(repaintingScreen: Bool) {
        events.append(.clear(repaintingScreen: repaintingScreen))
        screen = CellGrid(width: size.cols, height: size.rows)
    }

    func stage(_ diff: CellDiff, of grid: CellGrid, repaintingRows: [Int]) -> [Int] {
        for row in diff.rows {
            for run in row.runs {
                staged.append(.cells(x: run.x, y: row.y, text: run.text, cells: run.cells))
            }
        }
        staged += repaintingRows.map(Event.repaintedRow)
        return repaintingRows
    }

    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        events.append(.bytes(bytes))
    }

    func flush() {
        for event in staged {
            if case let .cells(x, y, _, cells) = event {
                for (offset, cell) in cells.enumerated() where !cell.isContinuation { screen[x: x + offset, y: y] = cell }
            }
        }
        events += staged
        staged = []
    }
}
