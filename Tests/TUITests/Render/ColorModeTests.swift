import Testing
@testable import TUI

@Suite struct ColorModeTests {
    @Test(arguments: [
        (["COLORTERM": "truecolor"], 256, ColorMode.truecolor),
        (["COLORTERM": "24bit"], 8, .truecolor),
        (["COLORTERM": "TrueColor"], 0, .truecolor),
        (["COLORTERM": "yes"], 256, .colors256),
        ([:], 256, .colors256),
        ([:], 16_777_216, .colors256),
        ([:], 88, .colors16),
        ([:], 16, .colors16),
        ([:], 15, .colors8),
        ([:], 8, .colors8),
        ([:], 2, .monochrome),
        ([:], 0, .monochrome),
        ([:], -1, .monochrome),
    ] as [([String: String], Int, ColorMode)])
    func detect(environment: [String: String], colors: Int, expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment, terminfoColors: colors) == expected)
    }

    /// XTVERSION's name lifts a poor terminfo count (a stock `TERM=xterm` says 8), never lowers it.
    @Test(arguments: [
        ("XTerm(379)", 8, ColorMode.colors256),
        ("XTerm(379)", 256, .colors256),
        ("kitty(0.26.5)", 8, .truecolor),
        ("WezTerm 20230712-072601-f4abf8fd", 8, .truecolor),
        ("foot(1.13.1)", 16, .truecolor),
        ("ghostty 1.0.1", 8, .truecolor),
        ("iTerm2 3.5.0", 256, .truecolor),
        ("tmux 3.3a", 8, .colors8),
        ("Some Terminal 1.0", 8, .colors8),
    ] as [(String, Int, ColorMode)])
    func detectWithTheTerminalsName(version: String, colors: Int, expected: ColorMode) {
        #expect(ColorMode.detect(environment: [:], terminfoColors: colors, terminalVersion: version) == expected)
    }
}

@Suite struct ColorPaletteTests {
    @Test func nearest256() {
        #expect(ColorPalette.nearest256(255, 0, 0) == 196)
        #expect(ColorPalette.nearest256(0, 0, 0) == 16)
        #expect(ColorPalette.nearest256(255, 255, 255) == 231)
        #expect(ColorPalette.nearest256(128, 128, 128) == 244)   // grey ramp
        for index in 16...255 {
            let (r, g, b) = ColorPalette.rgb(ofIndex: UInt8(index))
            let back = ColorPalette.rgb(ofIndex: ColorPalette.nearest256(r, g, b))
            #expect(back == (r, g, b) || (r == g && g == b))   // greys exist twice
        }
    }

    @Test func indexMapsToWhatTheTerminalHas() {
        #expect(ColorPalette.index(for: .default, paletteSize: 256) == nil)
        #expect(ColorPalette.index(for: .indexed(200), paletteSize: 256) == 200)
        #expect(ColorPalette.index(for: .rgb(250, 0, 0), paletteSize: 256) == 196)
        #expect(ColorPalette.index(for: .rgb(250, 0, 0), paletteSize: 16) == 9)
        #expect(ColorPalette.index(for: .indexed(196), paletteSize: 8) == 1)
        #expect(ColorPalette.index(for: .indexed(3), paletteSize: 0) == nil)
    }
}
