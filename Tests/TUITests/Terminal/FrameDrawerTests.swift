import Testing
@testable import TUI

/// Drawing frames without ncurses: `FrameDrawer` writes through a `RecordingBackend`, which
/// records what would reach the terminal.
@Suite struct FrameDrawerTests {
    private static let symbols = GraphicsDetector.Detection(graphicsProtocol: .symbols, tmuxPassthrough: false, reason: "test")

    /// A drawer and a recording backend of `columns` × `rows`.
    private func setUp(columns: Int = 10, rows: Int = 3,
                       graphics: GraphicsDetector.Detection = symbols) -> (FrameDrawer, RecordingBackend) {
        (FrameDrawer(graphics: graphics), RecordingBackend(columns: columns, rows: rows))
    }

    private func grid(_ lines: [String], columns: Int = 10, rows: Int = 3) -> CellGrid {
        var grid = CellGrid(width: columns, height: rows)
        for (y, line) in lines.enumerated() { grid.put(line, x: 0, y: y) }
        return grid
    }

    /// The events as short strings: "clear!" (repainting the screen), "clear", "y,x:text",
    /// "repaint y", "bytes:…".
    private func written(_ backend: RecordingBackend) -> [String] {
        backend.takeEvents().map { event in
            switch event {
            case let .clear(repainting): return repainting ? "clear!" : "clear"
            case let .cells(x, y, text, _): return "\(y),\(x):\(text)"
            case let .repaintedRow(y): return "repaint \(y)"
            case let .bytes(bytes): return "bytes:" + String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    @Test func theFirstFrameClearsAndWritesEveryCell() {
        var (drawer, backend) = setUp()
        let frame = grid(["photory", "日本"])
        drawer.draw(frame, on: backend, keyWaiting: { false })
        #expect(written(backend) == ["clear!", "0,0:photory   ", "1,0:日本      ", "2,0:          "])
        #expect(drawer.cellsWrittenLastDraw == 28)
        #expect(backend.screen == frame)
    }

    @Test func aFrameAfterAOneCellChangeWritesOnlyThatCellsRun() {
        var (drawer, backend) = setUp()
        var frame = grid(["photory", "日本"])
        drawer.draw(frame, on: backend, keyWaiting: { false })
        _ = backend.takeEvents()

        drawer.draw(frame, on: backend, keyWaiting: { false })
        #expect(written(backend).isEmpty, "the same frame writes nothing")

        frame.put("P", x: 0, y: 0)
        drawer.draw(frame, on: backend, keyWaiting: { false })
        #expect(written(backend) == ["0,0:P"])
        #expect(drawer.cellsWrittenLastDraw == 1)
        #expect(backend.screen == frame)
    }

    @Test func aColourOnlyChangeIsWritten() throws {
        var (drawer, backend) = setUp()
        var frame = grid(["photory"])
        drawer.draw(frame, on: backend, keyWaiting: { false })
        _ = backend.takeEvents()

        frame.put("tor", x: 3, y: 0, style: Style(fg: .rgb(200, 10, 10), attrs: [.bold]))
        drawer.draw(frame, on: backend, keyWaiting: { false })
        let events = backend.takeEvents()
        #expect(events.count == 1)
        guard case let .cells(x, y, text, cells) = try #require(events.first) else {
            Issue.record("cells expected, got \(events)")
            return
        }
        #expect((x, y, text) == (3, 0, "tor"))
        #expect(cells.allSatisfy { $0.fg == .rgb(200, 10, 10) && $0.attrs == [.bold] })
        #expect(backend.screen == frame)
    }

    @Test func resizingRedrawsEverything() {
        var (drawer, backend) = setUp()
        drawer.draw(grid(["one", "two"]), on: backend, keyWaiting: { false })
        _ = backend.takeEvents()

        backend.resize(columns: 6, rows: 2)   // what Terminal.resized() does, on a backend
        drawer.forgetScreen()
        let smaller = grid(["one", "two"], columns: 6, rows: 2)
        drawer.draw(smaller, on: backend, keyWaiting: { false })
        #expect(written(backend) == ["clear!", "0,0:one   ", "1,0:two   "])
        #expect(drawer.cellsWrittenLastDraw == 12)
        #expect(backend.screen == smaller)
    }

    @Test func aGridOfAnotherSizeRedrawsEverything() {
        var (drawer, backend) = setUp()
        drawer.draw(grid(["one"]), on: backend, keyWaiting: { false })
        _ = backend.takeEvents()
        drawer.draw(grid(["one"], columns: 10, rows: 2), on: backend, keyWaiting: { false })
        #expect(written(backend) == ["clear", "0,0:one       ", "1,0:          "],
                "blanked without repainting what the terminal shows")
    }

    @Test func aGridLargerThanTheScreenIsClipped() {
        var (drawer, backend) = setUp(columns: 5, rows: 1)
        drawer.draw(grid(["abcd日", "hidden"], columns: 8, rows: 2), on: backend, keyWaiting: { false })
        #expect(written(backend) == ["clear!", "0,0:abcd "], "the wide glyph cut by the edge is a space")
    }

    // MARK: Images

    private static let sixel = GraphicsDetector.Detection(graphicsProtocol: .sixel, tmuxPassthrough: false, reason: "test")
    private static let pixels = TerminalImage(bytes: Array("<sixel>".utf8))

    private func imageFrame(image at: Rect?, caption: String = "caption") -> CellGrid {
        var frame = grid([caption], columns: 20, rows: 6)
        if let at { PlacedImage(content: "photo", cells: at, image: Self.pixels).place(into: &frame) }
        return frame
    }

    /// The image is written after the cells, as one blob; when it goes, its rows are sent again
    /// whole (wiping its pixels); text changing across it has it drawn again.
    @Test func imagesAreWrittenAfterTheCellsAndTheirRowsRepaintedWhenTheyGo() {
        var (drawer, backend) = setUp(columns: 20, rows: 6, graphics: Self.sixel)
        let image = Rect(x: 4, y: 2, width: 3, height: 2)
        drawer.draw(imageFrame(image: image), on: backend, keyWaiting: { false })
        let first = written(backend)
        #expect(first.last == "bytes:\u{1B}7\u{1B}[3;5H<sixel>\u{1B}8", "after every cell")
        #expect(first.dropLast().allSatisfy { !$0.hasPrefix("bytes") })

        drawer.draw(imageFrame(image: image), on: backend, keyWaiting: { false })
        #expect(written(backend).isEmpty)

        drawer.draw(imageFrame(image: image, caption: "caption " + String(repeating: " ", count: 3) + "x"), on: backend,
                    keyWaiting: { false })
        #expect(written(backend) == ["0,11:x"], "a change on another row leaves the image alone")

        drawer.draw(imageFrame(image: nil), on: backend, keyWaiting: { false })
        #expect(written(backend) == ["0,11: ", "2,4:   ", "3,4:   ", "repaint 2", "repaint 3"])
        #expect(drawer.repaintedRowsLastDraw == [2, 3])
    }

    @Test func anImageIsPutOffWhileAKeyWaits() {
        var (drawer, backend) = setUp(columns: 20, rows: 6, graphics: Self.sixel)
        let frame = imageFrame(image: Rect(x: 4, y: 2, width: 3, height: 2))
        drawer.draw(frame, on: backend, keyWaiting: { true })
        #expect(drawer.postponedImagesLastDraw == 1)
        #expect(!written(backend).contains { $0.hasPrefix("bytes") })
        drawer.draw(frame, on: backend, keyWaiting: { false })
        #expect(written(backend) == ["bytes:\u{1B}7\u{1B}[3;5H<sixel>\u{1B}8"], "the next frame draws it")
    }
}
