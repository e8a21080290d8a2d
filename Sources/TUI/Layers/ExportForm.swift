import Library

/// `X`'s form (issue 23): the folder to export the photos into, typed on the bottom line, and
/// what the CLI's options offer (`photory-tui export --max-size --format --strip-gps`) on the
/// line above it. Tab moves from field to field; the size takes digits (empty: full size);
/// Space turns the format (as is / JPEG) and the GPS (kept / taken out) over; Enter exports
/// (`LayerRequest.exportPhotos` with the `ExportOptions`), Esc closes.
struct ExportForm: Equatable, Sendable, LayerState {
    /// The fields, in Tab's order.
    enum Field: CaseIterable, Sendable {
        case folder, maxSize, format, stripGPS
    }

    var photoIDs: [String]
    var folder: TextField
    /// Digits; empty for full size.
    var maxSize: TextField
    var jpeg = false
    var stripGPS = false
    var focus = Field.folder
    /// Why Enter did not export (a size that is not a number of pixels).
    var problem: String?

    init(photoIDs: [String], folder: String, options: ExportOptions = ExportOptions()) {
        self.photoIDs = photoIDs
        self.folder = TextField(folder)
        maxSize = TextField(options.maxSize.map(String.init) ?? "")
        jpeg = options.format == .jpeg
        stripGPS = options.stripGPS
    }

    var keyContext: KeyContext { .exportLine }
    var layer: Layer { .exportForm(self) }
    /// The form takes the two bottom rows, which no image reaches.
    var coversPhotos: Bool { false }

    /// The options as chosen; nil (with `problem` set) when the size is not a number of pixels.
    mutating func options() -> ExportOptions? {
        let size = maxSize.text.trimmingCharacters(in: .whitespaces)
        guard size.isEmpty || (Int(size).map { $0 >= 16 } ?? false) else {
            problem = "16 px or more"
            focus = .maxSize
            return nil
        }
        return ExportOptions(maxSize: Int(size), stripGPS: stripGPS, format: jpeg ? .jpeg : nil)
    }

    mutating func handle(_ key: Key, action: Action?, state: AppState) -> LayerOutcome {
        switch action {
        case .accept:
            let typed = folder.text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { return .close(then: .say("Nothing exported")) }
            guard let options = options() else { return .consumed() }
            return .close(then: .exportPhotos(photoIDs, to: typed, options: options))
        case .cancel:
            return .close(then: .say("Nothing exported"))
        case .nextField:
            let all = Field.allCases
            focus = all[(all.firstIndex(of: focus)! + 1) % all.count]
            return .consumed()
        default:
            problem = nil
            switch focus {
            case .folder:
                _ = folder.edit(key, action: action)
            case .maxSize:
                if case let .char(c) = key, !c.isASCII || !c.isNumber { break }
                _ = maxSize.edit(key, action: action)
            case .format where key == .char(" "):
                jpeg.toggle()
            case .stripGPS where key == .char(" "):
                stripGPS.toggle()
            case .format, .stripGPS:
                break
            }
            return .consumed()
        }
    }

    func render(_ state: AppState, into grid: inout CellGrid) {
        let y = state.rows - 2
        guard y > 0 else { return }
        let count = photoIDs.count
        let keys = state.keyMap.hints([.nextField, .accept, .cancel], in: keyContext)
        // The options' line: each field as "name: value", the one with the focus highlighted.
        grid.fill(Rect(x: 0, y: y, width: state.columns, height: 1), with: Cell(" ", style: .plain))
        var x = 0
        func put(_ text: String, _ style: Style) {
            x += grid.put(text, x: x, y: y, style: style)
        }
        put(" Export \(Counted.text(count)) · ", Theme.dim)
        let size = focus == .maxSize ? maxSize.withCursor(fitting: 8) : (maxSize.text.isEmpty ? "full" : maxSize.text + " px")
        for (field, label, value) in [(Field.maxSize, "max size", size), (.format, "format", jpeg ? "JPEG" : "as is"),
                                      (.stripGPS, "GPS", stripGPS ? "taken out" : "kept")] {
            put(label + ": ", Theme.dim)
            put(value, focus == field ? Theme.selected : Theme.title)
            put(" · ", Theme.dim)
        }
        if let problem {
            put(problem, Theme.error)
        } else {
            put(focus == .format || focus == .stripGPS ? "Space flips · " + keys : keys, Theme.dim)
        }
        grid.fill(Rect(x: 0, y: state.rows - 1, width: state.columns, height: 1), with: Cell(" ", style: Theme.statusBar))
        let prompt = "Export to: "
        let shown = prompt + (focus == .folder ? folder.withCursor(fitting: state.columns - 1 - prompt.count) : folder.text)
        grid.put(CellGrid.truncated(shown, toWidth: state.columns), x: 0, y: state.rows - 1, style: Theme.statusBar)
    }
}
