/// The photo view's zoom: fit shows the whole photo; 2×, 4× and 8× magnify it (times its fitted
/// size) around `center`. Pure values: the keys change it (`AppState+Zoom`), the preview of the
/// cells on screen follows from `crop` (what `PreviewMaker` decodes and cuts out).
///
/// Geometry in cells: the photo fitted in the area takes `fit` cells; at level z it would take
/// z × that, and the area shows as much of it as fits, from where `center` puts it, never
/// past an edge. Panning moves a quarter of what is visible.
struct PhotoZoom: Equatable, Sendable {
    /// The magnifications `+` steps through; 1 is fit.
    static let levels = [1, 2, 4, 8]

    /// The photo zoomed: any other photo shows at fit.
    let photoID: String
    private(set) var level = 1
    /// Where the view looks, as fractions of the photo's width and height (orientation applied).
    private(set) var centerX = 0.5, centerY = 0.5
    /// The last zoomed preview of this photo that came: it stays on screen while the next one
    /// is made, so a pan or a zoom step never flashes an empty box.
    var lastReady: PreviewKey?

    init(photoID: String) {
        self.photoID = photoID
    }

    var isFit: Bool { level == 1 }

    /// "4×" for the status line; nil at fit.
    var label: String? { isFit ? nil : "\(level)×" }

    mutating func zoomIn() {
        level = Self.levels.first { $0 > level } ?? level
    }

    mutating func zoomOut() {
        level = Self.levels.last { $0 < level } ?? level
        if isFit { (centerX, centerY) = (0.5, 0.5) }
    }

    /// The visible part for a photo that fits in `fit` cells, shown in `area` cells; nil at fit.
    /// The key shows `visible` cells of the crop.
    func crop(fit: (columns: Int, rows: Int), area: (columns: Int, rows: Int)) -> (crop: ZoomCrop, visible: (columns: Int, rows: Int))? {
        guard !isFit, fit.columns > 0, fit.rows > 0 else { return nil }
        let full = (columns: fit.columns * level, rows: fit.rows * level)
        let visible = (columns: max(1, min(area.columns, full.columns)), rows: max(1, min(area.rows, full.rows)))
        func start(_ center: Double, full: Int, visible: Int) -> Int {
            max(0, min(full - visible, Int((center * Double(full) - Double(visible) / 2).rounded())))
        }
        let crop = ZoomCrop(fullColumns: full.columns, fullRows: full.rows,
                            x: start(centerX, full: full.columns, visible: visible.columns),
                            y: start(centerY, full: full.rows, visible: visible.rows))
        return (crop, visible)
    }

    /// Moves the view `dx` (right) and `dy` (down) steps of a quarter of what is visible; at an
    /// edge it stays there, and the centre is the view's own, so the way back starts at once.
    mutating func pan(dx: Int, dy: Int, fit: (columns: Int, rows: Int), area: (columns: Int, rows: Int)) {
        guard let (crop, visible) = crop(fit: fit, area: area) else { return }
        let x = max(0, min(crop.fullColumns - visible.columns, crop.x + dx * max(1, visible.columns / 4)))
        let y = max(0, min(crop.fullRows - visible.rows, crop.y + dy * max(1, visible.rows / 4)))
        centerX = (Double(x) + Double(visible.columns) / 2) / Double(crop.fullColumns)
        centerY = (Double(y) + Double(visible.rows) / 2) / Double(crop.fullRows)
    }
}
