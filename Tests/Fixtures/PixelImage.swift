import Foundation

/// An RGB picture for comparing what a terminal or a decoder shows with what was sent: read
/// from binary PPM (what `convert … ppm:-` writes), scaled, cropped, and measured against
/// another picture (mean absolute error, Pearson correlation) or against a background colour.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major, 3 bytes a pixel.
    public var rgb: [UInt8]

    /// One pixel's colour.
    public typealias Colour = (r: UInt8, g: UInt8, b: UInt8)

    /// Why a file is not a picture this type reads.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgb.count == width * height * 3,
                     "PixelImage: \(rgb.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// From RGBA bytes, dropping alpha.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "PixelImage: \(rgba.count) RGBA bytes for \(width)×\(height)")
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            rgb[i * 3] = rgba[i * 4]; rgb[i * 3 + 1] = rgba[i * 4 + 1]; rgb[i * 3 + 2] = rgba[i * 4 + 2]
        }
        self.init(width: width, height: height, rgb: rgb)
    }

    /// A `width × height` picture whose pixel at (x, y) is `colour(x, y)`.
    public init(width: Int, height: Int, colour: (Int, Int) -> Colour) {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y), i = (y * width + x) * 3
                rgb[i] = c.r; rgb[i + 1] = c.g; rgb[i + 2] = c.b
            }
        }
        self.init(width: width, height: height, rgb: rgb)
    }

    /// A binary PPM (`P6`, maxval 255), as ImageMagick writes it.
    public init(ppm data: Data) throws(Problem) {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255",
              width > 0, height > 0 else {
            throw Problem("not a binary 8-bit PPM (\(bytes.prefix(16).count) bytes of header read)")
        }
        index += 1   // the single whitespace after maxval
        let count = width * height * 3
        guard bytes.count - index >= count else {
            throw Problem("PPM \(width)×\(height) holds \(bytes.count - index) of \(count) pixel bytes")
        }
        self.init(width: width, height: height, rgb: Array(bytes[index..<index + count]))
    }

    /// Any picture ImageMagick reads (`convert FILE ppm:-`).
    public static func read(_ path: String) throws -> PixelImage {
        let ppm = NSTemporaryDirectory() + "photory-pixels-" + UUID().uuidString + ".ppm"
        defer { unlink(ppm) }
        try FormatTools.run("convert", [path, "-depth", "8", "ppm:" + ppm])
        return try PixelImage(ppm: Data(contentsOf: URL(fileURLWithPath: ppm)))
    }

    /// Binary PPM bytes (to hand to `convert` or `img2sixel`, or to keep beside a failure).
    public var ppm: Data {
        Data("P6\n\(width) \(height)\n255\n".utf8) + Data(rgb)
    }

    /// The colour at (x, y).
    public subscript(x: Int, y: Int) -> Colour {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    /// The part at (`x`, `y`) measuring `width × height` (clipped to the picture).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
        let x0 = max(0, x), y0 = max(0, y)
        let w = max(0, min(self.width, x + width) - x0), h = max(0, min(self.height, y + height) - y0)
        var out = [UInt8]()
        out.reserveCapacity(w * h * 3)
        for row in y0..<(y0 + h) {
            let start = (row * self.width + x0) * 3
            out += rgb[start..<start + w * 3]
        }
        return PixelImage(width: w, height: h, rgb: out)
    }

    /// Scaled to `width × height`: each pixel is the mean of the source pixels it covers (a box
    /// filter, so shrinking averages and enlarging repeats).
    public func scaled(toWidth targetWidth: Int, height targetHeight: Int) -> PixelImage {
        guard width > 0, height > 0 else { return self }
        var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        for ty in 0..<targetHeight {
            let y0 = ty * height / targetHeight, y1 = max(y0 + 1, ((ty + 1) * height + targetHeight - 1) / targetHeight)
            for tx in 0..<targetWidth {
                let x0 = tx * width / targetWidth, x1 = max(x0 + 1, ((tx + 1) * width + targetWidth - 1) / targetWidth)
                var sums = (0, 0, 0)
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = (y * width + x) * 3
                        sums.0 += Int(rgb[i]); sums.1 += Int(rgb[i + 1]); sums.2 += Int(rgb[i + 2])
                    }
                }
                let n = (min(y1, height) - y0) * (min(x1, width) - x0)
                let o = (ty * targetWidth + tx) * 3
                out[o] = UInt8(sums.0 / n); out[o + 1] = UInt8(sums.1 / n); out[o + 2] = UInt8(sums.2 / n)
            }
        }
        return PixelImage(width: targetWidth, height: targetHeight, rgb: out)
    }

    /// Mean absolute difference per channel (red, green, blue), 0…255, against a picture of the same size.
    public func meanAbsoluteError(_ other: PixelImage) -> [Double] {
        precondition(width == other.width && height == other.height, "sizes differ")
        var sums = [0, 0, 0]
        for i in 0..<rgb.count { sums[i % 3] += abs(Int(rgb[i]) - Int(other.rgb[i])) }
        let n = Double(max(1, width * height))
        return sums.map { Double($0) / n }
    }

    /// Pearson correlation per channel (red, green, blue) against a picture of the same size;
    /// 0 for a channel that is flat in either picture.
    public func correlation(_ other: PixelImage) -> [Double] {
        precondition(width == other.width && height == other.height, "sizes differ")
        return (0..<3).map { channel in
            var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
            var i = channel
            while i < rgb.count {
                let a = Double(rgb[i]), b = Double(other.rgb[i])
                sa += a; sb += b; saa += a * a; sbb += b * b; sab += a * b
                i += 3
            }
            let n = Double(width * height)
            let varianceA = saa - sa * sa / n, varianceB = sbb - sb * sb / n
            guard varianceA > 1e-9, varianceB > 1e-9 else { return 0 }
            return (sab - sa * sb / n) / (varianceA * varianceB).squareRoot()
        }
    }

    /// Whether a pixel differs from `colour` by more than `tolerance` in some channel.
    public func differs(x: Int, y: Int, from colour: Colour, tolerance: Int = 8) -> Bool {
        let c = self[x, y]
        return abs(Int(c.r) - Int(colour.r)) > tolerance || abs(Int(c.g) - Int(colour.g)) > tolerance
            || abs(Int(c.b) - Int(colour.b)) > tolerance
    }

    /// The smallest rectangle holding every pixel of the area (all of it by default) that
    /// differs from `colour`; nil when none does.
    public func boundingBox(differingFrom colour: Colour, tolerance: Int = 8,
                            within area: (x: Int, y: Int, width: Int, height: Int)? = nil)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        let area = area ?? (0, 0, width, height)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in max(0, area.y)..<min(height, area.y + area.height) {
            for x in max(0, area.x)..<min(width, area.x + area.width)
            where differs(x: x, y: y, from: colour, tolerance: tolerance) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// How many pixels of the area differ from `colour`.
    public func countDiffering(from colour: Colour, tolerance: Int = 8,
                               within area: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        var count = 0
        for y in max(0, area.y)..<min(height, area.y + area.height) {
            for x in max(0, area.x)..<min(width, area.x + area.width)
            where differs(x: x, y: y, from: colour, tolerance: tolerance) { count += 1 }
        }
        return count
    }
}
