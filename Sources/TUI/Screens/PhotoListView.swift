import Foundation
import Library

/// A photo grid as a list (`t`): one photo a row — marks and ★, name, date taken, camera,
/// size, place — in aligned columns that fit the width (place, then camera, go first when
/// narrow); subfolders first, one a row. The cursor is the same item index as in the grid.
enum PhotoListView {
    /// A column: its title, its width, and whether its text is aligned right.
    struct Column {
        var title: String
        var width: Int
        var right = false
    }

    static let flagsWidth = 4, dateWidth = 16, sizeWidth = 9, gap = 2

    /// The columns for `width` cells: name, date, camera, size, place (those that fit). The
    /// date column is `dateWidth` wide: wider when a date on screen carries its zone
    /// ("2024-05-01 14:03 +02:00").
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
        let columns = columns(width: width, dateWidth: widest)
        grid.put(row(columns.map(\.title), columns: columns), x: area.x + 1, y: area.y, style: Theme.dim, maxWidth: width)
        let places = columns.count > 5 ? PlaceTable.sharedLookup : nil
        for index in visible {
            let y = area.y + 1 + index - state.groupCursor.topRow
            let texts: [String]
            if let photoIndex = page.photoIndex(ofItem: index) {
                let id = page.group.photoIDs[photoIndex]
                let photo = state.library.photo(id: id)
                let place = photo?.gps.flatMap { places?($0) }.map { "\($0.city), \($0.country)" } ?? ""
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
                texts = ["▸", folder.name, range, "\(folder.count) photo\(folder.count == 1 ? "" : "s")", "", ""]
            }
            let selected = index == state.groupCursor.selected
            let style = selected ? Theme.selected : Style.plain
            if selected { grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: Cell(" ", style: style)) }
            grid.put(row(texts, columns: columns), x: area.x + 1, y: y, style: style, maxWidth: width)
        }
    }
}
