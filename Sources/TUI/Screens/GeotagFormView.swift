import Foundation
import Library

/// Draws the geotag form (issue 25): its fields in a box along the top of the screen, and
/// under it, once the tracks are read, the braille map with the tracks as lines and the photos
/// that land as pins (the first of them bright, its coordinates in the corner).
enum GeotagFormView {
    /// Rows of the box with the fields.
    static let boxHeight = 10

    /// Where the map goes under the box.
    static func mapArea(in content: Rect) -> Rect {
        Rect(x: content.x, y: content.y + boxHeight, width: content.width, height: max(0, content.height - boxHeight))
    }

    static func render(_ form: GeotagForm, state: AppState, into grid: inout CellGrid) {
        let content = state.contentArea
        let box = Rect(x: content.x, y: content.y, width: content.width, height: min(boxHeight, content.height))
        let count = form.photoIDs.count
        let inner = Panel.draw(box, title: "Geotag — \(Counted.text(count)) on GPS tracks", into: &grid)
        var y = inner.y
        func put(_ text: String, _ style: Style = .plain, x: Int = 0) {
            guard y < inner.y + inner.height, inner.width - x > 0 else { return }
            let clean = DisplayWidth.sanitized(text)
            grid.put(CellGrid.truncated(clean, toWidth: inner.width - x), x: inner.x + x, y: y, style: style,
                     maxWidth: inner.width - x)
        }
        let labelWidth = 10
        for (field, label, text) in [(GeotagForm.Field.tracks, "Tracks:", form.tracksField),
                                     (.zone, "Zone:", form.zoneField), (.maxGap, "Max gap:", form.gapField)] {
            let focused = form.field == field
            put(label, focused ? Theme.title : Theme.dim)
            put(focused ? text.withCursor(fitting: inner.width - labelWidth) : text.text, .plain, x: labelWidth)
            y += 1
        }
        let plan = form.plan(state.library)
        switch form.tracks {
        case .notRead:
            put("GPX files or a folder of them, separated by spaces (~ is home); zone: of photos whose date has no offset",
                Theme.dim)
        case .reading:
            put("Reading the tracks…", Theme.dim)
        case let .read(text, tracks, problems):
            if text != form.tracksField.text {
                put("The files changed: Enter reads them", Theme.dim)
            } else if case let .failure(failure)? = tracks.isEmpty ? nil : form.geotagger(tracks) {
                put(failure.message, Theme.error)
            } else if let plan {
                let points = tracks.reduce(0) { $0 + $1.points.count }
                put("\(Counted.text(tracks.count, "track")), \(points) points: "
                    + "\(Counted.text(plan.placed.count)) placed, \(plan.skipped.count) skipped",
                    plan.placed.isEmpty ? Theme.error : Theme.title)
            }
            y += 1
            let skipped = plan?.skipped.prefix(1).compactMap { outcome -> String? in
                guard case let .skipped(reason) = outcome.placement, let photo = state.library.photo(id: outcome.photoID)
                else { return nil }
                return "skipped \(photo.name): \(reason)" + (plan!.skipped.count > 1 ? " (and \(plan!.skipped.count - 1) more)" : "")
            } ?? []
            for line in problems.prefix(1) + skipped { put(line, Theme.error); y += 1 }
        }
        y = inner.y + inner.height - 1
        let accept = plan.map { $0.placed.isEmpty ? "" : " · Enter places them (u undoes)" }
            ?? " · Enter reads the tracks"
        put(state.keyMap.hints([.nextField, .cancel], in: .geotagForm) + accept, Theme.dim)
        // The map: the tracks and where the photos land.
        let area = mapArea(in: content)
        guard let viewport = form.viewport, let tracks = form.readTracks, !area.isEmpty else {
            grid.fill(area.intersection(grid.bounds), with: .blank)
            return
        }
        var pins = (plan?.placed ?? []).compactMap { $0.placement.position }.map { MapPin($0, emphasis: .other) }
        if let first = pins.first {
            pins[0] = MapPin(first.position, emphasis: .main,
                             label: plan?.placed.first.flatMap { state.library.photo(id: $0.photoID)?.name })
        }
        MapView.render(into: &grid, rect: area, viewport: viewport, pins: pins, outline: try? WorldOutline.shared(),
                       tracks: tracks.flatMap(\.segments).map { $0.map(\.position) })
    }
}
