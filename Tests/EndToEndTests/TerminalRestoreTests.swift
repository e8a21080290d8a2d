import Fixtures
import Foundation
import Testing

/// The terminal comes back whatever ends the program, and a library file that cannot be read
/// stops it before it takes the screen.
@Suite("Terminal restore and startup errors")
struct TerminalRestoreTests {
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case ctrlC, sigterm
        var testDescription: String { rawValue }
    }

    @Test("the terminal is restored after", arguments: Ending.allCases)
    func restored(after ending: Ending) throws {
        let run = try BrowserRun.firstRun(columns: 80, rows: 24, colorterm: "truecolor", afterExit: TerminalRestoreTests.printModes,
                                          shows: "Mountain hike")
        let tmux = run.tmux
        tmux.send("Enter")
        try tmux.waitFor("beach-05.jpg")
        // Thumbnails drawn with 24-bit colours, so there is something to put back.
        try tmux.waitUntil("24-bit thumbnails", colors: true) { $0.contains("48;2;") || $0.contains("38;2;") }

        let expected: String
        switch ending {
        case .ctrlC:
            tmux.send("C-c")
            expected = "EXITED 130"
        case .sigterm:
            let pid = try #require(tmux.programPID(), "photory-tui among the pane's processes")
            #expect(Glibc.kill(pid, SIGTERM) == 0)
            expected = "EXITED 143"
        }
        try tmux.waitFor(expected)
        let screen = try tmux.waitFor("END")
        #expect(!screen.contains("photory ·"), "the alternate screen is gone")
        #expect(!screen.contains("beach-0"), "no grid left over")
        #expect(!screen.contains("Enter view"))
        let colored = tmux.screenWithColors()
        #expect(!colored.contains("48;2;") && !colored.contains("38;2;"), "no colour left on the normal screen")
        // The tty modes are back (the shell ran `stty -a` after the program ended).
        #expect(screen.contains("MODES icanon echo"), "canonical mode and echo restored")
    }

    /// Prints "MODES" and whether the tty is in canonical mode with echo (or -icanon, -echo).
    static let printModes = "printf 'MODES '; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo END"

    @Test("garbage library: exits 1 naming the file, screen untouched, file unchanged")
    func unreadableLibrary() throws {
        let sandbox = Sandbox()
        let garbage = Data("{ this is not the library JSON ]".utf8)
        #expect(FileManager.default.createFile(atPath: sandbox.library, contents: garbage))

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 80, rows: 24)
        let screen = try tmux.waitFor("EXITED")
        #expect(screen.contains("EXITED 1"))
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("library.json"),
                "the message names the file")
        #expect(!screen.contains("photory ·"), "never took over the screen")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.library)) == garbage, "file unchanged")

        // The CLI says the same.
        let groups = try E2E.cli(["groups", "--library", sandbox.library], sandbox: sandbox)
        #expect(groups.status == 1)
        #expect(groups.stderr.contains(sandbox.library))
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.library)) == garbage, "file unchanged")
    }
}
