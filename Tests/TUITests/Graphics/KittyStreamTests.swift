import Fixtures
import Foundation
import Testing
@testable import TUI

extension GraphicsTests {
/// `KittyImage` output read back by `KittyStream` (Fixtures) as kitty reads it: the chunk rules
/// hold and the decoded pixels — inflated when the first chunk says `o=z` — are the ones sent,
/// plain or compressed.
@Suite struct KittyStreamTests {
    /// A photo-like picture: smooth gradients with sharp-edged blocks, so a shifted, truncated
    /// or reordered payload would not match.
    static func pixels(width: Int, height: Int, format: KittyImage.Format) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * format.bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width {
                let block = (x / 16 + y / 16) % 3
                out += [UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1)),
                        UInt8(truncatingIfNeeded: y * 255 / max(1, height - 1)),
                        block == 0 ? 255 : UInt8(truncatingIfNeeded: x &* 31 &+ y &* 7)]
                if format == .rgba { out.append(UInt8(truncatingIfNeeded: 255 - x - y)) }
            }
        }
        return out
    }

    @Test(arguments: [(1, 1, KittyImage.Format.rgb), (3, 1, .rgba), (33, 31, .rgb), (64, 48, .rgba),
                      (1200, 780, .rgb)], [false, true])
    func whatWeSendDecodesBackToThePixels(size: (width: Int, height: Int, format: KittyImage.Format),
                                          compressed: Bool) throws {
        let (width, height, format) = size
        let pixels = Self.pixels(width: width, height: height, format: format)
        let image = try KittyImage(id: 31337, width: width, height: height, format: format, pixels: pixels)
        let stream = try KittyStream(image.encoded(compressed: compressed))

        #expect(stream.violations == [])
        let first = try #require(stream.chunks.first)
        #expect(first["a"] == "T")
        #expect(first["f"] == String(format.rawValue))
        #expect(first.int("s") == width)
        #expect(first.int("v") == height)
        #expect(first["i"] == "31337")
        if compressed && pixels.count >= 1000 {
            #expect(first["o"] == "z", "a picture this big shrinks, so it goes compressed")
        } else if !compressed {
            #expect(first["o"] == nil)
        }
        let decoded = try stream.image()
        #expect(decoded.pixels.count == width * height * format.bytesPerPixel)
        #expect(decoded.pixels == pixels)
        if first["o"] == "z" {
            #expect(decoded.transmitted.count < pixels.count, "compression that does not shrink is wasted work")
        }
    }

    @Test func aZlibPayloadIsInflatedAndChecked() throws {
        let pixels = Self.pixels(width: 90, height: 70, format: .rgb)
        let base64 = Array(Data(PNGChunks.compressed(pixels)).base64EncodedData())
        var bytes: [UInt8] = []
        var start = 0
        while start < base64.count {
            let end = min(start + 4096, base64.count)
            let keys = (start == 0 ? "a=T,f=24,s=90,v=70,i=7,o=z,q=2," : "") + "m=\(end < base64.count ? 1 : 0)"
            bytes += [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8) + [UInt8(ascii: ";")]
                + base64[start..<end] + [0x1B, UInt8(ascii: "\\")]
            start = end
        }
        let stream = try KittyStream(bytes)
        #expect(stream.violations == [])
        #expect(try stream.image().pixels == pixels)

        // The same stream claiming one row more: the size check catches it.
        let lying = try KittyStream(Array(String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "v=70", with: "v=71").utf8))
        #expect(lying.violations == ["18900 pixel bytes for s=90 v=71 f=24"])
    }

    @Test func deleteParsesToDeleteByID() throws {
        let stream = try KittyStream(KittyImage.delete(id: 4_000_000_001))
        #expect(stream.chunks.count == 1)
        let chunk = try #require(stream.chunks.first)
        #expect(chunk["a"] == "d")
        #expect(chunk["d"] == "I")
        #expect(chunk["i"] == "4000000001")
        #expect(chunk.payload.isEmpty)
    }

    @Test func brokenStreamsAreRefusedWithWhereTheyBreak() throws {
        let image = try KittyImage(id: 2, width: 40, height: 40, format: .rgb,
                                   pixels: Self.pixels(width: 40, height: 40, format: .rgb))
        let bytes = image.encoded()
        #expect(throws: KittyStream.Problem("kitty stream: the chunk at byte 0 has no ESC \\ terminator")) {
            try KittyStream(Array(bytes.prefix(100)))
        }
        #expect(throws: KittyStream.Problem("kitty stream: byte 0 (0x78) does not start ESC _ G")) {
            try KittyStream(Array("x".utf8) + bytes)
        }
        // A chunk lost in the middle: the payload is short, and that is what the rules report.
        let stream = try KittyStream(bytes)
        #expect(stream.chunks.count == 2)
        let cut = try KittyStream(KittyImage.apc(stream.chunks[0].keys.map { "\($0.key)=\($0.value)" }
            .joined(separator: ",").replacingOccurrences(of: "m=1", with: "m=0"), stream.chunks[0].payload[...]))
        #expect(cut.violations == ["3072 pixel bytes for s=40 v=40 f=24"])
    }
}
}
