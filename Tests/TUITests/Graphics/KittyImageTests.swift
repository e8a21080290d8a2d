import Foundation
import Testing
@testable import TUI

extension GraphicsTests {
/// What we send to kitty, parsed back as kitty would: APC chunks, control keys, base64 payload, deletes.
@Suite struct KittyImageTests {
    /// One `ESC _ G keys ; payload ESC \` sequence, parsed.
    struct Chunk {
        var keys: [String: String]
        var payload: [UInt8]
    }

    /// Splits `bytes` into APC chunks; fails the test if anything else is in between.
    static func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var result: [Chunk] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard rest.starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]),
                  let end = rest.indices.first(where: { rest[$0] == 0x1B && $0 > rest.startIndex }),
                  end + 1 < rest.endIndex, rest[end + 1] == UInt8(ascii: "\\") else {
                Issue.record("not an APC chunk at byte \(rest.startIndex)")
                return result
            }
            let body = rest[(rest.startIndex + 3)..<end]
            let semicolon = body.firstIndex(of: UInt8(ascii: ";"))
            let keyText = String(decoding: body[..<(semicolon ?? body.endIndex)], as: UTF8.self)
            var keys: [String: String] = [:]
            for pair in keyText.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                keys[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            let payload = semicolon.map { Array(body[($0 + 1)...]) } ?? []
            result.append(Chunk(keys: keys, payload: payload))
            rest = rest[(end + 2)...]
        }
        return result
    }

    /// A `width × height` gradient, so a shuffled or truncated payload would not match.
    static func pixels(width: Int, height: Int, format: KittyImage.Format) -> [UInt8] {
        (0..<(width * height * format.bytesPerPixel)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
    }

    @Test(arguments: [(1, 1, KittyImage.Format.rgb), (10, 7, .rgba), (40, 30, .rgb), (64, 64, .rgba),
                      (1024, 3, .rgb), (301, 201, .rgb)])
    func anImageParsesBackToItsPixels(width: Int, height: Int, format: KittyImage.Format) throws {
        let pixels = Self.pixels(width: width, height: height, format: format)
        let image = try KittyImage(id: 4242, width: width, height: height, format: format, pixels: pixels)
        let chunks = Self.chunks(image.encoded())
        let first = try #require(chunks.first)

        #expect(first.keys["a"] == "T")
        #expect(first.keys["f"] == String(format.rawValue))
        #expect(first.keys["s"] == String(width))
        #expect(first.keys["v"] == String(height))
        #expect(first.keys["i"] == "4242")
        #expect(first.keys["q"] == "2")
        for chunk in chunks.dropFirst() {
            #expect(chunk.keys.keys.sorted() == ["m"], "later chunks carry only m=")
        }
        #expect(chunks.dropLast().allSatisfy { $0.keys["m"] == "1" })
        #expect(chunks.last?.keys["m"] == "0")
        #expect(chunks.allSatisfy { $0.payload.count <= KittyImage.chunkSize && !$0.payload.isEmpty })
        #expect(chunks.dropLast().allSatisfy { $0.payload.count == KittyImage.chunkSize })

        let base64 = chunks.flatMap(\.payload)
        let decoded = try #require(Data(base64Encoded: Data(base64)))
        #expect(decoded.count == width * height * format.bytesPerPixel)
        #expect(Array(decoded) == pixels)
    }

    @Test func cellsScaleThePlacement() throws {
        let image = try KittyImage(id: 9, width: 2, height: 2, format: .rgb, pixels: Array(repeating: 0, count: 12),
                                   cells: (columns: 30, rows: 12))
        let first = try #require(Self.chunks(image.encoded()).first)
        #expect(first.keys["c"] == "30")
        #expect(first.keys["r"] == "12")
    }

    @Test func deleteNamesTheImageAndFreesIt() throws {
        let chunks = Self.chunks(KittyImage.delete(id: 77))
        #expect(chunks.count == 1)
        #expect(chunks.first?.keys == ["a": "d", "d": "I", "i": "77", "q": "2"])
        #expect(chunks.first?.payload == [])
    }

    @Test func wrongPixelCountsAndSizesAreRefused() {
        #expect(throws: KittyImage.Problem.pixelCount(expected: 12, actual: 11)) {
            try KittyImage(id: 1, width: 2, height: 2, format: .rgb, pixels: Array(repeating: 0, count: 11))
        }
        #expect(throws: KittyImage.Problem.pixelCount(expected: 16, actual: 12)) {
            try KittyImage(id: 1, width: 2, height: 2, format: .rgba, pixels: Array(repeating: 0, count: 12))
        }
        #expect(throws: KittyImage.Problem.invalid("image id 0")) {
            try KittyImage(id: 0, width: 1, height: 1, format: .rgb, pixels: [0, 0, 0])
        }
        #expect(throws: KittyImage.Problem.invalid("size 0×5")) {
            try KittyImage(id: 1, width: 0, height: 5, format: .rgb, pixels: [])
        }
    }

    @Test func insideTmuxTheChunksSurviveThePassthroughWrapper() throws {
        let image = try KittyImage(id: 5, width: 50, height: 40, format: .rgb,
                                   pixels: Self.pixels(width: 50, height: 40, format: .rgb))
        let wrapped = TmuxPassthrough.wrap(image.encoded())
        let unwrapped = try #require(TmuxPassthroughTests.unwrap(wrapped))
        #expect(unwrapped == image.encoded())
        #expect(Self.chunks(unwrapped).count == 2)
    }
}
}
