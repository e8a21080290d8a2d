extension AppState {
    /// The pixel format photos are drawn in here, or nil for character art: with `symbols`, in
    /// a grid unless `graphics-grid` is on, and whenever a layer covers the photos (an image
    /// would be drawn over it: pixels sit above the cells).
    func pixelFormat(inGrid: Bool) -> PixelFormat? {
        guard let format = graphics.pixelFormat, !inGrid || graphics.grid, !photosAreCovered else { return nil }
        return format
    }

    /// True when something is drawn over the photos: a layer that covers them (all but the
    /// search line), or the info panel when it sits over the photo.
    var photosAreCovered: Bool {
        // Slideshow (issue 23): it is drawn alone, full screen; only a layer opened over it covers it.
        // The feed view (issue 24) too: it hides the screen (and the info panel) under it.
        if let show = layers.lastIndex(where: { $0.state is Slideshow || $0.state is FeedStream
            || $0.state is WebcamPreview }) {
            return layers[(show + 1)...].contains { $0.state.coversPhotos }
        }
        if layers.contains(where: { $0.state.coversPhotos }) { return true }
        guard showInfo else { return false }
        if case .detail = screen { return InfoPanel.besideWidth(columns: columns) == nil }
        return true
    }
}
