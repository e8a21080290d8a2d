/// "Write edits into 3 files?" before `W` touches anything.
enum WriteConfirmationView {
    static func render(_ photos: [String], state: AppState, into grid: inout CellGrid) {
        let count = photos.count
        let box = Panel.centered(in: state.contentArea, width: 62, height: 8)
        let inner = Panel.draw(box, title: "Write to the files", into: &grid)
        let lines: [(String, Style)] = [
            ("Write the edited date, place and description of \(count) photo\(count == 1 ? "" : "s")", Theme.title),
            ("into \(count == 1 ? "its file" : "their files") (EXIF) and an XMP sidecar beside each?", Theme.title),
            ("Each file is replaced atomically; its picture is not touched.", Theme.dim),
            ("", .plain),
            ("Enter write · any other key cancels", Theme.dim),
        ]
        for (i, line) in lines.enumerated() where i < inner.height {
            grid.put(CellGrid.truncated(line.0, toWidth: inner.width), x: inner.x, y: inner.y + i, style: line.1,
                     maxWidth: inner.width)
        }
    }
}
