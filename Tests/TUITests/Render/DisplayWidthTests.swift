import Testing
@testable import TUI

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect("hello, world".displayWidth == 12)
        #expect("".displayWidth == 0)
    }

    @Test func cjkAndFullwidthAreTwoColumns() {
        #expect("日本語".displayWidth == 6)
        #expect("한국".displayWidth == 4)
        #expect("ＡＢ".displayWidth == 4)        // fullwidth Latin
        #expect("a日b".displayWidth == 4)
        #expect("𠀋".displayWidth == 2)          // plane 2 ideograph
    }

    @Test func emojiAreTwoColumns() {
        #expect("😀".displayWidth == 2)
        #expect("🦀x".displayWidth == 3)
        #expect("👩‍👩‍👧".displayWidth == 2)      // ZWJ sequence is one cluster
        #expect("👍🏽".displayWidth == 2)         // with skin tone modifier
    }

    @Test func combiningMarksAreZeroColumns() {
        #expect("e\u{301}".displayWidth == 1)
        #expect("a\u{300}\u{316}b".displayWidth == 2)
        #expect("\u{301}".displayWidth == 0)    // orphan mark
        #expect("\u{200B}".displayWidth == 0)   // zero width space
        #expect("\u{1100}\u{1161}".displayWidth == 2)   // conjoining jamo: one wide syllable
    }

    @Test func controlCharactersTakeNoSpaceAndAreStripped() {
        #expect("a\tb\nc\u{7}".displayWidth == 5)   // tab and line break show as one space each
        #expect("\u{1b}[31m".displayWidth == 0)   // the whole sequence goes
        // ESC b and CSI c are whole sequences; \r\n is one space.
        #expect(DisplayWidth.sanitized("a\u{1b}b\u{9b}c\u{202E}d\r\n") == "ad ")
        #expect(DisplayWidth.of(Unicode.Scalar(0x85)!) == 0)
    }

    @Test func tableIsSortedAndDisjoint() {
        let ranges = DisplayWidth.wideRanges
        for (a, b) in zip(ranges, ranges.dropFirst()) {
            #expect(a.0 <= a.1)
            #expect(a.1 < b.0)
        }
    }
}
