@testable import Library
import Testing

struct UTCOffsetTests {
    @Test(arguments: ["+00:00", "-00:00", "+02:00", "-03:30", "+05:45", "-12:00", "+14:00", "+12:59"])
    func realOffsetsPass(offset: String) {
        #expect(UTCOffset.problem(offset) == nil)
    }

    @Test(arguments: [
        ("+25:00", "+25:00: UTC offsets run from -12:00 to +14:00"),
        ("+99:59", "+99:59: UTC offsets run from -12:00 to +14:00"),
        ("+14:01", "+14:01: UTC offsets run from -12:00 to +14:00"),
        ("-12:30", "-12:30: UTC offsets run from -12:00 to +14:00"),
        ("+12:60", "+12:60: minutes run from 00 to 59"),
        ("+2", "+2 is not an offset like +02:00 or -03:30"),
    ])
    func impossibleOffsetsAreNamed(offset: String, message: String) {
        #expect(UTCOffset.problem(offset) == message)
    }

    @Test("write-back refuses an impossible offset before anything is written")
    func writeBackRefuses() {
        let changes = MetadataChanges(dateTaken: "2004:12:25 18:30:00", utcOffset: "+25:00")
        #expect(changes.problem() == "time-zone offset +25:00: UTC offsets run from -12:00 to +14:00")
    }
}
