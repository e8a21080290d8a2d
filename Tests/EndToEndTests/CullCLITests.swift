import Fixtures
import Foundation
import Testing

/// Rating, tagging and trashing as a user does it with the real binary: `edit --rating`,
/// `list --json`, `search`, `groups --by tag`, `trash`, `trash list`, `trash restore`.
@Suite struct CullCLITests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    private func listed(_ sandbox: Sandbox, _ extra: [String] = []) throws -> [[String: Any]] {
        let listed = try run(["list", "--json"] + extra, sandbox)
        #expect(listed.status == 0, "\(listed.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    @Test func ratingsLabelsAndTagsShowInListAndSearch() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let edit = try run(["edit", paths[0], paths[1], "--rating", "4", "--label", "Red", "--tag", "Places/Italy/Rome",
                            "--tag", "Family"], sandbox)
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains("rating: 0 → 4") && edit.stdout.contains("tags: none → Places/Italy/Rome, Family"), "\(edit.stdout)")
        #expect(try run(["edit", paths[2], "--reject"], sandbox).status == 0)
        #expect(try run(["edit", paths[1], "--untag", "places", "--pick", "--label", "none"], sandbox).status == 0)

        let photos = try listed(sandbox)
        let first = try #require(photos.first { $0["path"] as? String == paths[0] })
        #expect(first["rating"] as? Int == 4 && first["label"] as? String == "red" && first["rejected"] as? Bool == false)
        #expect(first["tags"] as? [String] == ["Places/Italy/Rome", "Family"])
        let second = try #require(photos.first { $0["path"] as? String == paths[1] })
        #expect(second["label"] == nil && second["picked"] as? Bool == true && second["tags"] as? [String] == ["Family"])
        #expect(photos.first { $0["path"] as? String == paths[2] }?["rejected"] as? Bool == true)

        #expect(try listed(sandbox, ["--search", "tag:places/italy"]).compactMap { $0["path"] as? String } == [paths[0]])
        #expect(try listed(sandbox, ["--search", "rating:>=4 -is:rejected"]).count == 2)
        #expect(try listed(sandbox, ["--search", "is:rejected"]).compactMap { $0["path"] as? String } == [paths[2]])
        #expect(try listed(sandbox, ["--sort", "rating"]).prefix(2).compactMap { $0["rating"] as? Int } == [4, 4])

        let groups = try run(["groups", "--by", "tag"], sandbox)
        #expect(groups.status == 0 && groups.stdout.contains("Places") && groups.stdout.contains("Rome")
                && groups.stdout.contains("No tags"), "\(groups.stdout)")

        let undo = try run(["undo"], sandbox)
        #expect(undo.status == 0 && undo.stdout.contains("picked: yes → no"), "\(undo.stdout)")
        let bad = try run(["edit", paths[0], "--rating", "7"], sandbox)
        #expect(bad.status != 0 && bad.stderr.contains("--rating takes 0 to 5"))
    }

    @Test func trashAndRestoreByteForByteWithTheEditsBack() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let original = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        FileManager.default.createFile(atPath: paths[0] + ".xmp", contents: Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
        #expect(try run(["edit", paths[0], "--rating", "5", "--tag", "Keep/Me"], sandbox).status == 0)

        let trash = try run(["trash", paths[0]], sandbox)
        #expect(trash.status == 0, "\(trash.stderr)")
        #expect(trash.stdout.contains("moved 1 photo to the trash"), "\(trash.stdout)")
        let trashFolder = sandbox.root.path + "/data/Trash"
        let name = (paths[0] as NSString).lastPathComponent
        #expect(!FileManager.default.fileExists(atPath: paths[0]) && !FileManager.default.fileExists(atPath: paths[0] + ".xmp"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: trashFolder + "/files/" + name)) == original)
        let info = try String(contentsOfFile: trashFolder + "/info/\(name).trashinfo", encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(paths[0])\nDeletionDate="), "\(info)")
        #expect(FileManager.default.fileExists(atPath: trashFolder + "/info/\(name).xmp.trashinfo"))
        #expect(try listed(sandbox).count == 11, "the photo left the library")

        let list = try run(["trash", "list", "--json"], sandbox)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["daysLeft"] as? Int == 30 && entries[0]["path"] as? String == paths[0], "\(list)")

        // Something else took the path: restoring refuses, saying why.
        FileManager.default.createFile(atPath: paths[0], contents: Data("other".utf8))
        let refused = try run(["trash", "restore", paths[0]], sandbox)
        #expect(refused.status != 0 && refused.stderr.contains("something is there now"), "\(refused)")
        try FileManager.default.removeItem(atPath: paths[0])

        let restore = try run(["trash", "restore", paths[0]], sandbox)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == original)
        #expect(FileManager.default.fileExists(atPath: paths[0] + ".xmp"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: trashFolder + "/info") == [])
        let back = try #require(try listed(sandbox).first { $0["path"] as? String == paths[0] })
        #expect(back["rating"] as? Int == 5 && back["tags"] as? [String] == ["Keep/Me"])

        // remove: out of the library, the file stays.
        #expect(try run(["remove", paths[1]], sandbox).status == 0)
        #expect(FileManager.default.fileExists(atPath: paths[1]))
        #expect(try listed(sandbox).count == 11)
    }

    @Test func undoAndRedoTakeBackAMoveToTheTrashAfterTheEditsMadeSince() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let original = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        #expect(try run(["trash", paths[0]], sandbox).status == 0)
        #expect(try run(["edit", paths[1], "--rating", "3"], sandbox).status == 0)

        let first = try run(["undo"], sandbox)
        #expect(first.status == 0 && first.stdout.contains("undid: rate"), "\(first)")
        #expect(!FileManager.default.fileExists(atPath: paths[0]), "the rating first")
        let second = try run(["undo"], sandbox)
        #expect(second.status == 0 && second.stdout.contains("undid: move 1 photo to the trash"), "\(second)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == original)
        #expect(try listed(sandbox).count == 12)

        let redo = try run(["redo"], sandbox)
        #expect(redo.status == 0 && redo.stdout.contains("redid: move 1 photo to the trash"), "\(redo)")
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        #expect(try listed(sandbox).count == 11)

        // Only what is older than 30 days is emptied: nothing yet; then everything, after --yes.
        #expect(try run(["trash", "empty", "--older-than", "30d", "--yes"], sandbox).stdout.contains("nothing to empty"))
        let empty = try run(["trash", "empty", "--yes"], sandbox)
        #expect(empty.status == 0 && empty.stdout.contains("deleted 1 photo"), "\(empty)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path + "/data/Trash/files") == [])
        #expect(try run(["undo"], sandbox).stdout.contains("undid: move 1 photo") == false, "an erased move is no step")
    }

    @Test func whereNoTrashCanBeMadeItSaysSoAndDeletesForGoodOnlyWhenToldTwice() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        FileManager.default.createFile(atPath: paths[0] + ".xmp", contents: Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
        // The home trash's place is taken by a file: no trash can be made (as for a read-only place).
        try FileManager.default.createDirectory(atPath: sandbox.root.path + "/data", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: sandbox.root.path + "/data/Trash", contents: Data("x".utf8))

        let plain = try run(["trash", paths[0]], sandbox)
        #expect(plain.stderr.contains("no trash can hold it") && plain.stderr.contains("--permanently"), "\(plain)")
        #expect(FileManager.default.fileExists(atPath: paths[0]))
        #expect(try listed(sandbox).count == 12)

        let unasked = try run(["trash", "--permanently", paths[0]], sandbox)
        #expect(unasked.status != 0 && unasked.stderr.contains("needs --yes"), "no terminal to ask: \(unasked)")
        #expect(FileManager.default.fileExists(atPath: paths[0]))

        let told = try run(["trash", "--permanently", "--yes", paths[0]], sandbox)
        #expect(told.status == 0 && told.stdout.contains("deleted"), "\(told)")
        #expect(!FileManager.default.fileExists(atPath: paths[0]) && !FileManager.default.fileExists(atPath: paths[0] + ".xmp"))
        #expect(try listed(sandbox).count == 11)
    }
}
