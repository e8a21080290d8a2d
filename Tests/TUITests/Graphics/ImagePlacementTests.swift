import Testing
@testable import TUI

extension GraphicsTests {
/// Drawing an image after the cell flush: cursor saved, moved, image, cursor restored; never the last row.
@Suite struct ImagePlacementTests {
    static let image = Array("\u{1B}_Ga=T,f=24,s=1,v=1,i=3,q=2,m=0;AAAA\u{1B}\\".utf8)

    @Test func theBlobSavesMovesDrawsAndRestores() throws {
        let placement = ImagePlacement(column: 4, row: 2, columns: 30, rows: 10)
        let bytes = try #require(placement.draw(Self.image, screenColumns: 80, screenRows: 24, tmuxPassthrough: false))
        #expect(String(decoding: bytes, as: UTF8.self) ==
            "\u{1B}7\u{1B}[3;5H" + String(decoding: Self.image, as: UTF8.self) + "\u{1B}8")
    }

    @Test func insideTmuxTheCursorMovesAreWrappedToo() throws {
        let placement = ImagePlacement(column: 0, row: 0, columns: 2, rows: 1)
        let plain = try #require(placement.draw(Self.image, screenColumns: 80, screenRows: 24, tmuxPassthrough: false))
        let wrapped = try #require(placement.draw(Self.image, screenColumns: 80, screenRows: 24, tmuxPassthrough: true))
        #expect(TmuxPassthroughTests.unwrap(wrapped) == plain)
    }

    @Test(arguments: [
        ImagePlacement(column: 0, row: 14, columns: 80, rows: 10),   // reaches the last row
        ImagePlacement(column: 60, row: 0, columns: 21, rows: 5),    // past the right edge
        ImagePlacement(column: -1, row: 0, columns: 5, rows: 5),
        ImagePlacement(column: 0, row: 0, columns: 0, rows: 5),
    ])
    func aPlacementThatDoesNotFitDrawsNothing(placement: ImagePlacement) {
        #expect(placement.draw(Self.image, screenColumns: 80, screenRows: 24, tmuxPassthrough: false) == nil)
    }

    @Test func theRowAboveTheLastIsStillAllowed() {
        let placement = ImagePlacement(column: 0, row: 13, columns: 80, rows: 10)
        #expect(placement.fits(screenColumns: 80, screenRows: 24))
    }
}
}
