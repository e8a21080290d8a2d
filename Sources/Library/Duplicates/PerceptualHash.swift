import Foundation

/// A 64-bit perceptual hash (pHash) of a picture: similar pictures get hashes a few bits
/// apart, whatever their size, compression or brightness.
///
/// How: the picture is reduced to 32×32 grey (area averages, which also low-passes it), a
/// 2-D DCT-II is taken, and the 8×8 lowest frequencies after the DC row and column
/// (u, v = 1…8, as phash.org does: the DC term and the pure-row/column terms carry the
/// overall brightness and are left out) are each compared with their median: bit set when
/// above. Brightening moves only the DC term, resizing and recompressing barely touch low
/// frequencies. Made from the grid thumbnail's pixels (`ThumbnailStore`), never from a second
/// decode of the original.
///
/// A flat picture (one colour all over) has no hash: `compute` returns nil.
public enum PerceptualHash {
    /// The side of the grey reduction.
    static let side = 32
    /// The low-frequency block kept: coefficients 1…8 each way.
    static let block = 8

    /// cos((2x+1)uπ/64) for u in 0…8, x in 0…31, row-major by u.
    private static let cosines: [Float] = {
        var table: [Float] = []
        for u in 0...block {
            for x in 0..<side {
                let angle = Double(2 * x + 1) * Double(u) * Double.pi / Double(2 * side)
                table.append(Float(cos(angle)))
            }
        }
        return table
    }()

    /// The hash of `image` (RGBA), or nil for an empty or flat picture.
    public static func compute(_ image: DecodedImage) -> UInt64? {
        guard image.width > 0, image.height > 0 else { return nil }
        return compute(grey: reduced(image))
    }

    /// The hash of `image` and those of its five 95% crops (`CropHashes`), from one grey
    /// reading of its pixels; nil for an empty or flat picture.
    public static func computeWithCrops(_ image: DecodedImage) -> (hash: UInt64, crops: CropHashes)? {
        guard image.width > 0, image.height > 0 else { return nil }
        let luma = self.luma(image)
        guard let hash = compute(grey: reduced(luma, width: image.width, height: image.height)) else { return nil }
        guard image.width >= CropHashes.cutDivisor, image.height >= CropHashes.cutDivisor else { return (hash, .none) }
        let crops = CropHashes.boxes(width: image.width, height: image.height).map { box in
            compute(grey: reduced(luma, width: image.width, box: box)) ?? 0
        }
        return (hash, CropHashes(crops))
    }

    /// The hash of a 32×32 grey picture (row-major, any scale).
    static func compute(grey: [Float]) -> UInt64? {
        precondition(grey.count == side * side)
        // Rows first: rowSums[y][u] = Σx f(x,y) cos(u, x), for u = 1…8.
        var rows = [Float](repeating: 0, count: side * block)
        for y in 0..<side {
            for u in 1...block {
                var sum: Float = 0
                let c = u * side
                for x in 0..<side { sum += grey[y * side + x] * cosines[c + x] }
                rows[y * block + u - 1] = sum
            }
        }
        // Then columns: coefficient(u, v) = Σy rows[y][u] cos(v, y).
        var coefficients = [Float](repeating: 0, count: block * block)
        for v in 1...block {
            let c = v * side
            for u in 0..<block {
                var sum: Float = 0
                for y in 0..<side { sum += rows[y * block + u] * cosines[c + y] }
                coefficients[(v - 1) * block + u] = sum
            }
        }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        // A flat picture: every coefficient is (about) zero, no bit means anything.
        guard sorted[63] - sorted[0] > 1e-3 else { return nil }
        var hash: UInt64 = 0
        for (i, coefficient) in coefficients.enumerated() where coefficient > median {
            hash |= 1 << UInt64(i)
        }
        return hash == 0 ? nil : hash
    }

    /// `image` as 32×32 grey (Rec. 601 luma, 0–255), each cell the average of the pixels it covers.
    static func reduced(_ image: DecodedImage) -> [Float] {
        reduced(luma(image), width: image.width, height: image.height)
    }

    /// The Rec. 601 luma (0–255) of each pixel of `image`, row by row.
    static func luma(_ image: DecodedImage) -> [Float] {
        var luma = [Float](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for i in luma.indices {
                luma[i] = 0.299 * Float(pixels[4 * i]) + 0.587 * Float(pixels[4 * i + 1]) + 0.114 * Float(pixels[4 * i + 2])
            }
        }
        return luma
    }

    /// A grey picture `width`×`height` as 32×32 grey, each cell the average of the pixels whose
    /// top-left corner falls in it (the whole picture's hash, as made since hashes exist).
    static func reduced(_ luma: [Float], width: Int, height: Int) -> [Float] {
        var sums = [Float](repeating: 0, count: side * side)
        var counts = [Float](repeating: 0, count: side * side)
        luma.withUnsafeBufferPointer { luma in
            for y in 0..<height {
                let cellRow = y * side / height * side
                var i = y * width
                for x in 0..<width {
                    let cell = cellRow + x * side / width
                    sums[cell] += luma[i]
                    counts[cell] += 1
                    i += 1
                }
            }
        }
        // A picture smaller than 32 pixels a side leaves cells empty: they take their left or upper neighbour.
        for cell in 0..<sums.count {
            if counts[cell] > 0 {
                sums[cell] /= counts[cell]
            } else if cell % side > 0 {
                sums[cell] = sums[cell - 1]
            } else if cell >= side {
                sums[cell] = sums[cell - side]
            }
        }
        return sums
    }

    /// A region of a picture, in pixels and fractions of one.
    struct Box {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// The `box` of a grey picture `width` pixels wide as 32×32 grey, each cell the average of
    /// what it covers, a pixel cut by a cell's edge counting for the part inside (for crops,
    /// whose edges fall between pixels). `box` lies inside the picture.
    static func reduced(_ luma: [Float], width: Int, box: Box) -> [Float] {
        let height = luma.count / max(1, width)
        /// For each cell along one side: the pixels it covers and how much of each.
        func spans(from start: Double, length: Double, limit: Int) -> [[(pixel: Int, weight: Float)]] {
            let step = length / Double(side)
            return (0..<side).map { cell in
                let from = start + Double(cell) * step, to = from + step
                return (max(0, Int(from.rounded(.down)))..<min(limit, Int(to.rounded(.up)))).map { pixel in
                    (pixel, Float(min(to, Double(pixel + 1)) - max(from, Double(pixel))))
                }
            }
        }
        let columns = spans(from: box.x, length: box.width, limit: width)
        let rows = spans(from: box.y, length: box.height, limit: height)
        let area = Float(box.width / Double(side) * box.height / Double(side))
        var cells = [Float](repeating: 0, count: side * side)
        luma.withUnsafeBufferPointer { luma in
            for (row, rowSpan) in rows.enumerated() {
                for (column, columnSpan) in columns.enumerated() {
                    var sum: Float = 0
                    for (y, wy) in rowSpan {
                        var line: Float = 0
                        for (x, wx) in columnSpan { line += luma[y * width + x] * wx }
                        sum += line * wy
                    }
                    cells[row * side + column] = sum / area
                }
            }
        }
        return cells
    }

    /// How many bits two hashes differ in.
    @inline(__always)
    public static func distance(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }

    /// 16 hex digits, as the library file and `--json` write it.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash written by `hex`, or nil.
    public static func parse(hex: String) -> UInt64? {
        guard hex.count == 16 else { return nil }
        return UInt64(hex, radix: 16)
    }
}
