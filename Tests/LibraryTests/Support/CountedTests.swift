import Testing
@testable import Library

/// Counts as titles and status lines say them.
@Suite struct CountedTests {
    @Test func countsSayTheirNounAndGroupTheirDigitsInThrees() {
        #expect(Counted.text(1) == "1 photo")
        #expect(Counted.text(0) == "0 photos")
        #expect(Counted.text(999, "edit") == "999 edits")
        #expect(Counted.text(1000) == "1,000 photos")
        #expect(Counted.text(250_000) == "250,000 photos")
        #expect(Counted.text(1_000_000, "video") == "1,000,000 videos")
        #expect(Counted.grouped(-12345) == "-12,345")
    }
}
