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
public struct LookAlikeIndex: Sendable {
    public let hashes: [UInt64]
    public let threshold: Int

    static let chunks = 4
    static let chunkBits = 16

    public init(hashes: [UInt64], threshold: Int) {
        precondition(threshold >= 0 && threshold < 16, "look-alike thresholds are small (0–15 bits)")
        (self.hashes, self.threshold) = (hashes, threshold)
    }

    /// The groups of two or more hashes (as indices into `hashes`, ascending; groups ordered by
    /// their first index). Every hash within `threshold` of another is in the same group.
    public func groups() -> [[Int]] {
        var components = UnionFind(count: hashes.count)
        let radius = threshold / Self.chunks
        let masks = Self.masks(upTo: radius)
        for chunk in 0..<Self.chunks {
            joinPairs(chunk: chunk, masks: masks, into: &components)
        }
        return components.groups()
    }

    /// All 16-bit masks with 1…`radius` bits set.
    static func masks(upTo radius: Int) -> [Int] {
        (1..<(1 << chunkBits)).filter { $0.nonzeroBitCount <= radius }
    }

    /// Buckets the hashes by one chunk and joins every pair within `threshold` that shares a
    /// bucket or sits in buckets `masks` apart.
    private func joinPairs(chunk: Int, masks: [Int], into components: inout UnionFind) {
        let shift = UInt64(chunk * Self.chunkBits)
        let bucketCount = 1 << Self.chunkBits
        // Counting sort by the chunk's value: starts[b]..<starts[b+1] are bucket b's hashes.
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        for hash in hashes { starts[Int((hash >> shift) & 0xFFFF) + 1] += 1 }
        for b in 0..<bucketCount { starts[b + 1] += starts[b] }
        var fill = starts
        var sortedHashes = [UInt64](repeating: 0, count: hashes.count)
        var sortedIndices = [Int32](repeating: 0, count: hashes.count)
        for (i, hash) in hashes.enumerated() {
            let b = Int((hash >> shift) & 0xFFFF)
            let slot = Int(fill[b])
            fill[b] += 1
            sortedHashes[slot] = hash
            sortedIndices[slot] = Int32(i)
        }
        let limit = threshold
        sortedHashes.withUnsafeBufferPointer { sorted in
            sortedIndices.withUnsafeBufferPointer { indices in
                starts.withUnsafeBufferPointer { starts in
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
    public static func bruteForceGroups(_ hashes: [UInt64], threshold: Int) -> [[Int]] {
        var components = UnionFind(count: hashes.count)
        for i in hashes.indices {
            for j in (i + 1)..<hashes.count where PerceptualHash.distance(hashes[i], hashes[j]) <= threshold {
                components.join(i, j)
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
