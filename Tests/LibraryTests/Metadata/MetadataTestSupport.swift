import Fixtures
import Foundation
@testable import Library

/// Reads metadata from an in-memory file.
func readMetadata(_ data: Data) -> Metadata {
    data.withUnsafeBytes { MetadataReader.read($0) }
}

/// Deterministic pseudo-random numbers (SplitMix64) for reproducible fuzzing.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A JPEG with `segments` inserted after SOI (each as marker + payload).
func jpegWith(_ segments: [(marker: UInt8, payload: Data)], width: Int = 32, height: Int = 24) -> Data {
    JPEGFixture.inserting(segments: segments, into: JPEGFixture.encode(width: width, height: height))
}
