import Foundation

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
/// The four chunks are compared on as many threads as there are cores (up to four).
///
/// Crops: with each hash's five crop hashes (`CropHashes`), a hash within `threshold` of
/// another photo's crop hash joins the two as well (a copy cropped by 5% is near the
/// original's crop of the same region), when the copy is the size such a crop is (`sizes`,
/// `mayBeCrop`: each side 80–99.5% of the other's). Burst shots and bracketed exposures, where
/// the camera moved a little between frames, look like crops of each other to the hash, but come
/// out of one camera at one size (and their resized copies are far smaller), so they stay apart.
/// The size rule comes before any hash is compared (`CropSides`): only the crop hashes of photos
/// that have a photo of a crop's size, and only the hashes of photos of a crop's size, are
/// bucketed at all (in a library of a few camera sizes, few are), and within a pair of buckets
/// each crop hash meets only the hashes whose width fits (both sides in width order).
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
        mayBeCropSide(copy.width, of: original.width) && mayBeCropSide(copy.height, of: original.height)
    }

    /// One side of `mayBeCrop`: `copy` is 80–99.5% of `original`.
    @inline(__always)
    static func mayBeCropSide(_ copy: Int, of original: Int) -> Bool {
        copy * 1000 >= original * 800 && copy * 1000 <= original * 995
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
        // Without sizes every photo is 0×0, and 0×0 may be a crop of 0×0: any two may be crops.
        let sides = cropHashes.isEmpty ? nil
            : CropSides(hashes: hashes, cropHashes: cropHashes,
                        sizes: sizes.isEmpty ? Array(repeating: Size(width: 0, height: 0), count: hashes.count) : sizes)
        // The chunks are independent: each thread joins the pairs of its chunks in sets of its
        // own, merged at the end (one join a hash, however many pairs were found).
        let threads = max(1, min(Self.chunks, ProcessInfo.processInfo.activeProcessorCount))
        let joined = Locked<[UnionFind]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var own = UnionFind(count: hashes.count)
            for chunk in stride(from: thread, to: Self.chunks, by: threads) {
                joinPairs(Buckets(hashes, chunk: chunk), masks: masks, into: &own)
                if let sides { joinCrops(sides, chunk: chunk, masks: [0] + masks, into: &own) }
            }
            joined.withLock { $0.append(own) }
        }
        for var own in joined.withLock({ $0 }) {
            for i in hashes.indices { components.join(i, own.find(i)) }
        }
        return components.groups()
    }

    /// Hashes bucketed by the value of one 16-bit chunk (a counting sort, stable: a bucket keeps
    /// the hashes' order): `starts[b]..<starts[b+1]` are bucket b's hashes in `sorted`, and
    /// `indices` says where each came from.
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

        /// `values` (one for each hash bucketed) in the buckets' order.
        func gathered(_ values: [Int32]) -> [Int32] { indices.map { values[Int($0)] } }
    }

    /// Joins every photo of `sides` to the photos whose hash is within `threshold` of one of its
    /// crop hashes and whose size is a crop's (`mayBeCrop`): each crop bucket against the hash
    /// buckets `masks` apart (0, the same value, included). Both buckets are in width order, so
    /// a crop hash is compared only with the hashes whose width fits (a window moving up).
    private func joinCrops(_ sides: CropSides, chunk: Int, masks: [Int], into components: inout UnionFind) {
        let crops = Buckets(sides.cropHashes, chunk: chunk), copies = Buckets(sides.copyHashes, chunk: chunk)
        let cropWidths = crops.gathered(sides.cropOwnerWidths), copyWidths = copies.gathered(sides.copyWidths)
        let limit = threshold, sizes = sides.sizes
        crops.sorted.withUnsafeBufferPointer { cropSorted in
        crops.starts.withUnsafeBufferPointer { cropStarts in
        cropWidths.withUnsafeBufferPointer { cropWidths in
        copies.sorted.withUnsafeBufferPointer { sorted in
        copies.starts.withUnsafeBufferPointer { starts in
        copyWidths.withUnsafeBufferPointer { widths in
            for b in 0..<(1 << Self.chunkBits) {
                let clo = Int(cropStarts[b]), chi = Int(cropStarts[b + 1])
                guard clo < chi else { continue }
                for mask in masks {
                    let other = b ^ mask
                    let lo = Int(starts[other]), hi = Int(starts[other + 1])
                    guard lo < hi else { continue }
                    var from = lo, to = lo
                    for i in clo..<chi {
                        // The copies 80–99.5% as wide as this crop's photo: from..<to.
                        let width = Int(cropWidths[i])
                        while from < hi && Int(widths[from]) * 1000 < width * 800 { from += 1 }
                        if to < from { to = from }
                        while to < hi && Int(widths[to]) * 1000 <= width * 995 { to += 1 }
                        let crop = cropSorted[i]
                        for j in from..<to where (crop ^ sorted[j]).nonzeroBitCount <= limit {
                            let owner = Int(sides.cropOwners[Int(crops.indices[i])])
                            let copy = Int(sides.copies[Int(copies.indices[j])])
                            if Self.mayBeCrop(sizes[copy], of: sizes[owner]) { components.join(owner, copy) }
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
