import Fixtures
import Testing
@testable import TUI

extension GraphicsTests {
/// One kitty encoding placed twice on a screen (two folders with the same cover) is two images,
/// each with an id of its own place, each deleted on its own.
@Suite struct KittyPlacementTests {
    static func encoded() throws -> TerminalImage {
        let pixels = (0..<(6 * 4 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 11) }
        let kitty = try KittyImage(id: 777, width: 6, height: 4, format: .rgb, pixels: pixels, cells: (3, 1))
        return TerminalImage(bytes: kitty.encoded(compressed: true), kittyID: 777)
    }

    @Test func replacingTheIDKeepsEverythingElse() throws {
        let original = try Self.encoded()
        let replaced = KittyImage.replacingID(in: original.bytes, with: 4_000_000_001)
        let before = try KittyStream(original.bytes), after = try KittyStream(replaced)
        #expect(after.violations.isEmpty)
        #expect(after.chunks.first?["i"] == "4000000001")
        #expect(try after.image().pixels == before.image().pixels)
        #expect(after.chunks.first?.keys.map(\.key) == before.chunks.first?.keys.map(\.key))
    }

    @Test func bytesWithoutAnIDAreLeftAlone() {
        let sixel = Array("\u{1B}Pq#0~\u{1B}\\".utf8)
        #expect(KittyImage.replacingID(in: sixel, with: 5) == sixel)
        #expect(KittyImage.replacingID(in: KittyImage.delete(id: 9), with: 5).count > 0)
    }

    @Test func theSamePhotoInTwoPlacesIsTwoImages() throws {
        let image = try Self.encoded()
        let left = PlacedImage(content: "photo 3×1", cells: Rect(x: 0, y: 1, width: 3, height: 1), image: image)
        let right = PlacedImage(content: "photo 3×1", cells: Rect(x: 10, y: 1, width: 3, height: 1), image: image)
        #expect(left.entry.kittyID != right.entry.kittyID)
        #expect(try KittyStream(left.bytes).chunks.first?["i"] == String(left.entry.kittyID))
        #expect(try KittyStream(right.bytes).chunks.first?["i"] == String(right.entry.kittyID))

        var layer = ImageLayer(graphicsProtocol: .kitty)
        _ = layer.update(to: [left.entry, right.entry])
        let changes = layer.update(to: [right.entry])
        #expect(changes.goneKittyIDs == [left.entry.kittyID], "only the image that went is deleted")
    }

    @Test func otherProtocolsCarryNoID() {
        let sixel = PlacedImage(content: "photo", cells: Rect(x: 0, y: 1, width: 3, height: 1),
                                image: TerminalImage(bytes: Array("\u{1B}Pq\u{1B}\\".utf8)))
        #expect(sixel.entry.kittyID == 0)
        #expect(sixel.bytes == sixel.image.bytes)
    }
}
}
