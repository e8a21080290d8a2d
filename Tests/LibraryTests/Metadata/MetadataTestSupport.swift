import Fixtures
import Foundation
@testable import Library

/// Reads metadata from an in-memory file.
func readMetadata(_ data: Data) -> Metadata {
    data.withUnsafeBytes { MetadataReader.read($0) }
}

/// Whether the walk met a frame header (SOFn) before the scan.
func sawFrame(_ m: Metadata) -> Bool {
    !m.warnings.contains { $0.contains("no frame header") }
}

/// A JPEG with `segments` inserted after SOI (each as marker + payload).
func jpegWith(_ segments: [(marker: UInt8, payload: Data)], width: Int = 32, height: Int = 24) -> Data {
    JPEGFixture.inserting(segments: segments, into: JPEGFixture.encode(width: width, height: height))
}
