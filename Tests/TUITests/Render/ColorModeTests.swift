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
