import Foundation

/// XXH64 (xxHash, 64-bit) of a byte buffer or a file: the content fingerprint that identifies a photo.
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
        var state = Stream(seed: seed)
        let whole = bytes.count / 32 * 32
        state.consume(stripes: UnsafeRawBufferPointer(rebasing: bytes[0..<whole]))
        return state.finish(tail: UnsafeRawBufferPointer(rebasing: bytes[whole...]))
    }

    /// The 64-bit hash of an open file's first `size` bytes, read in chunks (a video of many
    /// gigabytes is hashed without being held in memory); nil when reading fails.
    public static func xxh64(fd: Int32, size: Int, seed: UInt64 = 0) -> UInt64? {
        let chunk = 4 << 20   // a multiple of the 32-byte stripe
        var buffer = [UInt8](repeating: 0, count: chunk)
        var state = Stream(seed: seed)
        var offset = 0
        return buffer.withUnsafeMutableBytes { buffer -> UInt64? in
            while true {
                var filled = 0
                while filled < chunk, offset + filled < size {
                    let n = pread(fd, buffer.baseAddress! + filled, min(chunk - filled, size - offset - filled),
                                  off_t(offset + filled))
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { return nil }
                    if n == 0 { break }
                    filled += n
                }
                offset += filled
                let read = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
                guard filled == chunk, offset < size else {
                    let whole = filled / 32 * 32
                    state.consume(stripes: UnsafeRawBufferPointer(rebasing: read[0..<whole]))
                    return state.finish(tail: UnsafeRawBufferPointer(rebasing: read[whole...]))
                }
                state.consume(stripes: read)
            }
        }
    }

    /// XXH64's running state: the four lanes over whole 32-byte stripes, then the tail.
    private struct Stream {
        var v1, v2, v3, v4: UInt64
        let seed: UInt64
        var total = 0

        init(seed: UInt64) {
            self.seed = seed
            (v1, v2, v3, v4) = (seed &+ ContentHash.p1 &+ ContentHash.p2, seed &+ ContentHash.p2, seed, seed &- ContentHash.p1)
        }

        /// Takes `bytes`, a whole number of stripes.
        mutating func consume(stripes bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset + 32 <= bytes.count {
                v1 = ContentHash.round(v1, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
                v2 = ContentHash.round(v2, base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian)
                v3 = ContentHash.round(v3, base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self).littleEndian)
                v4 = ContentHash.round(v4, base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self).littleEndian)
                offset += 32
            }
            total += offset
        }

        /// The hash, given the last bytes (fewer than a stripe).
        func finish(tail: UnsafeRawBufferPointer) -> UInt64 {
            var hash: UInt64
            if total >= 32 {
                hash = ContentHash.rotl(v1, 1) &+ ContentHash.rotl(v2, 7) &+ ContentHash.rotl(v3, 12) &+ ContentHash.rotl(v4, 18)
                hash = ContentHash.merge(hash, v1)
                hash = ContentHash.merge(hash, v2)
                hash = ContentHash.merge(hash, v3)
                hash = ContentHash.merge(hash, v4)
            } else {
                hash = seed &+ ContentHash.p5
            }
            hash = hash &+ UInt64(total + tail.count)
            return ContentHash.finish(hash, remaining: tail, from: 0)
        }
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
