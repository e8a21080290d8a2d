import CNcurses
import Glibc

/// The ``TerminalBackend`` `Terminal` draws through: changed cells go to ncurses (`setcchar` +
/// `mvwadd_wch`, colours through `alloc_pair` extended pairs), then `wnoutrefresh` + `doupdate`;
/// ncurses itself emits only what differs from the screen. Needs the ncurses screen `Terminal`
/// set up, and only one thread.
///
/// **Colours beyond ncurses.** ncurses emits 24-bit colour only with a direct-colour terminfo
/// entry, which almost nobody uses. In ``ColorMode/truecolor`` a cell with an `.rgb` colour goes to
/// ncurses with the nearest 256-palette colour; after `doupdate` we write the exact colours
/// ourselves (`ESC 7`, cursor moves and SGR `38;2`/`48;2`, `ESC 8`, so ncurses' idea of cursor and
/// attributes stays right). Because ncurses may repaint any cell of a row it updates (it rewrites
/// short unchanged runs, clears to end/beginning of line), we rewrite every rgb cell of every row
/// ncurses was given changes in. And because ncurses doesn't know a cell shows a colour other than
/// the one it wrote, a row where an rgb cell becomes a non-rgb cell is marked corrupt with
/// `wredrawln`, so ncurses repaints it whole and no stale colour stays. The same goes for palette
/// colours terminfo does not allow: `--colors 256` under a stock `TERM=xterm` (8 colours) shows
/// 256 colours, written as SGR `38;5`/`48;5` by us.
final class NcursesBackend: TerminalBackend {
    /// How colours are shown.
    let colorMode: ColorMode
    /// Palette entries ncurses may use (0: no colour): the mode's, or fewer when terminfo says so.
    private let paletteSize: Int
    /// Whether some colours of the mode are beyond ncurses (24-bit colour; palette entries past what
    /// terminfo allows): cells with them are written as SGR sequences after ncurses (see the type).
    private let writesColorsItself: Bool
    /// Whether ncurses accepted -1 as "terminal default" colour.
    private let hasDefaultColors: Bool
    private let output: UnsafeMutablePointer<FILE>
    private var pairs: [Int: Int32] = [:]
    /// What ``stage(_:of:repaintingRows:)`` took, for the colours written after ``flush()``.
    private var staged: (diff: CellDiff, grid: CellGrid)?

    /// Cells the last ``flush()`` wrote itself as SGR (truecolor, or palette colours beyond terminfo).
    private(set) var truecolorCellsLastFlush = 0
    /// The bytes the last ``flush()`` wrote itself after `doupdate`.
    private(set) var lastTruecolorOutput: [UInt8] = []

    /// `paletteSize`: the entries ncurses may use; `hasDefaultColors`: whether `use_default_colors` worked.
    init(output: UnsafeMutablePointer<FILE>, colorMode: ColorMode, paletteSize: Int, hasDefaultColors: Bool) {
        self.output = output
        self.colorMode = colorMode
        self.paletteSize = paletteSize
        self.hasDefaultColors = hasDefaultColors
        writesColorsItself = colorMode == .truecolor || colorMode.paletteSize > paletteSize
    }

    var size: (cols: Int, rows: Int) { (Int(photory_cols()), Int(photory_lines())) }

    func clear(repaintingScreen: Bool) {
        // wclear: ncurses repaints the real screen at the next update; werase only blanks its copy.
        _ = repaintingScreen ? wclear(photory_stdscr()) : werase(photory_stdscr())
    }

    func stage(_ diff: CellDiff, of grid: CellGrid, repaintingRows: [Int]) -> [Int] {
        let window = photory_stdscr()
        var repaint = Set(repaintingRows)
        for row in diff.rows {
            for run in row.runs {
                if writesColorsItself, zip(run.replaced, run.cells).contains(where: { needsOverlay($0) && !needsOverlay($1) }) {
                    repaint.insert(row.y)
                }
                for (x, cell) in run.glyphs { put(cell, x: x, y: row.y, in: window) }
            }
        }
        let rows = repaint.sorted()
        for y in rows { _ = wredrawln(window, Int32(y), 1) }
        staged = (diff, grid)
        return rows
    }

    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = fflush(output)
        TerminalQuery.writeAll(bytes, to: fileno(output))
    }

    func flush() {
        _ = wnoutrefresh(photory_stdscr())
        _ = doupdate()
        truecolorCellsLastFlush = 0
        lastTruecolorOutput = []
        if writesColorsItself, let (diff, grid) = staged {
            writeTruecolor(grid, rows: diff.rows.map(\.y), width: diff.visibleColumns)
        }
        staged = nil
    }

    // MARK: - Reading back (headless tests)

    /// The text ncurses holds on `row` (wide glyphs once, trailing spaces trimmed), read with `mvwinnwstr`.
    func readBack(row: Int) -> String {
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

    /// What ncurses holds in one cell — its text, palette colours (-1 for the terminal default) and
    /// whether it is bold.
    func inspectCell(x: Int, y: Int) -> (text: String, fg: Int, bg: Int, bold: Bool)? {
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
        var cc = cchar_t()
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { chars in
            var count = 0
            for scalar in cell.text.unicodeScalars.prefix(5) {
                chars[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            chars[count] = 0
            if setcchar(&cc, chars.baseAddress, attrs, 0, &pairNumber) == ERR {
                chars[0] = 0x3F   // "?"
                chars[1] = 0
                _ = setcchar(&cc, chars.baseAddress, attrs, 0, &pairNumber)
            }
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
        var lastStyle: Style? = nil
        for y in rows {
            let base = y * grid.width
            for x in 0..<width {
                let cell = grid.cells[base + x]
                guard needsOverlay(cell), !cell.isContinuation else { continue }
                if out.isEmpty { out += [0x1B, 0x37] }   // ESC 7: save cursor and attributes
                if cursor == nil || cursor! != (x, y) {
                    out += [0x1B, 0x5B]   // ESC [ row ; column H
                    out += String(y + 1).utf8
                    out.append(0x3B)
                    out += String(x + 1).utf8
                    out.append(0x48)
                }
                let shown = inMode(cell)
                if shown.style != lastStyle {
                    SGR.append(shown, to: &out)
                    lastStyle = shown.style
                }
                let cellWidth = cell.width
                let wide = cellWidth == 2 && x + 1 < width
                if wide || cellWidth == 1 { out += cell.text.utf8 } else { out.append(0x20) }
                cursor = (x + (wide ? 2 : 1), y)
                count += 1
            }
        }
        guard !out.isEmpty else { return }
        out += Array("\u{1b}[0m".utf8)
        out += [0x1B, 0x38]   // ESC 8: restore what ncurses expects
        write(out)
        truecolorCellsLastFlush = count
        lastTruecolorOutput = out
    }
}
