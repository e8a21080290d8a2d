import Foundation
import Library

/// Draws the duplicates review (`DuplicatesReview`): a box over the content area with the
/// group's photos side by side, each a thumbnail over its facts (resolution, file size, date,
/// camera, folder, rating, favourite), the kept one marked KEEP and the chosen one highlighted.
enum DuplicatesReviewView {
    /// Lines of facts under each thumbnail.
    static let factLines = 9
    /// The widest a column gets, and the narrowest before photos scroll sideways.
    static let maxColumnWidth = 60
    static let minColumnWidth = 22

    /// The box inside the border.
    static func inner(_ state: AppState) -> Rect {
        let area = state.contentArea
        return Rect(x: area.x + 2, y: area.y + 1, width: max(0, area.width - 4), height: max(0, area.height - 2))
    }

    /// Each shown photo's column, left to right, and the thumbnail box in it (also what the
    /// preview loader is asked for: `AppState.wantedPreviews`).
    static func columns(_ review: DuplicatesReview, state: AppState) -> [(photo: Photo, index: Int, column: Rect, tile: Rect)] {
        let photos = review.photos(of: review.groupIndex, in: state.library)
        let box = inner(state)
        guard !photos.isEmpty, box.width >= minColumnWidth, box.height > factLines + 3 else { return [] }
        let fitting = max(1, min(photos.count, box.width / minColumnWidth))
        let width = min(maxColumnWidth, box.width / fitting)
        let first = max(0, min(review.selected - fitting + 1, photos.count - fitting))
        let tileHeight = box.height - factLines - 2
        return photos.enumerated().dropFirst(first).prefix(fitting).map { index, photo in
            let column = Rect(x: box.x + (index - first) * width, y: box.y + 1, width: width - 1, height: box.height - 1)
            return (photo, index, column, Rect(x: column.x, y: column.y, width: column.width, height: tileHeight))
        }
    }

    static func render(_ review: DuplicatesReview, state: AppState, into grid: inout CellGrid) {
        let area = state.contentArea
        let threshold = "look-alikes within \(DuplicateFinder.nearThreshold) of 64 bits"
        let box = Panel.draw(area, title: review.groups.isEmpty ? "Duplicates" : "Duplicates — \(threshold)", into: &grid)
        guard box.height > 1 else { return }
        guard !review.groups.isEmpty else {
            grid.put("No duplicates or look-alikes in the library.", x: box.x, y: box.y, style: Theme.dim, maxWidth: box.width)
            if review.unhashed > 0 {
                grid.put(unhashedNote(review.unhashed), x: box.x, y: box.y + 1, style: Theme.dim, maxWidth: box.width)
            }
            return
        }
        let group = review.groups[review.groupIndex]
        let photos = review.photos(of: review.groupIndex, in: state.library)
        let kept = review.keep(of: review.groupIndex, in: state.library)
        var heading = "Group \(review.groupIndex + 1) of \(review.groups.count) · \(group.kind == .exact ? "exact copies" : "look-alikes")"
            + " · \(Counted.text(photos.count))"
        // Done once its trash question is answered (the review moves on then).
        if review.done.contains(review.groupIndex), state.layer(DeleteConfirmation.self) == nil { heading += " · done" }
        if photos.count < 2 { heading += " · resolved" }
        grid.put(heading, x: box.x, y: box.y, style: Theme.title, maxWidth: box.width)
        for (photo, index, column, tile) in columns(review, state: state) {
            PhotoTile.draw(photo, in: tile, state: state, inGrid: true, into: &grid)
            var y = tile.y + tile.height
            let selected = index == review.selected
            // The badge on a line of its own: beside it, a name had a few columns left.
            let badge = photo.id == kept?.id ? (photo.id == group.keep ? "KEEP (suggested)" : "KEEP") : ""
            grid.put(badge, x: column.x, y: y, style: Theme.title, maxWidth: column.width)
            y += 1
            let nameStyle = selected ? Theme.selected : Theme.title
            if selected { grid.fill(Rect(x: column.x, y: y, width: column.width, height: 1), with: Cell(" ", style: nameStyle)) }
            grid.put(CellGrid.keepingTheEnd(photo.name, width: column.width), x: column.x, y: y, style: nameStyle)
            y += 1
            for line in facts(photo, width: column.width) {
                grid.put(line, x: column.x, y: y, style: .plain, maxWidth: column.width)
                y += 1
            }
        }
        if review.unhashed > 0 {
            grid.put(unhashedNote(review.unhashed), x: box.x, y: box.y + box.height - 1, style: Theme.dim, maxWidth: box.width)
        }
    }

    static func unhashedNote(_ count: Int) -> String {
        "\(Counted.text(count)) imported before look-alike hashes: `photory-tui duplicates --near` hashes them"
    }

    /// The facts under a photo, one a line: resolution, file size and kind, date, camera,
    /// folder, rating and favourite.
    static func facts(_ photo: Photo, width: Int) -> [String] {
        let size = photo.isSizeKnown ? "\(photo.displaySize.width)×\(photo.displaySize.height)" : "size unknown"
        let megapixels = photo.isSizeKnown ? String(format: " · %.1f MP", Double(photo.width * photo.height) / 1e6) : ""
        let taken = photo.takenAt.map { String($0.prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? "date unknown"
        let folder = (photo.path as NSString).deletingLastPathComponent
        let stars = photo.rating > 0 ? PhotoBadges.stars(photo.rating) : "no stars"
        return [size + megapixels,
                AppState.size(photo.fileSize) + " · " + (photo.kind == .raw ? "RAW" : (photo.path as NSString).pathExtension.uppercased()),
                taken,
                DisplayWidth.sanitized(photo.camera ?? "camera unknown"),
                CellGrid.keepingTheEnd(folder, width: width),   // the end of a path tells
                stars + (photo.isFavourite ? " · ♥ favourite" : "") + (photo.isRejected ? " · ✗ rejected" : ""),
                photo.tags.isEmpty ? "" : DisplayWidth.sanitized(photo.tags.joined(separator: ", "))]
    }
}
