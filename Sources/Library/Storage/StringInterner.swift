import Foundation

/// Hands out one `String` for equal texts read from a library file, so a million photos that
/// share a few hundred camera names, descriptions or feed addresses share their storage too
/// (and most texts cost a hash look-up instead of an allocation). Values are equal either way:
/// only memory changes. Not thread-safe: one per reading thread.
final class StringInterner {
    /// Texts this short are stored inside the `String` itself: nothing to share.
    static let inlineLength = 15
    /// Distinct texts kept: a file of all-different texts stops being looked up in after this.
    static let capacity = 4096

    private var byHash: [UInt64: [String]] = [:]
    private var kept = 0

    init() {}

    /// The string of these UTF-8 bytes (invalid bytes become U+FFFD, as `String(decoding:)`).
    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count > Self.inlineLength else { return String(decoding: bytes, as: UTF8.self) }
        let hash = ContentHash.xxh64(bytes)   // cheaper than a seeded Hasher for short texts
        if let candidates = byHash[hash] {
            for candidate in candidates where Self.bytes(of: candidate, equal: bytes) { return candidate }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if kept < Self.capacity, Self.bytes(of: text, equal: bytes) {   // not when repaired: it would never match
            byHash[hash, default: []].append(text)
            kept += 1
        }
        return text
    }

    private static func bytes(of text: String, equal bytes: UnsafeRawBufferPointer) -> Bool {
        text.utf8.count == bytes.count && text.utf8.withContiguousStorageIfAvailable {
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        } == true
    }
}
