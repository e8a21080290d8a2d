import Fixtures
import Foundation
import Testing

/// The key table as a user meets it: a keys file remaps a key; the picker's typed relative
/// path works as the README says; the picker reopens where the last import came from, also
/// after a restart, and `.` goes back to the folder photory was started in.
@Suite("Keys file and import picker")
struct KeysAndPickerTests {
    @Test func aKeysFileRemapsAKeyAndABadEntryIsReported() throws {
        let sandbox = Sandbox()
        try sandbox.importFirstRunPhotos()
        let configFolder = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        try """
            [keys]
            quit = "x"
            open = ["o", "enter"]
            opne = "p"
            """.write(toFile: configFolder + "/config.toml", atomically: true, encoding: .utf8)

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        // The bad line is reported on the status bar, naming the file and line.
        var screen = try tmux.waitUntil("the groups and the status bar") {
            $0.contains("Beach day") && $0.contains("config.toml line 4")
        }
        #expect(screen.contains("config.toml line 4: unknown action \"opne\""))
        // q no longer quits; the hints show the new keys.
        tmux.send("q")
        screen = try tmux.waitFor("x quit")
        #expect(screen.contains("o open"))
        #expect(!screen.contains("EXITED"))
        // o opens, help lists it, Esc goes back, x quits.
        tmux.send("o")
        try tmux.waitFor("photo 1 of 5")
        tmux.send("?")
        screen = try tmux.waitFor("Keys — photos of a group")
        tmux.send("Escape")
        try tmux.waitForAbsence(of: "Keys — photos")
        tmux.send("Escape")
        try tmux.waitFor("x quit")
        tmux.send("x")
        try tmux.waitFor("EXITED 0")
    }

    @Test func thePickerTakesRelativePathsAndReopensWhereTheLastImportCameFrom() throws {
        let sandbox = Sandbox()
        let cwd = sandbox.root.path + "/work"
        let shared = sandbox.root.path + "/shared/photos"
        PhotoFixtures.write(PhotoFixtures.series(3, description: "Shared"), into: shared)
        try FileManager.default.createDirectory(atPath: cwd + "/here", withIntermediateDirectories: true)

        let run = try BrowserRun.empty(sandbox, columns: 100, rows: 30, cwd: cwd)
        let tmux = run.tmux
        tmux.send("a")
        try tmux.waitFor("here/")
        // The README's example: `/`, then a path relative to the folder on screen.
        tmux.send("/")
        try tmux.waitFor("Go to:")
        tmux.type("../shared/photos")
        tmux.send("Enter")
        try tmux.waitFor("photo-03.jpg")
        #expect(tmux.screen().contains(shared))
        tmux.send("A")
        try tmux.waitFor("3 marked")
        tmux.send("i")
        try tmux.waitFor("Import finished")
        tmux.send("Space")
        try tmux.waitFor("Shared")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")

        // A new run: the picker opens in the folder of the last import; `.` goes to the start folder.
        let second = TmuxSession()
        defer { second.kill() }
        try second.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 100, rows: 30, cwd: cwd)
        try second.waitFor("Shared")
        second.send("a")
        var screen = try second.waitFor("photo-01.jpg")
        #expect(screen.contains(shared))
        second.send(".")
        screen = try second.waitFor("here/")
        #expect(!screen.contains("photo-01.jpg"))
    }

    /// The path of a photo file typed after `/` opens its folder with the file selected, and
    /// `i` imports it; a typo keeps the prompt open with its text, and a `q` typed then is a letter.
    @Test func aTypedPhotoPathIsSelectedAndATypoCanBeFixed() throws {
        let sandbox = Sandbox()
        let shared = sandbox.root.path + "/shared/photos"
        PhotoFixtures.write(PhotoFixtures.series(3, description: "Shared"), into: shared)

        let run = try BrowserRun.empty(sandbox, columns: 80, rows: 24)
        let tmux = run.tmux
        tmux.send("a")
        try tmux.waitFor("shared/")
        // A typo: the error shows, the prompt keeps the text.
        tmux.send("/")
        try tmux.waitFor("Go to:")
        tmux.type(shared + "/photo-02.jpx")
        tmux.send("Enter")
        var screen = try tmux.waitFor("no such folder")
        #expect(screen.contains("Go to: "))
        #expect(screen.contains("photo-02.jpx"))
        // q is typed into the path, the picker stays.
        tmux.send("q")
        try tmux.waitFor("photo-02.jpxq")
        tmux.send("BSpace", "BSpace", "BSpace")
        tmux.type("pg")
        tmux.send("Enter")
        // The file's folder opens with the file selected; i imports it.
        screen = try tmux.waitUntil("the file's folder listed, with the note") {
            $0.contains("photo-02.jpg is a file: it is selected; i imports it") && $0.contains("photo-03.jpg")
        }
        #expect(screen.contains(shared))
        tmux.send("i")
        screen = try tmux.waitFor("Import finished")
        #expect(screen.contains("1 photo") || screen.contains("1 new"))
        tmux.send("Space")
        try tmux.waitFor("Shared")
        tmux.send("q")
        try tmux.waitFor("EXITED 0")
    }
}
