import Testing
@testable import Library

@Suite struct UTCOffsetSecondsTests {
    @Test func readsOffsetsWithOptionalSeconds() {
        #expect(UTCOffset.seconds(parsing: "+02:00") == 7200)
        #expect(UTCOffset.seconds(parsing: "-03:30") == -12600)
        #expect(UTCOffset.seconds(parsing: "+05:45:30") == 20730)
        #expect(UTCOffset.seconds(parsing: "2:00") == 7200)
        #expect(UTCOffset.seconds(parsing: "Z") == 0)
        #expect(UTCOffset.seconds(parsing: "+15:00") == nil)
        #expect(UTCOffset.seconds(parsing: "+02:60") == nil)
        #expect(UTCOffset.seconds(parsing: "+-2:00") == nil)
        #expect(UTCOffset.seconds(parsing: "two") == nil)
    }
}
