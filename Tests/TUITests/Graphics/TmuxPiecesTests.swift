import Fixtures
import Foundation
import Library
import Testing
@testable import TUI

extension GraphicsTests {
/// Inside tmux every image reaches the terminal in pieces that each fit tmux 3.3a's passthrough
/// limit (it drops a sequence over 1 MiB, leaving the photo blank): a sixel in strips of whole
/// cell rows, kitty in groups of whole chunks, iTerm2 at a lower quality.
@Suite struct TmuxPiecesTests {
    /// Noise in every channel: the largest sixel a photo of this size can make.
    static func noise(width: Int, height: Int) -> DecodedImage {
        var state: UInt32 = 12345
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 {
                state = state &* 1_103_515_245 &+ 12345
                pixels[i * 4 + c] = UInt8(truncatingIfNeeded: state >> 16)
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The real sample photos, when there (../shared/photos/real).
    static func samplePhotos() -> [String] {
        let folder = "/work/shared/photos/real"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("DSCN00") || $0.hasPrefix("HMD") }.sorted().map { folder + "/" + $0 }
    }

    /// The wrapped blobs in `output` (each `ESC P tmux ; … ESC \`, ESCs inside doubled) and their sizes.
    static func blobSizes(_ output: [UInt8]) -> [Int] {
        var sizes: [Int] = []
        var index = 0, start = 0
        while index + 1 < output.count {
            if output[index] == 0x1B {
                if output[index + 1] == 0x1B { index += 2; continue }   // a doubled ESC inside
                if output[index + 1] == UInt8(ascii: "P") { start = index }
                if output[index + 1] == UInt8(ascii: "\\") { sizes.append(index + 2 - start) }
            }
            index += 1
        }
        return sizes
    }

    /// The photo view's pixels at 120×40 and 200×60 for common cell sizes, of noise and of the real
    /// photos: unwrapped the sixel is often over the limit; in tmux every wrapped blob is under it.
    @Test(arguments: [(120, 40, CellPixelSize(width: 9, height: 17)), (200, 60, CellPixelSize(width: 9, height: 17)),
                      (120, 40, CellPixelSize(width: 10, height: 20)), (200, 60, CellPixelSize(width: 6, height: 13))])
    func everySixelBlobFitsTmuxsLimit(columns: Int, rows: Int, cell: CellPixelSize) throws {
        let area = (columns: columns, rows: rows - 3)
        var images = [("noise", Self.noise(width: area.columns * cell.width, height: area.rows * cell.height))]
        for path in Self.samplePhotos() {
            images.append((URL(fileURLWithPath: path).lastPathComponent,
                           try PreviewImage.load(path: path, minWidth: area.columns * cell.width,
                                                 minHeight: area.rows * cell.height, orientation: 1)))
        }
        let plain = PixelEncoder(format: PixelFormat(graphicsProtocol: .sixel, cellSize: cell))
        let tmux = PixelEncoder(format: PixelFormat(graphicsProtocol: .sixel, cellSize: cell, tmuxPassthrough: true))
        var overBefore = 0
        for (name, image) in images {
            let fitted = ChafaRenderer.fittedCellSize(imageWidth: image.width, imageHeight: image.height, maxCols: area.columns,
                                                      maxRows: area.rows, cellAspect: Double(cell.width) / Double(cell.height))
            let whole = try plain.encode(image, columns: fitted.cols, rows: fitted.rows, kittyID: 0).get()
            let pieces = try tmux.encode(image, columns: fitted.cols, rows: fitted.rows, kittyID: 0).get()
            let placement = ImagePlacement(column: 0, row: 1, columns: fitted.cols, rows: fitted.rows)
            let drawn = try #require(placement.draw(pieces: pieces.pieces, screenColumns: columns, screenRows: rows,
                                                    tmuxPassthrough: true))
            let sizes = Self.blobSizes(drawn)
            print("sixel \(name) \(columns)×\(rows) cells of \(cell): whole \(whole.bytes.count) bytes; "
                  + "in tmux \(sizes.count) blob(s), largest \(sizes.max() ?? 0)")
            #expect(sizes.count == max(1, pieces.pieceStarts.count))
            #expect(sizes.allSatisfy { $0 <= TmuxPassthrough.sequenceLimit && $0 < 1 << 20 }, "\(name): \(sizes)")
            if whole.bytes.count > 1 << 20 { overBefore += 1 }
            if whole.bytes.count <= TmuxPassthrough.pieceLimit { #expect(pieces.pieceStarts.isEmpty, "\(name): one piece when it fits") }
        }
        #expect(overBefore > 0, "noise at least is over the limit unwrapped")
    }

    /// Strips put back together (each decoded and drawn from its row) are the whole picture: no
    /// pixel row missing between them, colours where the photo has them.
    @Test(arguments: [CellPixelSize(width: 6, height: 13), CellPixelSize(width: 10, height: 20), CellPixelSize(width: 9, height: 18)])
    func stripsMakeTheWholePicture(cell: CellPixelSize) throws {
        let columns = 30, rows = 11
        let width = columns * cell.width, height = rows * cell.height
        let halves = SixelEncoderTests.halves(width: width, height: height)
        let image = DecodedImage(width: width, height: height, pixels: halves)
        let encoded = try #require(SixelEncoder(cellSize: cell).encode(image, columns: columns, rows: rows, maxPieceBytes: 400))
        #expect(encoded.pieceStarts.count >= 2, "small pieces asked for: several strips")
        var canvas: [Int: (Int, Int, Int)] = [:]
        for piece in encoded.pieces {
            let decoded = try #require(SixelEncoderTests.decode(Array(piece.bytes)))
            #expect(piece.bytes.count <= 400)
            #expect(decoded.width == width)
            for (key, colour) in decoded.pixels {
                canvas[(key / 100_000 + piece.row * cell.height) * 100_000 + key % 100_000] = colour
            }
        }
        let drawnHeight = height / 6 * 6   // as the whole picture: whole sixel bands
        for y in 0..<drawnHeight {
            #expect(SixelEncoderTests.close(canvas[y * 100_000 + width / 4], (220, 30, 30)), "row \(y), left")
            #expect(SixelEncoderTests.close(canvas[y * 100_000 + width * 3 / 4], (20, 40, 200)), "row \(y), right")
        }
        #expect(canvas.keys.map { $0 / 100_000 }.max()! < height, "nothing below the image's cells")
    }

    /// kitty's chunks go in groups under the limit, cut between chunks; together they are the image.
    @Test func kittyChunksGoInGroupsUnderTheLimit() throws {
        let cell = CellPixelSize(width: 10, height: 20)
        let image = Self.noise(width: 1000, height: 600)
        let encoded = try PixelEncoder(format: PixelFormat(graphicsProtocol: .kitty, cellSize: cell, tmuxPassthrough: true))
            .encode(image, columns: 100, rows: 30, kittyID: 77).get()
        #expect(encoded.pieceStarts.count >= 2)
        let placed = PlacedImage(content: "p", cells: Rect(x: 0, y: 1, width: 100, height: 30), image: encoded)
        for piece in placed.pieces {
            #expect(piece.row == 0)
            #expect(Array(piece.bytes.prefix(3)) == [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")], "starts a chunk")
            #expect(Array(piece.bytes.suffix(2)) == [0x1B, UInt8(ascii: "\\")], "ends a chunk")
        }
        let drawn = try #require(placed.entry.placement.draw(pieces: placed.pieces, screenColumns: 120, screenRows: 40,
                                                             tmuxPassthrough: true))
        #expect(Self.blobSizes(drawn).allSatisfy { $0 <= TmuxPassthrough.sequenceLimit })
        let stream = try KittyStream(placed.pieces.flatMap { Array($0.bytes) })
        #expect(stream.violations == [])
        #expect(stream.chunks.first?["i"] == String(placed.entry.kittyID))
    }

    /// iTerm2's one sequence goes at a lower JPEG quality when it would be over the limit.
    @Test func anITerm2ImageFitsTmuxAtALowerQuality() throws {
        let cell = CellPixelSize(width: 10, height: 20)
        let image = Self.noise(width: 1400, height: 800)
        let plain = try PixelEncoder(format: PixelFormat(graphicsProtocol: .iterm2, cellSize: cell))
            .encode(image, columns: 140, rows: 40, kittyID: 0).get()
        let tmux = try PixelEncoder(format: PixelFormat(graphicsProtocol: .iterm2, cellSize: cell, tmuxPassthrough: true))
            .encode(image, columns: 140, rows: 40, kittyID: 0).get()
        #expect(plain.bytes.count > TmuxPassthrough.sequenceLimit)
        #expect(tmux.bytes.count <= TmuxPassthrough.pieceLimit)
    }
}
}
