import CNcurses
import Testing
@testable import TUI

@Suite struct KeyTests {
    @Test func decodesCharacters() {
        #expect(Key.decode(value: 0x61, isKeyCode: false) == .char("a"))
        #expect(Key.decode(value: 0x65E5, isKeyCode: false) == .char("日"))
        #expect(Key.decode(value: 0x20, isKeyCode: false) == .char(" "))
    }

    @Test func decodesControlKeys() {
        #expect(Key.decode(value: 1, isKeyCode: false) == .ctrl("a"))
        #expect(Key.decode(value: 26, isKeyCode: false) == .ctrl("z"))
        #expect(Key.decode(value: 9, isKeyCode: false) == .tab)
        #expect(Key.decode(value: 10, isKeyCode: false) == .enter)
        #expect(Key.decode(value: 13, isKeyCode: false) == .enter)
        #expect(Key.decode(value: 27, isKeyCode: false) == .escape)
        #expect(Key.decode(value: 127, isKeyCode: false) == .backspace)
        #expect(Key.decode(value: 8, isKeyCode: false) == .backspace)
        #expect(Key.decode(value: 0, isKeyCode: false) == .ctrl("@"))
        #expect(Key.decode(value: 0x9B, isKeyCode: false) == nil)
    }

    @Test func decodesKeyCodes() {
        func code(_ c: Int32) -> Key? { Key.decode(value: UInt32(c), isKeyCode: true) }
        #expect(code(KEY_UP) == .up)
        #expect(code(KEY_DOWN) == .down)
        #expect(code(KEY_LEFT) == .left)
        #expect(code(KEY_RIGHT) == .right)
        #expect(code(KEY_PPAGE) == .pageUp)
        #expect(code(KEY_NPAGE) == .pageDown)
        #expect(code(KEY_HOME) == .home)
        #expect(code(KEY_END) == .end)
        #expect(code(KEY_ENTER) == .enter)
        #expect(code(KEY_BACKSPACE) == .backspace)
        #expect(code(KEY_DC) == .delete)
        #expect(code(KEY_RESIZE) == .resize)
        #expect(code(KEY_F0 + 1) == .function(1))
        #expect(code(KEY_F0 + 12) == .function(12))
        #expect(code(KEY_BTAB) == nil)
    }
}

@Suite struct SGRTests {
    @Test func sequences() {
        func sgr(_ cell: Cell) -> String { String(decoding: SGR.sequence(for: cell), as: UTF8.self) }
        #expect(sgr(Cell("x")) == "\u{1b}[0m")
        #expect(sgr(Cell("x", fg: .rgb(1, 2, 3), bg: .rgb(4, 5, 6))) == "\u{1b}[0;38;2;1;2;3;48;2;4;5;6m")
        #expect(sgr(Cell("x", fg: .indexed(3), bg: .indexed(12), attrs: [.bold, .reverse]))
                == "\u{1b}[0;1;7;33;104m")
        #expect(sgr(Cell("x", fg: .indexed(200), bg: .default, attrs: [.underline, .dim]))
                == "\u{1b}[0;2;4;38;5;200m")
    }
}
