import Testing
@testable import Library

@Suite struct TakenAtTests {
    @Test func exifDates() {
        #expect(TakenAt.fromEXIF("2024:05:01 14:03:22") == "2024-05-01T14:03:22")
        #expect(TakenAt.fromEXIF("2024:05:01 14:03:22", offset: "+02:00") == "2024-05-01T14:03:22+02:00")
        #expect(TakenAt.fromEXIF("2024:05:01 14:03:22", offset: "junk") == "2024-05-01T14:03:22")
    }

    @Test func rejectsBlankAndImpossibleDates() {
        #expect(TakenAt.fromEXIF(nil) == nil)
        #expect(TakenAt.fromEXIF("0000:00:00 00:00:00") == nil)
        #expect(TakenAt.fromEXIF("    :  :     :  :  ") == nil)
        #expect(TakenAt.fromEXIF("2024:13:01 10:00:00") == nil)
    }

    @Test func fileTimeCarriesAnOffset() {
        let text = TakenAt.fromFileTime(0)
        #expect(text.count == 25)
        #expect(text.dropFirst(19).first == "+" || text.dropFirst(19).first == "-")
    }
}
