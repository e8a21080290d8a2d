import Fixtures
import Foundation
import Testing

/// A description made of terminal escape sequences shows as its text, in the browser and in
/// the CLI's text output; `--json` keeps the true string, escaped.
@Suite struct HostileTextTests {
    static let evil = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mEvil\u{1B}[0m"

    @Test func anEscapeSequenceDescriptionShowsAsItsText() throws {
        let sandbox = Sandbox()
        let folder = sandbox.root.path + "/photos"
        PhotoFixtures.write(PhotoFixtures.series(2, description: Self.evil), into: folder)
        try sandbox.importWithCLI([folder])

        let groups = try E2E.cli(["groups", "--library", sandbox.library], sandbox: sandbox)
        #expect(groups.status == 0)
        #expect(groups.stdout.hasPrefix("Evil\t2\t"), "\(groups.stdout.debugDescription)")
        for leftover in ["PWNED", "[2J", "[31m", "\u{1B}", "]0;"] {
            #expect(!groups.stdout.contains(leftover))
        }
        let list = try E2E.cli(["list", "--library", sandbox.library], sandbox: sandbox)
        #expect(list.stdout.contains("\tEvil\t") && !list.stdout.contains("PWNED"))

        let json = try E2E.cli(["groups", "--json", "--library", sandbox.library], sandbox: sandbox)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(records.first?["name"] as? String == Self.evil)
        #expect(json.stdout.contains("\\u001b]0;PWNED"), "escaped in JSON: \(json.stdout)")

        let tmux = TmuxSession()
        defer { tmux.kill() }
        try tmux.startBrowser(library: sandbox.library, sandbox: sandbox, columns: 80, rows: 24)
        let screen = try tmux.waitFor("2 photos")
        #expect(screen.contains("Evil"))
        #expect(!screen.contains("PWNED") && !screen.contains("[2J") && !screen.contains("[31m"))
        tmux.send("Enter")
        let group = try tmux.waitFor("photo 1 of 2")
        #expect(group.contains("Evil") && !group.contains("PWNED"))
    }
}
