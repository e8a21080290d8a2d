import Library
import Testing

/// The multi-index grouping against a pairwise reference on random hashes with planted near copies.
@Suite struct LookAlikeIndexTests {
    /// `count` random hashes, a third of them copies of an earlier one with up to `maxFlips` bits flipped.
    static func hashes(count: Int, maxFlips: Int, seed: UInt64) -> [UInt64] {
        var random = SeededRandom(seed: seed)
        var hashes: [UInt64] = []
        for i in 0..<count {
            if i > 0, Int.random(in: 0..<3, using: &random) == 0 {
                var hash = hashes[Int.random(in: 0..<i, using: &random)]
                for _ in 0..<Int.random(in: 0...maxFlips, using: &random) { hash ^= 1 << UInt64.random(in: 0..<64, using: &random) }
                hashes.append(hash)
            } else {
                hashes.append(UInt64.random(in: 1...UInt64.max, using: &random))
            }
        }
        return hashes
    }

    @Test(arguments: [0, 3, 7, 8, 10, 12])
    func groupsAsComparingEveryPair(threshold: Int) {
        let hashes = Self.hashes(count: 3000, maxFlips: threshold + 3, seed: UInt64(threshold) + 1)
        let expected = LookAlikeIndex.bruteForceGroups(hashes, threshold: threshold)
        #expect(LookAlikeIndex(hashes: hashes, threshold: threshold).groups() == expected)
        #expect(!expected.isEmpty)
    }

    /// Hashes that share no 16-bit chunk exactly but are within the threshold are still found.
    @Test func findsPairsDifferingInEveryChunk() {
        let a: UInt64 = 0x0123_4567_89AB_CDEF
        let b = a ^ 0x0003_0003_0001_0001   // 6 bits, at least one in each chunk
        #expect(LookAlikeIndex(hashes: [a, b], threshold: 6).groups() == [[0, 1]])
        #expect(LookAlikeIndex(hashes: [a, b], threshold: 5).groups() == [])
    }

    /// A chain a–b–c where a and c are too far apart is one group (connected components).
    @Test func chainsJoinIntoOneGroup() {
        let a: UInt64 = 0xFFFF_0000_FFFF_0000
        let b = a ^ 0b1111
        let c = b ^ 0b1111_0000
        let far: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
        #expect(LookAlikeIndex(hashes: [a, far, b, c], threshold: 4).groups() == [[0, 2, 3]])
    }

    @Test func emptyAndSingle() {
        #expect(LookAlikeIndex(hashes: [], threshold: 10).groups() == [])
        #expect(LookAlikeIndex(hashes: [42], threshold: 10).groups() == [])
        #expect(LookAlikeIndex(hashes: [42, 42], threshold: 0).groups() == [[0, 1]])
    }

    /// With crop hashes: a hash near another photo's crop hash joins them, found through the
    /// buckets as comparing every hash with every crop hash finds it; crop hashes of 0 join nothing.
    @Test(arguments: [3, 6, 8])
    func cropHashesGroupAsComparingEveryPair(threshold: Int) {
        var random = SeededRandom(seed: UInt64(threshold) + 100)
        var hashes: [UInt64] = [], crops: [CropHashes] = []
        func flipped(_ hash: UInt64, _ bits: Int) -> UInt64 {
            var hash = hash
            for _ in 0..<bits { hash ^= 1 << UInt64.random(in: 0..<64, using: &random) }
            return hash
        }
        for i in 0..<3000 {
            let hash = i > 0 && i % 4 == 0
                ? flipped(crops[Int.random(in: 0..<i, using: &random)].all.randomElement(using: &random)!, Int.random(in: 0...(threshold + 2), using: &random))
                : UInt64.random(in: 1...UInt64.max, using: &random)
            hashes.append(hash)
            crops.append(CropHashes((0..<5).map { n in n == 4 && i % 7 == 0 ? 0 : flipped(hash, 12) }))
        }
        let expected = LookAlikeIndex.bruteForceGroups(hashes, crops: crops, threshold: threshold)
        #expect(LookAlikeIndex(hashes: hashes, crops: crops, threshold: threshold).groups() == expected)
        #expect(expected.count > LookAlikeIndex.bruteForceGroups(hashes, threshold: threshold).count, "crops join more")
    }

    /// With sizes: the size rule applied before the hashes are compared (only photos with a
    /// partner of a crop's size bucketed, each crop hash meeting only copies whose width fits)
    /// finds what comparing every hash with every crop hash under the size rule finds. Sizes
    /// from a few camera sizes (4000×3000 has a crop's size of 4032×3024; 1920×1080 of none),
    /// random ones, and copies of 95%, 81%, 99%, 100% and 50%.
    @Test(arguments: [3, 6, 8])
    func cropHashesWithSizesGroupAsComparingEveryPair(threshold: Int) {
        var random = SeededRandom(seed: UInt64(threshold) + 200)
        let cameras = [(4032, 3024), (4000, 3000), (6000, 4000), (3000, 4000), (1920, 1080)]
            .map { LookAlikeIndex.Size(width: $0.0, height: $0.1) }
        var hashes: [UInt64] = [], crops: [CropHashes] = [], sizes: [LookAlikeIndex.Size] = []
        func flipped(_ hash: UInt64, _ bits: Int) -> UInt64 {
            var hash = hash
            for _ in 0..<bits { hash ^= 1 << UInt64.random(in: 0..<64, using: &random) }
            return hash
        }
        for i in 0..<3000 {
            var size = Int.random(in: 0..<5, using: &random) == 0
                ? LookAlikeIndex.Size(width: Int.random(in: 300...5000, using: &random), height: Int.random(in: 300...5000, using: &random))
                : cameras.randomElement(using: &random)!
            var hash = UInt64.random(in: 1...UInt64.max, using: &random)
            if i > 0, i % 3 == 0 {
                let earlier = Int.random(in: 0..<i, using: &random)
                hash = flipped(crops[earlier].all.randomElement(using: &random)!, Int.random(in: 0...(threshold + 2), using: &random))
                let percent = [95, 95, 100, 50, 81, 99].randomElement(using: &random)!
                size = .init(width: sizes[earlier].width * percent / 100, height: sizes[earlier].height * percent / 100)
            }
            hashes.append(hash)
            sizes.append(size)
            crops.append(CropHashes((0..<5).map { n in n == 4 && i % 7 == 0 ? 0 : flipped(hash, 12) }))
        }
        let expected = LookAlikeIndex.bruteForceGroups(hashes, crops: crops, sizes: sizes, threshold: threshold)
        #expect(LookAlikeIndex(hashes: hashes, crops: crops, sizes: sizes, threshold: threshold).groups() == expected)
        func grouped(_ groups: [[Int]]) -> Int { groups.reduce(0) { $0 + $1.count } }
        #expect(grouped(expected) > grouped(LookAlikeIndex.bruteForceGroups(hashes, threshold: threshold)), "crops join more")
        #expect(grouped(expected) < grouped(LookAlikeIndex.bruteForceGroups(hashes, crops: crops, threshold: threshold)), "sizes keep some apart")
    }

    /// A photo whose hash is its crop of another: one group, though the two hashes are far apart.
    @Test func aCropCopyJoinsItsOriginal() {
        let original: UInt64 = 0x0123_4567_89AB_CDEF
        let cropOfIt = original ^ 0xFFFF_0000_0000_FF00
        var crops = CropHashes()
        crops.bottomRight = cropOfIt
        let copy = cropOfIt ^ 0b101
        #expect(LookAlikeIndex(hashes: [original, copy], threshold: 6).groups() == [])
        #expect(LookAlikeIndex(hashes: [original, copy], crops: [crops, .none], threshold: 6).groups() == [[0, 1]])
        let size = LookAlikeIndex.Size(width: 4000, height: 3000)
        let cropSize = LookAlikeIndex.Size(width: 3800, height: 2850)
        #expect(LookAlikeIndex(hashes: [original, copy], crops: [crops, .none], sizes: [size, cropSize], threshold: 6).groups() == [[0, 1]])
        // Of one size (two frames of a burst, the camera moved a little), or far smaller (a
        // resized copy of the other frame): apart.
        for other in [size, LookAlikeIndex.Size(width: 2000, height: 1500)] {
            #expect(LookAlikeIndex(hashes: [original, copy], crops: [crops, .none], sizes: [size, other], threshold: 6).groups() == [])
            #expect(LookAlikeIndex.bruteForceGroups([original, copy], crops: [crops, .none], sizes: [size, other], threshold: 6) == [])
        }
    }
}
