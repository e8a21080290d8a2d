/// XXH64 (xxHash, 64-bit) of a byte buffer: the content fingerprint that identifies a photo.
///
/// Fast enough to hash every imported file in full (several GB/s in a release build), so
/// duplicates are found by content rather than by name or path.
public enum ContentHash {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The 64-bit hash of `bytes`.
    public static func xxh64(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return finish(seed &+ p5, remaining: bytes, from: 0) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = seed &+ p1 &+ p2
            var v2 = seed &+ p2
            var v3 = seed
            var v4 = seed &- p1
            let limit = count - 32
            while offset <= limit {
                v1 = round(v1, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                v2 = round(v2, base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
                v3 = round(v3, base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian)
                v4 = round(v4, base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian)
                offset += 32
            }
            hash = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ p5
        }
        hash = hash &+ UInt64(count)
        return finish(hash, remaining: bytes, from: offset)
    }

    /// The hash as 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A photo id: the top 60 bits of a content hash as 15 hex digits. Fifteen bytes is the
    /// most a Swift string holds without a heap allocation, so ids cost no memory traffic in
    /// the indexes and group lists of a large library; 60 bits keep collisions negligible
    /// (about 1 in 200 million for 100,000 photos).
    public static func photoID(_ hash: UInt64) -> String {
        let digits = String(hash >> 4, radix: 16)
        return String(repeating: "0", count: 15 - digits.count) + digits
    }

    /// Hex XXH64 of a string's UTF-8 bytes.
    public static func hex(of text: String) -> String {
        var text = text
        return text.withUTF8 { hex(xxh64(UnsafeRawBufferPointer($0))) }
    }

    // MARK: - Internals

    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always) private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always) private static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* p1 &+ p4
    }

    private static func finish(_ start: UInt64, remaining bytes: UnsafeRawBufferPointer, from start0: Int) -> UInt64 {
        var hash = start
        var offset = start0
        let count = bytes.count
        while offset + 8 <= count {
            let k = round(0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            hash = rotl(hash ^ k, 27) &* p1 &+ p4
            offset += 8
        }
        if offset + 4 <= count {
            hash ^= UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) &* p1
            hash = rotl(hash, 23) &* p2 &+ p3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(bytes[offset]) &* p5
            hash = rotl(hash, 11) &* p1
            offset += 1
        }
        hash ^= hash >> 33
        hash = hash &* p2
        hash ^= hash >> 29
        hash = hash &* p3
        hash ^= hash >> 32
        return hash
    }
}
