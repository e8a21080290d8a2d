import Library

/// Zoom and pan in the photo view: `+`/`=` and `-` step through fit, 2×, 4× and 8×, `z` goes
/// back to fit, and while zoomed the moving keys pan (the `zoomedPhoto` key context, over the
/// photo view's own). The state is `photoZoom`, for one photo: paging to another, or leaving
/// the photo view, shows the next one at fit.
extension AppState {
    /// The zoom of the photo on screen; nil at fit.
    var detailZoom: PhotoZoom? {
        guard let zoom = photoZoom, !zoom.isFit, zoom.photoID == detailPhoto?.id else { return nil }
        return zoom
    }

    /// The preview the photo view shows while zoomed: the part of the photo on screen at the
    /// zoom's resolution (character art when its pixels could not be made). Nil at fit.
    func zoomedPreviewKey() -> PreviewKey? {
        guard let zoom = detailZoom, let photo = detailPhoto else { return nil }
        func zoomed(_ fit: PreviewKey) -> PreviewKey? {
            guard let (crop, visible) = zoom.crop(fit: (fit.columns, fit.rows), area: zoomArea(for: fit)) else { return nil }
            var key = fit
            (key.columns, key.rows, key.crop) = (visible.columns, visible.rows, crop)
            return key
        }
        let area = DetailScreen.imageArea(self)
        let fit = PhotoTile.previewKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self, inGrid: false)
        guard let key = zoomed(fit) else { return nil }
        if key.pixels != nil, case .failed? = previews.peek(key) {
            return zoomed(PhotoTile.standInKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self))
        }
        return key
    }

    /// Takes the zoom keys of the photo view (and the moving keys while zoomed); false for any other.
    mutating func handleZoom(_ action: Action) -> Bool {
        guard let photo = detailPhoto else { return false }
        var zoom = detailZoom ?? PhotoZoom(photoID: photo.id)
        switch action {
        case .zoomIn: zoom.zoomIn()
        case .zoomOut: zoom.zoomOut()
        case .zoomFit: zoom = PhotoZoom(photoID: photo.id)
        case .left, .right, .up, .down:
            guard !zoom.isFit else { return false }
            let area = DetailScreen.imageArea(self)
            let fit = PhotoTile.previewKey(for: photo, maxColumns: area.width, maxRows: area.height, state: self, inGrid: false)
            let step = action == .left ? (-1, 0) : action == .right ? (1, 0) : action == .up ? (0, -1) : (0, 1)
            zoom.pan(dx: step.0, dy: step.1, fit: (fit.columns, fit.rows), area: zoomArea(for: fit))
        default:
            return false
        }
        photoZoom = zoom.isFit ? nil : zoom
        return true
    }

    /// The cells a zoomed view of the photo whose preview at fit is `fit` may take: the photo
    /// view's image area, no larger than the terminal shows an image (`PixelFormat.maxImageSize`).
    func zoomArea(for fit: PreviewKey) -> (columns: Int, rows: Int) {
        let area = DetailScreen.imageArea(self)
        return fit.pixels?.cellsWithinLimit(columns: area.width, rows: area.height) ?? (columns: area.width, rows: area.height)
    }

    /// Forgets the zoom once its photo is not on screen (another photo, another screen).
    mutating func dropZoomOfHiddenPhoto() {
        if photoZoom != nil, detailZoom == nil { photoZoom = nil }
    }

    /// Remembers a zoomed preview of the zoomed photo that came, to show until the next one does.
    mutating func zoomedPreviewCame(_ key: PreviewKey) {
        guard key.crop != nil, photoZoom?.photoID == key.photoID else { return }
        photoZoom?.lastReady = key
    }
}
