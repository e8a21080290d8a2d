import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

extension GraphicsTests {
/// `SixelEncoder` output decoded by an independent reader, libsixel's `sixel2png`: the picture
/// measures whole cells and looks like the photo it came from.
@Suite(.enabled(if: FormatTools.available("sixel2png"), "needs sixel2png (libsixel-bin)"))
struct SixelDecodeTests {
    /// Gradients on the left half (red across, green down, blue along the diagonal) and blocks of
    /// flat colour on the right: what a palette must get right (smooth ramps) and what it must
    /// not smear (edges between saturated colours).
    static func fixture(width: Int, height: Int) -> PixelImage {
        let flat: [PixelImage.Colour] = [(255, 0, 0), (0, 200, 0), (0, 0, 255), (255, 255, 0),
                                         (0, 255, 255), (255, 0, 255), (255, 255, 255), (0, 0, 0)]
        return PixelImage(width: width, height: height) { x, y in
            if x < width / 2 {
                return (UInt8(x * 255 / (width / 2)), UInt8(y * 255 / height), UInt8((x + y) * 255 / (width / 2 + height)))
            }
            let column = (x - width / 2) * 4 / (width - width / 2), row = y * 2 / height
            return flat[row * 4 + column]
        }
    }

    /// Encodes `image` into `columns × rows` cells, decodes it with `sixel2png`.
    static func roundTrip(_ image: PixelImage, cellSize: CellPixelSize, columns: Int, rows: Int,
                          in folder: TemporaryFolder) throws -> (sixel: [UInt8], decoded: PixelImage) {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(image.width * image.height * 4)
        for i in 0..<(image.width * image.height) { rgba += image.rgb[(i * 3)..<(i * 3 + 3)] + [255] }
        let sixel = SixelEncoder(cellSize: cellSize).encode(pixels: rgba, width: image.width, height: image.height,
                                                            columns: columns, rows: rows)
        let input = folder.write(Data(sixel), to: "in-\(columns)x\(rows).six")
        let output = folder.file("out-\(columns)x\(rows).png")
        try FormatTools.run("sixel2png", ["-i", input, "-o", output])
        let png = try Data(contentsOf: URL(fileURLWithPath: output))
        let decoded = try png.withUnsafeBytes { raw in
            try PNGFormat().preview(raw, target: PreviewTarget(minWidth: 1 << 20, minHeight: 1 << 20))
        }
        return (sixel, PixelImage(width: decoded.width, height: decoded.height, rgba: decoded.pixels))
    }

    /// The picture is the cells' width and their height rounded down to whole sixel bands (6 px):
    /// libchafa 1.12 never draws a partial band, so with 13- or 17-pixel cells the last 1–5 pixel
    /// rows of the last cell row are not drawn (the raster attributes say so too, `"1;1;153;84`
    /// for 5 rows of 17 px) and the whole photo is scaled into the shorter height. Each channel is
    /// within 8/255 of the source scaled to that size, on average.
    ///
    /// Why 8: the palette has at most 256 colours for tens of thousands of source colours. Spread
    /// evenly over the RGB cube that is about 6 levels a channel, a step of ~50 and errors of up to
    /// 25 — but chafa's palette follows the picture (the flat blocks need only 8 entries, the
    /// gradients get the rest), so the mean measured here is 2–4 a channel. 8 leaves room for
    /// another libchafa build and still catches real faults: a picture shifted by a cell, swapped
    /// channels or a dropped band of sixels cost 20 or more.
    @Test(arguments: [(CellPixelSize(width: 6, height: 13), 40, 12), (CellPixelSize(width: 10, height: 20), 30, 9),
                      (CellPixelSize(width: 9, height: 17), 17, 5)])
    func theDecodedPictureIsTheCellsAndLooksLikeThePhoto(cellSize: CellPixelSize, columns: Int, rows: Int) throws {
        let folder = TemporaryFolder("photory-sixel")
        let width = columns * cellSize.width, height = rows * cellSize.height
        let source = Self.fixture(width: 2 * width, height: 2 * height)
        let (sixel, decoded) = try Self.roundTrip(source, cellSize: cellSize, columns: columns, rows: rows, in: folder)

        #expect(sixel.starts(with: [0x1B, UInt8(ascii: "P")]))
        #expect(decoded.width == width, "\(columns) columns of \(cellSize.width) px")
        #expect(decoded.height == height / 6 * 6, "\(rows) rows of \(cellSize.height) px, whole sixel bands")
        guard decoded.width == width, decoded.height == height / 6 * 6 else { return }
        let error = decoded.meanAbsoluteError(source.scaled(toWidth: width, height: decoded.height))
        #expect(error.allSatisfy { $0 < 8 }, "mean absolute error per channel (r, g, b): \(error)")

        // The flat blocks keep their colour exactly enough to name it, away from their edges.
        let red = decoded[width * 5 / 8 - 2, height / 4], blue = decoded[width * 7 / 8 - 2, height / 4]
        #expect(red.r > 200 && red.g < 50 && red.b < 50, "red block came out \(red)")
        #expect(blue.r < 50 && blue.g < 50 && blue.b > 200, "blue block came out \(blue)")
    }

    /// A frame of 200 × 60 cells, the biggest terminal the E2E tests use (66 KB of sixel for this
    /// picture with 6×13 cells, measured with libchafa 1.12.4).
    @Test func aFullScreenFrameDecodes() throws {
        let folder = TemporaryFolder("photory-sixel")
        let cellSize = CellPixelSize(width: 6, height: 13)
        let source = Self.fixture(width: 1600, height: 1000)
        let (sixel, decoded) = try Self.roundTrip(source, cellSize: cellSize, columns: 200, rows: 60, in: folder)
        #expect(decoded.width == 1200 && decoded.height == 780)
        #expect(decoded.meanAbsoluteError(source.scaled(toWidth: 1200, height: 780)).allSatisfy { $0 < 8 })
        #expect(sixel.count < 1200 * 780 / 2, "run-length coding keeps a frame well under a byte per 2 pixels")
    }
}
}
