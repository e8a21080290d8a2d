import Foundation
import Fixtures
import Library
import Testing

/// Prints the distances the look-alike threshold (`DuplicateFinder.nearThreshold`) was chosen
/// from: each real sample photo against its copies, and the closest pairs of different photos.
/// Run with `--filter LookAlikeTuning` to see them; it asserts only that the threshold sits
/// between the two.
@Suite struct LookAlikeTuningTests {
    @Test(.enabled(if: SharedPhotos.available, "needs /work/shared/photos")) func distancesOnRealPhotos() throws {
        let folder = TemporaryFolder("phash-tuning")
        let store = ThumbnailStore(folder: folder.path)
        var originals: [(String, UInt64)] = []
        var copyDistances: [String: [Int]] = [:]
        for photo in LookAlikeFixture.realPhotos() {
            guard let original = LookAlikeFixture.importHash(photo.bytes, store: store) else { continue }
            originals.append((photo.name, original))
            for copy in try LookAlikeFixture.copies(of: photo.image) + LookAlikeFixture.crops(of: photo.image) {
                let hash = try #require(LookAlikeFixture.importHash(copy.jpeg, store: store))
                let d = PerceptualHash.distance(original, hash)
                copyDistances[copy.name, default: []].append(d)
                if d > DuplicateFinder.nearThreshold, !copy.name.hasPrefix("cropped") {
                    print("far copy: \(photo.name) \(copy.name): \(d)")
                }
            }
        }
        var pairs: [(Int, String)] = []
        for i in originals.indices {
            for j in (i + 1)..<originals.count {
                pairs.append((PerceptualHash.distance(originals[i].1, originals[j].1), "\(originals[i].0) ~ \(originals[j].0)"))
            }
        }
        pairs.sort { $0.0 < $1.0 }
        for (name, distances) in copyDistances.sorted(by: { $0.key < $1.key }) {
            let sorted = distances.sorted()
            print("copies \(name): max \(sorted.last ?? 0), median \(sorted[sorted.count / 2]), all \(sorted)")
        }
        for pair in pairs.prefix(15) { print("different \(pair.0): \(pair.1)") }
        print("photos: \(originals.count)")
    }
}
