import Library

/// A screen's worth of ``Cell``s, row-major: what the screens draw into and what
/// `Terminal.draw(_:)` copies to the terminal.
///
/// Every write keeps double-width glyphs whole: a wide glyph is always followed by its
/// continuation cell, overwriting either half of a wide glyph turns the other half into a
/// blank (keeping its colours), and a wide glyph that would not fit becomes a space.
public struct CellGrid: Hashable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// All cells, row by row (`cells[y * width + x]`).
    public private(set) var cells: [Cell]
    /// Images drawn over the cells after they are flushed (sixel, kitty, iTerm2), in drawing order.
    /// The cells under an image are left blank by the screen that placed it.
    public var images: [PlacedImage] = []

    /// A grid of `width` × `height` cells, all set to `fill` (which should be narrow).
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole grid as a rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`. Reading outside the grid gives ``Cell/blank``; writing
    /// outside is ignored. Writing keeps wide glyphs whole (see the type's description).
    public subscript(x x: Int, y y: Int) -> Cell {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return .blank }
            return cells[y * width + x]
        }
        set { set(newValue, x: x, y: y) }
    }

    /// `grid[x, y]`: the same as `grid[x: x, y: y]`.
    public subscript(x: Int, y: Int) -> Cell {
        get { self[x: x, y: y] }
        set { self[x: x, y: y] = newValue }
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        precondition(y >= 0 && y < height, "row \(y) outside a grid of height \(height)")
        return cells[(y * width)..<(y * width + width)]
    }

    // MARK: - Writing

    /// Writes `text` from column `x` of row `y` and returns how many columns it advanced.
    ///
    /// Control characters are dropped; wide glyphs take two columns and combining marks none.
    /// Output stops at `maxWidth` columns or at the grid's right edge, whichever comes first;
    /// a wide glyph that would straddle that limit is replaced by one space (so the result can
    /// be one column short of what the text wanted, never over). Columns left of the grid
    /// (negative `x`) are counted but not written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain,
                             maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(maxWidth ?? Int.max, width - x)
        guard limit > 0 else { return 0 }
        var column = 0
        // Whole escape sequences go, not just their control characters.
        let text = text.unicodeScalars.contains(where: DisplayWidth.isStripped) ? DisplayWidth.sanitized(text) : text
        for character in text {
            guard let glyph = Self.displayable(character) else { continue }
            let glyphWidth = glyph.width
            if column + glyphWidth > limit {
                if column < limit {   // a wide glyph with one column left: pad
                    set(Cell(" ", style: style), x: x + column, y: y)
                    column += 1
                }
                break
            }
            let cellX = x + column
            if cellX >= 0 {
                var cell = glyph
                cell.style = style
                set(cell, x: cellX, y: y)
            } else if cellX + glyphWidth > 0 {
                set(Cell(" ", style: style), x: 0, y: y)   // wide glyph cut by the left edge
            }
            column += glyphWidth
        }
        return column
    }

    /// `text` as wide as `width` at most, cut at its start: "…/photos/IMG_1.jpx: no such
    /// folder" keeps the reason and the end of a path, where the telling part usually is.
    public static func keepingTheEnd(_ text: String, width: Int) -> String {
        let clean = DisplayWidth.sanitized(text)
        guard clean.displayWidth > width, width > 1 else { return CellGrid.truncated(clean, toWidth: width) }
        var tail = ""
        var used = 0
        for character in clean.reversed() {
            let w = character.displayWidth
            if used + w > width - 1 { break }
            tail.insert(character, at: tail.startIndex)
            used += w
        }
        return "…" + tail
    }

    /// `text` shortened to at most `width` display columns, ending in "…" when cut.
    /// Control characters are removed first.
    public static func truncated(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let clean = DisplayWidth.sanitized(text)
        if clean.displayWidth <= width { return clean }
        var result = ""
        var used = 0
        for character in clean {
            let w = character.displayWidth
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Sets every cell of `rect` (clipped to the grid) to `cell`. A wide `cell` is repeated
    /// every two columns, with a trailing space when the width is odd.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let step = max(1, cell.width)
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x < area.maxX {
                if x + step > area.maxX {
                    set(Cell(" ", style: cell.style), x: x, y: y)
                } else {
                    set(cell, x: x, y: y)
                }
                x += step
            }
        }
    }

    /// Copies `rows` (for example the output of `ChafaRenderer`) with its top-left corner at
    /// (`x`, `y`), clipped to the grid.
    public mutating func blit(_ rows: [[Cell]], at x: Int, y: Int) {
        for (dy, rowCells) in rows.enumerated() {
            let ty = y + dy
            guard ty >= 0, ty < height else { continue }
            for (dx, cell) in rowCells.enumerated() {
                let tx = x + dx
                guard tx >= 0 else { continue }
                guard tx < width else { break }
                set(cell, x: tx, y: ty)
            }
        }
    }

    // MARK: - Reading

    /// The grid as plain text, one line per row, trailing spaces trimmed (for snapshot tests).
    public func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for cell in row(y) where !cell.isContinuation { line += cell.text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// ``lines()`` joined with newlines.
    public func text() -> String { lines().joined(separator: "\n") }

    // MARK: - Internals

    /// A one-grapheme cell for `character` without control characters, or nil when nothing
    /// displayable (or only zero-width scalars) remains.
    static func displayable(_ character: Character) -> Cell? {
        if character.isASCII {
            guard let value = character.asciiValue, value >= 0x20, value != 0x7F else {
                return nil
            }
            return Cell(String(character))
        }
        var text = String(character)
        if text.unicodeScalars.contains(where: { DisplayWidth.isStripped($0) || PathBytes.isEscape($0) }) {
            text = DisplayWidth.sanitized(text)
        }
        guard let first = text.unicodeScalars.first, DisplayWidth.of(first) > 0 else { return nil }
        return Cell(text)
    }

    /// Writes one cell, keeping wide glyphs whole.
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let i = y * width + x
        if cell.isContinuation {
            // A continuation is only valid right after a wide glyph, which already put one here.
            if x > 0, cells[i - 1].width == 2 {
                cells[i] = .continuation(of: cells[i - 1])
            } else {
                breakWideGlyph(at: i, x: x)
                cells[i] = Cell(" ", style: cell.style)
            }
            return
        }
        breakWideGlyph(at: i, x: x)
        if cell.width == 2 {
            guard x + 1 < width else {
                cells[i] = Cell(" ", style: cell.style)
                return
            }
            cells[i] = cell
            // The continuation replaces whatever was at x + 1.
            if cells[i + 1].width == 2, x + 2 < width, cells[i + 2].isContinuation {
                cells[i + 2] = Cell(" ", style: cells[i + 2].style)
            }
            cells[i + 1] = .continuation(of: cell)
        } else {
            cells[i] = cell
        }
    }

    /// Before cell `i` is overwritten: blank the other half of a wide glyph it belongs to.
    private mutating func breakWideGlyph(at i: Int, x: Int) {
        let old = cells[i]
        if old.isContinuation {
            if x > 0, cells[i - 1].width == 2 {
                cells[i - 1] = Cell(" ", style: cells[i - 1].style)
            }
        } else if old.width == 2, x + 1 < width, cells[i + 1].isContinuation {
            cells[i + 1] = Cell(" ", style: cells[i + 1].style)
        }
    }
}
