import Foundation
import Library

/// The modal import overlay: progress while the import runs, then its summary until a key.
/// An export (`X`, issue 23) shows the same way.
struct ImportOverlayState: Equatable, Sendable, LayerState {
    enum Phase: Equatable, Sendable {
        case running(cancelling: Bool)
        case finished(ImportSummary)
        case failed(String)
        /// Export (issue 23): the export ended.
        case exported(ExportSummary)
    }

    /// What runs: an import, a refresh of the web feeds (`R`), or an export (`X`, issue 23).
    enum Purpose: Equatable, Sendable {
        case importing, refreshing, exporting
        /// Copying a camera's files and importing the copies (issue 25).
        case camera(CameraAddress)
    }

    /// After a camera import, the camera and its files whose copies are verified (what `D` offers to delete).
    var deletableFromCamera: (camera: CameraAddress, files: [CameraFile])? {
        guard case let .camera(address) = purpose, case let .finished(summary) = phase,
              let files = summary.camera?.verified, !files.isEmpty else { return nil }
        return (address, files)
    }

    /// What the summary shows of an import or an export: its line and its problems in words.
    struct Report: Equatable {
        var line: String
        var problems: [String]

        init(_ summary: ImportSummary) {
            line = summary.line
            problems = summary.problems.map(ImportOverlayState.problemText)
                + (summary.camera?.notDeleted ?? []).map { "not deleted from the camera: " + $0 }   // cameras (issue 25)
        }

        /// "failed: IMG_1.jpg — file missing".
        init(_ summary: ExportSummary) {
            line = summary.line
            problems = summary.problems.map { "\($0.outcome.rawValue): \(ImportOverlayState.shortName($0.source)) — \($0.reason ?? "")" }
        }
    }

    /// The summary once the run ended (nil while it runs, or when it failed as a whole).
    var report: Report? {
        switch phase {
        case let .finished(summary): Report(summary)
        case let .exported(summary): Report(summary)
        case .running, .failed: nil
        }
    }

    var purpose = Purpose.importing
    var phase: Phase = .running(cancelling: false)
    var progress = ImportProgress(phase: .scanning)
    /// Bytes received and the speed, from the progress's bytes over time.
    var rate = TransferRate()
    /// The first of the summary's problem lines shown, when they do not all fit.
    var scroll = 0

    /// Whether the run is fetching from the web (the overlay then shows bytes, speed and URL).
    var isWeb: Bool { [.feeds, .thumbnails, .photos].contains(progress.phase) || purpose == .refreshing }

    /// Takes where the import stands, `elapsed` seconds after it started.
    mutating func update(_ progress: ImportProgress, elapsed: Double) {
        self.progress = progress
        rate.add(bytes: progress.bytesDone, at: elapsed)
    }

    init(purpose: Purpose = .importing, progress: ImportProgress = ImportProgress(phase: .scanning)) {
        self.purpose = purpose
        self.progress = progress
    }

    var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    mutating func finish(_ summary: ImportSummary) { phase = .finished(summary) }
    mutating func fail(_ message: String) { phase = .failed(message) }

    var keyContext: KeyContext { .importProgress }
    var layer: Layer { .importOverlay(self) }

    func hints(_ state: AppState) -> String? {
        isRunning ? [purpose == .exporting ? "Exporting…" : "Importing…", state.keyMap.hints([.cancelImport], in: .importProgress)]
            .joined(separator: " · ")
            : closingHint(columns: state.columns, rows: state.rows)
    }

    /// While the import runs only `cancel-import` does something; afterwards the moving keys
    /// scroll a summary too long for the screen, and any other key closes.
    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch phase {
        case .running(cancelling: false):
            guard action == .cancelImport else { return .consumed() }
            phase = .running(cancelling: true)
            return .consumed(then: .cancelImport)
        case .running:
            return .consumed()
        case .finished, .exported:
            if action == .deleteFromCamera, let (camera, files) = deletableFromCamera {   // cameras (issue 25)
                return .close(then: .confirmCameraDelete(camera, files))
            }
            guard let summary = report else { return .close() }
            let layout = Self.problemLayout(summary, columns: state.columns, rows: state.rows)
            guard layout.lastScroll > 0 else { return .close() }
            let page = max(1, layout.shown(from: scroll) - 1)
            guard let moved = Scrolling.scrolled(scroll, by: action, page: page, last: layout.lastScroll) else { return .close() }
            scroll = moved
            return .consumed()
        case .failed:
            return .close()
        }
    }

    // MARK: - Drawing

    /// The status line once the run ended: how to close, and how to scroll a long summary.
    func closingHint(columns: Int, rows: Int) -> String {
        if let summary = report, Self.problemLayout(summary, columns: columns, rows: rows).lastScroll > 0 {
            return "↑↓ PgUp PgDn Home End scroll · other keys close"
        }
        return "Any key to close"
    }

    /// The summary's problems as drawn: each wrapped to the box (its continuation lines indented),
    /// and how many screen lines they have.
    struct ProblemLayout {
        /// Each problem's lines.
        var problems: [[String]]
        /// Screen lines for problems.
        var room: Int

        /// How many problems show whole from the `first` one (at least one, cut if taller than the room).
        func shown(from first: Int) -> Int {
            var used = 0, count = 0
            for lines in problems.dropFirst(first) {
                guard used + lines.count <= room || count == 0 else { break }
                used += lines.count
                count += 1
            }
            return count
        }

        /// The first problem shown when scrolled to the end: the last ones fill the room.
        var lastScroll: Int {
            var used = 0, first = problems.count
            while first > 0, used + problems[first - 1].count <= room {
                used += problems[first - 1].count
                first -= 1
            }
            return min(first, max(0, problems.count - 1))
        }
    }

    /// The most columns the summary's box takes: the screen less a margin, when it is wider than 80.
    static func summaryWidth(_ summary: Report, columns: Int) -> Int {
        let longest = ([summary.line] + summary.problems).map(\.displayWidth).max() ?? 0
        return min(max(76, longest + 4), max(columns - 4, min(columns, 76)))
    }

    /// The finished summary's box: as wide as its longest line allows, with room for up to 12
    /// problem lines, or as many as the screen holds.
    private static func summaryBox(_ summary: Report, in area: Rect) -> Rect {
        let width = summaryWidth(summary, columns: area.width)
        let lines = problemLines(summary, width: width - 4).reduce(0) { $0 + $1.count }
        return Panel.centered(in: area, width: width, height: min(area.height, 9 + min(lines, max(12, area.height - 11))))
    }

    /// The summary line, wrapped to two lines at most.
    private static func summaryLines(_ summary: Report, width: Int) -> [String] {
        PhotoTile.wrap(summary.line, width: width, maxLines: 2)
    }

    /// "unreadable: http://…/missing0.jpg — the server answered 404 Not Found".
    static func problemText(_ result: ImportFileResult) -> String {
        "\(result.outcome.kind.rawValue): \(shortName(result.path)) — \(result.reason ?? "")"
    }

    /// Each problem in lines of `width`: a long one continues on lines indented by two (a long
    /// address breaks anywhere), never cut.
    static func problemLines(_ summary: Report, width: Int) -> [[String]] {
        summary.problems.map { text in
            guard text.displayWidth > width else { return [text] }
            let lines = PhotoTile.wrap(text, width: max(1, width - 2), maxLines: .max, breakingLongWords: true)
            return lines.enumerated().map { $0 == 0 ? $1 : "  " + $1 }
        }
    }

    /// The problems on a `columns` × `rows` screen, in the room the box has for them: the box
    /// less its border, the summary line, a blank line, and the blank and hint lines at the bottom.
    static func problemLayout(_ summary: Report, columns: Int, rows: Int) -> ProblemLayout {
        let box = summaryBox(summary, in: Rect(x: 0, y: 0, width: columns, height: rows))
        let innerWidth = box.width - 4, innerHeight = box.height - 2
        let room = max(0, innerHeight - summaryLines(summary, width: innerWidth).count - 3)
        return ProblemLayout(problems: problemLines(summary, width: innerWidth), room: room)
    }

    /// A file by its name; a URL whole (a feed's items differ only in their path).
    static func shortName(_ path: String) -> String {
        WebImporter.isWebAddress(path) ? path : (path as NSString).lastPathComponent
    }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let area = Rect(x: 0, y: 0, width: state.columns, height: state.rows)
        switch phase {
        case let .running(cancelling):
            let web = isWeb
            let box = Panel.centered(in: area, width: 64, height: web ? 10 : 9)
            let title = switch (cancelling, purpose, web) {
            case (true, .importing, _), (true, .camera, _): "Cancelling import…"
            case (true, .refreshing, _): "Cancelling the refresh…"
            case (true, .exporting, _): "Cancelling the export…"
            case (false, .exporting, _): "Exporting"
            case (false, .refreshing, _): "Refreshing the web feeds"
            case (false, .importing, true): "Importing from the web"
            case (false, .importing, false): "Importing"
            case let (false, .camera(address), _): "Importing from " + DisplayWidth.sanitized(address.name)
            }
            let inner = Panel.draw(box, title: title, into: &grid)
            let bar = progress.bar(width: inner.width)
            grid.put(bar.filled, x: inner.x, y: inner.y + 1, style: Theme.barFilled)
            grid.put(bar.empty, x: inner.x + bar.filled.count, y: inner.y + 1, style: Theme.dim)
            var y = inner.y + 3
            grid.put(CellGrid.truncated(progress.stage, toWidth: inner.width), x: inner.x, y: y)
            y += 1
            if web {
                grid.put(CellGrid.truncated("Received " + rate.text, toWidth: inner.width), x: inner.x, y: y)
                y += 1
            }
            // A URL is shown whole (its end cut off when long); a file by its name.
            let current = progress.currentFile.map(Self.shortName) ?? ""
            grid.put(CellGrid.truncated(current, toWidth: inner.width), x: inner.x, y: y, style: Theme.dim)
            let cancelKey = state.keyMap.binding(.cancelImport, in: .importProgress)?.keys.first?.label
            let hint = cancelling ? "Stopping after the files in progress…"
                : cancelKey.map { "\($0) cancels (what finished is kept)" } ?? "\(purpose == .exporting ? "Exporting" : "Importing") (no key is set to cancel)"
            grid.put(CellGrid.truncated(hint, toWidth: inner.width), x: inner.x, y: inner.maxY - 1, style: Theme.dim)
        case .finished, .exported:
            guard let summary = report else { return }
            let problems = summary.problems
            let box = Self.summaryBox(summary, in: area)
            let noun = switch purpose {
            case .refreshing: "Refresh"
            case .importing, .camera: "Import"
            case .exporting: "Export"
            }
            let cancelled = switch phase {
            case let .finished(run): run.cancelled
            case let .exported(run): run.cancelled
            default: false
            }
            let inner = Panel.draw(box, title: noun + (cancelled ? " cancelled" : " finished"), into: &grid)
            var y = inner.y
            for line in Self.summaryLines(summary, width: inner.width) {
                grid.put(line, x: inner.x, y: y, style: Theme.title)
                y += 1
            }
            y += 1
            let layout = Self.problemLayout(summary, columns: state.columns, rows: state.rows)
            let first = min(scroll, layout.lastScroll)
            let shown = layout.shown(from: first)
            for line in layout.problems.dropFirst(first).prefix(shown).joined().prefix(layout.room) {
                grid.put(CellGrid.truncated(line, toWidth: inner.width), x: inner.x, y: y, style: Theme.dim)
                y += 1
            }
            var hint = layout.lastScroll > 0
                ? "\(first + 1)–\(first + shown) of \(problems.count) · ↑↓ PgUp PgDn scroll · other keys close"
                : "Press any key"
            if let (_, files) = deletableFromCamera, let key = state.keyMap.binding(.deleteFromCamera, in: .importProgress)?.keys.first?.label {
                hint = "\(key) deletes the \(files.count) copied file\(files.count == 1 ? "" : "s") from the camera · " + hint.lowercased()
            }
            grid.put(CellGrid.truncated(hint, toWidth: inner.width), x: inner.x, y: inner.maxY - 1, style: Theme.title)
        case let .failed(message):
            let box = Panel.centered(in: area, width: 70, height: 9)
            let inner = Panel.draw(box, title: "Import failed", into: &grid)
            for (i, line) in PhotoTile.wrap(message, width: inner.width, maxLines: inner.height - 2).enumerated() {
                grid.put(line, x: inner.x, y: inner.y + i, style: Theme.error)
            }
            grid.put("Press any key", x: inner.x, y: inner.maxY - 1, style: Theme.title)
        }
    }
}
