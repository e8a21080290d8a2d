import Testing
@testable import Library

/// Text from files reaches the terminal without any escape sequence or control character,
/// and without the leftovers of one.
@Suite struct UntrustedTextTests {
    @Test func theEvilDescriptionShowsAsEvil() {
        #expect("\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mEvil\u{1B}[0m".strippingControlCharacters == "Evil")
    }

    @Test(arguments: [
        ("CSI", "a\u{1B}[1;31mb", "ab"),
        ("CSI with intermediates", "a\u{1B}[?25lb", "ab"),
        ("C1 CSI", "a\u{9B}2Jb", "ab"),
        ("OSC ended by BEL", "a\u{1B}]8;;http://x\u{07}b", "ab"),
        ("OSC ended by ST", "a\u{1B}]2;title\u{1B}\\b", "ab"),
        ("C1 OSC ended by C1 ST", "a\u{9D}0;t\u{9C}b", "ab"),
        ("DCS", "a\u{1B}Pq#0;2;0;0;0#0!10~\u{1B}\\b", "ab"),
        ("APC (kitty graphics)", "a\u{1B}_Ga=d\u{1B}\\b", "ab"),
        ("PM", "a\u{1B}^secret\u{1B}\\b", "ab"),
        ("SOS", "a\u{1B}Xhidden\u{9C}b", "ab"),
        ("BEL does not end a DCS", "a\u{1B}Pq\u{07}still\u{1B}\\b", "ab"),
        ("two-byte escape", "a\u{1B}cb", "ab"),
        ("charset designation", "a\u{1B}(Bb", "ab"),
        ("unterminated OSC swallows the rest", "a\u{1B}]0;never ends", "a"),
        ("unterminated CSI", "ab\u{1B}[", "ab"),
        ("C1 controls", "a\u{85}\u{8D}b", "ab"),
        ("line breaks and tabs become one space", "a\r\n\tb", "a b"),
        ("bidi override", "a\u{202E}b", "ab"),
        ("plain text untouched", "Café 東京 😀", "Café 東京 😀"),
    ])
    func sequencesAreRemovedWhole(kind: String, text: String, shown: String) {
        #expect(text.strippingControlCharacters == shown, "\(kind)")
    }

    @Test func hostileInputStaysLinear() {
        // Many unterminated starts and nested ESCs: each scalar is looked at once.
        let hostile = String(repeating: "\u{1B}[\u{1B}]\u{1B}P\u{1B}", count: 50_000) + "end"
        #expect(hostile.strippingControlCharacters == "")
        let csi = String(repeating: "\u{1B}[1mx", count: 50_000)
        #expect(csi.strippingControlCharacters == String(repeating: "x", count: 50_000))
    }
}
