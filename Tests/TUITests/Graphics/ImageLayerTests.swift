import Testing
@testable import TUI

extension GraphicsTests {
/// Paging between photos leaves no stale pixels: what is erased, repainted and drawn per protocol.
@Suite struct ImageLayerTests {
    static func entry(_ content: String, row: Int, rows: Int = 3, id: UInt32 = 1) -> ImageLayer.Entry {
        ImageLayer.Entry(content: content, placement: ImagePlacement(column: 2, row: row, columns: 10, rows: rows),
                         kittyID: id)
    }

    @Test func anUnchangedFrameCostsNothing() {
        var layer = ImageLayer(graphicsProtocol: .sixel)
        let frame = [Self.entry("a", row: 1)]
        #expect(layer.update(to: frame).draw == frame)
        #expect(layer.update(to: frame).isEmpty)
    }

    @Test func pagingInKittyDeletesTheOldImageById() {
        var layer = ImageLayer(graphicsProtocol: .kitty)
        _ = layer.update(to: [Self.entry("photo1", row: 1, id: 7)])
        let changes = layer.update(to: [Self.entry("photo2", row: 1, id: 8)])
        #expect(changes.goneKittyIDs == [7])
        #expect(changes.rowsToRepaint == [])
        #expect(changes.draw.map(\.content) == ["photo2"])
    }

    @Test func pagingInSixelRepaintsTheCoveredRows() {
        var layer = ImageLayer(graphicsProtocol: .sixel)
        _ = layer.update(to: [Self.entry("photo1", row: 2, rows: 4)])
        let changes = layer.update(to: [Self.entry("photo2", row: 3, rows: 2)])
        #expect(changes.rowsToRepaint == [2, 3, 4, 5])
        #expect(changes.goneKittyIDs == [])
        #expect(changes.erase.map(\.content) == ["photo1"])
        #expect(changes.draw.map(\.content) == ["photo2"])
    }

    @Test func aKeptSixelOnARepaintedRowIsDrawnAgain() {
        var layer = ImageLayer(graphicsProtocol: .iterm2)
        let kept = Self.entry("thumb-b", row: 0, rows: 3)
        _ = layer.update(to: [Self.entry("thumb-a", row: 2, rows: 3), kept, Self.entry("thumb-c", row: 10)])
        let changes = layer.update(to: [kept, Self.entry("thumb-c", row: 10)])
        #expect(changes.rowsToRepaint == [2, 3, 4])
        #expect(changes.draw.map(\.content) == ["thumb-b"])
    }

    @Test func closingThePhotoErasesItAndResetRedrawsAll() {
        var layer = ImageLayer(graphicsProtocol: .sixel)
        let frame = [Self.entry("a", row: 0, rows: 2)]
        _ = layer.update(to: frame)
        #expect(layer.update(to: []).rowsToRepaint == [0, 1])
        _ = layer.update(to: frame)
        layer.reset()
        #expect(layer.update(to: frame).draw == frame)
    }

    @Test func symbolsHaveNoImageLayer() {
        var layer = ImageLayer(graphicsProtocol: .symbols)
        #expect(layer.update(to: [Self.entry("a", row: 0)]).isEmpty)
    }
}
}
