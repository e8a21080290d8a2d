import Testing
@testable import TUI

/// `config.toml`'s `graphics` and `graphics-grid`: good values are taken, bad ones named with
/// their line and the accepted values, and the defaults stay.
@Suite struct GraphicsConfigTests {
    @Test func theDefaultsAreAutoWithoutPixelGrids() {
        let config = Config(text: "", file: "config.toml")
        #expect(config.graphics == nil, "nil: the browser uses auto")
        #expect(!config.graphicsGrid)
    }

    @Test(arguments: [("graphics = \"sixel\"", GraphicsChoice.forced(.sixel)), ("graphics = \"Kitty \"", .forced(.kitty)),
                      ("graphics = \"auto\"", .auto), ("graphics = \"symbols\"", .forced(.symbols)),
                      ("graphics = \"ITERM2\"", .forced(.iterm2))])
    func aProtocolIsTaken(_ line: String, _ expected: GraphicsChoice) {
        let config = Config(text: line, file: "/home/ana/.config/photory/config.toml")
        #expect(config.problems == [])
        #expect(config.graphics == expected)
    }

    @Test func graphicsGridIsTakenBesideKeys() {
        let config = Config(text: """
            graphics = "kitty"
            graphics-grid = true
            [keys]
            quit = "x"
            """, file: "config.toml")
        #expect(config.problems == [])
        #expect(config.graphics == .forced(.kitty))
        #expect(config.graphicsGrid)
        #expect(config.keyMap.action(for: .char("x"), in: .home) == .quit)
    }

    static let accepted = "auto, sixel, kitty, iterm2, symbols"

    @Test(arguments: [("graphics = \"png\"", "graphics: 'png' is not one of \(accepted)"),
                      ("graphics = 3", "\"graphics\" takes one of \(accepted) in quotes, not an integer"),
                      ("graphics = true", "\"graphics\" takes one of \(accepted) in quotes, not true or false"),
                      ("graphics-grid = \"yes\"", "\"graphics-grid\" takes true or false, not a string"),
                      ("graphics-grid = 1", "\"graphics-grid\" takes true or false, not an integer")])
    func aBadValueNamesItsLineAndTheAcceptedValues(_ line: String, _ problem: String) {
        let config = Config(text: "# photory\n" + line + "\n", file: "/x/config.toml")
        #expect(config.problems == ["config.toml line 2: " + problem])
        #expect(config.graphics == nil)
        #expect(!config.graphicsGrid)
    }

    @Test func aBadValueLeavesAnEarlierGoodOneAlone() {
        let config = Config(text: "graphics-grid = true\ngraphics = \"sixel\"\ngraphics = \"sixels\"", file: "config.toml")
        // TOML forbids a key twice: the second is refused whatever its value.
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.hasPrefix("config.toml line 3:") == true)
        #expect(config.graphics == .forced(.sixel))
        #expect(config.graphicsGrid)
    }

    @Test func hostileTextInAValueIsShownClean() throws {
        let config = Config(text: "graphics = \"\\u001B[2Jkitty\\u0007\"", file: "config.toml")
        let problem = try #require(config.problems.first)
        #expect(!problem.contains("\u{1B}") && !problem.contains("\u{07}"))
        #expect(config.graphics == nil)
    }
}
