import Testing
@testable import Library

@Suite struct ContentHashTests {
    private func hash(_ text: String) -> UInt64 {
        Array(text.utf8).withUnsafeBytes { ContentHash.xxh64($0) }
    }

    @Test func matchesReferenceVectors() {
        #expect(hash("") == 0xEF46_DB37_51D8_E999)
        #expect(hash("a") == 0xD24E_C4F1_A98C_6E5B)
        #expect(hash("abc") == 0x44BC_2CF5_AD77_0999)
        #expect(hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
    }

    @Test func longInputsUseAllLanes() {
        let a = [UInt8](repeating: 7, count: 1000)
        var b = a
        b[999] = 8
        let ha = a.withUnsafeBytes { ContentHash.xxh64($0) }
        let hb = b.withUnsafeBytes { ContentHash.xxh64($0) }
        #expect(ha != hb)
        #expect(ContentHash.hex(ha).count == 16)
        #expect(ContentHash.hex(1) == "0000000000000001")
        #expect(ContentHash.photoID(0xEF46_DB37_51D8_E999) == "ef46db3751d8e99")
        #expect(ContentHash.photoID(0x10).count == 15)
    }
}
