import CChafa

/// Turns RGBA pixels into rows of ``Cell``s with libchafa 1.12 (symbols mode).
///
/// A value type holding only immutable settings: safe to share and call from worker threads.
/// Every call builds its own chafa symbol map, config and canvas. libchafa's internal thread
/// pool is limited to one thread (once per process) because callers run several renders in
/// parallel themselves.
public struct ChafaRenderer: Hashable, Sendable {
    /// Which glyphs chafa may use.
    public struct Symbols: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Space and full block.
        public static let space = Symbols(rawValue: UInt32(bitPattern: CHAFA_SYMBOL_TAG_SPACE.rawValue))
        /// Block elements U+2580–259F: eighths, halves, solid.
        public static let block = Symbols(rawValue: UInt32(bitPattern: CHAFA_SYMBOL_TAG_BLOCK.rawValue))
        /// Upper/lower and left/right half blocks.
        public static let half = Symbols(rawValue: UInt32(bitPattern: CHAFA_SYMBOL_TAG_HALF.rawValue))
        /// Quadrant blocks.
        public static let quad = Symbols(rawValue: UInt32(bitPattern: CHAFA_SYMBOL_TAG_QUAD.rawValue))
        /// Sextants U+1FB00–1FB3B (Symbols for Legacy Computing): finer detail, but many fonts
        /// lack them, so they are not in ``photo``.
        public static let sextant = Symbols(rawValue: UInt32(bitPattern: CHAFA_SYMBOL_TAG_SEXTANT.rawValue))

        /// The default for photos: block elements, halves and quadrants, which every
        /// monospace font has since they are in the same Unicode block as the half blocks.
        public static let photo: Symbols = [.space, .block, .half, .quad]
        /// ``photo`` plus sextants, for terminals whose font has them.
        public static let photoWithSextants: Symbols = [.photo, .sextant]
    }

    public let colorMode: ColorMode
    public let symbols: Symbols
    /// chafa's speed/quality trade-off, 0…1.
    public let workFactor: Float
    /// In 256-colour mode, match colours in the DIN99d colour space (closer to how the eye
    /// sees them) instead of RGB. Measured here it makes rendering about 3–4× slower
    /// (40×15 cells: 13 ms instead of 4.5 ms), so turn it off for bulk thumbnail work if needed.
    public let perceptualColorSpace: Bool

    public init(colorMode: ColorMode, symbols: Symbols = .photo, workFactor: Float = 0.5,
                perceptualColorSpace: Bool = true) {
        self.colorMode = colorMode
        self.symbols = symbols
        self.workFactor = min(1, max(0, workFactor))
        self.perceptualColorSpace = perceptualColorSpace
    }

    // MARK: - Rendering

    /// Renders `width` × `height` RGBA pixels (8 bits per channel, unassociated alpha, rows
    /// packed: `width * 4` bytes each) into `rows` rows of `columns` cells. The image is
    /// stretched to the cell area: size it with ``fittedCellSize(imageWidth:imageHeight:maxCols:maxRows:cellAspect:)``.
    ///
    /// Colours: `.rgb` in truecolor mode, `.indexed` in palette modes, `.default` for
    /// transparent pixels and in monochrome mode. Returns blank cells when the pixel buffer is
    /// smaller than `width * height * 4` or a size is not positive.
    public func render(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       columns: Int, rows: Int) -> [[Cell]] {
        guard columns > 0, rows > 0 else { return [] }
        let blank = Array(repeating: Array(repeating: Cell.blank, count: columns), count: rows)
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max),
              let base = pixels.baseAddress, pixels.count >= width * height * 4
        else { return blank }
        _ = Self.singleThreaded

        guard let symbolMap = chafa_symbol_map_new() else { return blank }
        defer { chafa_symbol_map_unref(symbolMap) }
        chafa_symbol_map_add_by_tags(symbolMap, ChafaSymbolTags(rawValue: Int32(bitPattern: symbols.rawValue)))

        guard let config = chafa_canvas_config_new() else { return blank }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(columns), gint(rows))
        chafa_canvas_config_set_canvas_mode(config, canvasMode)
        if colorMode == .colors256 && perceptualColorSpace {
            chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_DIN99D)
        }
        chafa_canvas_config_set_symbol_map(config, symbolMap)
        chafa_canvas_config_set_work_factor(config, workFactor)

        guard let canvas = chafa_canvas_new(config) else { return blank }
        defer { chafa_canvas_unref(canvas) }
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, base,
                                     gint(width), gint(height), gint(width * 4))

        var result: [[Cell]] = []
        result.reserveCapacity(rows)
        for y in 0..<rows {
            var row: [Cell] = []
            row.reserveCapacity(columns)
            for x in 0..<columns {
                let char = chafa_canvas_get_char_at(canvas, gint(x), gint(y))
                var fg: gint = -1
                var bg: gint = -1
                // Raw colours are packed 0xRRGGBB in truecolor mode and palette indices in the
                // indexed modes (get_colors_at would give RGB in every mode); -1 = transparent.
                chafa_canvas_get_raw_colors_at(canvas, gint(x), gint(y), &fg, &bg)
                if char == 0 {
                    // Right half of a double-width symbol.
                    row.append(.continuation(of: row.last ?? .blank))
                    continue
                }
                let text = Unicode.Scalar(char).map { String(Character($0)) } ?? " "
                row.append(Cell(text, fg: color(fromRaw: fg), bg: color(fromRaw: bg)))
            }
            result.append(row)
        }
        return result
    }

    /// ``render(pixels:width:height:columns:rows:)`` for an array of pixels.
    public func render(pixels: [UInt8], width: Int, height: Int,
                       columns: Int, rows: Int) -> [[Cell]] {
        pixels.withUnsafeBufferPointer {
            render(pixels: $0, width: width, height: height, columns: columns, rows: rows)
        }
    }

    // MARK: - Geometry

    /// The largest cell area within `maxCols` × `maxRows` that shows an image of
    /// `imageWidth` × `imageHeight` pixels at its own aspect ratio, given that a cell is
    /// `cellAspect` times as wide as it is tall (about 0.5 in most terminal fonts).
    /// Small images are scaled up. Never returns 0 in a dimension unless a limit is 0.
    public static func fittedCellSize(imageWidth: Int, imageHeight: Int, maxCols: Int,
                                      maxRows: Int, cellAspect: Double = 0.5)
        -> (cols: Int, rows: Int) {
        guard maxCols > 0, maxRows > 0 else { return (max(0, maxCols), max(0, maxRows)) }
        guard imageWidth > 0, imageHeight > 0, cellAspect > 0 else { return (maxCols, maxRows) }
        // Columns per row that keep the picture's shape.
        let colsPerRow = Double(imageWidth) / Double(imageHeight) / cellAspect
        var cols = Double(maxCols)
        var rows = cols / colsPerRow
        if rows > Double(maxRows) {
            rows = Double(maxRows)
            cols = rows * colsPerRow
        }
        let c = min(maxCols, max(1, Int(cols.rounded())))
        let r = min(maxRows, max(1, Int(rows.rounded())))
        return (c, r)
    }

    // MARK: - Internals

    /// Limits libchafa's own thread pool to one thread, once per process: the callers (preview
    /// workers) already run several renders and encodes in parallel. Touch it before using chafa.
    static let singleThreaded: Void = { chafa_set_n_threads(1) }()

    private var canvasMode: ChafaCanvasMode {
        switch colorMode {
        case .truecolor: return CHAFA_CANVAS_MODE_TRUECOLOR
        // 240 leaves out the 16 theme-dependent colours; DIN99d matches them perceptually.
        case .colors256: return CHAFA_CANVAS_MODE_INDEXED_240
        case .colors16: return CHAFA_CANVAS_MODE_INDEXED_16
        case .colors8: return CHAFA_CANVAS_MODE_INDEXED_8
        case .monochrome: return CHAFA_CANVAS_MODE_FGBG
        }
    }

    private func color(fromRaw raw: gint) -> CellColor {
        guard raw >= 0 else { return .default }
        switch colorMode {
        case .truecolor: return CellColor(packedRGB: UInt32(raw))
        case .colors256, .colors16, .colors8: return raw < 256 ? .indexed(UInt8(raw)) : .default
        case .monochrome: return .default
        }
    }
}
