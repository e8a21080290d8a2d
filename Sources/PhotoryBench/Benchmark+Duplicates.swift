import Foundation
import Library

extension Benchmark {
    /// Figure: look-alike duplicates (issue 23): the perceptual hash's cost at import (from the
    /// thumbnail's pixels, already decoded) and grouping 100,000 and 1,000,000 hashes.
    func runDuplicates() {
        report.section("Look-alike duplicates (perceptual hash at import, grouping by Hamming distance)")
        let store = ThumbnailStore(folder: temp + "/duplicates-thumbnails")
        var perFile: [Double] = []
        for (n, source) in sources.enumerated() {
            let key = ThumbnailStore.Key(photoID: "bench-\(n)", fileSize: source.size, fileModified: 0)
            guard case let .thumbnail(image) = source.data.withUnsafeBytes({ store.make(key, from: $0, orientation: 1) })
            else { continue }
            var runs: [Double] = []
            for _ in 0..<Self.runsPerFile { runs.append(Measure.time { _ = PerceptualHash.compute(image) }) }
            perFile.append(Measure.median(runs))
        }
        if !perFile.isEmpty {
            report.row("perceptual hash of a thumbnail (extra per photo at import)", median: Measure.median(perFile),
                       worst: perFile.max(), unit: "ms", target: .below(1))
            report.note("\(perFile.count) photos, \(Self.runsPerFile) runs each, from the \(ThumbnailStore.maxSide)-pixel thumbnail the import makes anyway")
        }
        for count in [100_000, 1_000_000] {
            let hashes = Self.lookAlikeHashes(count: count)
            var samples: [Double] = []
            var groups = 0
            for _ in 0..<3 {
                samples.append(Measure.time {
                    groups = LookAlikeIndex(hashes: hashes, threshold: DuplicateFinder.nearThreshold).groups().count
                })
            }
            report.row("group \(count) hashes (threshold \(DuplicateFinder.nearThreshold) bits; \(groups) groups)",
                       median: Measure.median(samples), worst: samples.max(), unit: "ms",
                       target: count == 1_000_000 ? .below(5000) : nil)
        }
        report.note("random hashes, 5% of them copies of another with 0–6 bits flipped; 3 runs each")
    }

    /// `count` random hashes (the worst case for the index: real ones cluster less evenly but
    /// are as spread), one in twenty a near copy of an earlier one.
    static func lookAlikeHashes(count: Int) -> [UInt64] {
        var random = SeededRandom(seed: 23)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        for i in 0..<count {
            if i > 0, Int.random(in: 0..<20, using: &random) == 0 {
                var hash = hashes[Int.random(in: 0..<i, using: &random)]
                for _ in 0..<Int.random(in: 0...6, using: &random) { hash ^= 1 << UInt64.random(in: 0..<64, using: &random) }
                hashes.append(hash)
            } else {
                hashes.append(UInt64.random(in: 1...UInt64.max, using: &random))
            }
        }
        return hashes
    }
}
