extension AppState {
    /// The pixel format photos are drawn in here, or nil for character art: with `symbols`, in
    /// a grid unless `graphics-grid` is on, and whenever a layer covers the photos (an image
    /// would be drawn over it: pixels sit above the cells).
    func pixelFormat(inGrid: Bool) -> PixelFormat? {
        guard let format = graphics.pixelFormat, !inGrid || graphics.grid, !photosAreCovered else { return nil }
        return format
    }

    /// True when something is drawn over the photos: a form, the help, the map, the picker, the
    /// import overlay, or the info panel when it sits over the photo. (The search line takes the
    /// two bottom rows, which no image reaches.)
    var photosAreCovered: Bool {
        if picker != nil || importOverlay != nil || showHelp || dateForm != nil || placeForm != nil
            || writeConfirmation != nil || map != nil {
            return true
        }
        guard showInfo else { return false }
        if case .detail = screen { return InfoPanel.besideWidth(columns: columns) == nil }
        return true
    }
}
