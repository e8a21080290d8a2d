import Library

/// The whole photo decoded for zoomed previews, kept while the user pans: a pan is then a cut,
/// a shrink and a render of what is on screen, never another decode. The decode is kept as
/// stored (EXIF orientation not applied): a view's part is cut from it and only that part is
/// turned (`ImageTransform.orientedPart`), so neither the decode nor a pan turns 48 MB of a
/// photo stored on its side, and the user's turn (`r`) reuses it. One decode at a time (the
/// workers asking for the same photo wait for it rather than decode it twice); the last
/// `capacity` photos are kept (a 12 MP photo is 48 MB of RGBA).
final class ZoomSources: Sendable {
    private struct Entry {
        var path: String
        var fileSize: Int64
        var fileModified: Double
        /// As decoded: stored pixels, orientation not applied.
        var image: DecodedImage
    }

    static let capacity = 2
    /// Newest last.
    private let entries = Locked<[Entry]>([])
    /// Held while decoding, so a second worker waits for the first one's pixels; counts the decodes.
    private let decoding = Locked(0)

    /// How many photos were decoded (for tests: a pan decodes nothing).
    var decodeCount: Int { decoding.withLock { $0 } }

    init() {}

    /// The pixels of `cells` (in the view's cells, from its top-left) of the zoomed view `crop`
    /// of the photo of `request`, `cellPixels` a cell, orientation applied: the part of the
    /// whole photo scaled to `crop.fullColumns × crop.fullRows` cells of `cellPixels`, made
    /// without scaling the rest (`ImageTransform.orientedPart`). A pixel depends only on its
    /// place in the zoomed photo, so the parts of two views (before and after a pan) agree.
    /// The photo is decoded for `detail` pixels a cell (no more than the cells can show).
    func part(for request: PreviewRequest, crop: ZoomCrop, cells: (x: Int, y: Int, columns: Int, rows: Int),
              cellPixels: (width: Int, height: Int), detail: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        let scaled = (width: crop.fullColumns * cellPixels.width, height: crop.fullRows * cellPixels.height)
        let whole = try stored(for: request, minWidth: crop.fullColumns * detail.width, minHeight: crop.fullRows * detail.height)
        return ImageTransform.orientedPart(whole, orientation: request.orientation,
                                           scaledWidth: scaled.width, scaledHeight: scaled.height,
                                           x: (crop.x + cells.x) * cellPixels.width, y: (crop.y + cells.y) * cellPixels.height,
                                           width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height)
    }

    /// The photo of `request` decoded as stored, covering `minWidth × minHeight` display pixels
    /// (orientation applied), or its full size when it is smaller: a kept decode when one is
    /// large enough, else a new one (DCT-scaled where the format can) that is kept.
    private func stored(for request: PreviewRequest, minWidth: Int, minHeight: Int) throws(PreviewImage.Failure) -> DecodedImage {
        let swaps = (5...8).contains(request.orientation)
        let shown = (width: min(minWidth, request.displayWidth), height: min(minHeight, request.displayHeight))
        let needed = swaps ? (width: shown.height, height: shown.width) : shown
        func kept() -> DecodedImage? {
            entries.withLock { entries in
                guard let i = entries.lastIndex(where: {
                    $0.path == request.path && $0.fileSize == request.fileSize && $0.fileModified == request.fileModified
                        && $0.image.width >= needed.width && $0.image.height >= needed.height
                }) else { return nil }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry.image
            }
        }
        if let image = kept() { return image }
        let result = decoding.withLock { decodes in
            Result { () throws(PreviewImage.Failure) -> DecodedImage in
                if let image = kept() { return image }
                decodes += 1
                let image = try PreviewImage.load(path: request.path, minWidth: needed.width, minHeight: needed.height,
                                                  orientation: 1)
                entries.withLock { entries in
                    entries.removeAll { $0.path == request.path }
                    entries.append(Entry(path: request.path, fileSize: request.fileSize, fileModified: request.fileModified,
                                         image: image))
                    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
                }
                return image
            }
        }
        return try result.get()
    }
}
