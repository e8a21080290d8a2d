import Foundation
import Testing
@testable import TUI

/// Compares a rendered grid — its text and the colours and attributes of every cell — with a
/// recorded file in `Tests/TUITests/__Snapshots__/<name>.txt` (the format: ``StyledSnapshot``).
///
/// A missing or different snapshot fails the test. Snapshots are written only when the
/// environment variable `RECORD_SNAPSHOTS=1` is set (`RECORD_SNAPSHOTS=1 swift test --filter
/// ScreenSnapshot`), and never when `CI` is set. Also checks that the grid is well formed
/// (see ``assertWellFormed``).
func assertSnapshot(_ grid: CellGrid, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    assertWellFormed(grid, sourceLocation: sourceLocation)
    if SnapshotFolder.recordingRefused {
        Issue.record("RECORD_SNAPSHOTS=1 is ignored when CI is set: snapshots are recorded on purpose, never in CI",
                     sourceLocation: sourceLocation)
    }
    if let problem = snapshotProblem(grid, named: name) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// What is wrong with `grid` against the snapshot `name` (nil: it matches, or was recorded).
/// - Parameters:
///   - record: write the snapshot instead of comparing (default: `RECORD_SNAPSHOTS=1` and no
///     `CI` in the environment).
///   - folder: where snapshots are kept.
func snapshotProblem(_ grid: CellGrid, named name: String, record: Bool = SnapshotFolder.recording,
                     folder: URL = SnapshotFolder.url) -> String? {
    let actual = StyledSnapshot(grid).text
    let file = folder.appendingPathComponent(name + ".txt")
    let expected = try? String(contentsOf: file, encoding: .utf8)
    if record {
        guard expected != actual else { return nil }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            print("note: recorded snapshot \(file.path)")
            return nil
        } catch {
            return "cannot record snapshot \(file.path): \(error)"
        }
    }
    guard let expected else {
        return "no snapshot \(name) at \(file.path): record it with RECORD_SNAPSHOTS=1 swift test --filter ScreenSnapshot, "
            + "then review it"
    }
    guard expected != actual else { return nil }
    return "Snapshot \(name) differs (\(StyledSnapshot.whatDiffers(expected: expected, actual: actual))); "
        + "if the change is right, re-record with RECORD_SNAPSHOTS=1 and review the diff.\n"
        + SnapshotFolder.diff(expected: expected, actual: actual)
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
    /// `RECORD_SNAPSHOTS=1` was asked for, outside CI.
    static let recording = asked && ProcessInfo.processInfo.environment["CI"] == nil
    /// `RECORD_SNAPSHOTS=1` was asked for in CI, where it is not honoured.
    static let recordingRefused = asked && !recording
    private static let asked = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

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
    /// The smallest supported terminal and a large one, where panels go beside the photo.
    static let smallAndLarge = [ScreenSize(columns: 80, rows: 24), ScreenSize(columns: 200, rows: 60)]
}
