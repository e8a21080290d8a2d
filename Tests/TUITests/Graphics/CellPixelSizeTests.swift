import Testing
@testable import TUI

extension GraphicsTests {
/// The cell size images are measured in: the terminal's reply, else the window's pixels, else 10×20.
@Suite struct CellPixelSizeTests {
    @Test func theTerminalsReplyComesFirst() {
        let size = CellPixelSize.resolve(reply: CellPixelSize(width: 9, height: 18),
                                         windowPixels: (1600, 1000), cells: (columns: 160, rows: 50))
        #expect(size == CellPixelSize(width: 9, height: 18))
    }

    @Test func withoutAReplyTheWindowsPixelsAreDividedByItsCells() {
        let size = CellPixelSize.resolve(reply: nil, windowPixels: (1600, 1000), cells: (columns: 160, rows: 50))
        #expect(size == CellPixelSize(width: 10, height: 20))
        let implausibleReply = CellPixelSize.resolve(reply: CellPixelSize(width: 900, height: 1),
                                                     windowPixels: (960, 1040), cells: (columns: 120, rows: 40))
        #expect(implausibleReply == CellPixelSize(width: 8, height: 26))
    }

    @Test(arguments: [(0, 0), (80, 24), (100_000, 100_000)])
    func otherwiseTenByTwenty(pixelWidth: Int, pixelHeight: Int) {
        #expect(CellPixelSize.resolve(reply: nil, windowPixels: (pixelWidth, pixelHeight),
                                      cells: (columns: 80, rows: 24)) == .fallback)
        #expect(CellPixelSize.resolve(reply: nil, windowPixels: (pixelWidth, pixelHeight),
                                      cells: (columns: 0, rows: 0)) == .fallback)
        #expect(CellPixelSize.fallback.description == "10×20")
    }

    @Test func theTerminalsTextAreaComesBeforeTheKernelsAndNothingKnownIsNil() {
        let cells = (columns: 100, rows: 30)
        #expect(CellPixelSize.measured(reply: nil, windowPixels: [(600, 390), (1000, 600)], cells: cells)
            == CellPixelSize(width: 6, height: 13))
        #expect(CellPixelSize.measured(reply: nil, windowPixels: [(0, 0), (1000, 600)], cells: cells)
            == CellPixelSize(width: 10, height: 20))
        #expect(CellPixelSize.measured(reply: nil, windowPixels: [(0, 0)], cells: cells) == nil,
                "a guess is not a measure: sixel must know")
    }
}
}
