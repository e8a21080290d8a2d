import Library

/// The photo decoded for zoomed previews, kept while the user pans: a pan is then a cut, a shrink
/// and a render of what is on screen, not another decode. Zoomed in, a JPEG is decoded only around
/// the view (`PreviewImage.loadRegion`: the view and `marginViews` views on every side, at the
/// zoom's resolution), so 8× on a 12 MP photo decodes a few percent of it; a pan that leaves the
/// decoded part decodes a part around the new view. The decode is kept as stored (EXIF
/// orientation not applied): a view's part is cut from it and only that part is turned
/// (`ImageTransform.orientedPart`), so nothing turns 48 MB of a photo stored on its side, and
/// the user's turn (`r`) reuses it. One decode at a time (the workers asking for the same view
/// wait for it rather than decode it twice); decodes are kept newest first up to `capacityBytes`.
///
/// A part's pixels are those of the whole photo decoded at the same scale (libjpeg's fast paths
/// depend on each block alone), so views cut from different parts fit together (`ZoomedArt`).
final class ZoomSources: Sendable {
    private struct Entry {
        var path: String
        var fileSize: Int64
        var fileModified: Double
        /// As decoded: stored pixels, orientation not applied; a part of the photo or all of it.
        var region: ImageRegion
    }

    /// Decoded pixels kept at most (a 12 MP photo decoded whole is 48 MB of RGBA); the newest
    /// decode is kept whatever its size.
    static let capacityBytes = 100 << 20
    /// How many views' width (and height) a part decoded for a zoomed view reaches past it on
    /// each side: the pans of a quarter view that stay cuts before the next decode, times four.
    static let marginViews = 1.0
    /// Newest last.
    private let entries = Locked<[Entry]>([])
    /// Held while decoding, so a second worker waits for the first one's pixels; counts the decodes.
    private let decoding = Locked(0)
    /// Where parts are decoded ahead of a pan (`decodeAhead`), one job a photo; nil: never ahead.
    private let ahead: JobQueue<String>?
    /// How many of the decodes were made ahead.
    private let aheadDecodes = Locked(0)

    /// The part the last view was cut from (its photo and place), and how many times that changed.
    private let lastPart = Locked<(part: [Int], path: String, changes: Int)>(([], "", 0))

    /// How many times a view was cut from another part than the view before.
    var partChanges: Int { lastPart.withLock { $0.changes } }

    /// How many parts were decoded (for tests: a pan within the decoded part decodes nothing).
    var decodeCount: Int { decoding.withLock { $0 } }

    /// How many parts were decoded ahead of the pans, off the key path.
    var decodedAheadCount: Int { aheadDecodes.withLock { $0 } }

    /// True while a part is decoded ahead or waits to be (for tests: wait for it, then pan).
    var isDecodingAhead: Bool { ahead?.isBusy ?? false }

    /// Runs `action` once nothing is decoded ahead.
    func whenNotDecodingAhead(_ action: @escaping @Sendable () -> Void) {
        if let ahead { ahead.whenIdle(action) } else { action() }
    }

    /// The parts kept for `path`, as decoded (for tests).
    func keptRegions(of path: String) -> [ImageRegion] {
        entries.withLock { $0.filter { $0.path == path }.map(\.region) }
    }

    /// - Parameter ahead: the queue parts are decoded ahead on; nil decodes only what a view needs.
    init(ahead: JobQueue<String>? = nil) {
        self.ahead = ahead
    }

    /// The pixels of `cells` (in the view's cells, from its top-left) of the zoomed view `crop`
    /// of the photo of `request`, `cellPixels` a cell, orientation applied: the part of the
    /// whole photo scaled to `crop.fullColumns × crop.fullRows` cells of `cellPixels`, made
    /// without scaling the rest (`ImageTransform.orientedPart`). A pixel depends only on its
    /// place in the zoomed photo, so the parts of two views (before and after a pan) agree.
    /// The photo is decoded for `detail` pixels a cell (no more than the cells can show).
    func part(for request: PreviewRequest, crop: ZoomCrop, cells: (x: Int, y: Int, columns: Int, rows: Int),
              cellPixels: (width: Int, height: Int), detail: (width: Int, height: Int)) throws(PreviewImage.Failure) -> DecodedImage {
        let scaled = (width: crop.fullColumns * cellPixels.width, height: crop.fullRows * cellPixels.height)
        let view = (x: (crop.x + cells.x) * cellPixels.width, y: (crop.y + cells.y) * cellPixels.height,
                    width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height)
        guard let source = try stored(for: request, minWidth: crop.fullColumns * detail.width,
                                      minHeight: crop.fullRows * detail.height, showing: view, scaledTo: scaled) else {
            throw PreviewImage.Failure("no decode")   // never: only `keptOnly` gives none
        }
        let part = [source.x, source.y, source.image.width, source.image.height, source.fullWidth]
        lastPart.withLock { last in
            if last.part != part || last.path != request.path { last = (part, request.path, last.changes + 1) }
        }
        return ImageTransform.orientedPart(source, orientation: request.orientation,
                                           scaledWidth: scaled.width, scaledHeight: scaled.height,
                                           x: view.x, y: view.y, width: view.width, height: view.height)
    }

    /// Decodes ahead of a pan: after a pan by `dx`, `dy` cells to the zoomed view `crop` of
    /// `columns × rows` cells, when the view three such pans on is not in a decoded part, the
    /// part around it is decoded on the `ahead` queue (the loop and the preview workers go on),
    /// so a held arrow key finds the next part decoded when it gets there. A JPEG is decoded in
    /// parts (the other formats are decoded whole once, and kept).
    func decodeAhead(for request: PreviewRequest, crop: ZoomCrop, columns: Int, rows: Int, dx: Int, dy: Int,
                     cellPixels: (width: Int, height: Int), detail: (width: Int, height: Int)) {
        guard let ahead else { return }
        let x = max(0, min(crop.fullColumns - columns, crop.x + 3 * dx)), y = max(0, min(crop.fullRows - rows, crop.y + 3 * dy))
        guard x != crop.x || y != crop.y else { return }
        let scaled = (width: crop.fullColumns * cellPixels.width, height: crop.fullRows * cellPixels.height)
        let view = (x: x * cellPixels.width, y: y * cellPixels.height,
                    width: columns * cellPixels.width, height: rows * cellPixels.height)
        let minimum = (width: crop.fullColumns * detail.width, height: crop.fullRows * detail.height)
        guard (try? stored(for: request, minWidth: minimum.width, minHeight: minimum.height, showing: view,
                           scaledTo: scaled, keptOnly: true)) == nil else { return }
        ahead.submit(Job(key: request.path) { token in
            guard !token.isCancelled else { return }
            _ = try? self.stored(for: request, minWidth: minimum.width, minHeight: minimum.height, showing: view,
                                 scaledTo: scaled, countingAhead: true)
        })
    }

    /// The photo of `request` decoded as stored, covering `minWidth × minHeight` display pixels
    /// (orientation applied), or its full size when it is smaller, and at least the pixels that
    /// `view` of the photo turned and scaled to `scaled` is cut from: a kept decode when one is
    /// large enough and covers them, else a new one (DCT-scaled, a part where the format can).
    /// With `keptOnly`, nil when no kept decode will do (nothing is decoded); `countingAhead`
    /// counts a decode as made ahead.
    private func stored(for request: PreviewRequest, minWidth: Int, minHeight: Int,
                        showing view: (x: Int, y: Int, width: Int, height: Int),
                        scaledTo scaled: (width: Int, height: Int), keptOnly: Bool = false,
                        countingAhead: Bool = false) throws(PreviewImage.Failure) -> ImageRegion? {
        let swaps = (5...8).contains(request.orientation)
        let shown = (width: min(minWidth, request.displayWidth), height: min(minHeight, request.displayHeight))
        let needed = swaps ? (width: shown.height, height: shown.width) : shown
        // The view in the scaled photo as stored (unturned).
        let storedScaled = swaps ? (width: scaled.height, height: scaled.width) : scaled
        let storedView = ImageTransform.storedRect(orientation: request.orientation, scaledWidth: scaled.width,
                                                   scaledHeight: scaled.height, x: view.x, y: view.y,
                                                   width: view.width, height: view.height)
        func covers(_ region: ImageRegion) -> Bool {
            let source = ImageTransform.sourceRect(sourceWidth: region.fullWidth, sourceHeight: region.fullHeight,
                                                   scaledWidth: storedScaled.width, scaledHeight: storedScaled.height,
                                                   x: storedView.x, y: storedView.y,
                                                   width: storedView.width, height: storedView.height)
            return region.covers(x: source.x, y: source.y, width: source.width, height: source.height)
        }
        func kept() -> ImageRegion? {
            entries.withLock { entries in
                guard let i = entries.lastIndex(where: {
                    $0.path == request.path && $0.fileSize == request.fileSize && $0.fileModified == request.fileModified
                        && $0.region.fullWidth >= needed.width && $0.region.fullHeight >= needed.height && covers($0.region)
                }) else { return nil }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry.region
            }
        }
        if let region = kept() { return region }
        guard !keptOnly else { return nil }
        let result = decoding.withLock { decodes in
            Result { () throws(PreviewImage.Failure) -> ImageRegion in
                if let region = kept() { return region }
                decodes += 1
                if countingAhead { aheadDecodes.withLock { $0 += 1 } }
                var region = try PreviewImage.loadRegion(path: request.path, minWidth: needed.width, minHeight: needed.height,
                                                         region: Self.around(storedView, in: storedScaled))
                if !covers(region) {
                    // Only when the library's size of the photo is not the file's: decode it all.
                    region = try PreviewImage.loadRegion(path: request.path, minWidth: needed.width,
                                                         minHeight: needed.height, region: .whole)
                }
                keep(Entry(path: request.path, fileSize: request.fileSize, fileModified: request.fileModified,
                           region: region))
                return region
            }
        }
        return try result.get()
    }

    /// The part to decode for `view` of an image of `size`: the view and `marginViews` of its
    /// width and height on every side, as fractions of the image (cut at its edges).
    static func around(_ view: (x: Int, y: Int, width: Int, height: Int), in size: (width: Int, height: Int)) -> FractionRect {
        let width = Double(max(1, size.width)), height = Double(max(1, size.height))
        let x0 = max(0, Double(view.x) - marginViews * Double(view.width)) / width
        let y0 = max(0, Double(view.y) - marginViews * Double(view.height)) / height
        let x1 = min(width, Double(view.x + view.width) + marginViews * Double(view.width)) / width
        let y1 = min(height, Double(view.y + view.height) + marginViews * Double(view.height)) / height
        return FractionRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Keeps `entry` as the newest, dropping the oldest decodes past `capacityBytes`.
    private func keep(_ entry: Entry) {
        entries.withLock { entries in
            entries.append(entry)
            var bytes = entries.reduce(0) { $0 + $1.region.image.pixels.count }
            while entries.count > 1, bytes > Self.capacityBytes {
                bytes -= entries.removeFirst().region.image.pixels.count
            }
        }
    }
}
