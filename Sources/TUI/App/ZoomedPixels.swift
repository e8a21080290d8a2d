import Library

/// The last zoomed view drawn with pixels (sixel, kitty, iTerm2), kept as its pixels before
/// encoding, so the next pan cuts and scales only the pixels of the cells that came into view
/// and moves the others (`ZoomPan`): a pixel of a zoomed view depends only on its place in the
/// zoomed photo (`ZoomSources.part`), so the moved pixels are those a whole cut would give.
/// A sixel's palette is kept too: the pans of one zoom level draw in the first view's colours
/// (a median cut a pan was a fifth of its sixel's time), a new zoom or photo makes a new one.
final class ZoomedPixels: Sendable {
    private let last = Locked<(key: PreviewKey, image: DecodedImage, sixelPalette: SixelPalette?)?>(nil)

    init() {}

    /// The last view's pixels and sixel palette (nil for other protocols), and the pan from it to
    /// `key`; nil when nothing can be reused.
    func reusable(for key: PreviewKey, cellPixels: (width: Int, height: Int))
        -> (image: DecodedImage, sixelPalette: SixelPalette?, pan: ZoomPan)? {
        guard key.pixels != nil, let (old, image, palette) = last.withLock({ $0 }), let pan = ZoomPan(from: old, to: key),
              image.width == key.columns * cellPixels.width, image.height == key.rows * cellPixels.height else { return nil }
        return (image, palette, pan)
    }

    /// The view after `pan`: `old`'s pixels moved, `fresh` (the pixels of `pan.missing`) where nothing was.
    static func panned(_ old: DecodedImage, by pan: ZoomPan, fresh: DecodedImage,
                       cellPixels: (width: Int, height: Int)) -> DecodedImage {
        let width = old.width, height = old.height
        let shiftX = pan.dx * cellPixels.width, shiftY = pan.dy * cellPixels.height
        let freshX = pan.missing.x * cellPixels.width, freshY = pan.missing.y * cellPixels.height
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            old.pixels.withUnsafeBufferPointer { oldPixels in
                fresh.pixels.withUnsafeBufferPointer { freshPixels in
                    for y in 0..<height {
                        let row = buffer.baseAddress! + y * width * 4
                        let inFresh = y >= freshY && y < freshY + fresh.height
                        if pan.dy != 0 && inFresh {
                            // A whole row that came into view.
                            row.update(from: freshPixels.baseAddress! + (y - freshY) * fresh.width * 4, count: width * 4)
                        } else if pan.dy != 0 {
                            row.update(from: oldPixels.baseAddress! + (y + shiftY) * width * 4, count: width * 4)
                        } else {
                            // Moved across: the old row's kept part, and the fresh columns beside it.
                            let kept = width - fresh.width
                            let keptAt = pan.dx > 0 ? 0 : fresh.width
                            (row + keptAt * 4).update(from: oldPixels.baseAddress! + (y * width + keptAt + shiftX) * 4, count: kept * 4)
                            (row + freshX * 4).update(from: freshPixels.baseAddress! + y * fresh.width * 4, count: fresh.width * 4)
                        }
                    }
                }
            }
            count = width * height * 4
        }
        return DecodedImage(width: width, height: height, pixels: pixels, warning: old.warning)
    }

    /// Remembers the pixels of the view `key` drew, and the sixel palette it was drawn in.
    func keep(_ image: DecodedImage, sixelPalette: SixelPalette? = nil, for key: PreviewKey) {
        guard key.crop != nil, key.pixels != nil else { return }
        last.withLock { $0 = (key, image, sixelPalette) }
    }
}
