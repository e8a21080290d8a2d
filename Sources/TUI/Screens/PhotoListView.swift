import Foundation
import Library

/// A photo grid as a list (`t`): one photo a row — marks and ★, badges (✗ P ● ★★★★☆, see
/// `PhotoBadges`; only while a photo on screen has one), name, date taken, camera, size,
/// place — in aligned columns that fit the width (place, then camera, go first when
/// narrow); subfolders first, one a row. The cursor is the same item index as in the grid.
enum PhotoListView {
    /// A column: its title, its width, and whether its text is aligned right.
    struct Column {
        var title: String
        var width: Int
        var right = false
    }

    static let flagsWidth = 4, dateWidth = 16, sizeWidth = 9, gap = 2
    /// The badges' column: "✗ P ● ★★★★☆", or "✗ P ● 4★" when narrow.
    static let badgesWidth = 11, narrowBadgesWidth = 8

    /// The columns for `width` cells: name, date, camera, size, place (those that fit). The
    /// date column is `dateWidth` wide: wider when a date on screen carries its zone
    /// ("2024-05-01 14:03 +02:00").
    static func columns(width: Int, dateWidth: Int = dateWidth, badges: Bool) -> [Column] {
        var columns = columns(width: width, dateWidth: dateWidth)
        guard badges else { return columns }
        let room = columns.count > 3 ? badgesWidth : narrowBadgesWidth
        columns[1].width = max(8, columns[1].width - room - gap)
        columns.insert(Column(title: "", width: room), at: 1)
        return columns
    }

    static func columns(width: Int, dateWidth: Int = dateWidth) -> [Column] {
        let fixed = flagsWidth + dateWidth + sizeWidth + 4 * gap
        let free = max(8, width - fixed)
        if free < 30 {
            return [Column(title: "", width: flagsWidth), Column(title: "Name", width: max(8, width - flagsWidth - dateWidth - gap * 2)),
                    Column(title: "Taken", width: dateWidth)]
        }
        if free < 50 {
            let camera = free / 3
            return [Column(title: "", width: flagsWidth), Column(title: "Name", width: free - camera - gap),
                    Column(title: "Taken", width: dateWidth), Column(title: "Camera", width: camera),
                    Column(title: "Size", width: sizeWidth, right: true)]
        }
        let camera = min(24, free / 4), place = min(30, free / 4)
        return [Column(title: "", width: flagsWidth), Column(title: "Name", width: free - camera - place - gap * 2),
                Column(title: "Taken", width: dateWidth), Column(title: "Camera", width: camera),
                Column(title: "Size", width: sizeWidth, right: true), Column(title: "Place", width: place)]
    }

    /// A date that fits `width`: without its zone ("+02:00"), then without its time, rather
    /// than cut in the middle.
    static func fitted(date: String, width: Int) -> String {
        var words = date.split(separator: " ")
        while words.joined(separator: " ").displayWidth > width, words.count > 1 { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// One row's cells, each cut or padded to its column.
    static func row(_ texts: [String], columns: [Column]) -> String {
        zip(texts, columns).map { text, column in
            let cut = CellGrid.truncated(text, toWidth: column.width)
            let pad = String(repeating: " ", count: max(0, column.width - cut.displayWidth))
            return column.right ? pad + cut : cut + pad
        }.joined(separator: String(repeating: " ", count: gap))
    }

    static func render(_ page: FolderPage, state: AppState, into grid: inout CellGrid) {
        let area = state.contentArea
        let width = area.width - 2
        let layout = state.photoLayout
        let visible = state.groupCursor.visibleRange(count: page.count, layout: layout)
        let dates = visible.map { index in
            page.photoID(atItem: index).flatMap(state.library.photo(id:))?.takenAtShortText
                ?? (page.folders.indices.contains(index) ? page.folders[index].group.dateRange : "")
        }
        // As wide as the dates on screen, as long as the name keeps 8 cells; else the zones go.
        let widest = min(max(dateWidth, dates.map(\.displayWidth).max() ?? 0), width - flagsWidth - 2 * gap - 8)
        let badged = visible.contains { page.photoID(atItem: $0).flatMap(state.library.photo(id:)).map { !PhotoBadges.parts($0).isEmpty } ?? false }
        let columns = columns(width: width, dateWidth: widest, badges: badged)
        grid.put(row(columns.map(\.title), columns: columns), x: area.x + 1, y: area.y, style: Theme.dim, maxWidth: width)
        let places = columns.count > (badged ? 6 : 5) ? PlaceTable.sharedLookup : nil
        for index in visible {
            // The row the layout gives (mouse clicks find the item by the same rectangle).
            guard let y = layout.tileRect(index: index, topRow: state.groupCursor.topRow)?.y else { continue }
            var texts: [String]
            var badges: [PhotoBadges.Part] = []
            if let photoIndex = page.photoIndex(ofItem: index) {
                let id = page.group.photoIDs[photoIndex]
                let photo = state.library.photo(id: id)
                let place = photo?.gps.flatMap { places?($0) }.map { "\($0.city), \($0.country)" } ?? ""
                badges = photo.map { PhotoBadges.parts($0, width: columns[1].width) } ?? []
                texts = [GroupScreen.flags(photo, marked: state.marks.contains(id)),
                         // A missing photo shows its last known path, so it can be found and relinked.
                         photo.map { $0.missing ? "missing: " + $0.path : (VideoBadge.text($0).map { $0 + "  " } ?? "") + $0.name } ?? "?",
                         photo.map { fitted(date: $0.takenAtShortText, width: widest) } ?? "", photo?.camera ?? "",
                         photo.map { $0.isDownloaded ? ByteCountFormatter.string(fromByteCount: $0.fileSize, countStyle: .file) : "—" } ?? "",
                         place]
            } else {
                let folder = page.folders[index].group
                // The days when they fit, else the years.
                let range = folder.dateRange.displayWidth <= widest ? folder.dateRange : folder.yearRange
                texts = ["▸", folder.name, range, AppState.count(state.shownCount(folder.photoIDs, in: folder.id)), "", ""]
            }
            if badged { texts.insert("", at: 1) }
            let selected = index == state.groupCursor.selected
            let style = selected ? Theme.selected : Style.plain
            if selected { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: Cell(" ", style: style)) }
            grid.put(row(texts, columns: columns), x: area.x + 1, y: y, style: style, maxWidth: width)
            if badged { PhotoBadges.draw(badges, x: area.x + 1 + flagsWidth + gap, y: y, into: &grid) }
        }
        feedEndRow(page, columns: columns, state: state, into: &grid)   // Paged feeds (issue 24)
    }

    /// Paged feeds (issue 24): a row after a feed's last photo while its next page comes
    /// ("Loading more…"), or saying why it failed and the key that tries again (as the grid's tile;
    /// a long reason takes a second row).
    static func feedEndRow(_ page: FolderPage, columns: [Column], state: AppState, into grid: inout CellGrid) {
        let layout = state.photoLayout
        guard let text = state.feedEndText(groupID: page.group.id, saysEnd: false),
              state.groupCursor.visibleRange(count: page.count + 1, layout: layout).contains(page.count),
              let y = layout.tileRect(index: page.count, topRow: state.groupCursor.topRow)?.y else { return }
        // Under the names; a reason too long for the row goes on in the next (the list's end is below it).
        let area = state.contentArea
        let x = area.x + 1 + flagsWidth + gap
        for (row, line) in PhotoTile.wrap(text, width: max(1, area.maxX - 1 - x), maxLines: 2).enumerated() where y + row < area.maxY {
            grid.put(line, x: x, y: y + row, style: Theme.dim, maxWidth: area.maxX - 1 - x)
        }
    }
}
