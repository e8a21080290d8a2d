/// Where frames go: the cells a ``CellDiff`` says changed, and raw bytes (images) around them.
/// ``FrameDrawer`` decides what to write and in which order; a backend only writes it.
///
/// A frame is, in this order: ``clear(repaintingScreen:)`` when the diff is full, ``stage(_:of:repaintingRows:)``
/// (the changed cells go to the backend's buffer, nothing reaches the terminal yet), ``write(_:)`` of
/// the bytes that go before the cells (tmux image erases), ``flush()`` (the staged cells reach the
/// terminal), then ``write(_:)`` of the images.
///
/// **Adding a backend** (say, one that writes escape sequences itself, without ncurses):
/// 1. A `final class` in a file of its own conforming to `TerminalBackend`; keep what the screen
///    shows as you need it (ncurses keeps its own copy; `RecordingBackend` keeps a `CellGrid`).
/// 2. `stage` writes each run's ``CellDiff/Run/glyphs`` (a wide glyph covers its continuation's
///    column) and returns every row it will send whole: the rows it is asked to repaint, plus any it
///    must repaint for its own reasons (the ncurses backend adds rows where a colour it wrote itself
///    goes away).
/// 3. `write` puts bytes on the terminal after everything flushed and before anything staged.
/// 4. Test it by drawing frames with ``FrameDrawer`` and checking what it wrote, as the
///    `RecordingBackend` tests do (`FrameDrawerTests`).
/// 5. To draw the app with it, `Terminal` makes it in place of `NcursesBackend` at set-up (its
///    `backend`); `Terminal.draw(_:)` hands every frame to `FrameDrawer` with that backend.
protocol TerminalBackend: AnyObject {
    /// The screen's size in cells.
    var size: (cols: Int, rows: Int) { get }

    /// Blanks the screen before a full frame. `repaintingScreen`: what the terminal shows is not
    /// known (first frame, after a resize or Ctrl-L), so repaint every cell, not only those that differ.
    func clear(repaintingScreen: Bool)

    /// Takes a frame's changed cells, to send at ``flush()``; `repaintingRows` must be sent whole
    /// (the rows of erased sixel or iTerm2 images). Returns the rows it will send whole, ascending.
    func stage(_ diff: CellDiff, of grid: CellGrid, repaintingRows: [Int]) -> [Int]

    /// Writes `bytes` to the terminal now: after what was flushed, before what is staged.
    func write(_ bytes: [UInt8])

    /// Sends the staged cells.
    func flush()
}
