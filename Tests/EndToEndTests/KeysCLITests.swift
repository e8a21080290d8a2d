import Fixtures
import Foundation
import Testing

/// `photory-tui keys`: every context with its keys, after the user's remaps, as a user would
/// run it to write a config.
@Suite struct KeysCLITests {
    static let contexts = ["home", "group", "photo", "list", "search", "picker", "import", "help", "date-form",
                           "place-form", "map", "write-confirmation",
                           "label-choice", "tag-editor", "delete-confirmation", "trash",   // issue 22
                           "command-line", "command-output",   // issue 20
                           "video",   // issue 21
                           "all-tags",   // issue 20
                           "photo-zoomed",   // issue 20
                           "album", "album-picker", "album-confirmation",   // albums (issue 23)
                           "duplicates",   // look-alike duplicates (issue 23)
                           "slideshow", "export-line",   // slideshow and export (issue 23)
                           "album-photo",   // a photo of an album in the photo view (issue 23)
                           "feed-view",   // the feed view (issue 24)
                           "geotag-form",   // GPX geotagging (issue 25)
                           "webcam"]   // the webcam preview (issue 25)

    private func keys(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        var environment = sandbox.environment(term: "dumb", colorterm: nil)
        environment["XDG_CONFIG_HOME"] = sandbox.root.path + "/config"
        return Processes.run(try E2E.binary(), ["keys"] + arguments, environment: environment,
                             currentDirectory: sandbox.root.path)
    }

    @Test func keysJSONListsEveryContextWithTheConfigsRemaps() throws {
        let sandbox = Sandbox()
        let folder = sandbox.root.path + "/config/photory"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            [keys]
            accept = ["ctrl-g", "enter"]
            quit = "x"
            """.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)

        let output = try keys(["--json"], sandbox)
        #expect(output.status == 0, "\(output.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(records.compactMap { $0["context"] as? String } == Self.contexts)
        func binding(_ action: String, in context: String) -> [String: Any]? {
            let bindings = records.first { $0["context"] as? String == context }?["bindings"] as? [[String: Any]]
            return bindings?.first { $0["action"] as? String == action }
        }
        for context in Self.contexts {
            let bindings = records.first { $0["context"] as? String == context }?["bindings"] as? [[String: Any]] ?? []
            #expect(!bindings.isEmpty, "\(context) has bindings")
            #expect(bindings.allSatisfy { $0["help"] is String && $0["keys"] is [String] })
        }
        #expect(binding("accept", in: "date-form")?["keys"] as? [String] == ["ctrl-g", "enter"])
        #expect(binding("accept", in: "date-form")?["help"] as? String == "apply")
        #expect(binding("quit", in: "home")?["keys"] as? [String] == ["x"])
        #expect(binding("clear-line", in: "search")?["keys"] as? [String] == ["ctrl-u"])
        #expect(binding("switch-mode", in: "date-form")?["keys"] as? [String] == ["tab"])

        let text = try keys([], sandbox)
        #expect(text.status == 0)
        #expect(text.stdout.contains("[date-form]"))
        #expect(text.stdout.contains("accept") && text.stdout.contains("ctrl-g enter"))
    }
}
