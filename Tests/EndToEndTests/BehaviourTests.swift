import Fixtures
import Foundation
import Testing

/// Key repeat, colour modes, and the shared sample photos.
@Suite("Behaviour of the running browser")
struct BehaviourTests {
    /// Opens the first group of a running browser and its first photo.
    private func openFirstPhoto(_ tmux: TmuxSession, count: Int, firstName: String) throws {
        try tmux.waitFor("photo")
        tmux.send("Enter")
        try tmux.waitFor(firstName)
        tmux.send("Enter")
        try tmux.waitFor("1/\(count)")
    }

    @Test("200 queued key presses don't queue work: the UI catches up and stays responsive")
    func keyRepeat() throws {
        let sandbox = Sandbox()
        PhotoFixtures.write(PhotoFixtures.series(30, description: "Thirty"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        try tmux.waitFor("30 photos")
        try openFirstPhoto(tmux, count: 30, firstName: "photo-01.jpg")

        tmux.send(keys: Array(repeating: "l", count: 200))
        var screen = try tmux.waitFor("photo-30.jpg  30/30")
        #expect(!screen.contains("EXITED"))
        // Still responsive: one more key moves at once (within the generous wait).
        tmux.send("h")
        screen = try tmux.waitFor("photo-29.jpg  29/30")
        tmux.send("G")
        try tmux.waitFor("30/30")

        // Back in the grid, the last photo is selected and scrolled into view (12 tiles fit).
        // (after the photo has shrunk back into its tile: the closing animation)
        tmux.send("Escape")
        screen = try tmux.waitUntil("the grid with photo-30 selected") {
            $0.contains("Enter view") && FirstRunTests.isReversed("photo-30.jpg", in: tmux.screenWithColors())
        }
        #expect(!screen.contains("photo-01.jpg"), "scrolled to the last page")

        // The same flood in the grid: the selection ends on the last photo.
        tmux.send("g")
        try tmux.waitFor("photo-01.jpg")
        tmux.send(keys: Array(repeating: "Right", count: 100))
        screen = try tmux.waitUntil("photo-30 selected after 100 Right presses") {
            $0.contains("photo-30.jpg") && FirstRunTests.isReversed("photo-30.jpg", in: tmux.screenWithColors())
        }
        tmux.send("Enter")
        try tmux.waitFor("photo-30.jpg  30/30")
    }

    enum Colours: String, CaseIterable, CustomTestStringConvertible {
        case truecolor, xterm256
        var testDescription: String { rawValue }
    }

    @Test("the photo is drawn in the terminal's colours", arguments: Colours.allCases)
    func colours(_ colours: Colours) throws {
        let run = try BrowserRun.firstRun(colorterm: colours == .truecolor ? "truecolor" : nil, shows: "photo")
        let tmux = run.tmux
        try openFirstPhoto(tmux, count: 5, firstName: "beach-01.jpg")

        switch colours {
        case .truecolor:
            let screen = try tmux.waitUntil("24-bit colour sequences in the photo", colors: true) {
                $0.contains("38;2;") || $0.contains("48;2;")
            }
            #expect(screen.contains("beach-01.jpg  1/5"))
        case .xterm256:
            // The grey placeholder is 256-colour too (238/252): wait for many palette colours.
            let screen = try tmux.waitUntil("the photo in 256 colours", colors: true) {
                Self.paletteColours(in: $0).subtracting([238, 252]).count >= 4
            }
            #expect(!screen.contains("38;2;") && !screen.contains("48;2;"), "no 24-bit colour without COLORTERM")
        }
    }

    /// The 256-palette indices used by `38;5;n` / `48;5;n` sequences.
    static func paletteColours(in screen: String) -> Set<Int> {
        var found: Set<Int> = []
        for marker in ["38;5;", "48;5;"] {
            for part in screen.components(separatedBy: marker).dropFirst() {
                if let n = Int(part.prefix { $0.isNumber }) { found.insert(n) }
            }
        }
        return found
    }

    @Test("the shared sample photos: import real/ with the CLI, page through Other",
          .enabled(if: SharedPhotos.available, "../shared/photos is not here"))
    func sharedPhotos() throws {
        let folder = try #require(SharedPhotos.folder)
        let sandbox = Sandbox()
        try sandbox.importWithCLI([folder + "/real"])

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40,
                              colorterm: "truecolor")
        try tmux.waitFor("Other")
        tmux.send("G")           // Other is the last group
        tmux.send("Enter")
        var screen = try tmux.waitUntil("the Other group") { $0.screenLines.first?.contains("photory · Other ·") == true }
        let count = try #require(screen.screenLines.first.flatMap(Self.photoCount), "photo count in the title")
        tmux.send("Enter")
        for i in 1...min(5, count) {
            screen = try tmux.waitFor("\(i)/\(count)")
            #expect(!screen.contains("EXITED"), "still running at \(i)/\(count)")
            tmux.send("l")
        }
        tmux.send("Escape")
        tmux.send("Escape")
        tmux.send("q")
        screen = try tmux.waitFor("EXITED")
        #expect(screen.contains("EXITED 0"))
    }

    /// "photory · Other · 17 photos · …" → 17.
    static func photoCount(_ title: String) -> Int? {
        guard let range = title.range(of: #"\d+ photos?"#, options: .regularExpression) else { return nil }
        return Int(title[range].prefix { $0.isNumber })
    }
}
