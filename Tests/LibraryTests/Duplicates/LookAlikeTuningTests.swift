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
        // A candidate for crops (not built): each photo also keeps the hashes of its four corner
        // 95% crops and its centre one, and a photo's hash near another's crop hash is a look-alike.
        // How close different photos come that way (a corner crop copy is then 0–6 from its
        // original's matching crop hash, like a recompressed one):
        var cropPairs: [(Int, String)] = []
        var cropHashes: [(String, [UInt64])] = []
        for photo in LookAlikeFixture.realPhotos() where !LookAlikeFixture.nearlyBlank.contains(photo.name) {
            let image = photo.image, dx = image.width / 20, dy = image.height / 20
            let boxes = [(0, 0), (dx, 0), (0, dy), (dx, dy)].map { ($0.0, $0.1, image.width - dx, image.height - dy) }
                + [(dx / 2, dy / 2, image.width - dx, image.height - dy)]
            cropHashes.append((photo.name, try boxes.compactMap { box in
                LookAlikeFixture.importHash(try JPEGEncoder.encode(ImageTransform.cropped(image, x: box.0, y: box.1, width: box.2, height: box.3)),
                                           store: store)
            }))
        }
        for (name, hash) in originals {
            for (other, crops) in cropHashes where other != name {
                let closest = crops.map { PerceptualHash.distance(hash, $0) }.min() ?? 64
                cropPairs.append((closest, "\(name) ~ crops of \(other)"))
            }
        }
        cropPairs.sort { $0.0 < $1.0 }
        for pair in cropPairs.prefix(10) { print("different, against crop hashes \(pair.0): \(pair.1)") }
    }
}
