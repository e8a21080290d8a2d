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
    typealias Hashes = (hash: UInt64, crops: CropHashes, size: Int64)

    /// How close two photos come as the index sees them: the least of hash to hash and, when
    /// their sizes differ, of either's hash to the other's crop hashes.
    static func closeness(_ a: Hashes, _ b: Hashes) -> Int {
        guard a.size != b.size else { return PerceptualHash.distance(a.hash, b.hash) }
        let crossings = a.crops.all.filter { $0 != 0 }.map { PerceptualHash.distance($0, b.hash) }
            + b.crops.all.filter { $0 != 0 }.map { PerceptualHash.distance($0, a.hash) }
        return ([PerceptualHash.distance(a.hash, b.hash)] + crossings).min()!
    }

    /// The same, as if every two photos differed in size (what the size rule keeps apart).
    static func closenessWithoutSizes(_ a: Hashes, _ b: Hashes) -> Int {
        closeness((a.hash, a.crops, 0), (b.hash, b.crops, 1))
    }

    @Test(.enabled(if: SharedPhotos.available, "needs /work/shared/photos")) func distancesOnRealPhotos() throws {
        let folder = TemporaryFolder("phash-tuning")
        let store = ThumbnailStore(folder: folder.path)
        var originals: [(String, Hashes)] = []
        var copyDistances: [String: [Int]] = [:], plainDistances: [String: [Int]] = [:]
        var farCopies: [String] = []
        for photo in LookAlikeFixture.realPhotos() where !LookAlikeFixture.nearlyBlank.contains(photo.name) {
            guard let original = LookAlikeFixture.importHashes(photo.bytes, store: store) else { continue }
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
                pairsWithoutSizes.append((Self.closenessWithoutSizes(originals[i].1, originals[j].1), "\(originals[i].0) ~ \(originals[j].0)"))
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
        #expect(farCopies.isEmpty, "every copy within \(DuplicateFinder.nearThreshold) bits")
        #expect((pairs.first?.0 ?? 64) > DuplicateFinder.nearThreshold, "different photos beyond \(DuplicateFinder.nearThreshold) bits")
    }
}
