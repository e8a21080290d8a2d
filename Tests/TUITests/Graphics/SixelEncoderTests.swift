import Testing
@testable import TUI

extension GraphicsTests {
/// Sixel output decoded back (a small sixel reader here, as `sixel2png` is not installed):
/// its size is whole cells and its colours are the photo's, where they are.
@Suite struct SixelEncoderTests {
    /// A decoded sixel image: raster size and RGB pixels (nil where nothing was drawn).
    struct Decoded {
        var width = 0
        var height = 0
        var pixels: [Int: (Int, Int, Int)] = [:]   // y * 100_000 + x → RGB 0…255
        func at(_ x: Int, _ y: Int) -> (Int, Int, Int)? { pixels[y * 100_000 + x] }
    }

    static func decode(_ bytes: [UInt8]) -> Decoded? {
        guard bytes.starts(with: [0x1B, UInt8(ascii: "P")]), bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")],
              let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { return nil }
        let body = Array(bytes[(q + 1)..<(bytes.count - 2)])
        var decoded = Decoded()
        var palette: [Int: (Int, Int, Int)] = [:]
        var colour = 0, x = 0, y = 0, index = 0
        func number() -> Int {
            var value = 0
            while index < body.count, case let digit = Int(body[index]), (48...57).contains(digit) {
                value = value * 10 + digit - 48
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var list = [number()]
            while index < body.count, body[index] == UInt8(ascii: ";") { index += 1; list.append(number()) }
            return list
        }
        func put(_ char: UInt8, count: Int) {
            let bits = Int(char) - 0x3F
            for dx in 0..<count {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    decoded.pixels[(y + bit) * 100_000 + x + dx] = palette[colour] ?? (0, 0, 0)
                }
            }
            x += count
        }
        while index < body.count {
            let byte = body[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let raster = numbers()
                if raster.count == 4 { decoded.width = raster[2]; decoded.height = raster[3] }
            case UInt8(ascii: "#"):
                let list = numbers()
                colour = list[0]
                if list.count == 5, list[1] == 2 {
                    palette[colour] = (list[2] * 255 / 100, list[3] * 255 / 100, list[4] * 255 / 100)
                }
            case UInt8(ascii: "!"):
                let count = number()
                put(body[index], count: count)
                index += 1
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; y += 6
            case 0x3F...0x7E: put(byte, count: 1)
            default: break
            }
        }
        return decoded
    }

    /// A photo stand-in: red left half, blue right half, RGBA.
    static func halves(width: Int, height: Int) -> [UInt8] {
        (0..<(width * height)).flatMap { i -> [UInt8] in i % width < width / 2 ? [220, 30, 30, 255] : [20, 40, 200, 255] }
    }

    static func close(_ a: (Int, Int, Int)?, _ b: (Int, Int, Int), within tolerance: Int = 40) -> Bool {
        guard let a else { return false }
        return abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test func aFrameIsWholeCellsAndKeepsItsColours() throws {
        let encoder = SixelEncoder(cellSize: CellPixelSize(width: 10, height: 20))
        let bytes = encoder.encode(pixels: Self.halves(width: 200, height: 120), width: 200, height: 120,
                                   columns: 20, rows: 6)
        let decoded = try #require(Self.decode(bytes))
        #expect(decoded.width == 20 * 10)
        #expect(decoded.height == 6 * 20)
        #expect(decoded.pixels.count == decoded.width * decoded.height, "every pixel drawn")
        #expect(Self.close(decoded.at(decoded.width / 4, decoded.height / 2), (220, 30, 30)))
        #expect(Self.close(decoded.at(decoded.width * 3 / 4, decoded.height / 2), (20, 40, 200)))
        #expect(!bytes.dropFirst().dropLast(2).contains(0x1B), "one DCS: no ESC inside")
    }

    /// Every pixel is drawn once, in a colour close to its own, for a picture with far more than
    /// 256 colours (a smooth ramp of 1200 shades across, another down): the median cut's boxes.
    @Test func aPictureOfManyColoursKeepsEveryPixelCloseToItsOwn() throws {
        let width = 120, height = 60
        let rgba = (0..<(width * height)).flatMap { i -> [UInt8] in
            let x = i % width, y = i / width
            return [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x + y) % 256), 255]
        }
        let bytes = SixelEncoder(cellSize: CellPixelSize(width: 10, height: 20)).encode(
            pixels: rgba, width: width, height: height, columns: 12, rows: 3)
        let decoded = try #require(Self.decode(bytes))
        #expect(decoded.width == width && decoded.height == height && decoded.pixels.count == width * height)
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let own = (Int(rgba[(y * width + x) * 4]), Int(rgba[(y * width + x) * 4 + 1]), Int(rgba[(y * width + x) * 4 + 2]))
                let shown = try #require(decoded.at(x, y))
                worst = max(worst, abs(own.0 - shown.0), abs(own.1 - shown.1), abs(own.2 - shown.2))
            }
        }
        #expect(worst <= 40, "the worst channel is \(worst) off")
        let few = Self.halves(width: 40, height: 24)
        let exact = try #require(Self.decode(SixelEncoder(cellSize: CellPixelSize(width: 10, height: 12)).encode(
            pixels: few, width: 40, height: 24, columns: 4, rows: 2)))
        #expect(Self.close(exact.at(3, 3), (220, 30, 30), within: 3) && Self.close(exact.at(30, 20), (20, 40, 200), within: 3),
                "two colours are kept as they are")
    }

    /// The bands of a large sixel are written on several threads at once: the very bytes one
    /// thread writes.
    @Test func bandsWrittenAtOnceAreTheBytesOfOneWriter() {
        let width = 301, height = 607
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[i * 4] = UInt8(i % 251); pixels[i * 4 + 1] = UInt8((i / width) % 256); pixels[i * 4 + 2] = UInt8((i * 7) % 256)
        }
        let one = pixels.withUnsafeBufferPointer { SixelWriter.encode($0.baseAddress!, width: width, height: height, threads: 1) }
        for threads in [2, 3, 7] {
            let many = pixels.withUnsafeBufferPointer { SixelWriter.encode($0.baseAddress!, width: width, height: height, threads: threads) }
            #expect(many == one, "\(threads) threads")
        }
        #expect(Self.decode(one) != nil)
    }

    /// A palette kept from one picture draws the next: the pixels it had as before, a colour
    /// near one of its own in that colour (no new palette); a colour far from all of them makes
    /// a palette of the picture's own.
    @Test func aKeptPaletteDrawsTheNextPictureInItsColoursWhileTheyAreNear() throws {
        let width = 60, height = 12
        let halves = Self.halves(width: width, height: height)
        var kept: SixelPalette?
        _ = halves.withUnsafeBufferPointer { SixelWriter.encode($0.baseAddress!, width: width, height: height, palette: &kept) }
        func colours(_ palette: SixelPalette?) -> [[UInt8]] { palette?.colors.map { [$0.r, $0.g, $0.b] } ?? [] }
        let first = colours(kept)
        #expect(first.count == 2)
        /// The halves with a square of `colour` where the blue was.
        func withSquare(_ colour: [UInt8]) -> [UInt8] {
            var pixels = halves
            for y in 0..<6 { for x in 40..<50 { pixels.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: colour + [255]) } }
            return pixels
        }
        let near = withSquare([205, 40, 25]).withUnsafeBufferPointer {
            SixelWriter.encode($0.baseAddress!, width: width, height: height, palette: &kept)
        }
        #expect(colours(kept) == first, "no new palette")
        let shown = try #require(Self.decode(near))
        #expect(Self.close(shown.at(5, 3), (220, 30, 30), within: 3) && Self.close(shown.at(55, 9), (20, 40, 200), within: 3))
        #expect(Self.close(shown.at(45, 3), (220, 30, 30), within: 3), "a red a little darker in the palette's red")

        let far = withSquare([30, 200, 40]).withUnsafeBufferPointer {
            SixelWriter.encode($0.baseAddress!, width: width, height: height, palette: &kept)
        }
        #expect(colours(kept).count == 3, "a palette of its own")
        let green = try #require(Self.decode(far))
        #expect(Self.close(green.at(45, 3), (30, 200, 40), within: 3) && Self.close(green.at(5, 3), (220, 30, 30), within: 3))
    }

    @Test func nothingToDrawGivesNoBytes() {
        let encoder = SixelEncoder(cellSize: .fallback)
        #expect(encoder.encode(pixels: [], width: 0, height: 0, columns: 10, rows: 5) == [])
        #expect(encoder.encode(pixels: [0, 0, 0, 255], width: 1, height: 1, columns: 0, rows: 5) == [])
        #expect(encoder.encode(pixels: [0, 0, 0], width: 1, height: 1, columns: 1, rows: 1) == [])
    }
}
}
