import Foundation
import Testing
@testable import TUI

/// Compares a rendered grid's text and styles with a recorded file in
/// `Tests/TUITests/__Snapshots__/<name>.txt` (see ``SnapshotText``).
///
/// A missing snapshot fails the test. Snapshots are written only when the environment
/// variable `RECORD_SNAPSHOTS=1` is set, never silently. Also checks that the grid is well
/// formed (see ``assertWellFormed``).
func assertSnapshot(_ grid: CellGrid, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    assertWellFormed(grid, sourceLocation: sourceLocation)
    let actual = SnapshotText.of(grid)
    let file = SnapshotFolder.url.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(at: SnapshotFolder.url, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            print("note: recorded snapshot \(file.path)")
        } catch {
            Issue.record("cannot record snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(file.path): record it with RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("""
            Snapshot \(name) differs (re-record with RECORD_SNAPSHOTS=1).
            \(SnapshotFolder.diff(expected: expected, actual: actual))
            """, sourceLocation: sourceLocation)
    }
}

/// A grid as a snapshot file: its text, then a map with one letter per cell naming its style
/// (`.` for plain), then the legend of those letters. Letters are given in order of first use,
/// so a change of colour or attribute anywhere shows as a changed line. The screens' photo
/// previews are stand-in cells of one style in these tests, so the legend stays short.
enum SnapshotText {
    static func of(_ grid: CellGrid) -> String {
        var letters: [Style: Character] = [.plain: "."]
        var legend: [(Character, Style)] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var map: [String] = []
        for y in 0..<grid.height {
            var row = ""
            for x in 0..<grid.width {
                let style = grid[x, y].style
                if letters[style] == nil {
                    let letter = legend.count < alphabet.count ? alphabet[legend.count] : "?"
                    letters[style] = letter
                    legend.append((letter, style))
                }
                row.append(letters[style]!)
            }
            map.append(row)
        }
        let described = legend.map { "\($0.0)  \(describe($0.1))" }
        return ([grid.text(), "── styles ──"] + map + ["── legend ──"] + described).joined(separator: "\n") + "\n"
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.fg != .default { parts.append("fg=" + describe(style.fg)) }
        if style.bg != .default { parts.append("bg=" + describe(style.bg)) }
        let names: [(CellAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline")]
        parts += names.filter { style.attrs.contains($0.0) }.map(\.1)
        return parts.joined(separator: " ")
    }

    static func describe(_ color: CellColor) -> String {
        switch color {
        case .default: "default"
        case let .indexed(i): "\(i)"
        case let .rgb(r, g, b): String(format: "#%02x%02x%02x", r, g, b)
        }
    }
}

/// Checks what any screen must hold: no control characters in any cell, every wide glyph
/// followed by its continuation, no continuation without a wide glyph before it, and every
/// text line exactly as wide as the grid or narrower.
func assertWellFormed(_ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation) {
    for y in 0..<grid.height {
        for x in 0..<grid.width {
            let cell = grid[x, y]
            let controls = cell.text.unicodeScalars.filter { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || DisplayWidth.isStripped($0) }
            if !controls.isEmpty {
                Issue.record("control character \(controls.map { String($0.value, radix: 16) }) in cell (\(x), \(y))",
                             sourceLocation: sourceLocation)
            }
            if cell.text.count > 1 {
                Issue.record("cell (\(x), \(y)) holds more than one character: \(cell.text.debugDescription)",
                             sourceLocation: sourceLocation)
            }
            if cell.width == 2, grid[x + 1, y].isContinuation == false {
                Issue.record("wide glyph \(cell.text) at (\(x), \(y)) without its continuation", sourceLocation: sourceLocation)
            }
            if cell.isContinuation, x == 0 || grid[x - 1, y].width != 2 {
                Issue.record("continuation cell at (\(x), \(y)) without a wide glyph before it", sourceLocation: sourceLocation)
            }
        }
    }
    for (y, line) in grid.lines().enumerated() where line.displayWidth > grid.width {
        Issue.record("line \(y) is \(line.displayWidth) columns wide in a grid of \(grid.width)", sourceLocation: sourceLocation)
    }
}

enum SnapshotFolder {
    /// `Tests/TUITests/__Snapshots__`, found from this source file.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Screens
        .deletingLastPathComponent()   // TUITests
        .appendingPathComponent("__Snapshots__")

    /// The lines that differ, with their numbers.
    static func diff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? old[i] : "<none>", b = i < new.count ? new[i] : "<none>"
            if a != b {
                out.append(String(format: "%3d - ", i + 1) + a)
                out.append(String(format: "%3d + ", i + 1) + b)
            }
        }
        return out.joined(separator: "\n")
    }
}

/// The two sizes every screen is recorded at.
struct ScreenSize: Sendable, CustomTestStringConvertible {
    var columns: Int
    var rows: Int
    var name: String { "\(columns)x\(rows)" }
    var testDescription: String { name }

    static let both = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 160, rows: 48)]
}
