import CChafa

/// Turns RGBA pixels into a sixel image with libchafa 1.12, sized to whole cells.
///
/// chafa's own terminal detection is not used (it knows kitty only from `TERM`, and nothing of tmux):
/// its fallback term info supplies the sixel sequences. A value type with immutable settings, so it can
/// encode off the UI thread, like previews.
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
        _ = ChafaRenderer.singleThreaded

        guard let config = chafa_canvas_config_new() else { return [] }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(columns), gint(rows))
        chafa_canvas_config_set_cell_geometry(config, gint(cellSize.width), gint(cellSize.height))
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)

        guard let canvas = chafa_canvas_new(config) else { return [] }
        defer { chafa_canvas_unref(canvas) }
        pixels.withUnsafeBufferPointer { buffer in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress,
                                         gint(width), gint(height), gint(width * 4))
        }
        guard let database = chafa_term_db_get_default(),
              let termInfo = chafa_term_db_get_fallback_info(database) else { return [] }
        defer { chafa_term_info_unref(termInfo) }
        guard let printed = chafa_canvas_print(canvas, termInfo) else { return [] }
        defer { g_string_free(printed, 1) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str)?
            .assumingMemoryBound(to: UInt8.self), count: Int(printed.pointee.len)))
    }
}
