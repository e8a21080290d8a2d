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
            let (hashes, crops, sizes) = Self.lookAlikeHashes(count: count)
            var samples: [Double] = [], cpu: [Double] = []
            var groups = 0
            for _ in 0..<3 {
                let cpuBefore = Self.processCPUSeconds()
                samples.append(Measure.time {
                    groups = LookAlikeIndex(hashes: hashes, crops: crops, sizes: sizes,
                                            threshold: DuplicateFinder.nearThreshold).groups().count
                })
                cpu.append((Self.processCPUSeconds() - cpuBefore) * 1000)
            }
            report.row("group \(count) hashes and their 5 crop hashes each (threshold \(DuplicateFinder.nearThreshold) bits; \(groups) groups)",
                       median: Measure.median(samples), worst: samples.max(), unit: "ms",
                       target: count == 1_000_000 ? .below(5000) : nil)
            report.row("  the same, CPU time of the process (all its threads)", median: Measure.median(cpu), worst: cpu.max(), unit: "ms")
        }
        report.note("random hashes, each with five crop hashes 6–24 bits from it; 5% copies of another's hash (same size or half) or crop hash (95% of its size) with 0–6 bits flipped; sizes: 85% ten common camera sizes (several a crop's size of another, 4000×3000 of 4032×3024), 15% random 400–8000 a side; 3 runs each; the index's four chunks on \(min(4, ProcessInfo.processInfo.activeProcessorCount)) threads at once (wall time: the other programs' turns too)")
    }

    /// Ten common camera and phone sizes, both ways up: several are each other's crop size
    /// (4000×3000 is 99.2% of 4032×3024), so their photos' crop hashes are all compared.
    static let cameraSizes: [LookAlikeIndex.Size] = [(4032, 3024), (4000, 3000), (6000, 4000), (5472, 3648), (4608, 3456)]
        .flatMap { [LookAlikeIndex.Size(width: $0.0, height: $0.1), LookAlikeIndex.Size(width: $0.1, height: $0.0)] }

    /// `count` random hashes (the worst case for the index: real ones cluster less evenly but
    /// are as spread), each with five crop hashes 6–24 bits from it (as real ones are), one in
    /// twenty a near copy of an earlier photo's hash (the same size or half) or of one of its
    /// crop hashes (95% of its size); sizes mostly common camera sizes, some random.
    static func lookAlikeHashes(count: Int) -> (hashes: [UInt64], crops: [CropHashes], sizes: [LookAlikeIndex.Size]) {
        var random = SeededRandom(seed: 23)
        var hashes: [UInt64] = [], crops: [CropHashes] = [], sizes: [LookAlikeIndex.Size] = []
        hashes.reserveCapacity(count)
        crops.reserveCapacity(count)
        sizes.reserveCapacity(count)
        func flipped(_ hash: UInt64, _ bits: ClosedRange<Int>) -> UInt64 {
            var hash = hash
            for _ in 0..<Int.random(in: bits, using: &random) { hash ^= 1 << UInt64.random(in: 0..<64, using: &random) }
            return hash
        }
        func scaled(_ size: LookAlikeIndex.Size, _ percent: Int) -> LookAlikeIndex.Size {
            .init(width: size.width * percent / 100, height: size.height * percent / 100)
        }
        for i in 0..<count {
            let hash: UInt64
            let size: LookAlikeIndex.Size
            if i > 0, Int.random(in: 0..<20, using: &random) == 0 {
                let earlier = Int.random(in: 0..<i, using: &random)
                let region = Int.random(in: 0...5, using: &random)
                hash = flipped(region == 0 ? hashes[earlier] : crops[earlier].all[region - 1], 0...6)
                size = region == 0 ? scaled(sizes[earlier], Bool.random(using: &random) ? 100 : 50) : scaled(sizes[earlier], 95)
            } else {
                hash = UInt64.random(in: 1...UInt64.max, using: &random)
                size = Int.random(in: 0..<100, using: &random) < 85
                    ? cameraSizes.randomElement(using: &random)!
                    : .init(width: Int.random(in: 400...8000, using: &random), height: Int.random(in: 400...8000, using: &random))
            }
            hashes.append(hash)
            sizes.append(size)
            crops.append(CropHashes((0..<5).map { _ in flipped(hash, 6...24) }))
        }
        return (hashes, crops, sizes)
    }
}
