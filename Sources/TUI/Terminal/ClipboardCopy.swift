import Foundation

/// Puts text on the clipboard of the terminal the user sits at, wherever photory runs (over
/// SSH too): OSC 52, `ESC ] 52 ; c ; BASE64 BEL`. xterm (with `allowWindowOps`), kitty,
/// iTerm2, WezTerm, foot, Windows Terminal and others take it.
///
/// Inside tmux the sequence goes twice: wrapped in the passthrough (`TmuxPassthrough`,
/// reaching the outer terminal when `allow-passthrough` is on) and as it is (tmux takes it
/// into its own buffer and passes it on when `set-clipboard` is on). Either way it arrives.
enum ClipboardCopy {
    /// The bytes to write for `text` (a file name's own bytes, UTF-8 or not).
    static func sequence(for text: [UInt8], insideTmux: Bool) -> [UInt8] {
        let plain = Array("\u{1B}]52;c;".utf8) + Array(Data(text).base64EncodedString().utf8) + [0x07]
        return insideTmux ? TmuxPassthrough.wrap(plain) + plain : plain
    }

    /// Whether photory runs inside tmux (`TMUX` set).
    static var insideTmux: Bool { !(ProcessInfo.processInfo.environment["TMUX"] ?? "").isEmpty }
}
