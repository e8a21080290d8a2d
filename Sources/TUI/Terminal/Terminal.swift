import CNcurses
import Dispatch
import Glibc

/// The terminal's lifecycle: takes over the controlling terminal with ncurses and gives it back as
/// it was. What it owns does the rest, each in a type of its own:
/// - ``TerminalCapabilities``: colours, the pixel-graphics protocol and the cell size, found once
///   at start-up (asking the terminal when needed);
/// - ``TerminalInput``: waiting for keys, reading them, push-back and taking the terminal's answers
///   out of them;
/// - ``FrameDrawer`` and ``NcursesBackend``: each frame's ``CellDiff`` written through ncurses, the
///   images around it (see ``TerminalBackend`` to draw somewhere else).
/// Its methods past set-up and ``restore()`` hand on to those, doing nothing once it is restored.
///
/// ncurses is not thread-safe and its state is global: use a `Terminal` from one thread only,
/// and keep at most one alive (a second `init` waits for the first to be restored).
public final class Terminal {
    /// How colours are shown (detected, or as overridden).
    public var colorMode: ColorMode { capabilities.colorMode }
    /// How photos can be drawn as pixels here, and why (symbols unless asked for and found).
    public var graphics: GraphicsDetector.Detection { capabilities.graphics }
    /// Why the images asked for cannot be seen, when that is known (tmux without passthrough).
    public var graphicsWarning: String? { capabilities.graphicsWarning }
    /// What one cell measures in pixels; re-read on every resize.
    public var cellPixelSize: CellPixelSize { capabilities.cellPixelSize }
    /// The largest image the terminal shows (sixel: XTSMGRAPHICS); nil: no limit.
    public var maxImageSize: TerminalReplies.WindowPixels? { capabilities.maxImageSize }

    private var capabilities: TerminalCapabilities
    private let input: TerminalInput
    private let backend: NcursesBackend
    private var drawer: FrameDrawer

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let ownsFiles: Bool
    private let isHeadless: Bool
    private var isRestored = false

    // MARK: - Diagnostics (for tests)

    /// Cells handed to ncurses by the last ``draw(_:)``.
    internal var cellsWrittenLastDraw: Int { drawer.cellsWrittenLastDraw }
    /// Cells the last ``draw(_:)`` wrote itself as SGR (truecolor, or palette colours beyond terminfo).
    internal var truecolorCellsLastDraw: Int { backend.truecolorCellsLastFlush }
    /// Rows the last ``draw(_:)`` asked ncurses to repaint whole (`wredrawln`).
    internal var repaintedRowsLastDraw: [Int] { drawer.repaintedRowsLastDraw }
    /// The bytes the last ``draw(_:)`` wrote itself after `doupdate`.
    internal var lastTruecolorOutput: [UInt8] { backend.lastTruecolorOutput }
    /// The image bytes (kitty deletes, placed images) the last ``draw(_:)`` wrote.
    internal var lastImageOutput: [UInt8] { drawer.lastImageOutput }
    /// Images the last ``draw(_:)`` put off because a key was waiting.
    internal var postponedImagesLastDraw: Int { drawer.postponedImagesLastDraw }
    /// What the last ``draw(_:)`` wrote (bytes, measured where the system says; see `ThreadWrites`)
    /// and how long it took.
    public private(set) var lastFrame: (bytes: Int, seconds: Double) = (0, 0)
    /// How fast frames reach this terminal, learned from every ``draw(_:)``.
    private(set) var writeSpeed = FrameWriteSpeed()

    // MARK: - Setup

    /// Takes over the controlling terminal (stdin/stdout): alternate screen, cbreak (Ctrl-C
    /// still raises SIGINT), no echo, keypad, a 25 ms Esc delay, hidden cursor, colours with
    /// the terminal's default colours available. Installs SIGINT/SIGTERM/SIGHUP handlers and
    /// an exit hook that restore the terminal (see `SignalRestore`).
    /// - Parameters:
    ///   - colorModeOverride: use this instead of detecting from `COLORTERM` and terminfo.
    ///   - graphics: how to draw photos; unless that is `symbols`, the terminal is asked once
    ///     what it can do (see `TerminalQuery`), its answers never reaching the keys.
    ///   - mouse: switch mouse reporting on (clicks and the wheel come as `Key.mouse`); off, no
    ///     mouse sequence is sent at all.
    public convenience init(colorModeOverride: ColorMode? = nil, graphics: GraphicsChoice = .forced(.symbols),
                            mouse: Bool = false) throws {
        try self.init(termName: nil, output: photory_stdout(), input: photory_stdin(),
                      ownsFiles: false, headlessSize: nil, colorModeOverride: colorModeOverride,
                      graphics: .asking(graphics), mouse: mouse)
    }

    /// A terminal that draws into nothing, for tests: ncurses runs with terminfo `termName`
    /// writing to /dev/null and reading from /dev/null, at a fixed size. What ncurses holds can
    /// be read back with ``readBack(row:)``.
    public convenience init(headlessColumns columns: Int, rows: Int,
                            termName: String = "xterm-256color",
                            colorModeOverride: ColorMode? = nil) throws {
        try self.init(headlessColumns: columns, rows: rows, termName: termName,
                      inputFileDescriptor: nil, colorModeOverride: colorModeOverride)
    }

    /// A headless terminal reading keys from `inputFileDescriptor` (for example a pipe a test
    /// writes to), which it takes ownership of.
    internal convenience init(headlessColumns columns: Int, rows: Int, termName: String,
                              inputFileDescriptor: Int32?,
                              colorModeOverride: ColorMode? = nil,
                              graphics: GraphicsProtocol = .symbols, tmuxPassthrough: Bool = false,
                              cellPixelSize: CellPixelSize = .fallback, mouse: Bool = false) throws {
        guard let output = fopen("/dev/null", "w") else {
            throw TerminalError.cannotOpen(path: "/dev/null")
        }
        let input: UnsafeMutablePointer<FILE>?
        if let fd = inputFileDescriptor {
            input = fdopen(fd, "r")
        } else {
            input = fopen("/dev/null", "r")
        }
        guard let input else {
            fclose(output)
            throw TerminalError.cannotOpen(path: "/dev/null")
        }
        try self.init(termName: termName, output: output, input: input, ownsFiles: true,
                      headlessSize: (max(1, columns), max(1, rows)),
                      pollsInput: inputFileDescriptor != nil, colorModeOverride: colorModeOverride,
                      graphics: .given(GraphicsDetector.Detection(graphicsProtocol: graphics, tmuxPassthrough: tmuxPassthrough,
                                                                   reason: "headless"), cellPixelSize), mouse: mouse)
    }

    private init(termName: String?, output: UnsafeMutablePointer<FILE>,
                 input: UnsafeMutablePointer<FILE>, ownsFiles: Bool,
                 headlessSize: (Int, Int)?, pollsInput: Bool = true,
                 colorModeOverride: ColorMode?, graphics source: TerminalCapabilities.GraphicsSource,
                 mouse: Bool = false) throws {
        guard Self.slot.wait(timeout: .now() + .seconds(30)) == .success else {
            if ownsFiles { fclose(output); fclose(input) }
            throw TerminalError.anotherTerminalActive
        }
        Self.useUTF8Locale()
        let headless = headlessSize != nil
        if !headless { SignalRestore.saveModes(fd: fileno(output)) }

        let created: OpaquePointer? = termName.map { name in
            name.withCString { newterm($0, output, input) }
        } ?? newterm(nil, output, input)
        guard let created else {
            if ownsFiles { fclose(output); fclose(input) }
            Self.slot.signal()
            throw TerminalError.cannotInitialize(termName: termName)
        }
        _ = set_term(created)
        // A terminal that cannot move the cursor (TERM=dumb) cannot show a full-screen program.
        if !Self.canAddressCursor() {
            _ = endwin()
            delscreen(created)
            if ownsFiles { fclose(output); fclose(input) }
            Self.slot.signal()
            throw TerminalError.cannotAddressCursor(termName: termName ?? getenv("TERM").map { String(cString: $0) })
        }
        screen = created
        self.output = output
        inputFile = input
        self.ownsFiles = ownsFiles
        isHeadless = headless

        let window = photory_stdscr()
        // These fail harmlessly (ERR) when the input is not a tty, as in headless mode.
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = intrflush(window, false)
        _ = keypad(window, true)
        // Mouse reports reach the keys as bytes (`MouseReader` decodes them, with the mouse on;
        // off, they are dropped as unknown sequences): never half-read by ncurses as KEY_MOUSE.
        Self.takeMouseReports()
        // Home and End as other terminals send them, whatever TERM's description says: tmux,
        // screen and the Linux console send ESC[1~ / ESC[4~, rxvt ESC[7~ / ESC[8~, xterm in
        // normal cursor mode ESC[H / ESC[F.
        let homeEnd = [("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
                       ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END)]
        for (sequence, code) in homeEnd {
            if key_defined(sequence) == 0 { _ = define_key(sequence, code) }
        }
        _ = leaveok(window, true)
        _ = set_escdelay(25)
        _ = curs_set(0)
        // Never stop an update half-way because input is pending: our truecolor cells are
        // written after doupdate and assume ncurses finished.
        _ = typeahead(-1)

        var colors = 0
        var defaults = false
        if has_colors() {
            _ = start_color()
            defaults = use_default_colors() == OK
            colors = Int(photory_colors())
        }
        if let (columns, rows) = headlessSize {
            _ = resizeterm(Int32(rows), Int32(columns))
            _ = flushinp()   // resizeterm queued a KEY_RESIZE nobody needs to see
        }

        let (capabilities, typedDuringQuery) = TerminalCapabilities.detect(
            source, colorModeOverride: colorModeOverride, terminfoColors: colors, hasDefaultColors: defaults,
            inputFD: fileno(input), output: output)
        self.capabilities = capabilities
        let graphics = capabilities.graphics
        drawer = FrameDrawer(graphics: graphics)
        if graphics.tmuxPassthrough, !headless { drawer.imageOutput.paneOffset = TmuxPane.offset() ?? (0, 0) }
        backend = NcursesBackend(output: output, colorMode: capabilities.colorMode, paletteSize: capabilities.paletteSize,
                                 hasDefaultColors: capabilities.hasDefaultColors)
        self.input = TerminalInput(inputFD: pollsInput ? fileno(input) : -1, signalWake: headless ? nil : WakePipe(),
                                   scrapesSizeReplies: graphics.graphicsProtocol.drawsPixels, readsMouse: mouse)
        if mouse { Self.switchMouseOn() }
        self.input.pushBack(typedDuringQuery)   // keys typed while we waited for the terminal's answers

        if !headless {
            // Modes we change for our images, and the bytes that change them back at the end.
            let modeReset = (graphics.graphicsProtocol == .sixel ? drawer.imageOutput.wrapped(SixelScrolling.giveBack) : [])
                + (mouse ? Self.mouseOff : [])
            SignalRestore.install(for: self, wakeFD: self.input.signalWake?.writeFD ?? -1, modeReset: modeReset)
            if graphics.graphicsProtocol == .sixel { backend.write(drawer.imageOutput.wrapped(SixelScrolling.take)) }
            if mouse { backend.write(Self.sgrMouseOn) }
        }
        readsMouse = mouse
    }

    // MARK: - Mouse

    /// Whether mouse reporting was switched on (then ``restore()`` switches SGR reports off again).
    private var readsMouse = false
    /// SGR reports (mode 1006): any column, press and release told apart. ncurses asks only for
    /// what its terminfo entry names (X10 under tmux), so this is sent on top of `mousemask`.
    private static let sgrMouseOn = Array("\u{1B}[?1006h".utf8)
    private static let sgrMouseOff = Array("\u{1B}[?1006l".utf8)
    /// Everything mouse off, for a signal's reset (which cannot call `endwin`).
    private static let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

    /// Clicks (with their press and release) and the wheel reported: ncurses sends the terminal
    /// what its terminfo says, and switches it off in `endwin` and back on after Ctrl-Z (its own
    /// decoding of the reports is off: see `keyok` in `init`).
    private static func switchMouseOn() {
        _ = mousemask(photory_mouse_mask(), nil)
        takeMouseReports()
    }

    /// ncurses gives the reports its own key again each time it switches them on (`mousemask`,
    /// and on resuming after Ctrl-Z): take it away, so they reach `MouseReader` as bytes.
    private static func takeMouseReports() {
        _ = keyok(KEY_MOUSE, false)
    }

    deinit { restore() }

    /// Whether terminfo gives the current terminal a cursor-addressing capability (`cup`).
    private static func canAddressCursor() -> Bool {
        guard let cup = tigetstr("cup") else { return false }
        return Int(bitPattern: cup) != -1
    }

    /// Ends ncurses and gives the terminal back as it was (cursor, modes, main screen).
    /// Safe to call more than once; the `Terminal` is unusable afterwards.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        _ = set_term(screen)
        if graphics.graphicsProtocol == .kitty && !isHeadless {
            backend.write(drawer.imageOutput.wrapped(KittyImage.deleteAll))   // kitty images outlive the screen they were on
        }
        if graphics.graphicsProtocol == .sixel && !isHeadless { backend.write(drawer.imageOutput.wrapped(SixelScrolling.giveBack)) }
        if readsMouse && !isHeadless { backend.write(Self.sgrMouseOff) }   // endwin switches the reports off
        _ = endwin()
        if !isHeadless { SignalRestore.uninstall() }
        delscreen(screen)
        if ownsFiles {
            fclose(output)
            fclose(inputFile)
        }
        Self.slot.signal()
    }

    // MARK: - Lending the terminal (see `TerminalHandover`)

    /// Gives the terminal back as it was before photory (main screen, cursor shown, the tty's
    /// own modes) for another program to use; ``resume()`` takes it again. Headless: nothing.
    func suspend() {
        guard !isRestored, !isHeadless else { return }
        if graphics.graphicsProtocol == .kitty { backend.write(drawer.imageOutput.wrapped(KittyImage.deleteAll)) }
        if graphics.graphicsProtocol == .sixel { backend.write(drawer.imageOutput.wrapped(SixelScrolling.giveBack)) }
        if readsMouse { backend.write(Self.sgrMouseOff) }   // endwin switches the rest off
        backend.flush()
        _ = endwin()
    }

    /// Takes the terminal again after ``suspend()``: ncurses' modes and screen, our modes, and
    /// the next ``draw(_:)`` repaints everything (what the other program left is gone).
    func resume() {
        guard !isRestored, !isHeadless else { return }
        _ = refresh()
        _ = flushinp()   // keys typed for the other program are not ours
        if readsMouse {
            Self.takeMouseReports()
            backend.write(Self.sgrMouseOn)
        }
        if graphics.graphicsProtocol == .sixel { backend.write(drawer.imageOutput.wrapped(SixelScrolling.take)) }
        resized()
    }

    /// Writes `bytes` (a sequence the terminal acts on, not cells: `ClipboardCopy`) now.
    func send(_ bytes: [UInt8]) {
        guard !isRestored else { return }
        backend.write(bytes)
    }

    // MARK: - Size

    /// The terminal size in cells.
    public var size: (cols: Int, rows: Int) {
        guard !isRestored else { return (0, 0) }
        return backend.size
    }

    /// Call after a `.resize` key: picks up the new size (ncurses has already resized its
    /// screens when it reported `KEY_RESIZE`), clears, and makes the next ``draw(_:)``
    /// repaint everything.
    public func resized() {
        guard !isRestored else { return }
        backend.clear(repaintingScreen: true)
        drawer.forgetScreen()
        if readsMouse { Self.takeMouseReports() }   // a resize also comes after a resume
        guard graphics.graphicsProtocol.drawsPixels, !isHeadless else { return }
        capabilities.remeasure(fd: fileno(output))
        if graphics.tmuxPassthrough { drawer.imageOutput.paneOffset = TmuxPane.offset() ?? drawer.imageOutput.paneOffset }
        // A font change resizes too: ask again; the answers come with the keys (see `readKeys`).
        backend.write(TerminalReplyParser.sizeQueries)
    }

    /// Headless only: pretend the terminal is now `columns` × `rows`.
    internal func resizeHeadless(columns: Int, rows: Int) {
        guard isHeadless, !isRestored else { return }
        _ = resizeterm(Int32(rows), Int32(columns))
        resized()
    }

    // MARK: - Input

    /// Sleeps in `poll(2)` until a key can be read, `wake` is written to, a signal arrives or
    /// `timeoutMs` passes (negative: no limit; with no wake pipe — none could be made — at most
    /// 50 ms, so work posted to it is still picked up). Does not read keys: call
    /// ``readKeys(timeoutMs:)`` with 0 after it, which reads a whole Esc sequence as it does
    /// today (ncurses waits the Esc delay for the rest of a sequence by itself). Empties the
    /// terminal's own signal pipe, not `wake`.
    public func waitForInput(orWake wake: WakePipe?, timeoutMs: Int32 = -1) -> Wakeup {
        guard !isRestored else { return .hangup }
        return input.waitForInput(orWake: wake, timeoutMs: timeoutMs)
    }

    /// Waits up to `timeoutMs` milliseconds (negative: forever, 0: don't wait) for a key, then
    /// returns it with everything else already queued, so the caller can handle a burst of
    /// input and render once. Repeated resizes in one batch are reported once. The terminal's
    /// answers to the cell-size questions asked after a resize update ``cellPixelSize``.
    public func readKeys(timeoutMs: Int32) -> [Key] {
        guard !isRestored else { return [] }
        let batch = input.readKeys(timeoutMs: timeoutMs)
        for reply in batch.sizeReplies { capabilities.take(reply, cells: size) }
        return batch.keys
    }

    /// Hands `bytes` (raw input) back to be read as keys before anything still unread (see
    /// `TerminalInput.pushBack`).
    internal func pushBack(_ bytes: [UInt8]) {
        guard !isRestored else { return }
        input.pushBack(bytes)
    }

    // MARK: - Output

    /// Shows `grid`, writing only the cells that differ from the previous draw (everything
    /// after ``resized()`` or when the grid's size changed). Cells beyond the terminal are
    /// dropped; screen area beyond the grid is left blank. See ``FrameDrawer``.
    public func draw(_ grid: CellGrid) {
        guard !isRestored else { return }
        let bytesBefore = ThreadWrites.bytesSoFar(), started = TerminalQuery.now()
        drawer.draw(grid, on: backend, keyWaiting: input.isInputWaiting)
        let seconds = TerminalQuery.now() - started
        // Without the kernel's count: what we wrote ourselves, and the cells at the usual cost.
        let bytes = bytesBefore.flatMap { before in ThreadWrites.bytesSoFar().map { $0 - before } }
            ?? drawer.lastImageOutput.count + backend.lastTruecolorOutput.count
                + Int(Double(drawer.cellsWrittenLastDraw) * writeSpeed.bytesPerCell)
        lastFrame = (bytes, seconds)
        writeSpeed.record(bytes: bytes, cells: drawer.cellsWrittenLastDraw, seconds: seconds,
                          imageBytes: drawer.lastImageOutput.count)
    }

    /// Whether a frame changing `cells` cells is expected to be drawn within `slot` seconds, from
    /// how fast the frames so far were (see ``FrameWriteSpeed``).
    public func canDraw(cells: Int, within slot: Double) -> Bool {
        writeSpeed.fits(cells: cells, within: slot)
    }

    // MARK: - Videos (issue 21)

    /// Whether a pixel image of `bytes` is expected to be written within `slot` seconds (a
    /// video's pixel frames go on only while this holds; see ``FrameWriteSpeed``).
    public func canDraw(bytes: Int, within slot: Double) -> Bool {
        writeSpeed.fits(bytes: bytes, within: slot)
    }



    /// Headless diagnostics: the text ncurses holds on `row` (wide glyphs once, trailing spaces
    /// trimmed).
    public func readBack(row: Int) -> String {
        guard !isRestored else { return "" }
        return backend.readBack(row: row)
    }

    /// Headless diagnostics: what ncurses holds in one cell — its text, palette colours
    /// (-1 for the terminal default) and whether it is bold.
    internal func inspectCell(x: Int, y: Int) -> (text: String, fg: Int, bg: Int, bold: Bool)? {
        guard !isRestored else { return nil }
        return backend.inspectCell(x: x, y: y)
    }

    // MARK: - Internals

    /// One live Terminal at a time (ncurses state is global).
    private static let slot = DispatchSemaphore(value: 1)

    /// `setlocale(LC_ALL, "")` as ncursesw needs, falling back to C.UTF-8 for character
    /// handling when the environment's locale is not UTF-8 (tests run in plain "C").
    private static func useUTF8Locale() {
        _ = setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
