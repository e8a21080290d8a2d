import Foundation
import Library
import TUI

extension Benchmark {
    /// Figure: the time to a zoomed frame in the photo view (`+`), cold (the photo decoded at
    /// the zoom's resolution, cut, rendered and drawn) and when panning (the decode kept: a cut,
    /// a render and a draw), in character art and in pixels, for the largest photos.
    func runZoom() throws {
        let big = Array(importedSources.map(\.photo).sorted { $0.width * $0.height > $1.width * $1.height }.prefix(3))
        guard !big.isEmpty else { return }
        let megapixels = big.map { String(format: "%.1f", Double($0.width * $0.height) / 1e6) }.joined(separator: ", ")
        report.section("Zoom in the photo view, the \(big.count) largest photos (\(megapixels) MP), \(Self.runsPerFile) runs each")
        let library = Self.oneGroup(big, name: "Zoom bench")
        let cases: [(name: String, graphics: GraphicsSettings, columns: Int, rows: Int)] = [
            ("character art, 200×62", .symbols, 200, 62),
            ("sixel, 120×40 cells of \(Self.benchCell) px", GraphicsSettings(graphicsProtocol: .sixel, cellSize: Self.benchCell), 120, 40),
            ("kitty, 120×40 cells of \(Self.benchCell) px", GraphicsSettings(graphicsProtocol: .kitty, cellSize: Self.benchCell), 120, 40),
        ]
        for (name, graphics, columns, rows) in cases {
            let terminal = try Terminal(headlessColumns: columns, rows: rows, colorModeOverride: .truecolor)
            defer { terminal.restore() }
            for level in [2, 8] {
                var cold: [[Double]] = [], pans: [[Double]] = [], coldCPU: [[Double]] = [], panCPU: [[Double]] = []
                var decodingPans: [[Double]] = [], decodingPanCPU: [[Double]] = []
                for index in big.indices {
                    var coldRuns: [Frame] = [], panRuns: [Frame] = [], decodingRuns: [Frame] = []
                    for _ in 0..<Self.runsPerFile {
                        // A new maker: nothing decoded yet; it decodes ahead of the pans, as the browser's does.
                        let maker = PreviewMaker(thumbnails: nil, decodingAhead: true)
                        defer { maker.stopDecodingAhead() }
                        var state = zoomState(library, index: index, graphics: graphics, columns: columns, rows: rows)
                        for _ in 0..<(level == 8 ? 2 : 0) { _ = state.update(.key(.char("+"))) }
                        coldRuns.append(Self.zoomFrame(&state, .char("+"), maker: maker, on: terminal))
                        // Pans to the right in a row: most cut the part decoded, some go past it and decode the next.
                        for _ in 0..<Self.pansPerRun {
                            // A held arrow key: the next press comes a repeat interval after the last one.
                            let pressed = Measure.now()
                            defer { Self.waitForRepeat(since: pressed) }
                            let frame = Self.zoomFrame(&state, .right, maker: maker, on: terminal)
                            if frame.decoded { decodingRuns.append(frame) } else { panRuns.append(frame) }
                        }
                    }
                    cold.append(coldRuns.map(\.wall)); coldCPU.append(coldRuns.map(\.cpu))
                    pans.append(panRuns.map(\.wall)); panCPU.append(panRuns.map(\.cpu))
                    decodingPans.append(decodingRuns.map(\.wall)); decodingPanCPU.append(decodingRuns.map(\.cpu))
                }
                let decoding = decodingPans.joined().count, all = decoding + pans.joined().count
                for (what, runs, cpu, limit) in [("cold (+ → decode, cut, render, draw)", cold, coldCPU, 150.0),
                                                 ("pan (→ → cut, render, draw)", pans, panCPU, 30.0),
                                                 ("pan past the decoded part (→ → the next part, decoded ahead or waited for, cut, render, draw; "
                                                  + "\(decoding) of \(all) pans)", decodingPans, decodingPanCPU, 30.0)]
                    where !runs.joined().isEmpty {
                    let wall = Measure.perItem(runs), thread = Measure.perItem(cpu)
                    report.row("\(name): \(level)× \(what)", median: wall.median, worst: wall.worst, unit: "ms", target: .below(limit))
                    report.row("  the same, CPU time of the thread", median: thread.median, worst: thread.worst, unit: "ms",
                               target: .below(limit))
                }
            }
        }
        report.note("as one preview worker makes it (CPU time: that thread's, without the other programs' turns; chafa's cells and a "
                    + "sixel's bands are made on \(ProcessInfo.processInfo.activeProcessorCount) threads at once, whose other threads' time "
                    + "it leaves out); cold = a new PreviewMaker (no decode kept), file in the page "
                    + "cache; a JPEG is decoded only around the view (the view and a view's width and height on each side); "
                    + "\(Self.pansPerRun) pans to the right follow each cold zoom as a held arrow key gives them (one every "
                    + "\(Int(Self.keyRepeatInterval)) ms, or at once after a slower frame): one within the part decoded cuts only the "
                    + "cells that came into view (character art in truecolor by our own block symbols, 256 colours by chafa; pixels are "
                    + "moved and the new ones cut), one past it finds the part decoded ahead by then (on a thread of its own, started "
                    + "three pans before) or waits for it; \(big.map { ($0.path as NSString).lastPathComponent }.joined(separator: ", "))")
    }

    /// The photo view of `library`'s photo at `index`, at fit.
    private func zoomState(_ library: PhotoLibrary, index: Int, graphics: GraphicsSettings, columns: Int, rows: Int) -> AppState {
        var state = AppState(library: library, columns: columns, rows: rows, colorMode: .truecolor,
                             startFolder: temp, homeFolder: temp, graphics: graphics)
        _ = state.update(.key(.enter))   // home → the group
        for _ in 0..<index { _ = state.update(.key(.right)) }
        _ = state.update(.key(.enter))   // the photo
        return state
    }

    /// A held key repeats 25 times a second (X's and most terminals' default rate).
    static let keyRepeatInterval = 40.0   // ms

    /// Waits out what is left of a key repeat interval begun at `start` (a frame slower than
    /// the interval is followed at once by the next press, as repeats queue up).
    private static func waitForRepeat(since start: Double) {
        let left = keyRepeatInterval - (Measure.now() - start)
        if left > 0 { usleep(useconds_t(left * 1000)) }
    }

    /// Pans timed after each cold zoom: at 8× a part reaches a view past the view on each side,
    /// so some of them go past it.
    static let pansPerRun = 8

    /// One zoomed frame's wall and thread CPU milliseconds, and whether it decoded a part.
    private struct Frame {
        var wall: Double
        var cpu: Double
        var decoded: Bool
    }

    /// Times one key press to the frame that shows its zoomed preview: update, make the preview
    /// (the first one wanted), hand it over, render and draw.
    /// Also gives the CPU time the thread spent on it: on a shared machine the wall time counts
    /// the other programs' turns too.
    private static func zoomFrame(_ state: inout AppState, _ key: Key, maker: PreviewMaker, on terminal: Terminal) -> Frame {
        let cpu = Measure.threadCPU(), parts = maker.zoomPartChanges
        let wall = Measure.time {
            _ = state.update(.key(key))
            guard let request = state.wantedPreviews().first else { return }
            _ = state.update(.previewReady(request.key, maker.make(request)))
            terminal.draw(AppView.render(state))
        }
        return Frame(wall: wall, cpu: Measure.threadCPU() - cpu, decoded: maker.zoomPartChanges > parts)
    }
}
