import Library

/// Draws the webcam preview (`WebcamPreview`) alone, laid out as the photo view: the title line,
/// the frame centred in the photo's area (`DetailScreen.drawMovingFrame`, the video's path), the
/// line under it (the webcam, its frame size, what is going on) and the hints.
enum WebcamView {
    /// The area the frame is drawn in: the photo view's.
    static func imageArea(_ state: AppState) -> Rect {
        Rect(x: 0, y: 1, width: state.columns, height: max(1, state.rows - 3))
    }

    /// "Webcam · HD Pro Webcam C920 (/dev/video0)"; "Webcam" until it is open.
    static func title(_ preview: WebcamPreview) -> String {
        guard let device = preview.device else { return "Webcam" }
        return "Webcam · \(device.name.strippingControlCharacters) (\(PathBytes.display(device.path).strippingControlCharacters))"
    }

    /// The line under the frame.
    static func statusLine(_ preview: WebcamPreview, state: AppState) -> String {
        if let status = state.status { return status }
        if preview.taking { return "Taking the picture…" }
        guard let device = preview.device else { return "Opening the webcam…" }
        guard let frame = preview.frame else { return "Waiting for \(PathBytes.display(device.path).strippingControlCharacters)…" }
        return "live  \(frame.width)×\(frame.height)  Space takes the picture"
    }

    static func render(_ preview: WebcamPreview, state: AppState, into grid: inout CellGrid) {
        // Nothing of the screen under it shows: not its cells, not its images.
        grid = CellGrid(width: grid.width, height: grid.height)
        grid.put(CellGrid.truncated(AppView.titlePrefix + title(preview), toWidth: state.columns), x: 0, y: 0, style: Theme.title)
        let area = imageArea(state)
        if let frame = preview.frame {
            _ = DetailScreen.drawMovingFrame(frame.content, columns: frame.columns, rows: frame.rows, name: "webcam",
                                             content: "webcam \(frame.generation) \(preview.framesShown)", in: area, into: &grid)
        }
        grid.put(CellGrid.truncated(statusLine(preview, state: state), toWidth: state.columns - 1), x: 1, y: state.rows - 2,
                 style: Theme.title, maxWidth: state.columns)
        let y = state.rows - 1
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let hints = state.keyMap.hints([.shutter, .close, .help], in: .webcam)
        grid.put(CellGrid.truncated(" " + AppView.wholeHints(hints, width: state.columns - 1), toWidth: state.columns), x: 0, y: y,
                 style: Theme.statusBar)
    }
}
