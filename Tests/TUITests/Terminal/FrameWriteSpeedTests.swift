import Testing
@testable import TUI

/// Learning how fast frames reach the terminal, and whether a frame fits its slot.
@Suite struct FrameWriteSpeedTests {
    @Test func nothingKnownFitsAnything() {
        let speed = FrameWriteSpeed()
        #expect(speed.bytesPerSecond == nil)
        #expect(speed.fits(cells: 4_800, within: 0.03))
    }

    @Test func aFastTerminalFitsAndASlowLinkDoesNot() {
        var local = FrameWriteSpeed()
        local.record(bytes: 100_000, cells: 4_800, seconds: 0.002)    // 50 MB/s
        #expect(local.fits(cells: 4_800, within: 0.03))

        var ssh = FrameWriteSpeed()
        ssh.record(bytes: 100_000, cells: 4_800, seconds: 0.8)         // 125 kB/s: 1 Mbit/s
        #expect(ssh.bytesPerSecond == 125_000)
        #expect(!ssh.fits(cells: 4_800, within: 0.03))
        #expect(ssh.fits(cells: 100, within: 0.03), "a frame of a few cells still fits")
    }

    @Test func smallFramesSayNothingAboutTheLink() {
        var speed = FrameWriteSpeed()
        speed.record(bytes: 300, cells: 10, seconds: 0.05)   // a status line that waited for the scheduler
        #expect(speed.bytesPerSecond == nil)
        #expect(speed.fits(cells: 4_800, within: 0.03))
    }

    @Test func theCostOfACellIsLearnedFromLargeFrames() {
        var speed = FrameWriteSpeed()
        speed.record(bytes: 60 * 1_000, cells: 1_000, seconds: 0.001)
        #expect(speed.bytesPerCell == (24 + 60) / 2)
        speed.record(bytes: 600, cells: 10, seconds: 0.001)   // too few cells to tell
        #expect(speed.bytesPerCell == 42)
        // A photo's sixel (300 KB) drawn with its 200 cells costs the cells nothing more.
        speed.record(bytes: 300_000 + 200 * 42, cells: 200, seconds: 0.01, imageBytes: 300_000)
        #expect(speed.bytesPerCell == 42)
    }

    @Test func theSpeedIsTheLastFramesTogetherSoOneSlowFrameCounts() {
        var speed = FrameWriteSpeed()
        for _ in 0..<20 { speed.record(bytes: 10_000, cells: 500, seconds: 0.001) }
        #expect(speed.samples.count == FrameWriteSpeed.samplesKept)
        #expect(speed.fits(cells: 4_800, within: 0.03))
        speed.record(bytes: 50_000, cells: 2_500, seconds: 1)   // the link filled up
        #expect(!speed.fits(cells: 4_800, within: 0.03))
    }
}
