import Fixtures
import Foundation
import Testing

/// Rating, tagging, culling, the trash and undo in the running browser (issue 22), checked
/// through the CLI's JSON and the files on disk.
@Suite("Rating, tagging, culling and the trash in the browser")
struct CullAndTrashTests {
    @Test("rate, tag, cull three photos with one key each, Delete to the trash; u undoes a later rating, then brings the file back byte for byte; U trashes again")
    func rateTagCullDeleteUndo() throws {
        let run = try BrowserRun(photos: 6)
        let (sandbox, tmux, paths) = (run.sandbox, run.tmux, run.paths)
        tmux.send("4")
        try tmux.waitFor("1 photo: ★★★★☆")
        tmux.send("T")
        tmux.type("Places/Italy/Rome")
        tmux.send("Enter")
        try tmux.waitFor("Tag 1 photo Places/Italy/Rome")
        tmux.send("Escape", "Enter", "c")
        try tmux.waitFor("CULL")
        tmux.send("x", "3", "P")
        try tmux.waitFor("1 photo: P picked")
        try sandbox.waitForSavedEdits(5)
        var photos = try sandbox.photosByName()
        #expect(photos["photo-01.jpg"]?["rating"] as? Int == 4)
        #expect(photos["photo-01.jpg"]?["rejected"] as? Bool == true)
        #expect(photos["photo-01.jpg"]?["tags"] as? [String] == ["Places/Italy/Rome"])
        #expect(photos["photo-02.jpg"]?["rating"] as? Int == 3)
        #expect(photos["photo-03.jpg"]?["picked"] as? Bool == true)

        // Back in the grid: the first photo's badges, then Delete asks, y moves it to the trash.
        tmux.send("Escape", "g")
        try tmux.waitFor("✗ ★★★★☆")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        tmux.send("DC")
        try tmux.waitFor("Move 1 photo (")
        tmux.send("y")
        try tmux.waitFor("Moved 1 photo")
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        let trashed = sandbox.root.path + "/data/Trash/files/photo-01.jpg"
        #expect(try Data(contentsOf: URL(fileURLWithPath: trashed)) == bytes)
        #expect(try sandbox.photosByName()["photo-01.jpg"] == nil)

        // The move is one step of the undo history: a rating made since is undone first.
        tmux.send("2")
        try tmux.waitFor("1 photo: ★★☆☆☆")
        tmux.send("u")
        try tmux.waitFor("Undid: ")
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        tmux.send("u")
        try tmux.waitFor("Restored 1 photo")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == bytes)
        // Redo moves it again, undo brings it back again.
        tmux.send("U")
        try tmux.waitFor("Moved 1 photo to the trash again")
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        tmux.send("u")
        try tmux.waitFor("Restored 1 photo")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == bytes)
        // The rating and its undo were saved before the files moved back (7 edits in all).
        try sandbox.waitForSavedEdits(7)
        #expect(try sandbox.photosByName()["photo-02.jpg"]?["rating"] as? Int == 3)
        photos = try sandbox.photosByName()
        #expect(photos["photo-01.jpg"]?["rating"] as? Int == 4)
        #expect(photos["photo-01.jpg"]?["tags"] as? [String] == ["Places/Italy/Rome"])
        tmux.send("q", "q")
        try tmux.waitFor("EXITED 0")
    }
}
