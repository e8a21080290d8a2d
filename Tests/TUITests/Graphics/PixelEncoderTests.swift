import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

extension GraphicsTests {
/// What the preview workers send for a photo in each protocol, read back as the terminal would:
/// kitty chunks with zlib pixels, an iTerm2 JPEG file, a sixel sequence; sized to the cells, never
/// beyond the cells' pixels nor the photo's own.
@Suite struct PixelEncoderTests {
    static let cell = CellPixelSize(width: 6, height: 13)

    /// A `width × height` photo, red growing to the right and green downwards, opaque.
    static func photo(width: Int, height: Int) -> DecodedImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 96, 255]
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    static func encoder(_ graphicsProtocol: GraphicsProtocol) -> PixelEncoder {
        PixelEncoder(format: PixelFormat(graphicsProtocol: graphicsProtocol, cellSize: cell))
    }

    // MARK: - kitty

    /// (photo size, cells): larger than the cells' pixels, smaller, and as wide as they are tall.
    @Test(arguments: [(600, 400, 20, 8), (40, 30, 20, 8), (1000, 1000, 12, 5), (3, 2, 1, 1)])
    func kittyParsesBackToTheCellsPixels(width: Int, height: Int, columns: Int, rows: Int) throws {
        let id = PixelEncoder.kittyID(for: "photo-1 \(columns)×\(rows) kitty 6×13")
        let image = try Self.encoder(.kitty).encode(Self.photo(width: width, height: height),
                                                    columns: columns, rows: rows, kittyID: id).get()
        #expect(image.kittyID == id)
        let stream = try KittyStream(image.bytes)
        #expect(stream.violations == [])
        let first = try #require(stream.chunks.first)
        #expect(first["a"] == "T")
        #expect(first["f"] == "24")
        #expect(first["o"] == nil, "photos go raw: zlib hardly shrinks them and costs a pan's time")
        #expect(first["i"] == String(id))
        #expect(first.int("c") == columns && first.int("r") == rows, "the terminal scales it into the cells")
        let s = try #require(first.int("s")), v = try #require(first.int("v"))
        #expect(s <= columns * Self.cell.width && v <= rows * Self.cell.height, "never more than the cells show")
        #expect(s <= width && v <= height, "never more than the photo has")
        #expect(s == width || v == height || s == columns * Self.cell.width || v == rows * Self.cell.height,
                "as large as it can be: one side meets a limit")
        // The photo's shape is kept, to a pixel.
        #expect(abs(Double(s) / Double(v) - Double(width) / Double(height)) <= 1 / Double(min(s, v)) + 1e-9)
        let pixels = try stream.image().pixels
        #expect(pixels.count == s * v * 3)
        // The top-left is dark red-green, the bottom-right red and green; blue is the photo's 96 everywhere.
        #expect(pixels[0] < 40 && pixels[1] < 40 && abs(Int(pixels[2]) - 96) <= 2)
        let last = (s * v - 1) * 3
        #expect(pixels[last] > 215 && pixels[last + 1] > 215 && abs(Int(pixels[last + 2]) - 96) <= 2)
    }

    @Test func kittyIDsAreStableAndTellPreviewsApart() {
        let a = PixelEncoder.kittyID(for: "0000000000000a01 34×21 kitty 6×13")
        #expect(a == PixelEncoder.kittyID(for: "0000000000000a01 34×21 kitty 6×13"))
        #expect(a != PixelEncoder.kittyID(for: "0000000000000a01 34×21 kitty 10×20"))
        #expect(a != PixelEncoder.kittyID(for: "0000000000000a02 34×21 kitty 6×13"))
        // Never 0 (no id) nor the start-up query's 31, whatever the text.
        for n in 0..<2000 {
            let id = PixelEncoder.kittyID(for: "photo \(n)")
            #expect(id > 31)
        }
    }

    // MARK: - iTerm2

    @Test(arguments: [(600, 400, 20, 8), (40, 30, 20, 8)])
    func iTerm2SendsAJPEGOfTheCellsSize(width: Int, height: Int, columns: Int, rows: Int) throws {
        let image = try Self.encoder(.iterm2).encode(Self.photo(width: width, height: height),
                                                     columns: columns, rows: rows, kittyID: 9).get()
        let text = String(decoding: image.bytes, as: UTF8.self)
        let prefix = "\u{1B}]1337;File=inline=1;size="
        #expect(text.hasPrefix(prefix))
        #expect(image.bytes.last == 0x07, "ends with BEL")
        let colon = try #require(image.bytes.firstIndex(of: UInt8(ascii: ":")))
        let arguments = String(decoding: image.bytes[..<colon], as: UTF8.self).dropFirst(prefix.count - "size=".count)
        var values: [String: String] = [:]
        for pair in arguments.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        #expect(values["width"] == String(columns) && values["height"] == String(rows))
        let base64 = Data(image.bytes[(colon + 1)..<(image.bytes.count - 1)])
        let file = try #require(Data(base64Encoded: base64))
        #expect(values["size"] == String(file.count))
        #expect(file.starts(with: [0xFF, 0xD8]), "a JPEG")
        let decoded = try JPEGDecoder.decode(file, atLeast: 100_000, 100_000)   // at full size
        let expected = ImageTransform.fittedSize(width: width, height: height,
                                                 toFit: columns * Self.cell.width, rows * Self.cell.height)
        #expect(decoded.width == expected.0 && decoded.height == expected.1)
        #expect(decoded.width <= width && decoded.height <= height)
        #expect(image.kittyID == 0)
    }

    // MARK: - sixel

    @Test func sixelIsOneDCSSequenceOfTheCells() throws {
        let image = try Self.encoder(.sixel).encode(Self.photo(width: 600, height: 400), columns: 20, rows: 8, kittyID: 9).get()
        #expect(image.bytes.starts(with: [0x1B, UInt8(ascii: "P")]), "a DCS")
        #expect(image.bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")], "ends with ST")
        #expect(!image.bytes.dropFirst().dropLast(2).contains(0x1B), "no other ESC inside: it cannot end early or do anything else")
        let decoded = try #require(SixelEncoderTests.decode(image.bytes))
        #expect(decoded.width <= 20 * Self.cell.width && decoded.height <= 8 * Self.cell.height)
        #expect(decoded.width > 0 && decoded.height > 0)
        #expect(image.kittyID == 0)
    }

    // MARK: - Nothing to send

    @Test(arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
    func noCellsOrNoPixelsIsAFailureNotAnImage(_ graphicsProtocol: GraphicsProtocol) {
        let encoder = Self.encoder(graphicsProtocol)
        #expect(throws: Failure.self) { try encoder.encode(Self.photo(width: 10, height: 10), columns: 0, rows: 4, kittyID: 40).get() }
        #expect(throws: Failure.self) { try encoder.encode(Self.photo(width: 10, height: 10), columns: 4, rows: 0, kittyID: 40).get() }
        #expect(throws: Failure.self) {
            try encoder.encode(DecodedImage(width: 0, height: 0, pixels: []), columns: 4, rows: 4, kittyID: 40).get()
        }
    }

    @Test func symbolsIsNotAPixelFormat() {
        #expect(throws: Failure.self) {
            try Self.encoder(.symbols).encode(Self.photo(width: 10, height: 10), columns: 4, rows: 4, kittyID: 40).get()
        }
    }
}
}
