import Fixtures
import Foundation
import Testing

/// Rotate and flip, open with and `!`, as a user meets them with the real binary: `edit
/// --rotate`, `list --json`, `write-metadata` read back by exiftool; in tmux `r` saved as an
/// edit, `!` with `echo` showing its output, `O` handing the terminal to a program and taking it back.
@Suite struct TurnsAndProgramsE2ETests {
    private func listed(_ sandbox: Sandbox) throws -> [[String: Any]] {
        let listed = try sandbox.cli(["list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    @Test func editRotateTurnsTheSizeInListAndWriteMetadataSetsEXIFOrientation() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let before = try #require(try listed(sandbox).first { $0["path"] as? String == paths[0] })
        let (width, height) = (try #require(before["width"] as? Int), try #require(before["height"] as? Int))

        let edit = try sandbox.cli(["edit", paths[0], "--rotate", "90", "--flip", "--json"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(edit.stdout.utf8)) as? [String: Any])
        #expect(report["step"] as? String == "rotate 90° and flip 1 photo")
        let changed = try #require((report["changed"] as? [[String: Any]])?.first)
        #expect(changed["orientation"] as? Int == 5 && changed["edited"] as? [String] == ["orientation"])
        #expect(changed["width"] as? Int == height && changed["height"] as? Int == width, "a quarter turn swaps them")
        #expect((changed["original"] as? [String: Any])?["orientation"] as? Int == 1)

        let text = try sandbox.cli(["edit", paths[0], "--rotate", "270"])
        #expect(text.stdout.contains("turned: rotated 90°, flipped → rotated 180°, flipped"), "\(text.stdout)")
        let bad = try sandbox.cli(["edit", paths[0], "--rotate", "45"])
        #expect(bad.status == 64 && bad.stderr.contains("--rotate takes 90, 180 or 270"), "\(bad.stderr)")

        let write = try sandbox.cli(["write-metadata", paths[0]])
        #expect(write.status == 0, "\(write.stderr)")
        if FormatTools.available("exiftool") {
            #expect(try FormatTools.run("exiftool", ["-s3", "-n", "-Orientation", paths[0]]) == "4\n")
            #expect(try FormatTools.run("exiftool", ["-s3", "-n", "-Orientation", paths[0] + ".xmp"]) == "4\n")
        }
        let after = try #require(try listed(sandbox).first { $0["path"] as? String == paths[0] })
        #expect(after["orientation"] as? Int == 4 && after["edited"] as? [String] == [])
        let undo = try sandbox.cli(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("turned: rotated 180°, flipped → rotated 90°, flipped"), "\(undo.stdout)")
    }

    @Test func rInTheBrowserIsSavedAndListSeesIt() throws {
        let run = try BrowserRun(photos: 3)
        run.tmux.send("r")
        try run.tmux.waitFor("Rotate 90° 1 photo")
        try run.sandbox.waitForSavedEdits(1)
        let first = try #require(try listed(run.sandbox).first { $0["path"] as? String == run.paths[0] })
        #expect(first["orientation"] as? Int == 6)
        run.tmux.send("F5")
        try run.tmux.waitFor("Library reloaded")
    }

    @Test func bangRunsEchoOnTheMarkedPhotosAndShowsItsOutput() throws {
        let run = try BrowserRun(photos: 3)
        let tmux = run.tmux
        tmux.send("Space", "Space")
        try tmux.waitFor("2 marked")
        tmux.send("!")
        try tmux.waitFor("A shell command on the paths of 2 photos")
        tmux.type("for f in {}; do echo \"said: $f\"; done; echo all-$((1+1))")
        tmux.send("Enter")
        let screen = try tmux.waitFor("all-2")
        #expect(screen.contains("! for f in {}"))
        #expect(screen.contains("said: \(run.paths[0])") && screen.contains("said: \(run.paths[1])"), "\(screen)")
        #expect(!screen.contains("said: \(run.paths[2])"), "only the marked photos")
        tmux.send("q")
        try tmux.waitForAbsence(of: "said:")
        try tmux.waitFor("photo-01.jpg")
        // A failing command says so.
        tmux.send("!")
        try tmux.waitFor("A shell command")
        tmux.send("C-u")
        tmux.type("exit 3")
        tmux.send("Enter")
        try tmux.waitFor("exited with status 3")
    }

    @Test func oHandsTheTerminalToTheProgramAndTakesItBack() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(2, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])
        let viewer = sandbox.root.path + "/viewer.sh"
        try "#!/bin/sh\necho \"VIEWER GOT $1\"\nread answer\n".write(toFile: viewer, atomically: true, encoding: .utf8)
        chmod(viewer, 0o755)
        let config = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "open-with = \"\(viewer)\"\nopen-with-terminal = true\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let run = try BrowserRun(sandbox: sandbox, paths: paths, columns: 100, rows: 30, shows: "2 photos")
        run.tmux.send("Enter")
        try run.tmux.waitFor("photo-01.jpg")
        run.tmux.send("O")
        let lent = try run.tmux.waitFor("VIEWER GOT \(paths[0])")
        #expect(!lent.contains("photo-02.jpg"), "the program has the whole terminal")
        run.tmux.send("Enter")
        try run.tmux.waitFor("photo-02.jpg")
        try run.tmux.waitFor("viewer.sh ended")
        #expect(!run.tmux.screen().contains("VIEWER GOT"))
    }
}
