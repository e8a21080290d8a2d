/// Truecolor character art of cells of exactly 8×8 pixels (a zoomed view's, `PreviewMaker.zoomCellPixels`),
/// each cell from its own pixels alone: of the block symbols chafa's photo set draws (space,
/// lower and left eighths, quadrants), the one whose two parts, each in its mean colour, leave
/// the least squared error.
///
/// Why not chafa here: chafa 1.12 spends about 11 µs of CPU on a cell whatever its work factor
/// (it sorts the cell's 64 pixels to pick a colour pair), 35 ms for the 50×62 cells a pan at
/// 200×62 brings into view; this picks the same kind of symbol from sums in well under 1 µs.
/// A cell depends on its pixels only, so a pan may move cells and render only the new ones
/// (`ZoomedArt`). A cell whose pixels are mostly transparent is a blank in default colours.
enum BlockArt {
    /// The side of a cell in pixels.
    static let cellSide = 8

    /// The ways to split a cell tried after the plain cell (a space), each once (▀ is ▄ with its
    /// colours swapped, ▟ is ▘'s, and so on): the symbol, drawn in the foreground over the pixels
    /// of its mask (bit `y * 8 + x`). First the bottom 1–7 rows (▁▂▃▄▅▆▇), then the left 1–7
    /// columns (▏▎▍▌▋▊▉), then the quadrants ▘▝▖▗ and ▚.
    private static let symbols: [String] = (1...7).map { String(Unicode.Scalar(0x2580 + UInt32($0))!) }
        + (1...7).map { String(Unicode.Scalar(0x2590 - UInt32($0))!) } + ["▘", "▝", "▖", "▗", "▚"]

    private static let masks: [UInt64] = symbols.indices.map { index in
        func covers(_ x: Int, _ y: Int) -> Bool {
            switch index {
            case 0..<7: return y >= 7 - index
            case 7..<14: return x < index - 6
            case 14: return x < 4 && y < 4
            case 15: return x >= 4 && y < 4
            case 16: return x < 4 && y >= 4
            case 17: return x >= 4 && y >= 4
            default: return (x < 4) == (y < 4)
            }
        }
        var mask: UInt64 = 0
        for y in 0..<8 { for x in 0..<8 where covers(x, y) { mask |= 1 << UInt64(y * 8 + x) } }
        return mask
    }

    /// `rows` rows of `columns` cells from RGBA pixels `columns × 8` wide and `rows × 8` high
    /// (rows packed); blank cells when the pixels are fewer.
    static func render(pixels: UnsafeBufferPointer<UInt8>, columns: Int, rows: Int) -> [[Cell]] {
        let width = columns * cellSide
        guard columns > 0, rows > 0, pixels.count >= width * rows * cellSide * 4 else {
            return Array(repeating: Array(repeating: .blank, count: max(0, columns)), count: max(0, rows))
        }
        // Sums per pixel group: the 8 rows, and each column's top and bottom half (the quadrants).
        var rowSums = [Int32](repeating: 0, count: 8 * 3), halfColumnSums = [Int32](repeating: 0, count: 16 * 3)
        var result: [[Cell]] = []
        result.reserveCapacity(rows)
        for cellY in 0..<rows {
            var row: [Cell] = []
            row.reserveCapacity(columns)
            for cellX in 0..<columns {
                row.append(cell(pixels, width: width, x: cellX * cellSide, y: cellY * cellSide,
                                rowSums: &rowSums, halfColumnSums: &halfColumnSums))
            }
            result.append(row)
        }
        return result
    }

    /// The cell of the 8×8 pixels from (`x`, `y`).
    private static func cell(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, x: Int, y: Int,
                             rowSums: inout [Int32], halfColumnSums: inout [Int32]) -> Cell {
        var transparent = 0
        for i in 0..<rowSums.count { rowSums[i] = 0 }
        for i in 0..<halfColumnSums.count { halfColumnSums[i] = 0 }
        for py in 0..<8 {
            var p = ((y + py) * width + x) * 4
            let half = py < 4 ? 0 : 8
            for px in 0..<8 {
                let r = Int32(pixels[p]), g = Int32(pixels[p + 1]), b = Int32(pixels[p + 2])
                if pixels[p + 3] < 128 { transparent += 1 }
                rowSums[py * 3] += r; rowSums[py * 3 + 1] += g; rowSums[py * 3 + 2] += b
                let c = (half + px) * 3
                halfColumnSums[c] += r; halfColumnSums[c + 1] += g; halfColumnSums[c + 2] += b
                p += 4
            }
        }
        guard transparent <= 32 else { return .blank }
        var total = (0, 0, 0)
        for py in 0..<8 {
            total.0 += Int(rowSums[py * 3]); total.1 += Int(rowSums[py * 3 + 1]); total.2 += Int(rowSums[py * 3 + 2])
        }
        // The squared error of a split is the sum of the squares (the same for every split) less
        // |fg sum|²/n + |bg sum|²/(64 - n): the best split has the largest `score / divisor`.
        var best = -1, bestScore = total.0 * total.0 + total.1 * total.1 + total.2 * total.2, bestDivisor = 64
        var bestSum = (0, 0, 0), bestCount = 0
        for (index, mask) in masks.enumerated() {
            let sum = sum(of: mask, index: index, rowSums: rowSums, halfColumnSums: halfColumnSums)
            let n = mask.nonzeroBitCount, m = 64 - n
            let rest = (total.0 - sum.0, total.1 - sum.1, total.2 - sum.2)
            let score = (sum.0 * sum.0 + sum.1 * sum.1 + sum.2 * sum.2) * m + (rest.0 * rest.0 + rest.1 * rest.1 + rest.2 * rest.2) * n
            let divisor = n * m
            if score * bestDivisor > bestScore * divisor {
                (best, bestScore, bestDivisor, bestSum, bestCount) = (index, score, divisor, sum, n)
            }
        }
        func mean(_ sum: (Int, Int, Int), _ count: Int) -> CellColor {
            .rgb(UInt8((sum.0 + count / 2) / count), UInt8((sum.1 + count / 2) / count), UInt8((sum.2 + count / 2) / count))
        }
        guard best >= 0 else { return Cell(" ", bg: mean(total, 64)) }
        let rest = (total.0 - bestSum.0, total.1 - bestSum.1, total.2 - bestSum.2)
        return Cell(symbols[best], fg: mean(bestSum, bestCount), bg: mean(rest, 64 - bestCount))
    }

    /// The colour sums of the pixels of split `index` (whose mask is `mask`), from the group sums.
    private static func sum(of mask: UInt64, index: Int, rowSums: [Int32], halfColumnSums: [Int32]) -> (Int, Int, Int) {
        var sum = (0, 0, 0)
        func add(_ sums: [Int32], _ i: Int) {
            sum.0 += Int(sums[i * 3]); sum.1 += Int(sums[i * 3 + 1]); sum.2 += Int(sums[i * 3 + 2])
        }
        switch index {
        case 0..<7:   // the bottom rows
            for y in (7 - index)..<8 { add(rowSums, y) }
        case 7..<14:   // the left columns, both halves
            for x in 0..<(index - 6) { add(halfColumnSums, x); add(halfColumnSums, 8 + x) }
        default:   // quadrants: columns 0–3 or 4–7 of the top (0) or bottom (8) half
            for x in 0..<8 {
                if mask & (1 << UInt64(x)) != 0 { add(halfColumnSums, x) }
                if mask & (1 << UInt64(32 + x)) != 0 { add(halfColumnSums, 8 + x) }
            }
        }
        return sum
    }
}
