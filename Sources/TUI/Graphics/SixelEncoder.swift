import Library

/// Turns RGBA pixels into a sixel image sized to whole cells: the pixels scaled to exactly the
/// cells' (a box filter), a palette of 256 colours made for them (`SixelPalette`, a median cut),
/// written as DEC sixel bands (`SixelWriter`). Our own rather than libchafa's: chafa 1.12 took
/// 40–60 ms of CPU for a 1200×800 frame (palette, mapping and printing), too slow to pan a zoomed
/// photo; this takes about a third of that. A value type with immutable settings, so it can
/// encode off the UI thread, like previews.
///
/// A sixel's height is cut to a multiple of 6 pixels (one sixel band), as chafa does: the image
/// never reaches below its cells (which would scroll the screen on its last row).
public struct SixelEncoder: Sendable {
    /// The pixel size of one cell; the image measures `columns × width` by `rows × height` pixels.
    public var cellSize: CellPixelSize

    public init(cellSize: CellPixelSize) {
        self.cellSize = cellSize
    }

    /// The sixel sequence (`ESC P … q … ESC \`) for `pixels` (RGBA, `width × height`) fitted into
    /// `columns × rows` cells; empty when there is nothing to draw.
    public func encode(pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> [UInt8] {
        var palette: SixelPalette?
        return encode(pixels: pixels, width: width, height: height, columns: columns, rows: rows, palette: &palette)
    }

    /// The same in `palette`'s colours when it is given (a pan of a zoomed photo keeps its first
    /// view's: `SixelPalette.covering`), else in a palette made for the picture; `palette` is
    /// then the one used.
    func encode(pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int, palette: inout SixelPalette?) -> [UInt8] {
        guard columns > 0, rows > 0, width > 0, height > 0, width <= Int(Int32.max) / 4,
              pixels.count >= width * height * 4 else { return [] }
        let count = width * height * 4
        let image = DecodedImage(width: width, height: height, pixels: pixels.count == count ? pixels : Array(pixels.prefix(count)))
        let sized = Self.sized(image, columns: columns, rows: rows, cellSize: cellSize)
        return sized.pixels.withUnsafeBufferPointer { buffer in
            SixelWriter.encode(buffer.baseAddress!, width: sized.width, height: sized.height, palette: &palette)
        }
    }

    /// The sixel for `image` fitted into `columns × rows` cells, as one sequence of at most `maxPieceBytes`,
    /// else cut across into strips of whole cell rows, each a sequence of at most that; nil when nothing
    /// can be drawn or a single row is larger.
    ///
    /// Each strip but the last is encoded one cell row taller, as far down as whole sixel bands reach,
    /// from the same pixels the next strip starts with: the cut to whole bands leaves no gap between
    /// strips, and what a strip draws below its rows the next one draws again, alike.
    public func encode(_ image: DecodedImage, columns: Int, rows: Int, maxPieceBytes: Int) -> TerminalImage? {
        let whole = encode(pixels: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows)
        guard !whole.isEmpty else { return nil }
        if whole.count <= maxPieceBytes { return TerminalImage(bytes: whole) }

        let sized = Self.sized(image, columns: columns, rows: rows, cellSize: cellSize)
        // A first guess from the whole image's size; a strip that still is too large is halved.
        let strips = min(rows, whole.count / max(1, maxPieceBytes) + 1)
        let rowsPerStrip = (rows + strips - 1) / strips
        var pending = stride(from: rows - 1 - (rows - 1) % rowsPerStrip, through: 0, by: -rowsPerStrip).map { top in
            (top: top, count: min(rowsPerStrip, rows - top))
        }
        var bytes: [UInt8] = []
        var starts: [TerminalImage.PieceStart] = []
        while let strip = pending.popLast() {
            let piece = encodeStrip(sized, top: strip.top, count: strip.count, rows: rows, columns: columns)
            guard !piece.isEmpty else { return nil }
            if piece.count <= maxPieceBytes {
                starts.append(TerminalImage.PieceStart(row: strip.top, offset: bytes.count))
                bytes += piece
            } else {
                guard strip.count > 1 else { return nil }
                let upper = strip.count / 2
                pending.append((strip.top + upper, strip.count - upper))
                pending.append((strip.top, upper))
            }
        }
        return TerminalImage(bytes: bytes, pieceStarts: starts)
    }

    // MARK: - Internals

    /// Rows `top ..< top + count` of `sized` (exactly `columns × rows` cells of pixels), encoded as
    /// explained in ``encode(_:columns:rows:maxPieceBytes:)``.
    private func encodeStrip(_ sized: DecodedImage, top: Int, count: Int, rows: Int, columns: Int) -> [UInt8] {
        let last = top + count == rows
        let canvasRows = last ? count : count + 1
        // The pixels of `canvasRows` rows the writer keeps (whole bands).
        let pixelHeight = canvasRows * cellSize.height / 6 * 6
        guard pixelHeight > 0 else { return [] }
        let offset = top * cellSize.height * sized.width * 4
        return sized.pixels.withUnsafeBufferPointer { buffer in
            SixelWriter.encode(buffer.baseAddress! + offset, width: sized.width, height: pixelHeight)
        }
    }

    /// `image` scaled to exactly `columns × rows` cells of `cellSize` (box filter; a smaller image's
    /// pixels are repeated): the cells' shape differs from the photo's by less than a cell.
    static func sized(_ image: DecodedImage, columns: Int, rows: Int, cellSize: CellPixelSize) -> DecodedImage {
        let width = columns * cellSize.width, height = rows * cellSize.height
        return ImageTransform.scaledPart(image, scaledWidth: width, scaledHeight: height, x: 0, y: 0, width: width, height: height)
    }
}
