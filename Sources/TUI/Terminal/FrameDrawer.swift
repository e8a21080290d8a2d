/// Shows frames through a ``TerminalBackend``: each grid is compared with the one before
/// (``CellDiff``) so only changed cells are written, and its images are erased and drawn around
/// the flush of the cells as `ImageOutput` decides, each as one blob after the cells.
///
/// With no grid before (the first frame, after ``forgetScreen()``) or one of another size the whole
/// screen is drawn; cells beyond the screen are dropped, screen area beyond the grid is left blank.
struct FrameDrawer {
    /// The images on screen, erased and drawn around each flush of the cells.
    var imageOutput: ImageOutput
    /// The last grid drawn; nil when what the screen shows is not known.
    private var previous: CellGrid?

    // MARK: Diagnostics (for tests)

    /// Cells handed to the backend by the last ``draw(_:on:keyWaiting:)``.
    private(set) var cellsWrittenLastDraw = 0
    /// Rows the last draw had the backend send whole.
    private(set) var repaintedRowsLastDraw: [Int] = []
    /// The image bytes (kitty deletes, placed images) the last draw wrote.
    private(set) var lastImageOutput: [UInt8] = []
    /// Images the last draw put off because a key was waiting.
    private(set) var postponedImagesLastDraw = 0

    init(graphics: GraphicsDetector.Detection) {
        imageOutput = ImageOutput(graphics: graphics)
    }

    /// The screen may show anything now (a resize, Ctrl-L): the next draw repaints everything.
    mutating func forgetScreen() {
        previous = nil
    }

    /// Shows `grid` on `backend`, writing only what differs from the previous draw. `keyWaiting`
    /// says whether a key can be read now (images are put off for it, see `ImageOutput.finish`).
    mutating func draw(_ grid: CellGrid, on backend: some TerminalBackend, keyWaiting: () -> Bool) {
        let (columns, rows) = backend.size
        let diff = CellDiff.between(previous, grid, screenColumns: columns, screenRows: rows)
        if diff.isFull { backend.clear(repaintingScreen: previous == nil) }
        let images = imageOutput.begin(grid.images, full: diff.isFull, screenColumns: columns, screenRows: rows)
        let repainted = backend.stage(diff, of: grid,
                                      repaintingRows: images.changes.rowsToRepaint.filter { $0 < diff.visibleRows })
        var rowChanges: [Int: ImageOutput.RowChange] = [:]
        for row in diff.rows { rowChanges[row.y] = ImageOutput.RowChange(changed: row.changed) }
        for y in repainted { rowChanges[y, default: ImageOutput.RowChange(changed: 0...0)].repainted = true }
        backend.write(images.beforeCells)
        backend.flush()
        let (imageBytes, postponed) = imageOutput.finish(images, full: diff.isFull, rowChanges: rowChanges,
                                                         screenColumns: columns, screenRows: rows, keyWaiting: keyWaiting)
        backend.write(imageBytes)

        cellsWrittenLastDraw = diff.glyphCount
        repaintedRowsLastDraw = repainted
        lastImageOutput = images.beforeCells + imageBytes
        postponedImagesLastDraw = postponed
        previous = grid
    }
}
