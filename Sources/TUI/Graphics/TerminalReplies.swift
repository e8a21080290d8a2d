/// What the terminal answered to the start-up queries (`TerminalReplyParser.startupQueries`).
/// Every field is nil when that reply did not come; text from the terminal is already cleaned.
public struct TerminalReplies: Equatable, Sendable {
    /// The kitty graphics protocol's answer to the query image `i=31`.
    public enum KittyGraphics: Equatable, Sendable {
        /// `ESC _ G i=31;OK ESC \`: the terminal can show kitty images.
        case ok
        /// Any other answer, with the terminal's message (e.g. `ENOTSUPPORTED:…`).
        case error(String)
    }

    /// XTVERSION's text, e.g. `XTerm(379)`, `kitty(0.26.5)`, `WezTerm 20230712`, `foot(1.13.1)`.
    public var terminalVersion: String?
    /// The answer to the kitty graphics query.
    public var kittyGraphics: KittyGraphics?
    /// The cell size the terminal reported (`CSI 16 t`), when plausible.
    public var cellSize: CellPixelSize?
    /// The text area's size in pixels the terminal reported (`CSI 14 t`): divided by the cells when
    /// the cell size itself was not reported.
    public var windowPixels: WindowPixels?
    /// The primary device attributes (DA1) parameters; their arrival ends the start-up exchange.
    public var deviceAttributes: [Int]?
    /// The largest sixel image the terminal shows (XTSMGRAPHICS, `CSI ? 2 ; 0 ; width ; height S`):
    /// xterm leaves a larger one blank (its `maxGraphicSize`, 1000×1000 unless set).
    public var sixelMaxSize: WindowPixels?

    /// A size in pixels.
    public struct WindowPixels: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public init(terminalVersion: String? = nil, kittyGraphics: KittyGraphics? = nil,
                cellSize: CellPixelSize? = nil, windowPixels: WindowPixels? = nil, deviceAttributes: [Int]? = nil,
                sixelMaxSize: WindowPixels? = nil) {
        self.terminalVersion = terminalVersion
        self.kittyGraphics = kittyGraphics
        self.cellSize = cellSize
        self.windowPixels = windowPixels
        self.deviceAttributes = deviceAttributes
        self.sixelMaxSize = sixelMaxSize
    }

    /// True when DA1 lists `4` (sixel graphics) among its parameters after the first (the device class).
    public var sixel: Bool {
        guard let attributes = deviceAttributes, attributes.count > 1 else { return false }
        return attributes.dropFirst().contains(4)
    }
}
