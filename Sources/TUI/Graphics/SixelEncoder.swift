import CChafa
import Library

/// Turns RGBA pixels into a sixel image with libchafa 1.12, sized to whole cells.
///
/// chafa's own terminal detection is not used (it knows kitty only from `TERM`, and nothing of tmux):
/// its fallback term info supplies the sixel sequences. A value type with immutable settings, so it can
/// encode off the UI thread, like previews.
///
/// chafa makes a sixel's height a multiple of 6 pixels (one sixel band), cutting off what is left.
public struct SixelEncoder: Sendable {
    /// The pixel size of one cell; the image measures `columns × width` by `rows × height` pixels.
    public var cellSize: CellPixelSize

    public init(cellSize: CellPixelSize) {
        self.cellSize = cellSize
    }

    /// The sixel sequence (`ESC P … q … ESC \`) for `pixels` (RGBA, `width × height`) fitted into
    /// `columns × rows` cells; empty when there is nothing to draw.
    public func encode(pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> [UInt8] {
        guard columns > 0, rows > 0, width > 0, height > 0, width <= Int(Int32.max) / 4,
              pixels.count >= width * height * 4 else { return [] }
        return pixels.withUnsafeBufferPointer { buffer in
            encode(buffer.baseAddress!, width: width, height: height, columns: columns, rows: rows)
        }
    }

    /// The sixel for `image` fitted into `columns × rows` cells, as one sequence of at most `maxPieceBytes`,
    /// else cut across into strips of whole cell rows, each a sequence of at most that; nil when nothing
    /// can be drawn or a single row is larger.
    ///
    /// Each strip but the last is encoded one cell row taller, as far down as whole sixel bands reach,
    /// from the same pixels the next strip starts with: chafa's cut to whole bands leaves no gap between
    /// strips, and what a strip draws below its rows the next one draws again, alike.
    public func encode(_ image: DecodedImage, columns: Int, rows: Int, maxPieceBytes: Int) -> TerminalImage? {
        let whole = encode(pixels: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows)
        guard !whole.isEmpty else { return nil }
        if whole.count <= maxPieceBytes { return TerminalImage(bytes: whole) }

        let width = columns * cellSize.width, height = rows * cellSize.height
        let sized = Self.stretched(ImageTransform.resized(image, toFit: width, height), toWidth: width, height: height)
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
        // The pixels chafa keeps of `canvasRows` rows (whole bands), so it scales nothing.
        let pixelHeight = canvasRows * cellSize.height / 6 * 6
        guard pixelHeight > 0 else { return [] }
        let offset = top * cellSize.height * sized.width * 4
        return sized.pixels.withUnsafeBufferPointer { buffer in
            encode(buffer.baseAddress! + offset, width: sized.width, height: pixelHeight, columns: columns, rows: canvasRows)
        }
    }

    private func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, columns: Int, rows: Int) -> [UInt8] {
        _ = ChafaRenderer.singleThreaded

        guard let config = chafa_canvas_config_new() else { return [] }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(columns), gint(rows))
        chafa_canvas_config_set_cell_geometry(config, gint(cellSize.width), gint(cellSize.height))
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)

        guard let canvas = chafa_canvas_new(config) else { return [] }
        defer { chafa_canvas_unref(canvas) }
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels,
                                     gint(width), gint(height), gint(width * 4))
        guard let database = chafa_term_db_get_default(),
              let termInfo = chafa_term_db_get_fallback_info(database) else { return [] }
        defer { chafa_term_info_unref(termInfo) }
        guard let printed = chafa_canvas_print(canvas, termInfo) else { return [] }
        defer { g_string_free(printed, 1) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str)?
            .assumingMemoryBound(to: UInt8.self), count: Int(printed.pointee.len)))
    }

    /// `image` stretched to exactly `width × height` (nearest pixel): after a box downscale that kept
    /// its shape, the cells' shape differs from it by less than a cell.
    static func stretched(_ image: DecodedImage, toWidth width: Int, height: Int) -> DecodedImage {
        if image.width == width && image.height == height { return image }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let sy = min(image.height - 1, y * image.height / height)
                for x in 0..<width {
                    let sx = min(image.width - 1, x * image.width / width)
                    let from = (sy * image.width + sx) * 4, to = (y * width + x) * 4
                    pixels[to] = source[from]; pixels[to + 1] = source[from + 1]
                    pixels[to + 2] = source[from + 2]; pixels[to + 3] = source[from + 3]
                }
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }
}
