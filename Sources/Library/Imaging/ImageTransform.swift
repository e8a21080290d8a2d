/// Pixel operations on decoded RGBA images: EXIF orientation, cropping and box downscaling.
public enum ImageTransform {
    // MARK: - Orientation

    /// Applies EXIF orientation `orientation` (1–8; anything else counts as 1) so the result
    /// is the right way up: 2 mirror horizontally, 3 rotate 180°, 4 mirror vertically,
    /// 5 transpose, 6 rotate 90° clockwise, 7 transverse, 8 rotate 270° clockwise.
    public static func oriented(_ image: DecodedImage, orientation: Int) -> DecodedImage {
        guard (2...8).contains(orientation), image.width > 0, image.height > 0 else { return image }
        let w = image.width, h = image.height
        let swaps = orientation >= 5
        let ow = swaps ? h : w, oh = swaps ? w : h
        // Destination (x, y) reads source (sx, sy) = (ax·x + bx·y + cx, ay·x + by·y + cy):
        // a source index is base + x·dx + y·dy.
        let dx: Int, dy: Int, base: Int
        switch orientation {
        case 2: (base, dx, dy) = (w - 1, -1, w)                    // (w-1-x, y)
        case 3: (base, dx, dy) = ((h - 1) * w + w - 1, -1, -w)     // (w-1-x, h-1-y)
        case 4: (base, dx, dy) = ((h - 1) * w, 1, -w)              // (x, h-1-y)
        case 5: (base, dx, dy) = (0, w, 1)                         // (y, x)
        case 6: (base, dx, dy) = ((h - 1) * w, -w, 1)              // (y, h-1-x)
        case 7: (base, dx, dy) = ((h - 1) * w + w - 1, -w, -1)     // (w-1-y, h-1-x)
        default: (base, dx, dy) = (w - 1, w, -1)                   // 8: (w-1-y, x)
        }
        let out = [UInt8](unsafeUninitializedCapacity: image.pixels.count) { buffer, count in
            image.pixels.withUnsafeBytes { srcRaw in
                let src = srcRaw.bindMemory(to: UInt32.self)
                let dst = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
                // Tiles keep both the strided reads and the writes within cache for rotations.
                let tile = 64
                var ty = 0
                while ty < oh {
                    let yEnd = min(ty + tile, oh)
                    var tx = 0
                    while tx < ow {
                        let xEnd = min(tx + tile, ow)
                        for y in ty..<yEnd {
                            var s = base + tx * dx + y * dy
                            var d = y * ow + tx
                            for _ in tx..<xEnd {
                                dst[d] = src[s]
                                s += dx
                                d += 1
                            }
                        }
                        tx = xEnd
                    }
                    ty = yEnd
                }
            }
            count = image.pixels.count
        }
        return DecodedImage(width: ow, height: oh, pixels: out, warning: image.warning)
    }

    /// Pixels made upright for EXIF orientation `from` (a stored thumbnail) turned to show
    /// orientation `to` instead (the user's turn): one more transform, no new decode.
    public static func reoriented(_ image: DecodedImage, from: Int, to: Int) -> DecodedImage {
        guard from != to else { return image }
        return oriented(image, orientation: Orientation.relative(from: Orientation(exif: from), to: Orientation(exif: to)).exif)
    }

    // MARK: - Cropping

    /// The part of `image` from (`x`, `y`), `width`×`height` pixels, kept inside the image
    /// (a rectangle reaching past an edge is cut there; at least 1×1 of a non-empty image).
    public static func cropped(_ image: DecodedImage, x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        guard image.width > 0, image.height > 0 else { return image }
        let x0 = max(0, min(x, image.width - 1)), y0 = max(0, min(y, image.height - 1))
        let w = max(1, min(width, image.width - x0)), h = max(1, min(height, image.height - y0))
        if x0 == 0, y0 == 0, w == image.width, h == image.height { return image }
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            image.pixels.withUnsafeBytes { src in
                for row in 0..<h {
                    let from = ((y0 + row) * image.width + x0) * 4
                    UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[(row * w * 4)...])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: src[from..<(from + w * 4)]))
                }
            }
            count = w * h * 4
        }
        return DecodedImage(width: w, height: h, pixels: out, warning: image.warning)
    }

    /// The part from (`x`, `y`), `width`×`height` pixels, of `oriented(image, orientation:)`
    /// scaled to `scaledWidth`×`scaledHeight` — made without turning or scaling the rest: the
    /// part is cut from the stored pixels, scaled, and only then turned, so a zoomed view of a
    /// 12 MP photo stored on its side turns a screenful, not 48 MB. As in `scaledPart`, a pixel
    /// depends only on its place in the scaled image: parts of one scaled image fit together.
    public static func orientedPart(_ image: DecodedImage, orientation: Int, scaledWidth: Int, scaledHeight: Int,
                                    x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        orientedPart(ImageRegion(whole: image), orientation: orientation, scaledWidth: scaledWidth,
                     scaledHeight: scaledHeight, x: x, y: y, width: width, height: height)
    }

    /// The same cut from a decoded part of the photo, which must cover the pixels the part needs
    /// (`sourceRect`); the pixels are those a whole decode would give.
    public static func orientedPart(_ region: ImageRegion, orientation: Int, scaledWidth: Int, scaledHeight: Int,
                                    x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        let o = (1...8).contains(orientation) ? orientation : 1
        let (w, h) = o >= 5 ? (scaledHeight, scaledWidth) : (scaledWidth, scaledHeight)
        let stored = storedRect(orientation: o, scaledWidth: scaledWidth, scaledHeight: scaledHeight,
                                x: x, y: y, width: width, height: height)
        let part = scaledPart(region, scaledWidth: w, scaledHeight: h,
                              x: stored.x, y: stored.y, width: stored.width, height: stored.height)
        return oriented(part, orientation: o)
    }

    /// Where the rectangle from (`x`, `y`), `width`×`height` of the photo turned by EXIF
    /// `orientation` and scaled to `scaledWidth`×`scaledHeight` lies in the scaled photo as stored
    /// (unturned: `scaledHeight`×`scaledWidth` for orientations 5–8). See `oriented` for where each
    /// display pixel comes from.
    public static func storedRect(orientation: Int, scaledWidth: Int, scaledHeight: Int,
                                  x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let (w, h) = orientation >= 5 && orientation <= 8 ? (scaledHeight, scaledWidth) : (scaledWidth, scaledHeight)
        switch orientation {
        case 2: return (w - x - width, y, width, height)
        case 3: return (w - x - width, h - y - height, width, height)
        case 4: return (x, h - y - height, width, height)
        case 5: return (y, x, height, width)
        case 6: return (y, h - x - width, height, width)
        case 7: return (w - y - height, h - x - width, height, width)
        case 8: return (w - y - height, x, height, width)
        default: return (x, y, width, height)
        }
    }

    /// The source pixels (of an image of `sourceWidth`×`sourceHeight`) that `scaledPart` reads
    /// for the part from (`x`, `y`), `width`×`height` of it scaled to `scaledWidth`×`scaledHeight`:
    /// what a decoded region must cover.
    public static func sourceRect(sourceWidth: Int, sourceHeight: Int, scaledWidth: Int, scaledHeight: Int,
                                  x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        guard sourceWidth > 0, sourceHeight > 0, scaledWidth > 0, scaledHeight > 0 else { return (0, 0, 0, 0) }
        let x0 = max(0, min(x, scaledWidth - 1)), y0 = max(0, min(y, scaledHeight - 1))
        let ow = max(1, min(width, scaledWidth - x0)), oh = max(1, min(height, scaledHeight - y0))
        let first = (x: block(x0, of: scaledWidth, length: sourceWidth), y: block(y0, of: scaledHeight, length: sourceHeight))
        let last = (x: block(x0 + ow - 1, of: scaledWidth, length: sourceWidth),
                    y: block(y0 + oh - 1, of: scaledHeight, length: sourceHeight))
        return (first.x.lowerBound, first.y.lowerBound,
                last.x.upperBound - first.x.lowerBound, last.y.upperBound - first.y.lowerBound)
    }

    /// The source pixels output pixel `i` of `n` covers along a side of `length` source pixels
    /// (the box filter of `scaledPart`; at least one).
    static func block(_ i: Int, of n: Int, length: Int) -> Range<Int> {
        let start = min(length - 1, i * length / n)
        return start..<max(start + 1, min(length, (i + 1) * length / n))
    }

    // MARK: - Resizing

    /// The size `width`×`height` scaled down to fit in `maxWidth`×`maxHeight` with its aspect
    /// ratio kept (never up; at least 1×1).
    public static func fittedSize(width: Int, height: Int, toFit maxWidth: Int, _ maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (0, 0) }
        let mw = max(1, maxWidth), mh = max(1, maxHeight)
        if width <= mw && height <= mh { return (width, height) }
        // Compare mw/width with mh/height without floating point.
        if mw * height <= mh * width {
            return (mw, max(1, (height * mw + width / 2) / width))
        } else {
            return (max(1, (width * mh + height / 2) / height), mh)
        }
    }

    /// Box (area-average) downscale to fit in `maxWidth`×`maxHeight`, aspect kept. Images that
    /// already fit are returned unchanged. Each output pixel averages the whole block of
    /// source pixels it covers.
    public static func resized(_ image: DecodedImage, toFit maxWidth: Int, _ maxHeight: Int) -> DecodedImage {
        let (ow, oh) = fittedSize(width: image.width, height: image.height, toFit: maxWidth, maxHeight)
        return resized(image, toWidth: ow, height: oh)
    }

    /// Box downscale to `width`×`height`, each side on its own (a side already smaller is kept:
    /// never up). Each output pixel averages the whole block of source pixels it covers.
    public static func resized(_ image: DecodedImage, toWidth width: Int, height: Int) -> DecodedImage {
        guard image.width > 0, image.height > 0 else { return image }
        let ow = max(1, min(width, image.width)), oh = max(1, min(height, image.height))
        if ow == image.width && oh == image.height { return image }
        return scaledPart(image, scaledWidth: ow, scaledHeight: oh, x: 0, y: 0, width: ow, height: oh)
    }

    /// The part from (`x`, `y`), `width`×`height` pixels, of `image` scaled to `scaledWidth`×
    /// `scaledHeight` (the part kept inside it), made without scaling the rest. Each pixel
    /// averages the block of source pixels it covers (a box filter), at least one (enlarging
    /// repeats pixels); the block depends only on the pixel's place in the scaled image, so parts
    /// of one scaled image are exactly its pixels and fit together without a seam.
    public static func scaledPart(_ image: DecodedImage, scaledWidth: Int, scaledHeight: Int,
                                  x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        scaledPart(ImageRegion(whole: image), scaledWidth: scaledWidth, scaledHeight: scaledHeight,
                   x: x, y: y, width: width, height: height)
    }

    /// The same from a decoded part of the image (`region`), as if from the whole: the blocks
    /// are the whole image's, read from the part (which must cover them, `sourceRect`; a block
    /// outside it is cut at its edge rather than read out of bounds).
    public static func scaledPart(_ region: ImageRegion, scaledWidth: Int, scaledHeight: Int,
                                  x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        let image = region.image
        guard image.width > 0, image.height > 0, scaledWidth > 0, scaledHeight > 0 else { return image }
        let x0 = max(0, min(x, scaledWidth - 1)), y0 = max(0, min(y, scaledHeight - 1))
        let ow = max(1, min(width, scaledWidth - x0)), oh = max(1, min(height, scaledHeight - y0))
        let w = image.width
        if scaledWidth == region.fullWidth && scaledHeight == region.fullHeight {
            return cropped(image, x: x0 - region.x, y: y0 - region.y, width: ow, height: oh)
        }
        /// Block `i` of `n` along a side of the whole image, as indices into the part's pixels.
        func partBlock(_ i: Int, of n: Int, length: Int, origin: Int, partLength: Int) -> Range<Int> {
            let whole = block(i, of: n, length: length)
            let start = max(0, min(partLength - 1, whole.lowerBound - origin))
            return start..<max(start + 1, min(partLength, whole.upperBound - origin))
        }
        // Column c of the output covers source columns xStart[c]..<xEnd[c].
        let columns = (0..<ow).map {
            partBlock(x0 + $0, of: scaledWidth, length: region.fullWidth, origin: region.x, partLength: image.width)
        }
        let xStart = columns.map(\.lowerBound), xEnd = columns.map(\.upperBound)
        var sums = [UInt64](repeating: 0, count: ow * 4)
        let out = [UInt8](unsafeUninitializedCapacity: ow * oh * 4) { buffer, count in
            image.pixels.withUnsafeBufferPointer { src in
                sums.withUnsafeMutableBufferPointer { acc in
                    xStart.withUnsafeBufferPointer { xs in
                        xEnd.withUnsafeBufferPointer { xe in
                            for r in 0..<oh {
                                let ys = partBlock(y0 + r, of: scaledHeight, length: region.fullHeight, origin: region.y,
                                                   partLength: image.height)
                                for i in 0..<acc.count { acc[i] = 0 }
                                for y in ys {
                                    let row = y * w * 4
                                    for c in 0..<ow {
                                        var r0: UInt32 = 0, g0: UInt32 = 0, b0: UInt32 = 0, a0: UInt32 = 0
                                        var s = row + xs[c] * 4
                                        for _ in xs[c]..<xe[c] {
                                            r0 &+= UInt32(src[s]); g0 &+= UInt32(src[s + 1])
                                            b0 &+= UInt32(src[s + 2]); a0 &+= UInt32(src[s + 3])
                                            s += 4
                                        }
                                        acc[c * 4] &+= UInt64(r0); acc[c * 4 + 1] &+= UInt64(g0)
                                        acc[c * 4 + 2] &+= UInt64(b0); acc[c * 4 + 3] &+= UInt64(a0)
                                    }
                                }
                                let rows = UInt64(ys.count)
                                var d = r * ow * 4
                                for c in 0..<ow {
                                    let n = rows * UInt64(xe[c] - xs[c])
                                    let half = n / 2
                                    for k in 0..<4 {
                                        buffer[d + k] = UInt8((acc[c * 4 + k] + half) / n)
                                    }
                                    d += 4
                                }
                            }
                        }
                    }
                }
            }
            count = ow * oh * 4
        }
        return DecodedImage(width: ow, height: oh, pixels: out, warning: image.warning)
    }
}
