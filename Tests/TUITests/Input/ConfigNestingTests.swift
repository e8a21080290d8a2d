import Testing
@testable import TUI

/// A config file with lists nested far deeper than any setting needs: the entry is a problem
/// naming its line, the defaults stay, the rest of the file is read. It used to overflow the
/// stack of the TOML reader and crash the browser at start.
@Suite struct ConfigNestingTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func deeplyNestedListsNameTheirLineAndKeepTheDefaults() {
        let config = Config(text: """
            graphics = "symbols"
            graphics-grid = \(Self.nested(100_000))
            [keys]
            open = \(Self.nested(100_000))
            quit = "x"
            """, file: "/home/ana/.config/photory/config.toml")
        #expect(config.problems == [
            "config.toml line 2: lists nested more than \(TOMLDocument.maxDepth) deep",
            "config.toml line 4: lists nested more than \(TOMLDocument.maxDepth) deep",
        ])
        #expect(config.graphics == .forced(.symbols))
        #expect(config.graphicsGrid == false)
        #expect(config.keyMap.action(for: .enter, in: .group) == .open)
        #expect(config.keyMap.action(for: .char("x"), in: .home) == .quit)
    }

    /// A list that never closes takes the rest of the file with it, read once: it used to be
    /// read again from its start for every line added (50,000 lines: minutes).
    @Test func aListThatNeverClosesIsOneProblemReadInOnePass() {
        let text = "graphics = \"symbols\"\nopen = [\n" + String(repeating: "  \"a\",  # more\n", count: 50_000)
        let document = TOMLDocument(text: text)
        #expect(document.problems.count == 1)
        #expect(document.problems.first?.hasPrefix("line 2: ") == true)
        #expect(document.entries.map(\.key) == ["graphics"])
    }

    @Test func nestingUpToTheLimitIsRead() {
        let document = TOMLDocument(text: "list = \(Self.nested(TOMLDocument.maxDepth))")
        #expect(document.problems == [])
        #expect(document.entries.count == 1)
    }
}
