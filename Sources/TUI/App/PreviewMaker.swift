import Library

/// Makes one preview on a worker thread: pixels just big enough for the cell area (see
/// `PreviewImage`), then character art from chafa, or a pixel image for the terminal's protocol.
/// A zoomed preview (`PreviewKey.crop`) is the part on screen of the photo decoded at the zoom's
/// resolution (kept in `zoomSources` while the user pans): see `makeZoomed`.
public struct PreviewMaker: Sendable {
    /// Pixels asked for per cell: 4 across and 8 down is twice what quadrant symbols resolve.
    static let pixelsPerCell = (x: 4, y: 8)

    /// Grid-sized previews come from here; nil decodes every preview from the photo.
    let thumbnails: ThumbnailStore?
    /// The decoded photos zoomed previews are cut from.
    let zoomSources: ZoomSources
    /// The last zoomed view in character art, whose cells a pan reuses.
    let zoomedArt = ZoomedArt()
    /// The last zoomed view in pixels, whose pixels a pan reuses.
    let zoomedPixels = ZoomedPixels()

    /// How many times a zoomed view needed a new decode (a part of the photo) rather than a cut
    /// of one kept: for `bench`.
    public var zoomDecodes: Int { zoomSources.decodeCount }

    /// How many times a zoomed view was cut from another decoded part than the view before
    /// (a pan past the part): for `bench`.
    public var zoomPartChanges: Int { zoomSources.partChanges }

    /// A scheduler of its own for decoding ahead, when not given the loop's (`bench`).
    private let ownScheduler: JobScheduler?

    /// - Parameter decodingAhead: decode the part of a zoomed photo a pan is heading for before
    ///   it gets there (`ZoomSources.decodeAhead`), on threads of its own: stop them with
    ///   ``stopDecodingAhead()``.
    public init(thumbnails: ThumbnailStore? = nil, decodingAhead: Bool = false) {
        self.init(thumbnails: thumbnails, scheduler: decodingAhead ? JobScheduler() : nil, ownsScheduler: true)
    }

    /// The browser's maker: parts of zoomed photos are decoded ahead on `scheduler`'s queue.
    init(thumbnails: ThumbnailStore?, scheduler: JobScheduler?, ownsScheduler: Bool = false) {
        self.thumbnails = thumbnails
        zoomSources = ZoomSources(ahead: scheduler?.queue("zoom-ahead", workers: 1, keyedBy: String.self))
        ownScheduler = ownsScheduler ? scheduler : nil
    }

    /// Ends the threads of ``init(thumbnails:decodingAhead:)``.
    public func stopDecodingAhead() {
        ownScheduler?.shutdown()
    }

    /// Runs `action` once no part is being decoded ahead (at once without decoding ahead).
    public func whenNotDecodingAhead(_ action: @escaping @Sendable () -> Void) {
        zoomSources.whenNotDecodingAhead(action)
    }

    public func make(_ request: PreviewRequest) -> PreviewResult {
        make(request, token: JobToken())!
    }

    /// The same for a job: nil when `token` was cancelled before the photo was read, or between
    /// decoding it and rendering the preview (the decoders themselves cannot be stopped halfway).
    func make(_ request: PreviewRequest, token: JobToken) -> PreviewResult? {
        guard !token.isCancelled else { return nil }
        let key = request.key
        let needed = Self.pixelSize(for: key)
        var image: DecodedImage
        if let crop = key.crop, request.isDownloaded {
            return makeZoomed(request, crop: crop, token: token)
        } else if !request.isDownloaded {
            // A web photo known by its thumbnail until its original comes: that is all there is.
            let thumbnailKey = ThumbnailStore.Key(photoID: key.photoID, fileSize: request.fileSize,
                                                  fileModified: request.fileModified)
            switch ThumbnailStore.turned(thumbnails?.thumbnailOnlyEntry(thumbnailKey) ?? .notDownloaded,
                                         from: request.fileOrientation, to: request.orientation) {
            case let .thumbnail(stored): image = stored
            case let .failed(reason): return .failed(reason)
            }
        } else if let thumbnails, needed.width <= ThumbnailStore.maxSide, needed.height <= ThumbnailStore.maxSide {
            let stored = thumbnails.entryMakingIfNeeded(photoID: request.key.photoID, path: request.path,
                                                        orientation: request.fileOrientation)
            switch ThumbnailStore.turned(stored, from: request.fileOrientation, to: request.orientation) {
            case let .thumbnail(stored): image = stored
            case let .failed(reason): return .failed(reason)
            }
        } else {
            do {
                image = try PreviewImage.load(path: request.path, minWidth: needed.width, minHeight: needed.height,
                                              orientation: request.orientation)
            } catch {
                return .failed(error.description)
            }
        }
        if let crop = key.crop {
            let part = crop.pixels(ofWidth: image.width, height: image.height, columns: key.columns, rows: key.rows)
            image = ImageTransform.cropped(image, x: part.x, y: part.y, width: part.width, height: part.height)
        }
        guard !token.isCancelled else { return nil }
        return Self.render(image, for: key)
    }

    /// A zoomed preview: the pixels of its cells cut from the photo decoded at the zoom's
    /// resolution, exactly what the cells show (`cellPixels` a cell: no renderer scales them
    /// again). A pan cuts only the cells that came into view and moves the rest of the last
    /// view: its character art (`ZoomedArt`) or its pixels before encoding (`ZoomedPixels`).
    func makeZoomed(_ request: PreviewRequest, crop: ZoomCrop, token: JobToken) -> PreviewResult? {
        let key = request.key
        let cellPixels = key.pixels.map { (width: $0.cellSize.width, height: $0.cellSize.height) } ?? Self.zoomCellPixels
        let detail = key.pixels == nil ? (width: Self.pixelsPerCell.x, height: Self.pixelsPerCell.y) : cellPixels
        func part(_ cells: (x: Int, y: Int, columns: Int, rows: Int)) throws(PreviewImage.Failure) -> DecodedImage? {
            let part = try zoomSources.part(for: request, crop: crop, cells: cells, cellPixels: cellPixels, detail: detail)
            let isWhole = part.width == cells.columns * cellPixels.width && part.height == cells.rows * cellPixels.height
            return token.isCancelled || !isWhole ? nil : part
        }
        func decodeAhead(_ pan: ZoomPan) {
            zoomSources.decodeAhead(for: request, crop: crop, columns: key.columns, rows: key.rows, dx: pan.dx, dy: pan.dy,
                                    cellPixels: cellPixels, detail: detail)
        }
        do {
            if let reuse = zoomedArt.reusable(for: key), let fresh = try part(reuse.pan.missing) {
                let cells = ZoomedArt.panned(reuse.cells, by: reuse.pan, fresh: ZoomedArt.settled(
                    ZoomedArt.render(fresh, columns: reuse.pan.missing.columns, rows: reuse.pan.missing.rows,
                                     colorMode: key.colorMode)))
                zoomedArt.keep(cells, for: key)
                decodeAhead(reuse.pan)
                return .cells(cells)
            }
            if let reuse = zoomedPixels.reusable(for: key, cellPixels: cellPixels), let fresh = try part(reuse.pan.missing) {
                let view = ZoomedPixels.panned(reuse.image, by: reuse.pan, fresh: fresh, cellPixels: cellPixels)
                // The first view's sixel palette, not a new one each pan.
                var palette = reuse.sixelPalette
                let result = Self.render(view, for: key, sixelPalette: &palette)
                zoomedPixels.keep(view, sixelPalette: palette, for: key)
                decodeAhead(reuse.pan)
                return result
            }
            let view = try zoomSources.part(for: request, crop: crop, cells: (0, 0, key.columns, key.rows),
                                            cellPixels: cellPixels, detail: detail)
            guard !token.isCancelled else { return nil }
            guard key.pixels == nil else {
                var palette: SixelPalette?
                let result = Self.render(view, for: key, sixelPalette: &palette)
                zoomedPixels.keep(view, sixelPalette: palette, for: key)
                return result
            }
            let settled = ZoomedArt.settled(ZoomedArt.render(view, columns: key.columns, rows: key.rows, colorMode: key.colorMode))
            zoomedArt.keep(settled, for: key)
            return .cells(settled)
        } catch {
            return .failed(error.description)
        }
    }

    /// Pixels a cell of a zoomed view in character art: chafa's own cell (8×8 in libchafa 1.12),
    /// so it scales nothing and each cell comes from its own pixels alone.
    static let zoomCellPixels = (width: 8, height: 8)

    /// The pixels `key`'s preview is made from: what its protocol draws in its cells, or
    /// `pixelsPerCell` a cell for character art.
    static func pixelSize(for key: PreviewKey) -> (width: Int, height: Int) {
        key.pixels.map { PixelEncoder(format: $0).pixelSize(columns: key.columns, rows: key.rows) }
            ?? (width: key.columns * pixelsPerCell.x, height: key.rows * pixelsPerCell.y)
    }

    /// `image` as `key` asks: a pixel image in its protocol, else character art from chafa (the
    /// video player's frames go the same way).
    static func render(_ image: DecodedImage, for key: PreviewKey, kittyID: UInt32? = nil) -> PreviewResult {
        var palette: SixelPalette?
        return render(image, for: key, kittyID: kittyID, sixelPalette: &palette)
    }

    /// The same, a sixel in `sixelPalette`'s colours when it is given, else in a palette made for
    /// it and kept there (`PixelEncoder.encode(_:columns:rows:kittyID:sixelPalette:)`).
    static func render(_ image: DecodedImage, for key: PreviewKey, kittyID: UInt32? = nil,
                       sixelPalette: inout SixelPalette?) -> PreviewResult {
        if let format = key.pixels {
            let image = key.dimmed ? PhotoBadges.darkened(image) : image
            let encoded = PixelEncoder(format: format).encode(image, columns: key.columns, rows: key.rows,
                                                              kittyID: kittyID ?? PixelEncoder.kittyID(for: key.imageContent),
                                                              sixelPalette: &sixelPalette)
            switch encoded {
            case let .success(terminalImage): return .image(terminalImage)
            case let .failure(failure): return .failed(failure.message)
            }
        }
        return .cells(ChafaRenderer(colorMode: key.colorMode).render(
            pixels: image.pixels, width: image.width, height: image.height, columns: key.columns, rows: key.rows))
    }
}
