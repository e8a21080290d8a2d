import Fixtures
import Foundation
import Testing

/// The mouse in the real binary under tmux: the browser asks for SGR mouse reports (tmux's pane
/// flags say so), a click written as the terminal writes it moves the selection, a double-click
/// opens the photo and the wheel pages; with `mouse = false` nothing is asked for and reports
/// do nothing. Run with `TERM` naming SGR (xterm) and naming only X10 (tmux's own entry).
@Suite("Mouse")
struct MouseEndToEndTests {
    /// A left click at 0-based cell (`x`, `y`), as an SGR report (1-based): press and release.
    static func click(x: Int, y: Int) -> String { "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m" }

    /// The pane's mouse modes as tmux tracks them: "1 1" once standard and SGR reporting are on.
    static func mouseFlags(_ tmux: TmuxSession) -> String {
        tmux.tmux(["display-message", "-p", "-t", tmux.target, "#{mouse_standard_flag} #{mouse_sgr_flag}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func aClickSelectsADoubleClickOpensTheWheelPages(term: String) throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(6, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 120, rows: 40, term: term, shows: "6 photos")
        let tmux = run.tmux
        tmux.tmux(["set-option", "-g", "mouse", "on"])
        try tmux.waitUntil("SGR mouse reporting on") { _ in Self.mouseFlags(tmux) == "1 1" }
        tmux.send("Enter")
        try tmux.waitFor("photo 1 of 6")
        // 120 columns: four medium tiles (25 wide, 1 apart) centred from column 8; the second
        // tile spans columns 34–58, its preview rows 1–6.
        tmux.type(Self.click(x: 46, y: 4))
        try tmux.waitFor("photo 2 of 6")
        tmux.type(Self.click(x: 46, y: 4) + Self.click(x: 46, y: 4))
        try tmux.waitUntil("the photo view on photo-02") { $0.contains("photo-02.jpg") && !$0.contains("photo-03.jpg") }
        tmux.type("\u{1B}[<65;40;20M")   // the wheel, down
        try tmux.waitFor("photo-03.jpg")
        tmux.send("Escape")
        try tmux.waitFor("photo 3 of 6")
        tmux.send("q", "q")
        try tmux.waitFor("EXITED 0")
        #expect(Self.mouseFlags(tmux) == "0 0", "the browser switched the reports off when it quit")
    }

    @Test func mouseFalseAsksForNothingAndReportsDoNothing() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(6, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let configFolder = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        try "mouse = false\n".write(toFile: configFolder + "/config.toml", atomically: true, encoding: .utf8)
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 120, rows: 40, shows: "6 photos")
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("photo 1 of 6")
        #expect(Self.mouseFlags(tmux) == "0 0")
        tmux.type(Self.click(x: 46, y: 4) + "l")
        // The key after the report is read; the report itself did nothing (no Esc, no letters).
        try tmux.waitFor("photo 2 of 6")
        tmux.send("Right")
        let screen = try tmux.waitFor("photo 3 of 6")
        #expect(!screen.contains("EXITED"))
    }
}
