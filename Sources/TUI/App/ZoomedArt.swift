import Foundation
import Library

/// The last zoomed view drawn in character art, kept so the next pan renders only the cells that
/// came into view and takes the others from it. That gives the very cells a whole render would:
/// the view's pixels are `PreviewMaker.zoomCellPixels` a cell (chafa's own cell, so it scales
/// nothing), a cell's pixels depend only on its place in the zoomed photo (`ZoomSources.part`),
/// and in truecolor (`BlockArt`) and 256 colours (chafa) a cell's symbol and colours come from
/// its pixels alone — but for a space's foreground, which chafa leaves black or transparent by
/// chance and which never shows: `settled` makes it the default (in 16 and 8 colours chafa first stretches
/// the whole image's contrast, so those render whole).
final class ZoomedArt: Sendable {
    private let last = Locked<(key: PreviewKey, cells: [[Cell]])?>(nil)

    init() {}

    /// The last view's cells and the pan from it to `key`; nil when nothing can be reused
    /// (not a pan, `ZoomPan`, or a colour mode that renders whole).
    func reusable(for key: PreviewKey) -> (cells: [[Cell]], pan: ZoomPan)? {
        guard key.pixels == nil, key.colorMode == .colors256 || key.colorMode == .truecolor,
              let (old, cells) = last.withLock({ $0 }), let pan = ZoomPan(from: old, to: key),
              cells.count == key.rows, cells.allSatisfy({ $0.count == key.columns }) else { return nil }
        return (cells, pan)
    }

    /// The view after `pan`: `old`'s cells moved, `fresh` (the cells of `pan.missing`) where nothing was.
    static func panned(_ old: [[Cell]], by pan: ZoomPan, fresh: [[Cell]]) -> [[Cell]] {
        old.indices.map { y in
            old[y].indices.map { x in
                pan.isMissing(x: x, y: y) ? fresh[y - pan.missing.y][x - pan.missing.x] : old[y + pan.dy][x + pan.dx]
            }
        }
    }

    /// Character art of `columns × rows` cells from `image`, exactly `PreviewMaker.zoomCellPixels`
    /// a cell: in truecolor by `BlockArt` (a cell from its own pixels, many times quicker than
    /// chafa), in 256 colours by chafa; made as bands of rows rendered at once on `bands` threads:
    /// a cell depends only on its own pixels (see above), so the bands are the cells of one
    /// render, in a part of its time. Only for the colour modes that render cell by cell
    /// (truecolor, 256 colours); the others render whole, by chafa.
    static func render(_ image: DecodedImage, columns: Int, rows: Int, colorMode: ColorMode,
                       bands: Int = ProcessInfo.processInfo.activeProcessorCount) -> [[Cell]] {
        let renderer = ChafaRenderer(colorMode: colorMode)
        let cellHeight = PreviewMaker.zoomCellPixels.height
        let isCellSized = image.width == columns * PreviewMaker.zoomCellPixels.width && image.height == rows * cellHeight
        guard isCellSized, colorMode == .truecolor || colorMode == .colors256 else {
            return renderer.render(pixels: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows)
        }
        @Sendable func band(_ pixels: UnsafeBufferPointer<UInt8>, rows: Int) -> [[Cell]] {
            colorMode == .truecolor && PreviewMaker.zoomCellPixels == (BlockArt.cellSide, BlockArt.cellSide)
                ? BlockArt.render(pixels: pixels, columns: columns, rows: rows)
                : renderer.render(pixels: pixels, width: image.width, height: rows * cellHeight, columns: columns, rows: rows)
        }
        // Truecolor bands are quick: a band needs enough cells to be worth a thread.
        let count = max(1, min(bands, colorMode == .truecolor ? rows * columns / 2000 : rows / 8))
        guard count > 1 else { return image.pixels.withUnsafeBufferPointer { band($0, rows: rows) } }
        let made = Locked([[[Cell]]](repeating: [], count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let top = rows * index / count, bottom = rows * (index + 1) / count
            let start = top * cellHeight * image.width * 4, end = bottom * cellHeight * image.width * 4
            let cells = image.pixels.withUnsafeBufferPointer { pixels in
                band(UnsafeBufferPointer(rebasing: pixels[start..<end]), rows: bottom - top)
            }
            made.withLock { $0[index] = cells }
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
