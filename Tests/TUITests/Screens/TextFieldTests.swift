import Testing
@testable import TUI

@Suite struct TextFieldTests {
    func field(_ keys: [Key], moving: Bool = true) -> TextField {
        var field = TextField()
        for key in keys { _ = field.edit(key, moving: moving) }
        return field
    }

    @Test func typingGoesInAtTheCursorAndBackspaceAndDeleteWorkAroundIt() {
        var keys: [Key] = "2004-12-25".map { .char($0) }
        keys += [.left, .left, .backspace]       // the "-" before "25"
        #expect(field(keys).text == "2004-1225")
        #expect(field(keys).withCursor == "2004-12▏25")
        keys += [.char("/"), .home, .delete, .end, .char("!")]
        #expect(field(keys).text == "004-12/25!")
        #expect(field(keys + [.ctrl("u")]).text.isEmpty)
    }

    @Test func withoutMovingTheArrowsAreLeftToTheCaller() {
        var field = TextField("abc")
        let plain = field.edit(.left)
        #expect(!plain)
        let moved = field.edit(.left, moving: true)
        #expect(moved)
        #expect(field.withCursor == "ab▏c")
    }

    @Test func aLongTextScrollsWithTheCursor() {
        var field = TextField(String(repeating: "a", count: 100) + "xyz")
        #expect(field.withCursor(fitting: 20) == "…" + String(repeating: "a", count: 14) + "xyz▏")
        _ = field.edit(.home, moving: true)
        #expect(field.withCursor(fitting: 20).hasPrefix("▏aaa"))
        #expect(field.withCursor(fitting: 20).displayWidth <= 20)
    }
}
