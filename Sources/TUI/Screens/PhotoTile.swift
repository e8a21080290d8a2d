import Library

/// Draws one photo's preview into a box: the character art or pixel image when it is ready,
/// otherwise a grey placeholder with a short reason ("loading", "missing", why it cannot be decoded).
enum PhotoTile {
    /// The preview a box of `maxColumns` × `maxRows` shows for `photo`: the largest cell area
    /// with the photo's aspect ratio (orientation applied). A pixel image where the terminal
    /// shows them (see `AppState.pixelFormat(inGrid:)`), unless the photo could not be encoded
    /// as one: then character art, so the fallback is never worse than before.
    static func previewKey(for photo: Photo, maxColumns: Int, maxRows: Int, state: AppState, inGrid: Bool) -> PreviewKey {
        if let format = state.pixelFormat(inGrid: inGrid) {
            var key = previewKey(for: photo, maxColumns: maxColumns, maxRows: maxRows, colorMode: state.colorMode, pixels: format)
            key.dimmed = dims(photo, state: state, inGrid: inGrid)
            if case .failed? = state.previews.peek(key) {} else { return key }
        }
        return standInKey(for: photo, maxColumns: maxColumns, maxRows: maxRows, state: state)
    }

    /// The character art for the same box: what stands in while its pixels are made, or instead of them.
    static func standInKey(for photo: Photo, maxColumns: Int, maxRows: Int, state: AppState) -> PreviewKey {
        previewKey(for: photo, maxColumns: maxColumns, maxRows: maxRows, colorMode: state.colorMode, pixels: nil)
    }

    /// The key for a preview in `pixels` (nil: character art, with cells half as wide as tall).
    static func previewKey(for photo: Photo, maxColumns: Int, maxRows: Int, colorMode: ColorMode,
                           pixels: PixelFormat?) -> PreviewKey {
        let size = photo.layoutSize
        var key = fittedKey(id: photo.id, width: size.width, height: size.height, maxColumns: maxColumns, maxRows: maxRows,
                            colorMode: colorMode, pixels: pixels)
        key.fromThumbnail = !photo.isDownloaded
        key.orientation = photo.orientation
        return key
    }

    /// The key of a `width` × `height` picture as large as `maxColumns` × `maxRows` cells allow,
    /// its shape kept (a photo; the webcam's frames, issue 25).
    static func fittedKey(id: String, width: Int, height: Int, maxColumns: Int, maxRows: Int, colorMode: ColorMode,
                          pixels: PixelFormat?) -> PreviewKey {
        // No larger than the terminal shows (xterm leaves a larger sixel blank).
        let box = pixels?.cellsWithinLimit(columns: maxColumns, rows: maxRows) ?? (columns: maxColumns, rows: maxRows)
        let fitted = ChafaRenderer.fittedCellSize(imageWidth: width, imageHeight: height, maxCols: box.columns, maxRows: box.rows,
                                                  cellAspect: pixels?.cellAspect ?? 0.5)
        return PreviewKey(photoID: id, columns: fitted.cols, rows: fitted.rows, colorMode: colorMode, pixels: pixels)
    }

    /// A rejected photo's preview in a grid is dimmed with `rejected = "dim"`: its character
    /// art darkened in the cells, its pixels before they are encoded (`PreviewKey.dimmed`).
    static func dims(_ photo: Photo, state: AppState, inGrid: Bool) -> Bool {
        inGrid && photo.isRejected && state.rejectedDisplay == .dim
    }

    static func draw(_ photo: Photo?, in box: Rect, state: AppState, inGrid: Bool, into grid: inout CellGrid) {
        guard box.width > 0, box.height > 0 else { return }
        guard let photo else {
            placeholder("no photo", in: box, into: &grid)
            return
        }
        if photo.missing {
            placeholder(photo.leftFeed ? "no longer in its feed" : "file missing", in: box, into: &grid)
            return
        }
        let key = previewKey(for: photo, maxColumns: box.width, maxRows: box.height, state: state, inGrid: inGrid)
        // A dimmed reject: its cells are darkened here, its pixels came darkened.
        defer {
            if dims(photo, state: state, inGrid: inGrid), !grid.images.contains(where: { $0.entry.content == key.imageContent }) {
                PhotoBadges.dim(box, into: &grid)
            }
        }
        if drawReady(key, in: box, state: state, into: &grid) { return }
        let art = standInKey(for: photo, maxColumns: box.width, maxRows: box.height, state: state)
        if key.pixels != nil, case .cells? = state.previews.peek(art) {
            // The pixels are on their way: the character art stands in.
            _ = drawReady(art, in: box, state: state, into: &grid)
            return
        }
        placeholder("", in: Rect(x: box.x + (box.width - key.columns) / 2, y: box.y + (box.height - key.rows) / 2,
                                 width: key.columns, height: key.rows), into: &grid)
    }

    /// Draws the preview of `key` centred in `box` when it is made (or why it could not be);
    /// false when it is not there yet.
    static func drawReady(_ key: PreviewKey, in box: Rect, state: AppState, into grid: inout CellGrid) -> Bool {
        let origin = (x: box.x + (box.width - key.columns) / 2, y: box.y + (box.height - key.rows) / 2)
        switch state.previews.peek(key) {
        case let .cells(rows)?:
            grid.blit(rows, at: origin.x, y: origin.y)
        case let .image(image)?:
            let cells = Rect(x: origin.x, y: origin.y, width: key.columns, height: key.rows)
            PlacedImage(content: key.imageContent, cells: cells, image: image).place(into: &grid)
        case let .failed(reason)?:
            placeholder(reason, in: Rect(x: origin.x, y: origin.y, width: key.columns, height: key.rows), into: &grid)
        case nil:
            return false
        }
        return true
    }

    /// A grey box with `text` wrapped in its middle lines.
    static func placeholder(_ text: String, in box: Rect, into grid: inout CellGrid) {
        grid.fill(box, with: Theme.placeholder)
        guard !text.isEmpty, box.width > 2 else { return }
        let lines = wrap(text, width: box.width - 2, maxLines: max(1, box.height))
        let top = box.y + (box.height - lines.count) / 2
        for (i, line) in lines.enumerated() {
            let x = box.x + (box.width - line.displayWidth) / 2
            grid.put(line, x: x, y: top + i, style: Theme.placeholderText, maxWidth: box.width)
        }
    }

    /// Words of `text` in lines of at most `width` columns; the last line ends in "…" when cut.
    /// A word wider than `width` is cut with "…", or, `breakingLongWords`, continued on the
    /// next lines (a web address).
    static func wrap(_ text: String, width: Int, maxLines: Int, breakingLongWords: Bool = false) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.displayWidth <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                guard breakingLongWords, String(word).displayWidth > width else {
                    current = CellGrid.truncated(String(word), toWidth: width)
                    continue
                }
                current = ""
                for character in word {
                    if current.displayWidth + character.displayWidth > width, !current.isEmpty {
                        lines.append(current)
                        current = ""
                    }
                    current.append(character)
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = CellGrid.truncated(lines[maxLines - 1] + " …", toWidth: width)
        }
        return lines
    }
}
