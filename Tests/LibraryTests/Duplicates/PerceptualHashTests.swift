import Fixtures
import Foundation
@testable import Library
import Testing

/// Look-alike copies land within the threshold, different pictures beyond it: synthetic pictures
/// always, the real sample photos when /work/shared/photos is there.
@Suite struct PerceptualHashTests {
    let threshold = DuplicateFinder.nearThreshold

    @Test func syntheticCopiesStayClose() throws {
        let folder = TemporaryFolder("phash")
        let store = ThumbnailStore(folder: folder.path)
        for seed in UInt64(1)...6 {
            let image = LookAlikeFixture.synthetic(seed: seed)
            let original = try #require(LookAlikeFixture.importHash(try JPEGEncoder.encode(image, quality: 92), store: store))
            for copy in try LookAlikeFixture.copies(of: image) {
                let hash = try #require(LookAlikeFixture.importHash(copy.jpeg, store: store))
                #expect(PerceptualHash.distance(original, hash) <= threshold, "seed \(seed): \(copy.name)")
            }
        }
    }

    @Test func differentSyntheticPicturesStayApart() throws {
        let hashes = (UInt64(1)...12).compactMap { PerceptualHash.compute(LookAlikeFixture.synthetic(seed: $0)) }
        #expect(hashes.count == 12)
        for i in hashes.indices {
            for j in (i + 1)..<hashes.count {
                #expect(PerceptualHash.distance(hashes[i], hashes[j]) > threshold, "seeds \(i + 1) and \(j + 1)")
            }
        }
    }

    @Test func flatAndEmptyPicturesHaveNoHash() {
        let grey = DecodedImage(width: 64, height: 48, pixels: [UInt8](repeating: 128, count: 64 * 48 * 4))
        #expect(PerceptualHash.compute(grey) == nil)
        #expect(PerceptualHash.compute(DecodedImage(width: 0, height: 0, pixels: [])) == nil)
        // A flat photo is remembered as such: not one "still to be hashed" for ever after.
        var photo = DuplicateFinderTests.photo("grey", 64, 48)
        photo.setLookAlikeHashes(from: grey)
        #expect(photo.perceptualHash == 0 && photo.cropHashes == .flat)
        #expect(LookAlikeHashes.missing(in: PhotoLibrary(photos: [photo])).isEmpty)
        photo.setLookAlikeHashes(from: nil)   // no thumbnail: still to be hashed
        #expect(LookAlikeHashes.missing(in: PhotoLibrary(photos: [photo])).map(\.id) == ["grey"])
    }

    /// Pictures smaller than the 32×32 reduction still hash (their cells repeat pixels), and
    /// two different ones apart.
    @Test func tinyPicturesHash() throws {
        let one = try #require(PerceptualHash.compute(ImageTransform.resized(LookAlikeFixture.synthetic(seed: 3), toFit: 24, 18)))
        let other = try #require(PerceptualHash.compute(ImageTransform.resized(LookAlikeFixture.synthetic(seed: 4), toFit: 24, 18)))
        #expect(PerceptualHash.distance(one, other) > threshold)
    }

    @Test func hexRoundTrips() {
        #expect(PerceptualHash.hex(0x1F) == "000000000000001f")
        #expect(PerceptualHash.parse(hex: "000000000000001f") == 0x1F)
        #expect(PerceptualHash.parse(hex: "xyz") == nil)
    }

    @Test(.enabled(if: SharedPhotos.available, "needs /work/shared/photos")) func realCopiesGroupAndDifferentPhotosDoNot() throws {
        let folder = TemporaryFolder("phash-real")
        let store = ThumbnailStore(folder: folder.path)
        let photos = LookAlikeFixture.realPhotos().filter { !LookAlikeFixture.nearlyBlank.contains($0.name) }
        #expect(photos.count >= 10)
        var hashes: [UInt64] = [], crops: [CropHashes] = [], sizes: [LookAlikeIndex.Size] = [], owners: [Int] = []
        for (n, photo) in photos.enumerated() {
            guard let original = LookAlikeFixture.originalHashes(photo, store: store) else { continue }
            hashes.append(original.hash)
            crops.append(original.crops)
            sizes.append(original.size)
            owners.append(n)
            for copy in try LookAlikeFixture.copies(of: photo.image) + LookAlikeFixture.crops(of: photo.image) {
                let made = try #require(LookAlikeFixture.importHashes(copy.jpeg, store: store), "\(photo.name) \(copy.name)")
                hashes.append(made.hash)
                crops.append(made.crops)
                sizes.append(made.size)
                owners.append(n)
            }
        }
        let groups = LookAlikeIndex(hashes: hashes, crops: crops, sizes: sizes, threshold: threshold).groups()
        #expect(groups == LookAlikeIndex.bruteForceGroups(hashes, crops: crops, sizes: sizes, threshold: threshold))
        // Every photo with its copies is exactly one group: nothing left out, no two photos merged
        // (but for the pairs of files that are one picture).
        let names = { (group: [Int]) in Set(group.map { photos[owners[$0]].name }) }
        var expected = Dictionary(grouping: owners.indices, by: { owners[$0] }).values.map(names)
        for pair in LookAlikeFixture.samePicture.union(LookAlikeFixture.framesLikeCrops) where pair.isSubset(of: Set(photos.map(\.name))) {
            expected = expected.filter { $0.isDisjoint(with: pair) } + [pair]
        }
        let sortedNames = { (sets: [Set<String>]) in sets.map { $0.sorted() }.sorted { $0[0] < $1[0] } }
        #expect(sortedNames(groups.map(names)) == sortedNames(expected))
        #expect(groups.map(\.count).reduce(0, +) == hashes.count, "every copy is grouped with its photo")
    }
}
