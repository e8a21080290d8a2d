import CNcurses
import Dispatch
import Glibc

/// The one place that talks to ncurses: sets the terminal up and restores it, reads keys,
/// and copies a ``CellGrid`` to the screen.
///
/// ncurses is not thread-safe and its state is global: use a `Terminal` from one thread only,
/// and keep at most one alive (a second `init` waits for the first to be restored).
///
/// **Drawing.** ``draw(_:)`` compares the grid with the previous one and hands only changed
/// cells to ncurses (`setcchar` + `mvwadd_wch`, colours through `alloc_pair` extended pairs),
/// then `wnoutrefresh` + `doupdate`. ncurses itself emits only what differs from the screen.
///
/// **Truecolor.** ncurses emits 24-bit colour only with a direct-colour terminfo entry, which
/// almost nobody uses. In ``ColorMode/truecolor`` a cell with an `.rgb` colour goes to ncurses
/// with the nearest 256-palette colour; after `doupdate` we write the exact colours ourselves
/// (`ESC 7`, cursor moves and SGR `38;2`/`48;2`, `ESC 8`, so ncurses' idea of cursor and
/// attributes stays right). Because ncurses may repaint any cell of a row it updates (it
/// rewrites short unchanged runs, clears to end/beginning of line), we rewrite every rgb cell
/// of every row ncurses was given changes in. And because ncurses doesn't know a cell shows a
/// colour other than the one it wrote, a row where an rgb cell becomes a non-rgb cell is
/// marked corrupt with `wredrawln`, so ncurses repaints it whole and no stale colour stays.
/// The same goes for palette colours terminfo does not allow: `--colors 256` under a stock
/// `TERM=xterm` (8 colours) shows 256 colours, written as SGR `38;5`/`48;5` by us.
///
/// **Images.** With a pixel protocol (asked for, or found by asking the terminal once at
/// start-up: `TerminalQuery`, `GraphicsDetector`), the grid's images are erased and drawn around
/// each flush of the cells as `ImageOutput` decides, each as one blob after `doupdate`.
public final class Terminal {
    /// How colours are shown (detected, or as overridden).
    public let colorMode: ColorMode
    /// How photos can be drawn as pixels here, and why (symbols unless asked for and found).
    public let graphics: GraphicsDetector.Detection
    /// Why the images asked for cannot be seen, when that is known (tmux without passthrough).
    public private(set) var graphicsWarning: String?
    /// What one cell measures in pixels; re-read on every resize.
    public private(set) var cellPixelSize: CellPixelSize
    /// The cell size the terminal itself reported (`CSI 16 t`), which wins over the window's pixels.
    private var reportedCellSize: CellPixelSize?
    /// The images on screen, erased and drawn around each flush of the cells.
    private var imageOutput: ImageOutput

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let ownsFiles: Bool
    private let isHeadless: Bool
    /// Palette entries ncurses may use (0: no colour): the mode's, or fewer when terminfo says so.
    private let paletteSize: Int
    /// Whether some colours of the mode are beyond ncurses (24-bit colour; palette entries past what
    /// terminfo allows, as with `--colors 256` under `TERM=xterm`): cells with them are written as SGR
    /// sequences after ncurses, as truecolor cells are (see the type's documentation).
    private let writesColorsItself: Bool
    /// Whether ncurses accepted -1 as "terminal default" colour.
    private let hasDefaultColors: Bool
    private var previous: CellGrid?
    private var pairs: [Int: Int32] = [:]
    private var isRestored = false
    /// The input file descriptor ``waitForInput(orWake:timeoutMs:)`` polls; -1 when input is
    /// /dev/null (headless), which is always "readable" and never has a key.
    private let inputFD: Int32
    /// Woken by the SIGWINCH and SIGCONT handlers (the real terminal only).
    private let signalWake: WakePipe?
    /// Keeps answers that came after the start-up wait out of the keys.
    private var lateReplies = LateReplyFilter()
    /// The last ``readKeys(timeoutMs:)`` stopped at its limit with keys maybe left in ncurses.
    private var mayHaveQueuedKeys = false

    // MARK: - Diagnostics (for tests)

    /// Cells handed to ncurses by the last ``draw(_:)``.
    internal private(set) var cellsWrittenLastDraw = 0
    /// Cells the last ``draw(_:)`` wrote itself as SGR (truecolor, or palette colours beyond terminfo).
    internal private(set) var truecolorCellsLastDraw = 0
    /// Rows the last ``draw(_:)`` asked ncurses to repaint whole (`wredrawln`).
    internal private(set) var repaintedRowsLastDraw: [Int] = []
    /// The bytes the last ``draw(_:)`` wrote itself after `doupdate`.
    internal private(set) var lastTruecolorOutput: [UInt8] = []
    /// The image bytes (kitty deletes, placed images) the last ``draw(_:)`` wrote.
    internal private(set) var lastImageOutput: [UInt8] = []
    /// Images the last ``draw(_:)`` put off because a key was waiting.
    internal private(set) var postponedImagesLastDraw = 0

    // MARK: - Setup

    /// Takes over the controlling terminal (stdin/stdout): alternate screen, cbreak (Ctrl-C
    /// still raises SIGINT), no echo, keypad, a 25 ms Esc delay, hidden cursor, colours with
    /// the terminal's default colours available. Installs SIGINT/SIGTERM/SIGHUP handlers and
    /// an exit hook that restore the terminal (see `SignalRestore`).
    /// - Parameters:
    ///   - colorModeOverride: use this instead of detecting from `COLORTERM` and terminfo.
    ///   - graphics: how to draw photos; unless that is `symbols`, the terminal is asked once
    ///     what it can do (see `TerminalQuery`), its answers never reaching the keys.
    public convenience init(colorModeOverride: ColorMode? = nil, graphics: GraphicsChoice = .forced(.symbols)) throws {
        try self.init(termName: nil, output: photory_stdout(), input: photory_stdin(),
                      ownsFiles: false, headlessSize: nil, colorModeOverride: colorModeOverride,
                      graphics: .asking(graphics))
    }

    /// How the graphics protocol is decided.
    enum GraphicsSource {
        /// Detect it (the real terminal).
        case asking(GraphicsChoice)
        /// Use this (headless tests).
        case given(GraphicsDetector.Detection, CellPixelSize)
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
                              cellPixelSize: CellPixelSize = .fallback) throws {
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
                                                                   reason: "headless"), cellPixelSize))
    }

    private init(termName: String?, output: UnsafeMutablePointer<FILE>,
                 input: UnsafeMutablePointer<FILE>, ownsFiles: Bool,
                 headlessSize: (Int, Int)?, pollsInput: Bool = true,
                 colorModeOverride: ColorMode?, graphics source: GraphicsSource) throws {
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
        self.input = input
        self.ownsFiles = ownsFiles
        isHeadless = headless
        inputFD = pollsInput ? fileno(input) : -1
        signalWake = headless ? nil : WakePipe()

        let window = photory_stdscr()
        // These fail harmlessly (ERR) when the input is not a tty, as in headless mode.
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = intrflush(window, false)
        _ = keypad(window, true)
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

        var environment: [String: String] = [:]
        for name in ["COLORTERM"] + GraphicsDetector.environmentNames {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        var typedDuringQuery: [UInt8] = []
        var terminalVersion: String?
        switch source {
        case let .given(detection, cellSize):
            graphics = detection
            cellPixelSize = cellSize
        case let .asking(choice):
            var replies = TerminalReplies()
            // A poor terminfo entry (TERM=xterm: 8 colours) with colours to detect: ask what the terminal is.
            let colorsFromVersion = colorModeOverride == nil && colors < 256
                && ColorMode.detect(environment: environment, terminfoColors: colors) != .truecolor
            if GraphicsDetector.needsReplies(choice, environment: environment) || colorsFromVersion {
                _ = fflush(output)
                let multiplexed = GraphicsDetector.multiplexer(environment: environment, version: nil) != nil
                let answer = TerminalQuery.ask(inputFD: fileno(input), outputFD: fileno(output),
                                               queries: multiplexed ? TerminalReplyParser.multiplexerQueries
                                                   : TerminalReplyParser.startupQueries)
                replies = answer.replies
                typedDuringQuery = answer.typed
            }
            terminalVersion = replies.terminalVersion
            reportedCellSize = replies.cellSize
            let measured = Self.measuredCellSize(fd: fileno(output), reported: replies.cellSize, window: replies.windowPixels)
            cellPixelSize = measured ?? .fallback
            var detection = GraphicsDetector.detect(choice, environment: environment, replies: replies,
                                                    cellSizeKnown: measured != nil)
            if detection.tmuxPassthrough, TmuxPane.allowsPassthrough() == false {
                // tmux would drop every image and leave the photo blank: character art instead.
                detection = GraphicsDetector.Detection(
                    graphicsProtocol: .symbols, tmuxPassthrough: false,
                    reason: "--graphics \(detection.graphicsProtocol.rawValue), but tmux has allow-passthrough off")
                graphicsWarning = "Character art: tmux needs `set -g allow-passthrough on` for images"
            }
            graphics = detection
        }
        imageOutput = ImageOutput(graphics: graphics)
        if graphics.tmuxPassthrough, !headless { imageOutput.paneOffset = TmuxPane.offset() ?? (0, 0) }
        let mode = colorModeOverride
            ?? ColorMode.detect(environment: environment, terminfoColors: colors, terminalVersion: terminalVersion)
        colorMode = mode
        paletteSize = min(mode.paletteSize, colors)
        writesColorsItself = mode == .truecolor || mode.paletteSize > paletteSize
        hasDefaultColors = defaults
        pushBack(typedDuringQuery)   // keys typed while we waited for the terminal's answers

        if !headless {
            // Modes we change for our images, and the bytes that change them back at the end.
            let modeReset = graphics.graphicsProtocol == .sixel ? imageOutput.wrapped(SixelScrolling.giveBack) : []
            SignalRestore.install(for: self, wakeFD: signalWake?.writeFD ?? -1, modeReset: modeReset)
            if graphics.graphicsProtocol == .sixel { writeRaw(imageOutput.wrapped(SixelScrolling.take)) }
        }
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
            writeRaw(imageOutput.wrapped(KittyImage.deleteAll))   // kitty images outlive the screen they were on
        }
        if graphics.graphicsProtocol == .sixel && !isHeadless { writeRaw(imageOutput.wrapped(SixelScrolling.giveBack)) }
        _ = endwin()
        if !isHeadless { SignalRestore.uninstall() }
        delscreen(screen)
        if ownsFiles {
            fclose(output)
            fclose(input)
        }
        Self.slot.signal()
    }

    // MARK: - Size

    /// The terminal size in cells.
    public var size: (cols: Int, rows: Int) {
        guard !isRestored else { return (0, 0) }
        return (Int(photory_cols()), Int(photory_lines()))
    }

    /// Call after a `.resize` key: picks up the new size (ncurses has already resized its
    /// screens when it reported `KEY_RESIZE`), clears, and makes the next ``draw(_:)``
    /// repaint everything.
    public func resized() {
        guard !isRestored else { return }
        _ = wclear(photory_stdscr())
        previous = nil
        guard graphics.graphicsProtocol.drawsPixels, !isHeadless else { return }
        cellPixelSize = Self.measuredCellSize(fd: fileno(output), reported: reportedCellSize, window: nil) ?? cellPixelSize
        if graphics.tmuxPassthrough { imageOutput.paneOffset = TmuxPane.offset() ?? imageOutput.paneOffset }
        // A font change resizes too: ask again; the answers come with the keys (see `readKeys`).
        writeRaw(TerminalReplyParser.sizeQueries)
    }

    /// The cell size the terminal tells (`CSI 16 t`, else `CSI 14 t` ÷ cells) or the kernel
    /// (`TIOCGWINSZ` pixels ÷ cells); nil when nobody knows.
    private static func measuredCellSize(fd: Int32, reported: CellPixelSize?,
                                         window: TerminalReplies.WindowPixels?) -> CellPixelSize? {
        var columns: Int32 = 0, rows: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        _ = photory_window_size(fd, &columns, &rows, &width, &height)
        var candidates = [(width: Int(width), height: Int(height))]
        if let window { candidates.insert((window.width, window.height), at: 0) }
        return CellPixelSize.measured(reply: reported, windowPixels: candidates, cells: (Int(columns), Int(rows)))
    }

    /// Headless only: pretend the terminal is now `columns` × `rows`.
    internal func resizeHeadless(columns: Int, rows: Int) {
        guard isHeadless, !isRestored else { return }
        _ = resizeterm(Int32(rows), Int32(columns))
        resized()
    }

    // MARK: - Input

    /// What ended a ``waitForInput(orWake:timeoutMs:)``.
    public struct Wakeup: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Input is waiting: read it with ``readKeys(timeoutMs:)``.
        public static let input = Wakeup(rawValue: 1 << 0)
        /// The wake pipe was written to (the caller empties it).
        public static let wake = Wakeup(rawValue: 1 << 1)
        /// A signal arrived: a resize or a resume after Ctrl-Z, which ``readKeys(timeoutMs:)``
        /// reports as `.resize`.
        public static let signal = Wakeup(rawValue: 1 << 2)
        /// The input was closed or hung up: when ``readKeys(timeoutMs:)`` then finds nothing,
        /// no key will ever come.
        public static let hangup = Wakeup(rawValue: 1 << 3)
        /// `timeoutMs` passed with nothing to do.
        public static let timeout = Wakeup(rawValue: 1 << 4)
    }

    /// Sleeps in `poll(2)` until a key can be read, `wake` is written to, a signal arrives or
    /// `timeoutMs` passes (negative: no limit; with no wake pipe — none could be made — at most
    /// 50 ms, so work posted to it is still picked up). Does not read keys: call
    /// ``readKeys(timeoutMs:)`` with 0 after it, which reads a whole Esc sequence as it does
    /// today (ncurses waits the Esc delay for the rest of a sequence by itself). Empties the
    /// terminal's own signal pipe, not `wake`.
    public func waitForInput(orWake wake: WakePipe?, timeoutMs: Int32 = -1) -> Wakeup {
        guard !isRestored else { return .hangup }
        if mayHaveQueuedKeys { return .input }
        var fds = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalWake?.readFD ?? -1, events: Int16(POLLIN), revents: 0)]
        let timeout = (wake?.readFD ?? -1) < 0 && (timeoutMs < 0 || timeoutMs > 50) ? 50 : timeoutMs
        let count = poll(&fds, nfds_t(fds.count), timeout)
        if count < 0 { return errno == EINTR ? .signal : .timeout }
        if count == 0 { return .timeout }
        var result: Wakeup = []
        let closed = Int16(POLLHUP | POLLERR | POLLNVAL)
        if fds[0].revents & Int16(POLLIN) != 0 { result.insert(.input) }
        if fds[0].revents & closed != 0 { result.insert(.hangup) }
        if fds[1].revents != 0 { result.insert(.wake) }
        if fds[2].revents != 0 {
            signalWake?.drain()
            result.insert(.signal)
        }
        return result
    }

    /// Waits up to `timeoutMs` milliseconds (negative: forever, 0: don't wait) for a key, then
    /// returns it with everything else already queued, so the caller can handle a burst of
    /// input and render once. Repeated resizes in one batch are reported once.
    public func readKeys(timeoutMs: Int32) -> [Key] {
        guard !isRestored else { return [] }
        let window = photory_stdscr()
        var keys: [Key] = []
        mayHaveQueuedKeys = false
        if SignalRestore.takeResumed() { keys.append(.resize) }
        wtimeout(window, keys.isEmpty ? timeoutMs : 0)
        var value: wint_t = 0
        var status = wget_wch(window, &value)
        if status == ERR {
            if SignalRestore.takeResumed() { keys.append(.resize) }
            return keys
        }
        wtimeout(window, 0)
        var count = 0
        while status != ERR {
            if let key = Key.decode(value: UInt32(value), isKeyCode: status == KEY_CODE_YES),
               !(key == .resize && keys.contains(.resize)) {
                keys.append(key)
            }
            count += 1
            if count == Self.keysPerBatch {
                mayHaveQueuedKeys = true   // the rest comes with the next batch
                break
            }
            status = wget_wch(window, &value)
        }
        takeCellSizeReport(from: keys)
        return lateReplies.filter(keys)
    }

    /// Hands `bytes` (raw input, as read from the terminal) back to ncurses, to be read as keys
    /// before anything still unread, in order: `ungetch` pushes to the front, so they go in reverse.
    /// ncurses never decodes pushed-back bytes as a key's escape sequence (`ESC O A` would come out
    /// as Esc, `O`, `A`), so a sequence terminfo knows goes back as its key code (`KEY_UP`).
    internal func pushBack(_ bytes: [UInt8]) {
        guard !isRestored else { return }
        var codes: [Int32] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, let (code, length) = Self.knownKey(startingWith: bytes[index...]) {
                codes.append(code)
                index += length
            } else {
                codes.append(Int32(bytes[index]))
                index += 1
            }
        }
        // ncurses' push-back queue holds 137 keys, and once full it never reads as empty again (the
        // same keys come round for ever): past that, the rest of a paste is dropped.
        for code in codes.prefix(Self.pushBackLimit).reversed() { _ = ungetch(code) }
        // Nothing on the descriptor tells `waitForInput` about them: say so, or they wait for the next key.
        if !codes.isEmpty { mayHaveQueuedKeys = true }
    }

    /// At most this many keys are pushed back (ncurses' queue is `MAXCOLUMNS + 2` = 137 long).
    static let pushBackLimit = 128

    /// The key code of the sequence at the start of `bytes` that ncurses knows as a key, taken as
    /// ncurses reads keys: the first one complete (`key_defined` also answers for a key with more after it).
    private static func knownKey(startingWith bytes: ArraySlice<UInt8>) -> (code: Int32, length: Int)? {
        guard bytes.count >= 2 else { return nil }
        for length in 2...min(bytes.count, 16) {
            let code = String(decoding: bytes.prefix(length), as: UTF8.self).withCString { key_defined($0) }
            if code > 0 { return (code, length) }
        }
        return nil
    }

    /// Picks the answers to `CSI 16 t` and `CSI 14 t` asked after a resize (`ESC [ 6 ; height ; width t`,
    /// `ESC [ 4 ; height ; width t`) out of the keys; the sequences themselves are dropped with the
    /// other unknown ones.
    private func takeCellSizeReport(from keys: [Key]) {
        guard graphics.graphicsProtocol.drawsPixels, keys.count >= 7 else { return }
        for start in keys.indices where keys[start] == .escape && start + 1 < keys.count && keys[start + 1] == .char("[") {
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
            for key in keys[(start + 2)...].prefix(20) {
                guard case let .char(character) = key, let ascii = character.asciiValue else { break }
                bytes.append(ascii)
                if ascii == UInt8(ascii: "t") { break }
            }
            var parser = TerminalReplyParser()
            _ = parser.feed(bytes)
            if let size = parser.replies.cellSize {
                reportedCellSize = size
                cellPixelSize = size
            } else if let window = parser.replies.windowPixels, reportedCellSize == nil,
                      let size = CellPixelSize.measured(reply: nil, windowPixels: [(window.width, window.height)],
                                                        cells: (self.size.cols, self.size.rows)) {
                cellPixelSize = size
            }
        }
    }

    // MARK: - Output

    /// Shows `grid`, writing only the cells that differ from the previous draw (everything
    /// after ``resized()`` or when the grid's size changed). Cells beyond the terminal are
    /// dropped; screen area beyond the grid is left blank.
    public func draw(_ grid: CellGrid) {
        guard !isRestored else { return }
        let window = photory_stdscr()
        let (columns, rows) = size
        var full = false
        if previous == nil {
            _ = wclear(window)   // first draw, or after resized(): repaint the real screen
            full = true
        } else if previous?.width != grid.width || previous?.height != grid.height {
            _ = werase(window)
            full = true
        }
        let old = full ? nil : previous
        let overlay = writesColorsItself
        let visibleWidth = min(grid.width, columns)
        let visibleHeight = min(grid.height, rows)

        var written = 0
        var touchedRows: [Int] = []
        var repaintRows: [Int] = []
        var rowChanges: [Int: ImageOutput.RowChange] = [:]
        grid.cells.withUnsafeBufferPointer { cells in
            for y in 0..<visibleHeight {
                let base = y * grid.width
                var touched = false
                var repaint = false
                for x in 0..<visibleWidth {
                    let cell = cells[base + x]
                    if let old {
                        let before = old.cells[base + x]
                        if before == cell { continue }
                        if overlay, needsOverlay(before), !needsOverlay(cell) {
                            repaint = true
                        }
                    }
                    rowChanges[y] = ImageOutput.RowChange(changed: (rowChanges[y]?.changed.lowerBound ?? x)...x)
                    touched = true
                    if cell.isContinuation { continue }   // drawn with its wide glyph
                    if cell.width == 2 && x + 1 >= visibleWidth {
                        put(Cell(" ", style: cell.style), x: x, y: y, in: window)
                    } else {
                        put(cell, x: x, y: y, in: window)
                    }
                    written += 1
                }
                if touched { touchedRows.append(y) }
                if repaint { repaintRows.append(y) }
            }
        }
        let images = imageOutput.begin(grid.images, full: full, screenColumns: columns, screenRows: rows)
        repaintRows = Array(Set(repaintRows).union(images.changes.rowsToRepaint.filter { $0 < visibleHeight })).sorted()
        for y in repaintRows {
            _ = wredrawln(window, Int32(y), 1)
            rowChanges[y, default: ImageOutput.RowChange(changed: 0...0)].repainted = true
        }
        writeRaw(images.beforeCells)
        lastImageOutput = images.beforeCells
        _ = wnoutrefresh(window)
        _ = doupdate()

        cellsWrittenLastDraw = written
        repaintedRowsLastDraw = repaintRows
        truecolorCellsLastDraw = 0
        lastTruecolorOutput = []
        if overlay {
            writeTruecolor(grid, rows: full ? Array(0..<visibleHeight) : touchedRows,
                           width: visibleWidth)
        }
        let (imageBytes, postponed) = imageOutput.finish(images, full: full, rowChanges: rowChanges,
                                                         screenColumns: columns, screenRows: rows,
                                                         keyWaiting: isInputWaiting)
        writeRaw(imageBytes)
        lastImageOutput += imageBytes
        postponedImagesLastDraw = postponed
        previous = grid
    }

    /// Whether a key can be read now (never for a headless terminal reading /dev/null).
    private func isInputWaiting() -> Bool {
        guard inputFD >= 0 else { return false }
        if mayHaveQueuedKeys { return true }
        var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Writes `bytes` to the terminal after what ncurses has buffered, retrying short writes.
    private func writeRaw(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = fflush(output)
        TerminalQuery.writeAll(bytes, to: fileno(output))
    }

    /// Headless diagnostics: the text ncurses holds on `row` (wide glyphs once, trailing spaces
    /// trimmed), read with `mvwinnwstr`.
    public func readBack(row: Int) -> String {
        guard !isRestored else { return "" }
        let columns = size.cols
        var buffer = [wchar_t](repeating: 0, count: columns + 1)
        let count = mvwinnwstr(photory_stdscr(), Int32(row), 0, &buffer, Int32(columns))
        guard count != ERR else { return "" }
        var scalars = String.UnicodeScalarView()
        for value in buffer {
            if value == 0 { break }
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { scalars.append(scalar) }
        }
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Headless diagnostics: what ncurses holds in one cell — its text, palette colours
    /// (-1 for the terminal default) and whether it is bold.
    internal func inspectCell(x: Int, y: Int) -> (text: String, fg: Int, bg: Int, bold: Bool)? {
        guard !isRestored else { return nil }
        var cc = cchar_t()
        guard mvwin_wch(photory_stdscr(), Int32(y), Int32(x), &cc) != ERR else { return nil }
        var chars = [wchar_t](repeating: 0, count: 8)
        var attrs: attr_t = 0
        var shortPair: Int16 = 0
        var pair: Int32 = 0
        guard getcchar(&cc, &chars, &attrs, &shortPair, &pair) != ERR else { return nil }
        var fg: Int32 = -1
        var bg: Int32 = -1
        if pair > 0 { _ = extended_pair_content(pair, &fg, &bg) }
        let text = String(String.UnicodeScalarView(
            chars.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        return (text, Int(fg), Int(bg), attrs & photory_a_bold() != 0)
    }

    // MARK: - Internals

    /// At most this many keys per ``readKeys(timeoutMs:)``, so a flood of input still draws.
    static let keysPerBatch = 4096

    /// One live Terminal at a time (ncurses state is global).
    private static let slot = DispatchSemaphore(value: 1)

    /// `setlocale(LC_ALL, "")` as ncursesw needs, falling back to C.UTF-8 for character
    /// handling when the environment's locale is not UTF-8 (tests run in plain "C").
    private static func useUTF8Locale() {
        _ = setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Whether `cell` has a colour ncurses cannot show as the mode asks (see `writesColorsItself`).
    private func needsOverlay(_ cell: Cell) -> Bool { isBeyondNcurses(cell.fg) || isBeyondNcurses(cell.bg) }

    private func isBeyondNcurses(_ color: CellColor) -> Bool {
        switch color {
        case .default: return false
        case .rgb: return writesColorsItself
        case .indexed(let index): return Int(index) >= paletteSize && Int(index) < colorMode.paletteSize
        }
    }

    /// `cell` with its colours as the mode shows them, for its SGR sequence: 24-bit in truecolor,
    /// else the nearest palette entry the mode has.
    private func inMode(_ cell: Cell) -> Cell {
        guard colorMode != .truecolor else { return cell }
        func shown(_ color: CellColor) -> CellColor {
            ColorPalette.index(for: color, paletteSize: colorMode.paletteSize).map { .indexed(UInt8($0)) } ?? .default
        }
        var shownCell = cell
        shownCell.fg = shown(cell.fg)
        shownCell.bg = shown(cell.bg)
        return shownCell
    }

    /// Hands one cell to ncurses.
    private func put(_ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>?) {
        var attrs = photory_a_normal()
        if cell.attrs.contains(.bold) { attrs |= photory_a_bold() }
        if cell.attrs.contains(.dim) { attrs |= photory_a_dim() }
        if cell.attrs.contains(.reverse) { attrs |= photory_a_reverse() }
        if cell.attrs.contains(.underline) { attrs |= photory_a_underline() }
        if cell.attrs.contains(.invisible) { attrs |= photory_a_invis() }
        var pairNumber = pair(fg: cell.fg, bg: cell.bg)

        // A spacing character plus at most four combining ones (CCHARW_MAX is 5).
        var chars: [wchar_t] = []
        for scalar in cell.text.unicodeScalars.prefix(5) {
            chars.append(wchar_t(bitPattern: scalar.value))
        }
        chars.append(0)
        var cc = cchar_t()
        if setcchar(&cc, chars, attrs, 0, &pairNumber) == ERR {
            _ = setcchar(&cc, [wchar_t(0x3F), 0], attrs, 0, &pairNumber)   // "?"
        }
        _ = mvwadd_wch(window, Int32(y), Int32(x), &cc)
    }

    /// The extended colour pair for a foreground/background (0 = terminal defaults).
    private func pair(fg: CellColor, bg: CellColor) -> Int32 {
        var f = ColorPalette.index(for: fg, paletteSize: paletteSize) ?? -1
        var b = ColorPalette.index(for: bg, paletteSize: paletteSize) ?? -1
        if f < 0 && b < 0 { return 0 }
        if !hasDefaultColors {
            if f < 0 { f = 7 }
            if b < 0 { b = 0 }
        }
        let key = (f + 1) << 16 | (b + 1)
        if let known = pairs[key] { return known }
        let allocated = alloc_pair(Int32(f), Int32(b))
        guard allocated > 0 else { return 0 }
        if pairs.count > 60_000 { pairs.removeAll() }   // alloc_pair recycles old pairs by now
        pairs[key] = allocated
        return allocated
    }

    /// Writes every cell with a colour beyond ncurses (see `needsOverlay`) in `rows` with its
    /// colours as the mode shows them, after ncurses has drawn its approximation.
    private func writeTruecolor(_ grid: CellGrid, rows: [Int], width: Int) {
        var out: [UInt8] = []
        var count = 0
        var cursor: (x: Int, y: Int)? = nil
        var lastSGR: [UInt8] = []
        for y in rows {
            let base = y * grid.width
            for x in 0..<width {
                let cell = grid.cells[base + x]
                guard needsOverlay(cell), !cell.isContinuation else { continue }
                if out.isEmpty { out += [0x1B, 0x37] }   // ESC 7: save cursor and attributes
                if cursor == nil || cursor! != (x, y) {
                    out += Array("\u{1b}[\(y + 1);\(x + 1)H".utf8)
                }
                let sgr = SGR.sequence(for: inMode(cell))
                if sgr != lastSGR {
                    out += sgr
                    lastSGR = sgr
                }
                let wide = cell.width == 2 && x + 1 < width
                out += Array((wide || cell.width == 1 ? cell.text : " ").utf8)
                cursor = (x + (wide ? 2 : 1), y)
                count += 1
            }
        }
        guard !out.isEmpty else { return }
        out += Array("\u{1b}[0m".utf8)
        out += [0x1B, 0x38]   // ESC 8: restore what ncurses expects
        writeRaw(out)
        truecolorCellsLastDraw = count
        lastTruecolorOutput = out
    }
}
