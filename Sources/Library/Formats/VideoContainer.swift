/// The video containers photory reads, recognised by their first bytes (never by name): the
/// ISO/QuickTime family (MP4, MOV, M4V, 3GP; a leading `ftyp` box whose brands are not a
/// still image's, or an old QuickTime file starting with a `moov`/`mdat`/`wide` atom),
/// Matroska/WebM (EBML), AVI (RIFF) and MPEG transport streams (MTS/M2TS: a 0x47 sync byte
/// every 188 bytes, or every 192 behind a 4-byte timestamp).
///
/// FFmpeg has the last word: a file that only looks like one of these fails to open and gets
/// a "corrupt" outcome.
public enum VideoContainer: String, Sendable, Equatable, CaseIterable {
    case mp4 = "MP4"
    case quickTime = "QuickTime"
    case threeGP = "3GP"
    case matroska = "Matroska/WebM"
    case avi = "AVI"
    case mpegTS = "MPEG-TS"

    /// Bytes `sniff` needs to tell a transport stream by its sync bytes (four 192-byte packets).
    public static let sniffLength = 4 * 192 + 1

    /// Brands of `ftyp` boxes that are not videos: still images (HEIF, AVIF, JPEG 2000), image
    /// sequences, Canon's CR3 raw (`RAWFormat`) and audio-only files.
    static let notVideoBrands: Set<String> = HEIFFormat.stillBrands.union(
        ["msf1", "hevc", "avis", "crx ", "jp2 ", "jpx ", "jpm ", "M4A ", "M4B ", "M4P "])

    /// The container of a file starting with `prefix`, or nil.
    public static func sniff(_ prefix: UnsafeRawBufferPointer) -> VideoContainer? {
        let brands = HEIFFormat.brands(prefix)
        if let major = majorBrand(prefix) {
            guard brands.isDisjoint(with: notVideoBrands) else { return nil }
            if major == "qt  " { return .quickTime }
            return major.hasPrefix("3g") ? .threeGP : .mp4
        }
        if isQuickTimeAtom(prefix) { return .quickTime }
        if starts(prefix, [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if starts(prefix, Array("RIFF".utf8)), starts(prefix, Array("AVI ".utf8), at: 8) { return .avi }
        if isTransportStream(prefix) { return .mpegTS }
        return nil
    }

    /// The major brand of a leading `ftyp` box (one at least as long as its fixed fields).
    private static func majorBrand(_ p: UnsafeRawBufferPointer) -> String? {
        guard p.count >= 16, starts(p, Array("ftyp".utf8), at: 4) else { return nil }
        let size = Int(p[0]) << 24 | Int(p[1]) << 16 | Int(p[2]) << 8 | Int(p[3])
        guard size >= 16 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: p[8..<12]), as: UTF8.self)
    }

    /// A QuickTime file without `ftyp`: its first atom is one a movie starts with, with a
    /// plausible size (at least its own header; 1 means a 64-bit size follows).
    private static func isQuickTimeAtom(_ p: UnsafeRawBufferPointer) -> Bool {
        guard p.count >= 16 else { return false }
        let size = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
        guard size == 1 || size >= 8 else { return false }
        let leading = ["moov", "mdat", "wide", "pnot"]
        guard leading.contains(where: { starts(p, Array($0.utf8), at: 4) }) else { return false }
        // A `wide` or `pnot` atom is followed by another atom; `moov`/`mdat` stand on their own.
        return true
    }

    /// Three or more sync bytes at a fixed packet distance from the start.
    private static func isTransportStream(_ p: UnsafeRawBufferPointer) -> Bool {
        func synced(first: Int, every step: Int) -> Bool {
            let packets = (p.count - first + step - 1) / step
            guard packets >= 3 else { return false }
            return (0..<min(packets, 4)).allSatisfy { p[first + $0 * step] == 0x47 }
        }
        return synced(first: 0, every: 188) || synced(first: 4, every: 192)
    }

    private static func starts(_ p: UnsafeRawBufferPointer, _ signature: [UInt8], at offset: Int = 0) -> Bool {
        p.count >= offset + signature.count && signature.indices.allSatisfy { p[offset + $0] == signature[$0] }
    }
}
