import Foundation
import Library
import TUI

extension Benchmark {
    /// Messages timed for the message-to-frame figure.
    static let loopMessages = 200
    /// Seconds the idle loop is watched for the idle CPU figure.
    static let idleSeconds = 10.0

    /// Figure 7: the real run loop (`BrowserApp.run` on a headless 160×48 terminal, preview
    /// workers and all): how soon a message posted by a worker is on screen, and the CPU the
    /// loop uses when there is nothing to do.
    func runLoop() throws {
        if imported.photos.isEmpty {
            // Run on its own (`--only loop`): a small import gives the home screen its tiles.
            let run = importOnce(sources.prefix(40).map(\.path), name: "loop-import")
            imported = run.library
            store = run.store
        }
        report.section("7. Run loop: message → frame, idle CPU (BrowserApp.run on a headless 160×48 terminal, "
                       + "\(imported.photos.count) photos, \(imported.groups.count) groups)")
        // Neither the user's config nor their remembered state (grouping, sort) shapes the figures,
        // and the run must not write over that state.
        let probe = FrameProbe()
        let app = startLoop(columns: 160, rows: 48, probe: probe)
        defer {
            app.stop()
            probe.finished.wait()
        }
        // The first frames: tiles arrive from the preview workers; wait until they are all in.
        guard probe.waitUntilQuiet(seconds: 0.5, limit: 60) else {
            report.note("the loop did not settle: \(probe.failure ?? "still drawing after 60 s")")
            return
        }

        // (a) A worker posts a message (here: the status line text of a failed reload); the
        // frame that shows it is drawn. One message at a time, the loop asleep in between.
        var latencies: [Double] = []
        var missed = 0
        for index in 0..<Self.loopMessages {
            usleep(UInt32.random(in: 1_000...3_000))
            let marker = "bench message \(index)"
            probe.expect(marker)
            app.post(.libraryLoaded(.failure(TUI.Failure(marker))))
            if let ms = probe.waitForExpected(seconds: 2) { latencies.append(ms) } else { missed += 1 }
        }
        report.row("(a) worker posts a message → the frame showing it is drawn",
                   median: Measure.median(latencies), worst: latencies.max(), unit: "ms", target: .below(5))
        if missed > 0 { report.note("\(missed) of \(Self.loopMessages) messages were not on screen after 2 s") }

        // (b) Nothing to do: CPU of the whole process (loop, idle preview workers) over 10 s.
        _ = probe.waitUntilQuiet(seconds: 0.5, limit: 10)
        let framesBefore = probe.frameCount
        let cpuBefore = Self.processCPUSeconds()
        let start = Measure.now()
        usleep(UInt32(Self.idleSeconds * 1_000_000))
        let wall = (Measure.now() - start) / 1000
        let cpu = Self.processCPUSeconds() - cpuBefore
        let percent = cpu / wall * 100
        report.row("(b) idle: CPU of the whole process over \(Int(Self.idleSeconds)) s, % of one core",
                   median: percent, worst: nil, unit: "%", target: .below(0.1), decimals: 3)
        report.note("(a) \(Self.loopMessages) messages, 1–3 ms apart, each BrowserApp.post from the bench thread; timed "
                    + "to the onFrame hook, called right after Terminal.draw (render + diff + doupdate) of the frame "
                    + "whose status line shows it; (b) \(String(format: "%.4f", cpu)) CPU s in "
                    + "\(String(format: "%.1f", wall)) s, \(probe.frameCount - framesBefore) frames drawn meanwhile "
                    + "(getrusage RUSAGE_SELF)")
    }

    /// (c) The opening animation at 120×40 in truecolor: the bytes each of its frames writes to
    /// the terminal and the time drawing one takes (its slot is 30 ms). After `runLoop` (one
    /// terminal at a time).
    func runOpeningAnimation() {
        let probe = FrameProbe()
        let app = startLoop(columns: 120, rows: 40, probe: probe)
        defer {
            app.stop()
            probe.finished.wait()
        }
        var drawn = probe.frameCount
        app.post(.key(.enter))   // the first group, its tiles drawn
        guard probe.waitUntilQuiet(seconds: 0.5, limit: 60, after: drawn) else {
            report.note("(c) the loop did not settle: \(probe.failure ?? "still drawing after 60 s")")
            return
        }
        let gridTitle = probe.lastTitle
        probe.logging = true
        drawn = probe.frameCount
        app.post(.key(.enter))   // its first photo: grows from its tile
        _ = probe.waitUntilQuiet(seconds: 0.5, limit: 60, after: drawn)
        // The animation's frames still show the grid's title line; the photo view's is its own.
        let frames = probe.takeLog().prefix { $0.title == gridTitle }
        guard !frames.isEmpty else {
            report.note("(c) no animation frame was drawn (no tile art in memory, or the frames were too slow)")
            return
        }
        report.row("(c) opening animation at 120×40, truecolor: bytes a frame writes", median: Measure.median(frames.map { Double($0.bytes) / 1000 }),
                   worst: frames.map { Double($0.bytes) / 1000 }.max(), unit: "KB")
        report.row("(c) … and the time drawing a frame takes (render + diff + write)", median: Measure.median(frames.map(\.ms)),
                   worst: frames.map(\.ms).max(), unit: "ms", target: .below(30))   // the frame's slot
        report.note("(c) \(frames.count) frames; bytes as the loop thread wrote them (/proc/thread-self/io), the terminal "
                    + "headless (writing to /dev/null): over a link, add the time the bytes take to cross it")
    }

    /// `BrowserApp.run` on a headless `columns` × `rows` terminal in truecolor, on a thread of its
    /// own, each frame reported to `probe`; `stop()` the app, then wait for `probe.finished`.
    private func startLoop(columns: Int, rows: Int, probe: FrameProbe) -> BrowserApp {
        // Neither the user's config nor their remembered state (grouping, sort) shapes the figures,
        // and the run must not write over that state.
        let name = "loop-\(columns)x\(rows)"
        let app = BrowserApp(store: LibraryStore(path: folder(name) + "/library.json"), thumbnails: store,
                             config: Config(), rememberedFile: folder(name) + "/state.json")
        let library = imported
        let loopThread = Thread {
            do {
                let terminal = try Terminal(headlessColumns: columns, rows: rows, colorModeOverride: .truecolor)
                app.run(library: library, on: terminal) { probe.frameDrawn($0, written: terminal.lastFrame) }
                terminal.restore()
            } catch {
                probe.fail("\(error)")
            }
            probe.finished.signal()
        }
        loopThread.name = "bench-loop"
        loopThread.start()
        return app
    }

    /// User + system CPU seconds this process has used (`getrusage(RUSAGE_SELF)`).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Watches the frames a `BrowserApp` draws (its `onFrame` hook, on the loop's thread) for the
/// bench thread: when the expected text reached the status line, and when drawing went quiet.
private final class FrameProbe: Sendable {
    private let seen = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)

    private struct Watch {
        var expected: String?
        var postedAt = 0.0
        var latency = 0.0
        var frames = 0
        var lastFrameAt = Measure.now()
        var failure: String?
        var isLogging = false
        var log: [(title: String, bytes: Int, ms: Double)] = []
        var title = ""
    }

    private let watch = Locked(Watch())

    var frameCount: Int { watch.withLock { $0.frames } }
    var failure: String? { watch.withLock { $0.failure } }
    /// The title line of the last frame.
    var lastTitle: String { watch.withLock { $0.title } }
    /// While set, every frame's title line, bytes and time are kept (`takeLog`).
    var logging: Bool {
        get { watch.withLock { $0.isLogging } }
        set { watch.withLock { $0.isLogging = newValue } }
    }

    /// The frames logged, oldest first; logging stops.
    func takeLog() -> [(title: String, bytes: Int, ms: Double)] {
        watch.withLock { watch in
            watch.isLogging = false
            defer { watch.log = [] }
            return watch.log
        }
    }

    func fail(_ message: String) { watch.withLock { $0.failure = message } }

    /// The next frame whose status line holds `text` ends the wait; the clock starts now.
    func expect(_ text: String) {
        watch.withLock { watch in
            watch.expected = text
            watch.postedAt = Measure.now()
        }
    }

    func frameDrawn(_ grid: CellGrid, written: (bytes: Int, seconds: Double) = (0, 0)) {
        let now = Measure.now()
        let top = grid.height > 0 ? grid.row(0).map(\.text).joined() : ""
        watch.withLock { watch in
            watch.frames += 1
            watch.lastFrameAt = now
            watch.title = top
            if watch.isLogging { watch.log.append((top, written.bytes, written.seconds * 1000)) }
            guard let text = watch.expected, grid.height > 0,
                  grid.row(grid.height - 1).map(\.text).joined().contains(text) else { return }
            watch.latency = now - watch.postedAt
            watch.expected = nil
            seen.signal()
        }
    }

    /// Milliseconds from ``expect(_:)`` to the frame showing the text; nil after `seconds`.
    func waitForExpected(seconds: Double) -> Double? {
        guard seen.wait(timeout: .now() + seconds) == .success else {
            watch.withLock { $0.expected = nil }
            return nil
        }
        return watch.withLock { $0.latency }
    }

    /// Waits until no frame was drawn for `seconds`, after more than `after` frames in all (at
    /// most `limit` seconds).
    func waitUntilQuiet(seconds: Double, limit: Double, after: Int = 0) -> Bool {
        let deadline = Measure.now() + limit * 1000
        while Measure.now() < deadline {
            let (quiet, failed) = watch.withLock { ($0.frames > after && Measure.now() - $0.lastFrameAt >= seconds * 1000, $0.failure != nil) }
            if failed { return false }
            if quiet { return true }
            usleep(50_000)
        }
        return false
    }
}
