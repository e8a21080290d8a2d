import Testing
@testable import TUI

extension GraphicsTests {
/// `--graphics auto|sixel|kitty|iterm2|symbols`: what the user may write and what it means.
@Suite struct GraphicsChoiceTests {
    @Test(arguments: [
        ("auto", GraphicsChoice.auto),
        ("sixel", .forced(.sixel)),
        ("kitty", .forced(.kitty)),
        ("iterm2", .forced(.iterm2)),
        ("symbols", .forced(.symbols)),
        ("  Kitty ", .forced(.kitty)),
        ("SIXEL", .forced(.sixel)),
    ])
    func acceptedValues(text: String, choice: GraphicsChoice) {
        #expect(GraphicsChoice(parsing: text) == choice)
        #expect(GraphicsChoice(parsing: choice.name) == choice)
    }

    @Test(arguments: ["", "iterm", "kitty2", "pixels", "auto,sixel"])
    func otherValuesAreRefused(text: String) {
        #expect(GraphicsChoice(parsing: text) == nil)
    }

    @Test func theProblemNamesTheValuesAndShowsNoControlBytes() {
        #expect(GraphicsChoice.problem(with: "pix\u{7}els\u{1B}[2J") ==
            "graphics: 'pixels' is not one of auto, sixel, kitty, iterm2, symbols")
    }

    @Test func onlySymbolsDrawsNoPixels() {
        #expect(GraphicsProtocol.allCases.filter { !$0.drawsPixels } == [.symbols])
    }
}
}
