import Foundation
import Library
import PhotoryBench
import Testing

/// The benchmark's synthetic library is written and read back by the real store. Correctness
/// only: no timings are asserted here.
@Suite struct BenchmarkSmokeTests {
    @Test func syntheticLibraryOfAThousandPhotosLoads() throws {
        let folder = NSTemporaryDirectory() + "photory-bench-smoke-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = LibraryStore(path: folder + "/library.json")
        let library = SyntheticLibrary.make(count: 1_000)
        try store.save(library)
        let loaded = try store.load()

        #expect(loaded.photos.count == 1_000)
        #expect(Set(loaded.photos.map(\.id)).count == 1_000)
        #expect(loaded.photos == library.photos)
        #expect(loaded.groups.count > 100)
        #expect(loaded.groups.contains { $0.isOther })
        let withGPS = loaded.photos.filter { $0.gps != nil }.count
        #expect(withGPS > 300 && withGPS < 360)
        #expect(loaded.photos.allSatisfy { $0.path.hasPrefix("/") && $0.path.hasSuffix(".jpg") })
    }
}
