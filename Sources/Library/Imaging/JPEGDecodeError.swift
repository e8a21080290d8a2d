/// Why a JPEG could not be read or decoded. `description` is the human reason.
public enum JPEGDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the JPEG SOI marker (the first bytes are given).
    case notJPEG(firstBytes: [UInt8])
    /// The header passed but says the width or height is 0 (tables-only files, fuzz cases).
    case zeroSize
    /// The header claims more pixels than we are willing to allocate for.
    case tooLarge(width: Int, height: Int)
    /// turbojpeg 2.1 could not classify the chroma layout and libjpeg could not decode it either.
    case unsupportedSubsampling(String)
    /// The colour space is one we cannot turn into RGB.
    case unsupportedColorspace(String)
    /// libjpeg gave up on the data; the turbojpeg message is kept.
    case corrupt(String)
    /// An embedded thumbnail's byte range lies outside the file.
    case thumbnailOutOfBounds(Range<Int>, fileSize: Int)
    /// turbojpeg could not even create a decompressor (out of memory).
    case decoderUnavailable

    public var description: String {
        switch self {
        case .notJPEG(let bytes):
            if bytes.isEmpty { return "not a JPEG file (empty)" }
            let hex = bytes.map { "0x" + String($0, radix: 16, uppercase: false).leftPadded(2) }
            return "not a JPEG file (starts with \(hex.joined(separator: " ")))"
        case .zeroSize:
            return "image has zero size"
        case .tooLarge(let w, let h):
            return "image too large (\(w)×\(h) pixels)"
        case .unsupportedSubsampling(let message):
            return "unsupported chroma subsampling: \(message)"
        case .unsupportedColorspace(let message):
            return "unsupported colour space: \(message)"
        case .corrupt(let message):
            return "corrupt JPEG data: \(message)"
        case .thumbnailOutOfBounds(let range, let size):
            return "embedded thumbnail \(range.lowerBound)..<\(range.upperBound) lies outside the file (\(size) bytes)"
        case .decoderUnavailable:
            return "could not create a JPEG decoder"
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
