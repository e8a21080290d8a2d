/// Turns the terminal's mouse reports among the keys into `Key.mouse` events: SGR reports
/// (`ESC [ < button ; column ; row M` for a press, `m` for a release: mode 1006, which works at
/// any width and is what xterm and tmux send once asked) and the older X10 ones (`ESC [ M` and
/// three bytes, from a terminal without 1006). A press and a release on the same cell make a
/// click; a second click there within `doubleClickInterval` a double-click; buttons 4 and 5 the
/// wheel. Drags, other buttons and modifiers are dropped. Pure but for the time it is given.
///
/// ncurses would decode reports itself, but only in the format its terminfo entry names (`XM`,
/// `kmous`): under tmux (`TERM=screen` or `tmux-256color`) that is X10, which cannot say a column
/// past 223. So `Terminal` switches reporting on with `mousemask`, asks for SGR on top, and turns
/// ncurses' own decoding off (`keyok(KEY_MOUSE, false)`): the reports reach the keys as bytes
/// and this one reader decodes them, everywhere the same.
struct MouseReader {
    /// The longest between two clicks of a double-click, in seconds.
    static let doubleClickInterval = 0.4

    /// Where the left button went down (its release there makes a click).
    private var pressedAt: (x: Int, y: Int)?
    /// The last click, for the next one to make a double-click.
    private var lastClick: (x: Int, y: Int, time: Double)?
    /// The start of a report cut off at the end of the last batch.
    private var held: [Key] = []

    /// `keys` (read at `now`, seconds on any steady clock) with each mouse report replaced by its
    /// event, or taken out when it makes none (a press, a drag). A report cut off at the end
    /// waits for the next batch.
    mutating func take(_ keys: [Key], now: Double) -> [Key] {
        let all = held + keys
        held = []
        guard all.contains(.escape) else { return all }
        var result: [Key] = []
        var index = 0
        while index < all.count {
            let rest = all[index...]
            if all[index] == .escape {
                if let (report, length) = Self.report(in: rest) {
                    index += length
                    if let event = event(for: report, now: now) { result.append(.mouse(event)) }
                    continue
                }
                if Self.isUnfinished(rest) {
                    held = Array(rest)
                    break
                }
            }
            result.append(all[index])
            index += 1
        }
        return result
    }

    // MARK: - Clicks from presses and releases

    /// One report: the button number as the terminal codes it, the cell, and whether it is a release.
    struct Report: Equatable {
        var button: Int
        var x: Int
        var y: Int
        var isRelease: Bool
    }

    private mutating func event(for report: Report, now: Double) -> MouseEvent? {
        let button = report.button & ~(4 | 8 | 16)   // without Shift, Meta and Ctrl
        if report.button & 32 != 0 { return nil }   // motion (a drag)
        switch button {
        case 64: return MouseEvent(.wheelUp, x: report.x, y: report.y)
        case 65: return MouseEvent(.wheelDown, x: report.x, y: report.y)
        case 0 where !report.isRelease:
            pressedAt = (report.x, report.y)
            return nil
        case 0, 3:   // the left button's release (X10 says 3 for any release)
            guard let pressed = pressedAt, pressed == (report.x, report.y) else {
                pressedAt = nil
                return nil
            }
            pressedAt = nil
            if let last = lastClick, last.x == report.x, last.y == report.y, now - last.time <= Self.doubleClickInterval {
                lastClick = nil   // a third click starts again
                return MouseEvent(.doubleClick, x: report.x, y: report.y)
            }
            lastClick = (report.x, report.y, now)
            return MouseEvent(.click, x: report.x, y: report.y)
        default:
            return nil
        }
    }

    // MARK: - Parsing

    /// The report at the start of `keys` (which starts with Esc) and how many keys it takes.
    static func report(in keys: ArraySlice<Key>) -> (Report, Int)? {
        let start = keys.startIndex
        guard keys.count >= 3, keys[start + 1] == .char("[") else { return nil }
        if keys[start + 2] == .char("<") { return sgrReport(in: keys) }
        if keys[start + 2] == .char("M"), keys.count >= 6 {
            // X10: button, column and row as one character each, offset by 32 (1-based).
            let codes = keys[(start + 3)...].prefix(3).map { key -> Int? in
                guard case let .char(c) = key, let value = c.unicodeScalars.first?.value else { return nil }
                return Int(value) - 32
            }
            guard let button = codes[0], let x = codes[1], let y = codes[2], x >= 1, y >= 1 else { return nil }
            return (Report(button: button, x: x - 1, y: y - 1, isRelease: button & 3 == 3 && button < 64), 6)
        }
        return nil
    }

    /// `ESC [ < b ; x ; y M|m`.
    private static func sgrReport(in keys: ArraySlice<Key>) -> (Report, Int)? {
        var numbers: [Int] = [0]
        var index = keys.startIndex + 3
        while index < keys.endIndex, index - keys.startIndex < 24 {
            guard case let .char(c) = keys[index] else { return nil }
            if let digit = c.wholeNumberValue, c.isASCII {
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + digit, 100_000)
            } else if c == ";" {
                numbers.append(0)
            } else if c == "M" || c == "m" {
                guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
                let report = Report(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, isRelease: c == "m")
                return (report, index - keys.startIndex + 1)
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// A report begun and cut off by the end of `keys`: `ESC [ <` and digits and semicolons only,
    /// or `ESC [ M` with fewer than three bytes after it.
    private static func isUnfinished(_ keys: ArraySlice<Key>) -> Bool {
        let start = keys.startIndex
        guard keys.count >= 3, keys[start + 1] == .char("[") else { return false }
        if keys[start + 2] == .char("M") { return keys.count < 6 }
        guard keys[start + 2] == .char("<") else { return false }
        return keys.count < 24 && keys.dropFirst(3).allSatisfy { key in
            guard case let .char(c) = key else { return false }
            return c == ";" || (c.isASCII && c.isNumber)
        }
    }
}
