import CNcurses

/// A key press (or a terminal resize) as read by `Terminal.readKeys(timeoutMs:)`.
public enum Key: Hashable, Sendable {
    /// A printable character.
    case char(Character)
    /// Ctrl plus a letter (lowercase, `.ctrl("a")` for Ctrl-A) or one of `@ [ \ ] ^ _`.
    /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as `.backspace`, `.tab` and `.enter`, since
    /// terminals send the same bytes for them.
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    /// The terminal changed size; call `Terminal.resized()` before the next draw.
    case resize
    /// F1…F63.
    case function(Int)
    /// A click, double-click or wheel turn (see `MouseReader`); never bound to an action.
    case mouse(MouseEvent)

    /// Decodes one `wget_wch` result: `isKeyCode` is true when it returned `KEY_CODE_YES`
    /// (then `value` is a `KEY_*` code), false for a character. Returns nil for keys this
    /// program has no use for.
    public static func decode(value: UInt32, isKeyCode: Bool) -> Key? {
        if isKeyCode {
            switch Int32(bitPattern: value) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            // xterm's terminfo calls ESC[1~ and ESC[4~ Find and Select: that is what Home and
            // End send in tmux, screen and the Linux console when TERM says xterm.
            case KEY_HOME, KEY_FIND: return .home
            case KEY_END, KEY_SELECT: return .end
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            case KEY_DC: return .delete
            case KEY_RESIZE: return .resize
            case let code where code > KEY_F0 && code < KEY_F0 + 64: return .function(Int(code - KEY_F0))
            default: return nil
            }
        }
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 96)))   // Ctrl-A → "a"
        case 0, 28...31: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 64)))   // @ \ ] ^ _
        case 0x80..<0xA0: return nil   // C1 controls
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// `keys` without escape sequences terminfo did not know (with a wrong `TERM`, End may
    /// arrive as Esc `[` `F`): Esc followed by `[` (CSI, up to its final byte) or `O` (SS3,
    /// one more key) is dropped, so an unknown key does nothing instead of acting as Esc.
    /// So are the terminal's string answers (`ESC P … ESC \`, `ESC _ … ESC \`) that came too
    /// late for the start-up exchange.
    public static func droppingUnknownEscapeSequences(_ keys: [Key]) -> [Key] {
        guard keys.count > 1, keys.contains(.escape) else { return keys }
        var result: [Key] = []
        var index = 0
        while index < keys.count {
            guard keys[index] == .escape, index + 1 < keys.count else {
                result.append(keys[index])
                index += 1
                continue
            }
            switch keys[index + 1] {
            case .char("["):
                index += 2
                // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
                while index < keys.count, case let .char(c) = keys[index], let v = c.asciiValue, (0x20...0x3F).contains(v) {
                    index += 1
                }
                if index < keys.count, case let .char(c) = keys[index], let v = c.asciiValue, (0x40...0x7E).contains(v) {
                    index += 1
                }
            case .char("O"):
                index += min(3, keys.count - index)
            case .char("P"), .char("_"):
                // A terminal's late answer to a start-up query (XTVERSION, kitty graphics), up to
                // its ESC \; without the terminator it was Alt+P or Alt+_ and stays.
                let body = (index + 2)..<keys.count
                if let end = body.first(where: { keys[$0] == .escape && $0 + 1 < keys.count && keys[$0 + 1] == .char("\\") }) {
                    index = end + 2
                } else {
                    result.append(keys[index])
                    index += 1
                }
            default:
                result.append(keys[index])
                index += 1
            }
        }
        return result
    }
}
