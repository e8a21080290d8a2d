/// Up to 256 colours for one picture and the colour of every pixel, fast enough to encode a
/// screenful of photo for each pan: a median cut over the picture's 15-bit colours (5 bits a
/// channel), then a table from each 15-bit colour to the box it fell in. The palette colours
/// are the mean of their boxes' pixels, at full precision.
///
/// A palette made for one picture can draw the next (`covering`: the colours it did not have
/// are given their nearest palette colour, while that is near enough): a zoomed photo's pan
/// keeps the first view's palette (`ZoomedPixels`), as the views of one photo share its colours.
struct SixelPalette: Sendable {
    /// Palette colours, 8 bits a channel.
    private(set) var colors: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// The palette index of every 15-bit colour (`r >> 3 << 10 | g >> 3 << 5 | b >> 3`).
    private var table = [UInt8](repeating: 0, count: 1 << 15)
    /// Whether `table` has an index for the 15-bit colour: the picture's own colours, and those
    /// `covering` added.
    private var known = [Bool](repeating: false, count: 1 << 15)

    /// The palette of `width × height` RGBA pixels, at most `maxColors` (1…256) colours.
    init(pixels: UnsafePointer<UInt8>, width: Int, height: Int, maxColors: Int = 256) {
        var population = [UInt32](repeating: 0, count: 1 << 15)
        var sums = [UInt32](repeating: 0, count: 3 << 15)   // of 8-bit values: room for 16 M pixels of white
        population.withUnsafeMutableBufferPointer { population in
            sums.withUnsafeMutableBufferPointer { sums in
                for i in 0..<(width * height) {
                    let r = pixels[i * 4], g = pixels[i * 4 + 1], b = pixels[i * 4 + 2]
                    let key = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                    population[key] &+= 1
                    sums[key * 3] &+= UInt32(r); sums[key * 3 + 1] &+= UInt32(g); sums[key * 3 + 2] &+= UInt32(b)
                }
            }
        }
        var keys = (0..<(1 << 15)).filter { population[$0] > 0 }.map { UInt16($0) }
        guard !keys.isEmpty else { colors = [(0, 0, 0)]; return }

        var boxes = [Box(keys.startIndex..<keys.endIndex, keys: keys, population: population)]
        while boxes.count < min(256, max(1, maxColors)) {
            guard let widest = boxes.indices.filter({ boxes[$0].canSplit }).max(by: { boxes[$0].score < boxes[$1].score })
            else { break }
            let (low, high) = boxes[widest].split(&keys, population: population)
            boxes[widest] = low
            boxes.append(high)
        }
        for (index, box) in boxes.enumerated() {
            var count: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
            for key in keys[box.range] {
                let k = Int(key)
                table[k] = UInt8(index)
                known[k] = true
                count += UInt64(population[k])
                r += UInt64(sums[k * 3]); g += UInt64(sums[k * 3 + 1]); b += UInt64(sums[k * 3 + 2])
            }
            colors.append((UInt8((r + count / 2) / count), UInt8((g + count / 2) / count), UInt8((b + count / 2) / count)))
        }
    }

    /// This palette able to draw `count` RGBA pixels too: each of their 15-bit colours it has
    /// no index for gets its nearest palette colour's (a pan brings few new ones). Nil when one
    /// of them is farther than `farthestNearest` from every palette colour: the pixels need a
    /// palette of their own.
    func covering(_ pixels: UnsafePointer<UInt8>, count: Int) -> SixelPalette? {
        var palette = self
        let covered = palette.known.withUnsafeMutableBufferPointer { known in
            palette.table.withUnsafeMutableBufferPointer { table in
                for i in 0..<count {
                    let p = pixels + i * 4
                    let key = Int(p[0] >> 3) << 10 | Int(p[1] >> 3) << 5 | Int(p[2] >> 3)
                    guard !known[key] else { continue }
                    let (index, distance) = nearest(to: key)
                    guard distance <= Self.farthestNearest * Self.farthestNearest else { return false }
                    known[key] = true
                    table[key] = index
                }
                return true
            }
        }
        return covered ? palette : nil
    }

    /// How far (RGB distance, 8 bits a channel) a colour new to a kept palette may be from its
    /// nearest palette colour: a median cut of a photo leaves its colours about as far.
    static let farthestNearest = 32

    /// The index of the palette colour closest to the middle of a 15-bit colour's cube, and the
    /// squared distance to it.
    private func nearest(to key: Int) -> (index: UInt8, distance: Int) {
        let r = (key >> 10 & 31) << 3 | 4, g = (key >> 5 & 31) << 3 | 4, b = (key & 31) << 3 | 4
        var best = 0, bestDistance = Int.max
        for (index, color) in colors.enumerated() {
            let dr = Int(color.r) - r, dg = Int(color.g) - g, db = Int(color.b) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return (UInt8(best), bestDistance)
    }

    /// The palette indices of `count` RGBA pixels.
    func indices(of pixels: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let p = pixels + i * 4
                out[i] = table[Int(p[0] >> 3) << 10 | Int(p[1] >> 3) << 5 | Int(p[2] >> 3)]
            }
        }
    }

    /// The palette index of an RGB colour.
    @inline(__always)
    func index(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        table[Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)]
    }

    /// A box of 15-bit colours: `range` of the keys array, with its pixel count and extent.
    private struct Box {
        var range: Range<Int>
        var population: UInt64 = 0
        var low = [Int](repeating: 31, count: 3), high = [Int](repeating: 0, count: 3)

        init(_ range: Range<Int>, keys: [UInt16], population counts: [UInt32]) {
            self.range = range
            for key in keys[range] {
                population += UInt64(counts[Int(key)])
                for channel in 0..<3 {
                    let value = Self.component(key, channel)
                    low[channel] = min(low[channel], value)
                    high[channel] = max(high[channel], value)
                }
            }
        }

        @inline(__always)
        static func component(_ key: UInt16, _ channel: Int) -> Int { Int(key >> UInt16(10 - channel * 5)) & 31 }

        var widestChannel: Int { (0..<3).max { high[$0] - low[$0] < high[$1] - low[$1] }! }
        var canSplit: Bool { range.count > 1 }
        /// Boxes with many pixels over a wide range of colours are cut first.
        var score: UInt64 { population * UInt64(high[widestChannel] - low[widestChannel] + 1) }

        /// Cuts the box across its widest channel where half its pixels lie on each side.
        func split(_ keys: inout [UInt16], population counts: [UInt32]) -> (Box, Box) {
            let channel = widestChannel
            var byValue = [UInt64](repeating: 0, count: 32)
            for key in keys[range] { byValue[Self.component(key, channel)] += UInt64(counts[Int(key)]) }
            var cut = low[channel], below: UInt64 = byValue[cut]
            while cut < high[channel] - 1 && below * 2 < population {
                cut += 1
                below += byValue[cut]
            }
            let middle = keys[range].partition { Self.component($0, channel) > cut }
            return (Box(range.lowerBound..<middle, keys: keys, population: counts),
                    Box(middle..<range.upperBound, keys: keys, population: counts))
        }
    }
}
