import Fixtures
import Foundation
import Testing

/// Cameras in the browser (issue 25), the real binary under tmux: a folder laid out like a card
/// (`DCIM/100TEST/`) given as `camera-folders` is listed in the import picker as a camera
/// (libgphoto2's "Directory Browse" driver), browsed, imported into the folder asked for once,
/// and its copied files deleted from it after the user confirms.
@Suite(.serialized) struct CameraBrowserTests {
    @Test func aCardIsBrowsedImportedAndEmptiedFromThePicker() throws {
        let sandbox = Sandbox()
        let card = try CameraImportCLITests.card(in: sandbox)
        let config = sandbox.home + "/.config/photory"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "camera-folders = [\"\(card)\"]\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let run = try BrowserRun.empty(sandbox)
        let tmux = run.tmux
        tmux.send("a")
        try tmux.waitFor("◉ Card \(card)  (camera)")
        tmux.send("g", "Enter")
        try tmux.waitFor("Card \(card): /")
        try tmux.waitFor("DCIM/")
        tmux.send("Enter")
        try tmux.waitFor("100TEST/")
        tmux.send("Enter")
        try tmux.waitFor("IMG_0003.JPG")
        // The camera's own thumbnail (Directory Browse gives the EXIF one) or its word for none.
        _ = try tmux.waitUntil("the thumbnail or its absence is shown") {
            $0.contains("IMG_0001.DNG · ") && !$0.contains("Thumbnail…")
        }
        tmux.send("h")
        try tmux.waitFor("100TEST/")
        tmux.send("i")
        try tmux.waitFor("Copy into: ~/Pictures/photory")
        tmux.send("C-u")
        tmux.type(sandbox.root.path + "/Pictures")
        tmux.send("Enter")
        try tmux.waitFor("Import finished")
        try tmux.waitFor("4 downloaded, 4 imported")
        try tmux.waitFor("D deletes the 4 copied files from the camera")
        let day = sandbox.root.path + "/Pictures/2024/2024-05-01"
        #expect(try FileManager.default.contentsOfDirectory(atPath: day).sorted()
                == ["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"])
        tmux.send("D")
        try tmux.waitFor("Delete 4 files from Card")   // the card's long path wraps in the box
        try tmux.waitFor("card? y/n")
        tmux.send("y")
        try tmux.waitFor("Deleted 4 files from Directory Browse on disk:\(card)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: card + "/DCIM/100TEST").isEmpty)
        #expect(try sandbox.photosByName().count == 4)
        // The folder is remembered: the next import does not ask.
        let state = try String(contentsOfFile: sandbox.home + "/.local/state/photory/state.json", encoding: .utf8)
        #expect(state.contains("\"cameraImportFolder\""), "\(state)")
    }
}
