import Fixtures
import Foundation
import Testing

/// Resizing on every screen: the layout reflows to the new size with nothing left from the old
/// one, a tiny window says it is too small, and growing back restores the screen.
@Suite("Resize")
struct ResizeTests {
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case home, group, detail, picker, help
        var testDescription: String { rawValue }
    }

    @Test("reflow on resize, too small, restore", arguments: Place.allCases)
    func resize(on place: Place) throws {
        let sandbox = Sandbox()
        try sandbox.importFirstRunPhotos()

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        try tmux.waitFor("Mountain hike")

        // Go there; `marker` is text only that place shows, `status` its status bar hint.
        let marker: String, status: String
        switch place {
        case .home:
            marker = "3 groups · 12 photos"; status = "F5 reload"
        case .group:
            tmux.send("Enter")
            marker = "beach-05.jpg"; status = "Enter view"
        case .detail:
            tmux.send("Enter")
            try tmux.waitFor("beach-05.jpg")
            tmux.send("Enter")
            marker = "1/5"; status = "→ next"
        case .picker:
            tmux.send("a")
            marker = "Import photos"; status = "Esc close · ? help"
        case .help:
            tmux.send("?")
            marker = "Keys — groups"; status = "F5 reload"
        }
        try tmux.waitFor(marker)
        try checkLayout(tmux, columns: 120, rows: 40, marker: marker, status: status)

        for (columns, rows) in [(80, 24), (200, 60), (120, 40)] {
            try tmux.resize(columns: columns, rows: rows)
            try checkLayout(tmux, columns: columns, rows: rows, marker: marker, status: status)
        }

        try tmux.resize(columns: 20, rows: 8)
        // The message fits the width and names the size needed.
        let small = try tmux.waitFor("30×12")
        #expect(!small.contains(marker), "nothing of the old layout remains")
        #expect(!small.contains(status))
        #expect(small.screenLines.allSatisfy { $0.count <= 20 })

        try tmux.resize(columns: 120, rows: 40)
        try tmux.waitFor(marker)
        try checkLayout(tmux, columns: 120, rows: 40, marker: marker, status: status)
        #expect(!tmux.screen().contains("30×12"))
    }

    /// The status bar is on the last line and the title on the first, each exactly once, the
    /// place's marker is there and nothing else of another size is left. Waits for that (the
    /// redraw follows the resize), dumping the screen if it never comes.
    private func checkLayout(_ tmux: TmuxSession, columns: Int, rows: Int, marker: String, status: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.waitUntil("the \(columns)×\(rows) layout: title first, \"\(status)\" once and last, \"\(marker)\"",
                           sourceLocation: sourceLocation) { screen in
            let lines = screen.screenLines
            return lines.count == rows
                && lines.last?.contains(status) == true && screen.occurrences(of: status) == 1
                && lines.first?.hasPrefix("photory · ") == true && screen.occurrences(of: "photory · ") == 1
                && screen.contains(marker) && !screen.contains("need 30×12")
                && lines.allSatisfy { $0.count <= columns }
        }
    }
}
