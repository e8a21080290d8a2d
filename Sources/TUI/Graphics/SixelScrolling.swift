/// The sixel mode photos are drawn in: sixel scrolling on (DECSDM, `CSI ? 80`, reset), so an image
/// starts at the cursor. With it set (xterm's `sixelScrolling: false`, which some users configure),
/// every image lands at the top-left corner, over the title line.
///
/// The mode is saved and reset when the terminal is taken over, and put back when it is given back
/// (also from a signal handler): xterm's XTSAVE/XTRESTORE (`CSI ? 80 s`, `CSI ? 80 r`). A terminal
/// without them ignores them and is left with sixel scrolling on, its usual default.
enum SixelScrolling {
    /// Saves the mode, then turns sixel scrolling on.
    static let take: [UInt8] = Array("\u{1B}[?80s\u{1B}[?80l".utf8)
    /// Puts the saved mode back.
    static let giveBack: [UInt8] = Array("\u{1B}[?80r".utf8)
}
