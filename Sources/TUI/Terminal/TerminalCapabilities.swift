import CNcurses
import Glibc

/// What the terminal can show, found once at start-up: colours (from `COLORTERM`, terminfo and,
/// under a poor terminfo entry, the terminal's version), how photos can be drawn as pixels
/// (`GraphicsDetector`, asking the terminal once with `TerminalQuery` when that needs its
/// answers), and what one cell measures in pixels (re-measured on resize and from the answers
/// the terminal sends then).
struct TerminalCapabilities {
    /// How the graphics protocol is decided.
    enum GraphicsSource {
        /// Detect it (the real terminal).
        case asking(GraphicsChoice)
        /// Use this (headless tests).
        case given(GraphicsDetector.Detection, CellPixelSize)
    }

    /// How colours are shown (detected, or as overridden).
    let colorMode: ColorMode
    /// Palette entries ncurses may use (0: no colour): the mode's, or fewer when terminfo says so.
    let paletteSize: Int
    /// Whether ncurses accepted -1 as "terminal default" colour.
    let hasDefaultColors: Bool
    /// How photos can be drawn as pixels here, and why (symbols unless asked for and found).
    let graphics: GraphicsDetector.Detection
    /// Why the images asked for cannot be seen, when that is known (tmux without passthrough).
    let graphicsWarning: String?
    /// The largest image the terminal shows: for sixel, what it answered to XTSMGRAPHICS, else
    /// `PixelFormat.safeSixelSize`; nil for the other protocols.
    var maxImageSize: TerminalReplies.WindowPixels?
    /// What one cell measures in pixels.
    private(set) var cellPixelSize: CellPixelSize
    /// The cell size the terminal itself reported (`CSI 16 t`), which wins over the window's pixels.
    private var reportedCellSize: CellPixelSize?

    /// Finds them, with ncurses started (`start_color` done, its colour count `terminfoColors`).
    /// Returns them and the bytes typed while the terminal was asked, to be read as keys.
    static func detect(_ source: GraphicsSource, colorModeOverride: ColorMode?, terminfoColors colors: Int,
                       hasDefaultColors: Bool, inputFD: Int32, output: UnsafeMutablePointer<FILE>)
        -> (capabilities: TerminalCapabilities, typedMeanwhile: [UInt8]) {
        var environment: [String: String] = [:]
        for name in ["COLORTERM"] + GraphicsDetector.environmentNames {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        var typed: [UInt8] = []
        var terminalVersion: String?
        var reported: CellPixelSize?
        var warning: String?
        var maxImageSize: TerminalReplies.WindowPixels?
        let graphics: GraphicsDetector.Detection
        let cellSize: CellPixelSize
        switch source {
        case let .given(detection, size):
            graphics = detection
            cellSize = size
        case let .asking(choice):
            var replies = TerminalReplies()
            // A poor terminfo entry (TERM=xterm: 8 colours) with colours to detect: ask what the terminal is.
            let colorsFromVersion = colorModeOverride == nil && colors < 256
                && ColorMode.detect(environment: environment, terminfoColors: colors) != .truecolor
            if GraphicsDetector.needsReplies(choice, environment: environment) || colorsFromVersion {
                _ = fflush(output)
                let multiplexed = GraphicsDetector.multiplexer(environment: environment, version: nil) != nil
                let answer = TerminalQuery.ask(inputFD: inputFD, outputFD: fileno(output),
                                               queries: multiplexed ? TerminalReplyParser.multiplexerQueries
                                                   : TerminalReplyParser.startupQueries)
                replies = answer.replies
                typed = answer.typed
            }
            terminalVersion = replies.terminalVersion
            reported = replies.cellSize
            let measured = measuredCellSize(fd: fileno(output), reported: replies.cellSize, window: replies.windowPixels)
            cellSize = measured ?? .fallback
            var detection = GraphicsDetector.detect(choice, environment: environment, replies: replies,
                                                    cellSizeKnown: measured != nil)
            if detection.tmuxPassthrough, TmuxPane.allowsPassthrough() == false {
                // tmux would drop every image and leave the photo blank: character art instead.
                detection = GraphicsDetector.Detection(
                    graphicsProtocol: .symbols, tmuxPassthrough: false,
                    reason: "--graphics \(detection.graphicsProtocol.rawValue), but tmux has allow-passthrough off")
                warning = "Character art: tmux needs `set -g allow-passthrough on` for images"
            }
            graphics = detection
            if detection.graphicsProtocol == .sixel { maxImageSize = replies.sixelMaxSize ?? PixelFormat.safeSixelSize }
        }
        let mode = colorModeOverride
            ?? ColorMode.detect(environment: environment, terminfoColors: colors, terminalVersion: terminalVersion)
        let capabilities = TerminalCapabilities(colorMode: mode, paletteSize: min(mode.paletteSize, colors),
                                                hasDefaultColors: hasDefaultColors, graphics: graphics,
                                                graphicsWarning: warning, maxImageSize: maxImageSize, cellPixelSize: cellSize,
                                                reportedCellSize: reported)
        return (capabilities, typed)
    }

    /// After a resize (or a font change): the cell size as the terminal on `fd` measures now.
    mutating func remeasure(fd: Int32) {
        cellPixelSize = Self.measuredCellSize(fd: fd, reported: reportedCellSize, window: nil) ?? cellPixelSize
    }

    /// Takes an answer to `CSI 16 t` / `CSI 14 t` the terminal sent with the keys, on a screen of
    /// `cells` columns and rows.
    mutating func take(_ reply: TerminalReplies, cells: (cols: Int, rows: Int)) {
        if let size = reply.cellSize {
            reportedCellSize = size
            cellPixelSize = size
        } else if let window = reply.windowPixels, reportedCellSize == nil,
                  let size = CellPixelSize.measured(reply: nil, windowPixels: [(window.width, window.height)],
                                                    cells: (cells.cols, cells.rows)) {
            cellPixelSize = size
        }
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
}
