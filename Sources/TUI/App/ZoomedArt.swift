import Foundation
import Library

/// The last zoomed view drawn in character art, kept so the next pan renders only the cells that
/// came into view and takes the others from it. That gives the very cells a whole render would:
/// the view's pixels are `PreviewMaker.zoomCellPixels` a cell (chafa's own cell, so it scales
/// nothing), a cell's pixels depend only on its place in the zoomed photo (`ZoomSources.part`),
/// and in truecolor and 256 colours chafa picks a cell's symbol and colours from its pixels
/// alone — but for a space's foreground, which it leaves black or transparent by chance and
/// which never shows: `settled` makes it the default (in 16 and 8 colours chafa first stretches
/// the whole image's contrast, so those render whole).
final class ZoomedArt: Sendable {
    private let last = Locked<(key: PreviewKey, cells: [[Cell]])?>(nil)

    init() {}

    /// The cells still on screen after the pan from the last view to `key`, and the cells (in the
    /// view, from its top-left) still to render; nil when nothing can be reused (another photo,
    /// zoom or size, a diagonal or longer jump, a colour mode that renders whole).
    func reusable(for key: PreviewKey) -> (cells: [[Cell]], dx: Int, dy: Int, missing: (x: Int, y: Int, columns: Int, rows: Int))? {
        guard key.pixels == nil, key.colorMode == .colors256 || key.colorMode == .truecolor, let crop = key.crop,
              let kept = last.withLock({ $0 }), case let (old, cells) = kept, let oldCrop = old.crop,
              old.photoID == key.photoID, old.colorMode == key.colorMode, old.orientation == key.orientation,
              old.fromThumbnail == key.fromThumbnail, old.pixels == nil,
              old.columns == key.columns, old.rows == key.rows,
              oldCrop.fullColumns == crop.fullColumns, oldCrop.fullRows == crop.fullRows,
              cells.count == key.rows, cells.allSatisfy({ $0.count == key.columns }) else { return nil }
        let dx = crop.x - oldCrop.x, dy = crop.y - oldCrop.y
        guard (dx == 0) != (dy == 0), abs(dx) < key.columns, abs(dy) < key.rows else { return nil }
        let missing = dx > 0 ? (x: key.columns - dx, y: 0, columns: dx, rows: key.rows)
            : dx < 0 ? (x: 0, y: 0, columns: -dx, rows: key.rows)
            : dy > 0 ? (x: 0, y: key.rows - dy, columns: key.columns, rows: dy)
            : (x: 0, y: 0, columns: key.columns, rows: -dy)
        return (cells, dx, dy, missing)
    }

    /// The view after a pan by `dx`, `dy` cells: `old`'s cells moved, `fresh` (the cells of
    /// `missing`) where nothing was.
    static func panned(_ old: [[Cell]], dx: Int, dy: Int, fresh: [[Cell]],
                       missing: (x: Int, y: Int, columns: Int, rows: Int)) -> [[Cell]] {
        old.indices.map { y in
            old[y].indices.map { x in
                let inMissing = x >= missing.x && x < missing.x + missing.columns && y >= missing.y && y < missing.y + missing.rows
                return inMissing ? fresh[y - missing.y][x - missing.x] : old[y + dy][x + dx]
            }
        }
    }

    /// Character art of `columns × rows` cells from `image`, exactly `PreviewMaker.zoomCellPixels`
    /// a cell, made as bands of rows rendered at once on `bands` threads: a cell depends only
    /// on its own pixels (see above), so the bands are the cells of one render, in a part of
    /// its time. Only for the colour modes that render cell by cell (truecolor, 256 colours).
    static func render(_ image: DecodedImage, columns: Int, rows: Int, colorMode: ColorMode,
                       bands: Int = ProcessInfo.processInfo.activeProcessorCount) -> [[Cell]] {
        let renderer = ChafaRenderer(colorMode: colorMode)
        let cellHeight = PreviewMaker.zoomCellPixels.height
        let count = max(1, min(bands, rows / 8))
        guard count > 1, image.width == columns * PreviewMaker.zoomCellPixels.width, image.height == rows * cellHeight,
              colorMode == .truecolor || colorMode == .colors256 else {
            return renderer.render(pixels: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows)
        }
        let made = Locked([[[Cell]]](repeating: [], count: count))
        DispatchQueue.concurrentPerform(iterations: count) { band in
            let top = rows * band / count, bottom = rows * (band + 1) / count
            let start = top * cellHeight * image.width * 4, end = bottom * cellHeight * image.width * 4
            let cells = image.pixels.withUnsafeBufferPointer { pixels in
                renderer.render(pixels: UnsafeBufferPointer(rebasing: pixels[start..<end]), width: image.width,
                                height: (bottom - top) * cellHeight, columns: columns, rows: bottom - top)
            }
            made.withLock { $0[band] = cells }
        }
        return made.withLock { $0 }.flatMap { $0 }
    }

    /// `cells` with every space's foreground the default: a space shows only its background, and
    /// chafa (in truecolor) gives the same space a black or a transparent foreground depending
    /// on what else it renders, so two renders of one view would differ where nothing shows.
    static func settled(_ cells: [[Cell]]) -> [[Cell]] {
        cells.map { row in
            row.map { cell in
                guard cell.fg != .default, cell.text == " " else { return cell }
                var plain = cell
                plain.fg = .default
                return plain
            }
        }
    }

    /// Remembers the view `key` drew as `cells`.
    func keep(_ cells: [[Cell]], for key: PreviewKey) {
        guard key.crop != nil, key.pixels == nil else { return }
        last.withLock { $0 = (key, cells) }
    }
}
