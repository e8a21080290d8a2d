import Fixtures
import Foundation
import Testing

/// Marking, shifting dates, undo and favourites in the running browser, checked through the
/// CLI's JSON and after a restart.
@Suite("Organising photos in the browser")
struct OrganiseTests {
    func takenAt(_ sandbox: Sandbox, _ name: String) throws -> String? {
        try sandbox.photosByName()[name]?["takenAt"] as? String
    }

    @Test("mark three, shift +3h, undo, favourite; the Favourites folder survives a restart")
    func markShiftUndoFavourite() throws {
        let run = try BrowserRun()
        let (sandbox, tmux) = (run.sandbox, run.tmux)
        tmux.send("Space", "Space", "Space")
        try tmux.waitFor("3 marked")
        tmux.send("d", "Tab")
        tmux.type("+3h")
        try tmux.waitFor("Last:  2021-03-03 09:00:00 → 2021-03-03 12:00:00")
        tmux.send("Enter")
        try tmux.waitFor("Shift date of 3 photos by +3h")
        try sandbox.waitForSavedEdits(1)
        #expect(try takenAt(sandbox, "photo-01.jpg") == "2021-03-01T12:00:00")
        #expect(try takenAt(sandbox, "photo-03.jpg") == "2021-03-03T12:00:00")
        #expect(try takenAt(sandbox, "photo-04.jpg") == "2021-03-04T09:00:00")

        tmux.send("u")
        try tmux.waitFor("Undid: shift date of 3 photos by +3h")
        try sandbox.waitForSavedEdits(2)
        #expect(try takenAt(sandbox, "photo-01.jpg") == "2021-03-01T09:00:00")

        tmux.send("f")   // the three marked photos
        try tmux.waitFor("Favourite 3 photos")
        tmux.send("Escape", "Escape")
        try tmux.waitFor("Favourites")
        try sandbox.waitForSavedEdits(3)
        #expect(try sandbox.photosByName().values.filter { $0["favourite"] as? Bool == true }.count == 3)
        tmux.send("q")
        try tmux.waitFor("EXITED 0")

        // Restart: the folder and the stars are still there.
        let again = TmuxSession()
        defer { again.kill() }
        try again.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 120, rows: 40)
        try again.waitUntil("the Favourites folder with its 3 photos") { $0.contains("Favourites") && $0.contains("3 photos") }
        again.send("Enter")
        try again.waitFor("★ photo-01.jpg")
        let favourites = try sandbox.cli(["list", "--favourites"]).stdout
        #expect(favourites.split(separator: "\n").count == 3)
    }

    @Test("W asks, then writes the date set in the browser into the file; exiftool reads it back",
          .enabled(if: FormatTools.available("exiftool"), "needs exiftool"))
    func writeBackFromTheBrowser() throws {
        let run = try BrowserRun(photos: 2)
        let (sandbox, tmux, paths) = (run.sandbox, run.tmux, run.paths)
        tmux.send("d")
        tmux.type("1999-12-31 23:59")
        tmux.send("Enter")
        try tmux.waitFor("Set date of 1 photo to 1999-12-31 23:59")
        tmux.send("W")
        try tmux.waitFor("of 1 photo")
        tmux.send("Enter")
        try tmux.waitFor("Wrote 1 file and 1 sidecar")
        let exif = try FormatTools.run("exiftool", ["-s3", "-DateTimeOriginal", paths[0]])
        #expect(exif.trimmingCharacters(in: .whitespacesAndNewlines) == "1999:12:31 23:59:00")
        let sidecar = try FormatTools.run("exiftool", ["-s3", "-XMP:DateTimeOriginal", paths[0] + ".xmp"])
        #expect(sidecar.contains("1999:12:31 23:59:00"))
        // Written back means saved: the library says so before the screen does.
        #expect(try sandbox.photosByName()["photo-01.jpg"]?["edited"] as? [String] == [])
    }

    @Test("edit, undo and redo from the CLI, with the file's values kept apart")
    func cliEditAndUndo() throws {
        let sandbox = Sandbox()
        let paths = PhotoFixtures.write(PhotoFixtures.series(3, description: "Trip"), into: sandbox.root.path + "/photos")
        try sandbox.importWithCLI([sandbox.root.path + "/photos"])

        let edit = try sandbox.cli(["edit", paths[0], paths[1], "--date", "2004", "--location", "-22.9068,-43.1729",
                                    "--favourite"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains("taken: 2021-03-01 09:00:00 → 2004"))
        #expect(edit.stdout.contains("favourite: no → yes"))
        let first = try #require(try sandbox.photosByName()["photo-01.jpg"])
        #expect(first["takenAt"] as? String == "2004-01-01T00:00:00")
        #expect(first["takenAtPrecision"] as? String == "year")
        #expect(first["latitude"] as? Double == -22.9068)
        #expect(first["edited"] as? [String] == ["takenAt", "location"])
        #expect((first["original"] as? [String: Any])?["takenAt"] as? String == "2021-03-01T09:00:00")
        #expect(try sandbox.photosByName()["photo-02.jpg"]?["takenAt"] as? String == "2004-01-01T00:00:01")

        let bad = try sandbox.cli(["edit", paths[0], "--date", "2019-13"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("--date 2019-13: month 13 is not 1–12"))

        let undo = try sandbox.cli(["undo"])
        #expect(undo.stdout.contains("undid: set date of 2 photos to 2004"))
        #expect(try takenAt(sandbox, "photo-01.jpg") == "2021-03-01T09:00:00")
        #expect(try sandbox.cli(["redo"]).status == 0)
        #expect(try takenAt(sandbox, "photo-01.jpg") == "2004-01-01T00:00:00")
        #expect(try sandbox.cli(["undo"]).status == 0)
        #expect(try sandbox.cli(["undo"]).stderr.contains("nothing to undo"))
    }
}
