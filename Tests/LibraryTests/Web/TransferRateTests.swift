import Testing
@testable import Library

@Suite struct TransferRateTests {
    @Test func aSteadyTransferShowsItsSpeed() {
        var rate = TransferRate()
        rate.add(bytes: 0, at: 10)
        #expect(rate.bytesPerSecond == nil && rate.text == "0 B")
        for second in 1...20 { rate.add(bytes: Int64(second) * 1_200_000, at: 10 + Double(second)) }
        #expect(rate.text == "24 MB · 1.2 MB/s")
    }

    @Test func aBurstIsSmoothed() {
        var rate = TransferRate(smoothing: 2)
        rate.add(bytes: 0, at: 0)
        rate.add(bytes: 1_000_000, at: 1)   // 1 MB/s
        rate.add(bytes: 1_000_000, at: 1.1) // a stall of a tenth of a second
        let speed = rate.bytesPerSecond ?? 0
        #expect(speed > 900_000 && speed < 1_000_000)
        // Many samples in no time at all change nothing but the count.
        rate.add(bytes: 1_500_000, at: 1.1)
        #expect(rate.bytesPerSecond == speed && rate.bytes == 1_500_000)
    }

    @Test func aCountThatGoesDownStartsOver() {
        var rate = TransferRate()
        rate.add(bytes: 0, at: 0)
        rate.add(bytes: 5000, at: 1)
        rate.add(bytes: 100, at: 2)
        #expect(rate.bytesPerSecond == nil && rate.text == "100 B")
    }

    @Test func bytesInDecimalUnits() {
        #expect(TransferRate.format(bytes: 512) == "512 B")
        #expect(TransferRate.format(bytes: 3_400) == "3.4 kB")
        #expect(TransferRate.format(bytes: 3_400_000) == "3.4 MB")
        #expect(TransferRate.format(bytes: 12_345_678) == "12 MB")
        #expect(TransferRate.format(bytes: 999_999) == "1.0 MB")
        #expect(TransferRate.format(bytes: 1_500_000_000) == "1.5 GB")
    }
}
