/// A drawing surface of braille dots, two columns by four rows of dots per terminal cell
/// (the Unicode braille block, U+2800–U+28FF), for line art such as the map's coastlines.
///
/// Coordinates are in dots, origin at the top-left. Each cell has one style: the style of the
/// last dot set in it (draw the less important lines first).
public struct BrailleCanvas: Sendable {
    /// Size in cells.
    public let columns: Int
    public let rows: Int
    /// Size in dots.
    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    /// The dot bits of each cell, row-major, in the braille pattern's bit order.
    private var bits: [UInt8]
    private var styles: [Style]

    /// The bit of the dot at column `x` (0–1), row `y` (0–3) of a cell: dots 1-2-3-7 run down
    /// the left column, 4-5-6-8 down the right.
    private static let bit: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// An empty canvas of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        styles = Array(repeating: .plain, count: self.columns * self.rows)
    }

    // MARK: - Drawing

    /// Sets the dot at (`x`, `y`); dots outside the canvas are ignored.
    public mutating func set(x: Int, y: Int, style: Style = .plain) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        bits[cell] |= Self.bit[x % 2][y % 4]
        styles[cell] = style
    }

    /// True when the dot at (`x`, `y`) is set.
    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return bits[(y / 4) * columns + x / 2] & Self.bit[x % 2][y % 4] != 0
    }

    /// Draws a straight line of dots between two points given in (fractional) dots; the part
    /// outside the canvas is clipped away first, so far-away ends cost nothing.
    public mutating func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double),
                              style: Style = .plain) {
        guard let (a, b) = Self.clip(start, end, width: Double(dotWidth), height: Double(dotHeight)) else { return }
        line(from: (Int(a.x.rounded(.down)), Int(a.y.rounded(.down))),
             to: (Int(b.x.rounded(.down)), Int(b.y.rounded(.down))), style: style)
    }

    /// Draws a line of dots from one dot to another, both included (Bresenham).
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), style: Style = .plain) {
        var (x, y) = start
        let dx = abs(end.x - x), dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1, stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y, style: style)
            if x == end.x, y == end.y { break }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += stepX }
            if doubled <= dx { error += dx; y += stepY }
        }
    }

    // MARK: - Reading

    /// The braille character of cell (`column`, `row`), or nil when none of its dots is set.
    public func character(column: Int, row: Int) -> Character? {
        guard column >= 0, row >= 0, column < columns, row < rows else { return nil }
        let value = bits[row * columns + column]
        guard value != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(value)) else { return nil }
        return Character(scalar)
    }

    /// Writes the cells that have dots into `grid` with their top-left at (`x`, `y`); empty
    /// cells leave the grid as it was.
    public func draw(into grid: inout CellGrid, x: Int, y: Int) {
        for row in 0..<rows {
            for column in 0..<columns {
                guard let character = character(column: column, row: row) else { continue }
                grid[x + column, y + row] = Cell(String(character), style: styles[row * columns + column])
            }
        }
    }

    // MARK: - Clipping

    /// The part of the segment inside [0, width) × [0, height) (Liang–Barsky), or nil.
    static func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double, height: Double)
        -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        // Keep a hair inside the far edges so rounding down stays on the canvas.
        let maxX = width - 1e-9, maxY = height - 1e-9
        for (p, q) in [(-dx, a.x), (dx, maxX - a.x), (-dy, a.y), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return nil }; t0 = max(t0, t) }
                else { if t < t0 { return nil }; t1 = min(t1, t) }
            }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }
}
