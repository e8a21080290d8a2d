import Foundation
import Library

/// The photo's details (`i`): file, size, dates with their source, camera, exposure, place,
/// description, group, favourite. Values the user edited are marked, with the file's value
/// under them. Beside the photo when the terminal is wide, over it otherwise.
enum InfoPanel {
    /// One line of the panel: a label (blank on continuation lines) and a value.
    struct Row: Equatable {
        var label: String
        var value: String
        var style: Style = .plain
        /// Broken at any character rather than between words (a web address).
        var breaksAnywhere = false
    }

    /// Columns the panel takes beside the photo, or nil when it must go over it.
    static func besideWidth(columns: Int) -> Int? {
        columns >= 120 ? min(60, columns / 3) : nil
    }

    static func rows(for photo: Photo, state: AppState) -> [Row] {
        var rows: [Row] = []
        func add(_ label: String, _ value: String?, _ style: Style = .plain) {
            guard let value, !value.isEmpty else { return }
            rows.append(Row(label: label, value: value.strippingControlCharacters, style: style))
        }
        func edited(_ label: String, _ value: String, more: [String] = [], file: String?) {
            add(label, value + " ✎ edited", Theme.edited)
            for line in more { add("", line) }
            add("", "file: " + (file ?? "none"), Theme.dim)
        }
        add("Name", photo.name)
        add("Folder", PathBytes.display((photo.path as NSString).deletingLastPathComponent))
        // Stacks (issue 21): the files of a RAW+JPEG or a Live Photo, the one shown marked (Tab goes on).
        if let stack = state.library.stack(of: photo.id) {
            for (i, id) in stack.memberIDs.enumerated() {
                // A Live Photo's movie says its length ("IMG_0001.MOV (video, ▶ 0:03)").
                let name = state.library.photo(id: id).map { member in
                    "\(member.name) (\(member.kind.name)" + (member.duration.map { ", ▶ " + VideoBadge.durationText($0) } ?? "") + ")"
                } ?? id
                add(i == 0 ? stack.kind.badge : "", (id == photo.id ? "▸ " : "  ") + name)
            }
        }
        if let url = photo.sourceURL {
            rows.append(Row(label: "Source", value: url.strippingControlCharacters, breaksAnywhere: true))
        }
        let size = photo.displaySize
        if !photo.isDownloaded {
            add("Size", "not downloaded yet (opening the photo downloads it)")
        } else {
            add("Size", "\(size.width) × \(size.height) px · "
                + ByteCountFormatter.string(fromByteCount: photo.fileSize, countStyle: .file))
        }
        if photo.animated { add("Animated", "yes: the first frame is shown") }
        if !photo.isTakenAtKnown {
            add("Taken", "known once the original is downloaded")
        } else if photo.edits.date != nil {
            edited("Taken", photo.takenAtText, file: "\(fileDateText(photo)) (\(photo.fileTakenAtSource?.label ?? "not known"))")
        } else {
            add("Taken", photo.takenAtText)
            add("", "from \(photo.takenAtSource?.label ?? "?")", Theme.dim)
        }
        // Videos (issue 21): length, codec (from the file), rotation.
        let codec: String? = if case let .success(metadata)? = details(for: photo, state: state) { metadata.codec } else { nil }
        for row in VideoBadge.infoRows(photo, codec: codec) { add(row.label, row.value) }
        add("Camera", photo.camera)
        if case let .success(metadata)? = details(for: photo, state: state) {
            add("Lens", metadata.lensModel)
            add("Exposure", ExposureSummary.text(metadata))
        }
        let place = placeLines(photo.gps)
        if photo.edits.location != nil {
            edited("Place", place.first ?? "none (cleared)", more: Array(place.dropFirst()),
                   file: photo.fileGPS.map { placeLines($0)[0] })
        } else {
            for (i, line) in place.enumerated() { add(i == 0 ? "Place" : "", line) }
        }
        if photo.edits.description != nil {
            edited("About", photo.description ?? "none", file: photo.fileDescription)
        } else if let description = photo.description {
            add("About", description)
            add("", "from \(photo.descriptionSource?.label(for: photo.kind) ?? "?")", Theme.dim)
        }
        add("Group", state.library.group(id: PhotoLibrary.groupID(of: photo))?.name)
        add("Favourite", photo.isFavourite ? "★ yes" : "no", photo.isFavourite ? Theme.star : .plain)
        // Issue 22: stars, reject, pick, label and tags (the user's over the file's marked edited).
        if photo.rating > 0 { add("Rating", PhotoBadges.stars(photo.rating) + (photo.edits.rating == nil ? "" : " ✎"), Theme.star) }
        if photo.isRejected { add("Rejected", "✗ yes" + (photo.edits.rejected == nil ? "" : " ✎"), PhotoBadges.rejectStyle) }
        if photo.isPicked { add("Picked", "P yes", PhotoBadges.pickStyle) }
        if let label = photo.label { add("Label", "● " + label.rawValue + (photo.edits.label == nil ? "" : " ✎"), PhotoBadges.style(of: label)) }
        for (i, tag) in photo.tags.enumerated() { add(i == 0 ? "Tags" : "", tag.replacingOccurrences(of: "/", with: " › ")) }
        if photo.leftFeed {
            add("File", "no longer in its feed (kept, with your edits)", Theme.error)
        } else if photo.missing {
            add("File", "missing at its path", Theme.error)
        }
        if case let .failure(error)? = details(for: photo, state: state) { add("Metadata", error.reason, Theme.error) }
        return rows
    }

    /// The file's own date, at full precision.
    static func fileDateText(_ photo: Photo) -> String {
        var file = photo
        file.edits.date = nil
        return file.takenAtText
    }

    /// The position in degrees, decimal and in minutes and seconds.
    static func placeLines(_ gps: GPSPosition?) -> [String] {
        guard let gps else { return [] }
        return [CoordinateFormat.decimal(gps), CoordinateFormat.dms(gps)]
            + [(try? PlaceTable.shared())?.nearest(to: gps).map { "near " + $0.label }].compactMap { $0 }
    }

    static func details(for photo: Photo, state: AppState) -> Result<Metadata, FileMetadataError>? {
        guard let details = state.infoDetails, details.photoID == photo.id else { return nil }
        return details.result
    }

    static let labelWidth = 10

    /// The panel's lines, each value wrapped to what is left of `width` (border and label).
    static func wrapped(_ row: Row, width: Int) -> [String] {
        let valueWidth = max(1, width - 4 - labelWidth)
        guard row.breaksAnywhere else { return PhotoTile.wrap(row.value, width: valueWidth, maxLines: 4) }
        var lines: [String] = [], line = "", used = 0
        for character in DisplayWidth.sanitized(row.value) {
            let w = character.displayWidth
            if used + w > valueWidth, !line.isEmpty {
                lines.append(line)
                (line, used) = ("", 0)
            }
            line.append(character)
            used += w
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > 4 else { return lines }
        return Array(lines.prefix(3)) + [CellGrid.truncated(lines[3] + "…", toWidth: valueWidth)]
    }

    static func lineCount(for photo: Photo, width: Int, state: AppState) -> Int {
        rows(for: photo, state: state).reduce(0) { $0 + wrapped($1, width: width).count }
    }

    /// One screen line of the panel: the row's label on its first line only.
    struct Line {
        var label: String
        var text: String
        var style: Style
    }

    /// Every line of the panel for a box `width` wide.
    static func lines(for photo: Photo, width: Int, state: AppState) -> [Line] {
        rows(for: photo, state: state).flatMap { row in
            wrapped(row, width: width).enumerated().map { Line(label: $0 == 0 ? row.label : "", text: $1, style: row.style) }
        }
    }

    /// The photo the panel shows and the box it is drawn in on the screen now, if it shows.
    static func shown(_ state: AppState) -> (photo: Photo, box: Rect)? {
        guard state.showInfo, let photo = state.selectedPhotoID.flatMap(state.library.photo(id:)) else { return nil }
        switch state.screen {
        case .home: return nil
        case .group: return (photo, overlayBox(state, photo: photo))
        case .detail:
            // Beside the photo when the image area left room for it, over it otherwise.
            let area = DetailScreen.imageArea(state)
            var box = area.width < state.columns
                ? Rect(x: area.width, y: area.y, width: state.columns - area.width, height: area.height)
                : overlayBox(state, photo: photo)
            box.height = min(box.height, area.height)   // the status line stays visible
            return (photo, box)
        }
    }

    /// The first line shown and the most the panel can scroll, for the panel on screen.
    static func scrollPosition(_ state: AppState, photo: Photo, box: Rect) -> (top: Int, maxScroll: Int) {
        let maxScroll = max(0, lineCount(for: photo, width: box.width, state: state) - max(0, box.height - 2))
        let top = state.infoScroll.flatMap { $0.photoID == photo.id ? $0.top : nil } ?? 0
        return (min(top, maxScroll), maxScroll)
    }

    /// ↑ and ↓ scroll a panel taller than its box (at 30×12); true when the key did.
    static func scroll(_ key: Key, state: inout AppState) -> Bool {
        guard key == .up || key == .down, let (photo, box) = shown(state) else { return false }
        let (top, maxScroll) = scrollPosition(state, photo: photo, box: box)
        guard maxScroll > 0 else { return false }
        state.infoScroll = (photo.id, max(0, min(maxScroll, top + (key == .up ? -1 : 1))))
        return true
    }

    /// Draws the panel in `box` (bordered), values wrapped to its width, from the line it is
    /// scrolled to; the border says when lines are hidden above ("↑") or below ("↓ more").
    static func render(_ photo: Photo, in box: Rect, state: AppState, into grid: inout CellGrid) {
        let inner = Panel.draw(box, title: "Info", into: &grid)
        let valueWidth = max(1, inner.width - labelWidth)
        let (top, maxScroll) = scrollPosition(state, photo: photo, box: box)
        for (i, line) in lines(for: photo, width: box.width, state: state).dropFirst(top).prefix(inner.height).enumerated() {
            let y = inner.y + i
            grid.put(line.label, x: inner.x, y: y, style: Theme.dim, maxWidth: labelWidth)
            grid.put(line.text, x: inner.x + labelWidth, y: y, style: line.style, maxWidth: valueWidth)
        }
        guard maxScroll > 0 else { return }
        let right = box.x + box.width - 2
        if top > 0 { grid.put(" ↑ ", x: right - 3, y: box.y, style: Theme.title) }
        let below = top < maxScroll ? ["↓ more · ↑↓ scroll", "↓ more", "↓"] : ["↑↓ scroll", "↑"]
        if let mark = below.first(where: { $0.displayWidth + 2 <= box.width - 4 }) {
            grid.put(" \(mark) ", x: right - mark.displayWidth - 2, y: box.y + box.height - 1, style: Theme.title)
        }
    }

    /// Where the panel goes over the screen when there is no room beside: the right part of
    /// the content area, as tall as it needs.
    static func overlayBox(_ state: AppState, photo: Photo) -> Rect {
        let area = state.contentArea
        let width = min(area.width, 52)
        let height = min(area.height, lineCount(for: photo, width: width, state: state) + 2)
        return Rect(x: area.x + area.width - width, y: area.y, width: width, height: height)
    }
}
