import Fixtures
import Foundation
import Testing

/// Albums as a user scripts them with the real binary (issue 23): `album create/add/remove/
/// rename/delete/list/show`, with `--json`, the errors, `undo`, `list --json`'s `albums` and
/// `album:` in search.
@Suite struct AlbumCLITests {
    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    private func json(_ arguments: [String], _ sandbox: Sandbox) throws -> Any {
        let output = try run(arguments + ["--json"], sandbox)
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    }

    @Test func makeFillOrderRenameAndDeleteAlbumsWithJSONAndUndo() throws {
        let sandbox = Sandbox()
        let paths = try sandbox.importFirstRunPhotos()
        let create = try run(["album", "create", "Trips/Italy 2024"], sandbox)
        #expect(create.status == 0 && create.stdout.contains("make album \"Trips/Italy 2024\""), "\(create.stdout)\(create.stderr)")
        let added = try #require(try json(["album", "add", "trips/italy 2024", paths[1], paths[0]], sandbox) as? [String: Any])
        let album = try #require(added["album"] as? [String: Any])
        #expect(album["name"] as? String == "Trips/Italy 2024" && album["count"] as? Int == 2 && album["folder"] as? String == "Trips")
        #expect(try run(["album", "add", "Best", paths[2]], sandbox).status == 0, "add makes the album when there is none")

        let list = try #require(try json(["album", "list"], sandbox) as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ["Best", "Trips/Italy 2024"])
        #expect(list.compactMap { $0["count"] as? Int } == [1, 2])
        let show = try #require(try json(["album", "show", "Trips/Italy 2024"], sandbox) as? [String: Any])
        let shown = try #require(show["photos"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(shown == [paths[1], paths[0]], "the order added")

        // The errors name the album or the path and the reason, and change nothing.
        let unknown = try run(["album", "add", "Nope", paths[0], "--existing"], sandbox)
        #expect(unknown.status == 1 && unknown.stderr.contains("no album named \"Nope\""), "\(unknown.stderr)")
        let duplicate = try run(["album", "create", "best"], sandbox)
        #expect(duplicate.status == 1 && duplicate.stderr.contains("an album named \"Best\" already exists"), "\(duplicate.stderr)")
        let noPhoto = try run(["album", "add", "Best", "/no/such.jpg"], sandbox)
        #expect(noPhoto.status == 1 && noPhoto.stderr.contains("/no/such.jpg"), "\(noPhoto.stderr)")

        // list --json and search know them.
        let photos = try #require(try json(["list"], sandbox) as? [[String: Any]])
        #expect(photos.first { $0["path"] as? String == paths[0] }?["albums"] as? [String] == ["Trips/Italy 2024"])
        let found = try #require(try json(["list", "--search", "album:trips"], sandbox) as? [[String: Any]])
        #expect(Set(found.compactMap { $0["path"] as? String }) == Set([paths[0], paths[1]]))

        #expect(try run(["album", "remove", "Trips/Italy 2024", paths[1]], sandbox).status == 0)
        #expect(try run(["album", "rename", "Trips", "Voyages"], sandbox).status == 0)
        let renamed = try run(["album", "list"], sandbox)
        #expect(renamed.stdout.contains("Voyages/Italy 2024\t1 photo"), "\(renamed.stdout)")
        let delete = try run(["album", "delete", "Best"], sandbox)
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect((try json(["list"], sandbox) as? [[String: Any]])?.count == paths.count, "the photos stay")
        let undo = try run(["undo"], sandbox)
        #expect(undo.status == 0 && undo.stdout.contains("delete album \"Best\""), "\(undo.stdout)")
        #expect(try run(["album", "show", "Best"], sandbox).stdout.contains(paths[2]))
    }
}
