/// Groups 64-bit perceptual hashes that lie within `threshold` bits of each other, as connected
/// components (A near B and B near C put all three in one group), without comparing every pair.
///
/// Multi-index hashing (Norouzi et al.): the 64 bits are cut into 4 chunks of 16. Two hashes at
/// most `threshold` bits apart differ in at most ⌊threshold/4⌋ bits in at least one chunk
/// (pigeonhole), so for each chunk the hashes are bucketed by that chunk's value (a counting
/// sort: 65,536 buckets), and every bucket is compared only with the buckets whose value is
/// within ⌊threshold/4⌋ bits of its own. The comparison goes bucket against bucket over
/// contiguous arrays (not hash by hash through scattered lookups), which keeps a million hashes
/// to a few seconds. Pairs found are joined with a union-find.
///
/// Thresholds up to 7 compare one-bit neighbour buckets (17 per bucket); 8–11 two-bit ones (137).
///
/// Crops: with each hash's five crop hashes (`CropHashes`), a hash within `threshold` of
/// another photo's crop hash joins the two as well (a copy cropped by 5% is near the
/// original's crop of the same region), when the copy is the size such a crop is (`sizes`,
/// `mayBeCrop`: each side 80–99.5% of the other's). Burst shots and bracketed exposures, where
/// the camera moved a little between frames, look like crops of each other to the hash, but come
/// out of one camera at one size (and their resized copies are far smaller), so they stay apart.
/// The crop hashes are bucketed the same way, and each crop bucket is compared with the hash
/// buckets at most ⌊threshold/4⌋ bits from it.
public struct LookAlikeIndex: Sendable {
    public let hashes: [UInt64]
    /// Each hash's crop hashes (five a hash, in order), or empty.
    public let cropHashes: [UInt64]
    /// Each hash's photo's pixel size as shown (upright), or empty (then any two may be crops).
    public let sizes: [Size]

    /// A photo's pixel size as shown.
    public struct Size: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { (self.width, self.height) = (width, height) }
    }

    /// Whether a photo of size `copy` can be a light crop of one of size `original`: each side
    /// 80–99.5% of the original's (a 5% crop is 95%).
    @inline(__always)
    public static func mayBeCrop(_ copy: Size, of original: Size) -> Bool {
        copy.width * 1000 >= original.width * 800 && copy.width * 1000 <= original.width * 995
            && copy.height * 1000 >= original.height * 800 && copy.height * 1000 <= original.height * 995
    }
    public let threshold: Int

    static let chunks = 4
    static let chunkBits = 16

    public init(hashes: [UInt64], crops: [CropHashes] = [], sizes: [Size] = [], threshold: Int) {
        precondition(threshold >= 0 && threshold < 16, "look-alike thresholds are small (0–15 bits)")
        precondition(crops.isEmpty || crops.count == hashes.count)
        precondition(sizes.isEmpty || sizes.count == hashes.count)
        (self.hashes, self.sizes, self.threshold) = (hashes, sizes, threshold)
        var cropHashes: [UInt64] = []
        cropHashes.reserveCapacity(crops.count * 5)
        for crop in crops {
            cropHashes += [crop.topLeft, crop.topRight, crop.bottomLeft, crop.bottomRight, crop.centre]
        }
        self.cropHashes = cropHashes
    }

    /// The groups of two or more hashes (as indices into `hashes`, ascending; groups ordered by
    /// their first index). Every hash within `threshold` of another is in the same group.
    public func groups() -> [[Int]] {
        var components = UnionFind(count: hashes.count)
        let radius = threshold / Self.chunks
        let masks = Self.masks(upTo: radius)
        for chunk in 0..<Self.chunks {
            let buckets = Buckets(hashes, chunk: chunk)
            joinPairs(buckets, masks: masks, into: &components)
            if !cropHashes.isEmpty {
                joinCrops(Buckets(cropHashes, chunk: chunk), to: buckets, masks: [0] + masks, into: &components)
            }
        }
        return components.groups()
    }

    /// Hashes bucketed by the value of one 16-bit chunk (a counting sort): `starts[b]..<starts[b+1]`
    /// are bucket b's hashes in `sorted`, and `indices` says where each came from.
    struct Buckets {
        var starts: [Int32]
        var sorted: [UInt64]
        var indices: [Int32]

        init(_ hashes: [UInt64], chunk: Int) {
            let shift = UInt64(chunk * LookAlikeIndex.chunkBits)
            let bucketCount = 1 << LookAlikeIndex.chunkBits
            starts = [Int32](repeating: 0, count: bucketCount + 1)
            for hash in hashes { starts[Int((hash >> shift) & 0xFFFF) + 1] += 1 }
            for b in 0..<bucketCount { starts[b + 1] += starts[b] }
            var fill = starts
            sorted = [UInt64](repeating: 0, count: hashes.count)
            indices = [Int32](repeating: 0, count: hashes.count)
            for (i, hash) in hashes.enumerated() {
                let b = Int((hash >> shift) & 0xFFFF)
                let slot = Int(fill[b])
                fill[b] += 1
                sorted[slot] = hash
                indices[slot] = Int32(i)
            }
        }
    }

    /// Joins every hash to the photos whose crop hash is within `threshold` of it when it has
    /// a crop's size (`mayBeCrop`): each crop bucket against the hash buckets `masks` apart (0,
    /// the same value, included). Crop hashes of 0 (a flat crop) join nothing.
    private func joinCrops(_ crops: Buckets, to mains: Buckets, masks: [Int], into components: inout UnionFind) {
        let limit = threshold, sizes = self.sizes
        crops.sorted.withUnsafeBufferPointer { cropSorted in
        crops.indices.withUnsafeBufferPointer { cropIndices in
        crops.starts.withUnsafeBufferPointer { cropStarts in
        mains.sorted.withUnsafeBufferPointer { sorted in
        mains.indices.withUnsafeBufferPointer { indices in
        mains.starts.withUnsafeBufferPointer { starts in
            for b in 0..<(1 << Self.chunkBits) {
                let clo = Int(cropStarts[b]), chi = Int(cropStarts[b + 1])
                guard clo < chi else { continue }
                for mask in masks {
                    let other = b ^ mask
                    let lo = Int(starts[other]), hi = Int(starts[other + 1])
                    guard lo < hi else { continue }
                    for i in clo..<chi {
                        let crop = cropSorted[i]
                        guard crop != 0 else { continue }
                        let owner = Int(cropIndices[i]) / 5
                        for j in lo..<hi where (crop ^ sorted[j]).nonzeroBitCount <= limit {
                            let other = Int(indices[j])
                            if sizes.isEmpty || Self.mayBeCrop(sizes[other], of: sizes[owner]) { components.join(owner, other) }
                        }
                    }
                }
            }
        }}}}}}
    }

    /// All 16-bit masks with 1…`radius` bits set.
    static func masks(upTo radius: Int) -> [Int] {
        (1..<(1 << chunkBits)).filter { $0.nonzeroBitCount <= radius }
    }

    /// Joins every pair of hashes within `threshold` that shares a bucket or sits in buckets
    /// `masks` apart.
    private func joinPairs(_ buckets: Buckets, masks: [Int], into components: inout UnionFind) {
        let bucketCount = 1 << Self.chunkBits
        let limit = threshold
        buckets.sorted.withUnsafeBufferPointer { sorted in
            buckets.indices.withUnsafeBufferPointer { indices in
                buckets.starts.withUnsafeBufferPointer { starts in
                    for b in 0..<bucketCount {
                        let lo = Int(starts[b]), hi = Int(starts[b + 1])
                        guard lo < hi else { continue }
                        // Within the bucket: each pair once.
                        for i in lo..<hi {
                            for j in (i + 1)..<hi where (sorted[i] ^ sorted[j]).nonzeroBitCount <= limit {
                                components.join(Int(indices[i]), Int(indices[j]))
                            }
                        }
                        // Against each neighbour bucket with a higher value: each pair of buckets once.
                        for mask in masks {
                            let other = b ^ mask
                            guard other > b else { continue }
                            let olo = Int(starts[other]), ohi = Int(starts[other + 1])
                            guard olo < ohi else { continue }
                            for i in lo..<hi {
                                let hash = sorted[i]
                                for j in olo..<ohi where (hash ^ sorted[j]).nonzeroBitCount <= limit {
                                    components.join(Int(indices[i]), Int(indices[j]))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every pair compared, for tests and small sets: the groups `groups()` must give.
    public static func bruteForceGroups(_ hashes: [UInt64], crops: [CropHashes] = [], sizes: [Size] = [],
                                        threshold: Int) -> [[Int]] {
        var components = UnionFind(count: hashes.count)
        for i in hashes.indices {
            for j in (i + 1)..<hashes.count where PerceptualHash.distance(hashes[i], hashes[j]) <= threshold {
                components.join(i, j)
            }
        }
        for (owner, crop) in crops.enumerated() {
            for cropHash in crop.all where cropHash != 0 {
                for j in hashes.indices where PerceptualHash.distance(cropHash, hashes[j]) <= threshold
                    && (sizes.isEmpty || mayBeCrop(sizes[j], of: sizes[owner])) {
                    components.join(owner, j)
                }
            }
        }
        return components.groups()
    }
}

/// Disjoint sets over 0..<count, with path halving and union by size.
struct UnionFind {
    private var parent: [Int32]
    private var size: [Int32]

    init(count: Int) {
        parent = (0..<Int32(count)).map { $0 }
        size = [Int32](repeating: 1, count: count)
    }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while Int(parent[x]) != x {
            parent[x] = parent[Int(parent[x])]
            x = Int(parent[x])
        }
        return x
    }

    mutating func join(_ a: Int, _ b: Int) {
        var ra = find(a), rb = find(b)
        guard ra != rb else { return }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = Int32(ra)
        size[ra] += size[rb]
    }

    /// The sets of two or more, members ascending, ordered by their smallest member.
    mutating func groups() -> [[Int]] {
        var byRoot: [Int: Int] = [:]
        var groups: [[Int]] = []
        for i in 0..<parent.count where size[find(i)] > 1 {
            let root = find(i)
            if let g = byRoot[root] {
                groups[g].append(i)
            } else {
                byRoot[root] = groups.count
                groups.append([i])
            }
        }
        return groups
    }
}
