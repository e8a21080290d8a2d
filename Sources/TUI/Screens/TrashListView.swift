import Foundation
import Library

/// The Trash box: one trashed photo a row — name, the folder it was in, size, days left.
enum TrashListView {
    /// Rows of photos the box has room for.
    static func listHeight(_ state: AppState) -> Int { max(1, state.contentArea.height - 4) }

    /// "29 days", "1 day", "due today".
    static func daysLeft(_ days: Int) -> String {
        days == 0 ? "due today" : days == 1 ? "1 day" : "\(days) days"
    }

    /// One row: the name, the folder, the size and the days left, fitted to `width`.
    static func row(_ record: TrashedPhoto, width: Int, trashDays: Int, now: Double) -> String {
        let days = daysLeft(record.daysLeft(keeping: trashDays, now: now))
        let size = AppState.size(record.size)
        let right = "  \(size)  \(days.padding(toLength: 9, withPad: " ", startingAt: 0))"
        let folder = PathBytes.display((record.photo.path as NSString).deletingLastPathComponent)
        let left = DisplayWidth.sanitized(record.photo.name) + "  " + DisplayWidth.sanitized(folder)
        let room = max(1, width - right.displayWidth)
        let cut = CellGrid.truncated(left, toWidth: room)
        return cut + String(repeating: " ", count: max(0, room - cut.displayWidth)) + right
    }

    static func render(_ list: TrashList, state: AppState, into grid: inout CellGrid) {
        let records = TrashList.records(state.library)
        let box = Rect(x: state.contentArea.x, y: state.contentArea.y, width: state.columns, height: state.contentArea.height)
        let inner = Panel.draw(box, title: "Trash — \(state.library.counted(records.map(\.photo.id))), kept \(state.trashDays) days", into: &grid)
        guard inner.height > 1 else { return }
        guard !records.isEmpty else {
            grid.put("Nothing photory trashed is in the trash. Delete in a group moves photos here.", x: inner.x, y: inner.y,
                     style: Theme.dim, maxWidth: inner.width)
            return
        }
        let now = Date().timeIntervalSince1970
        for (i, record) in records.enumerated().dropFirst(list.top).prefix(listHeight(state)) {
            let y = inner.y + i - list.top
            guard y < inner.y + inner.height else { break }
            let selected = i == list.index
            let style = selected ? Theme.selected : Style.plain
            if selected { grid.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), with: Cell(" ", style: style)) }
            grid.put(row(record, width: inner.width, trashDays: state.trashDays, now: now), x: inner.x, y: y, style: style,
                     maxWidth: inner.width)
        }
    }
}
