import Foundation

/// Decodes the small JPEG that cameras embed in EXIF (IFD1), found by the metadata reader as a
/// byte range of the file (`Metadata.embeddedThumbnail`). Decoding it is ~10× cheaper than even
/// a 1/8-scale decode of the photo, so grid tiles prefer it when it is big enough.
public enum EmbeddedThumbnail {
    /// Decodes `file[range]` like `JPEGDecoder.decode`: at the smallest DCT scale still covering
    /// `minWidth`×`minHeight`, then applies the photo's EXIF `orientation` (thumbnails are
    /// stored the same way up as the main image).
    public static func decode(
        _ file: UnsafeRawBufferPointer, range: Range<Int>, atLeast minWidth: Int = 0, _ minHeight: Int = 0,
        orientation: Int = 1, fast: Bool = false
    ) throws(JPEGDecodeError) -> DecodedImage {
        guard range.lowerBound >= 0, range.upperBound <= file.count, !range.isEmpty else {
            throw .thumbnailOutOfBounds(range, fileSize: file.count)
        }
        let slice = UnsafeRawBufferPointer(rebasing: file[range])
        return try JPEGDecoder.decode(slice, atLeast: minWidth, minHeight,
                                      orientation: orientation, fast: fast)
    }

    public static func decode(
        _ file: Data, range: Range<Int>, atLeast minWidth: Int = 0, _ minHeight: Int = 0,
        orientation: Int = 1, fast: Bool = false
    ) throws(JPEGDecodeError) -> DecodedImage {
        try JPEGDecoder.withBytes(file) { bytes throws(JPEGDecodeError) in
            try decode(bytes, range: range, atLeast: minWidth, minHeight,
                       orientation: orientation, fast: fast)
        }
    }

    /// The thumbnail's header (its size), to decide whether it is big enough for a tile.
    public static func header(_ file: UnsafeRawBufferPointer, range: Range<Int>) throws(JPEGDecodeError) -> JPEGHeader {
        guard range.lowerBound >= 0, range.upperBound <= file.count, !range.isEmpty else {
            throw .thumbnailOutOfBounds(range, fileSize: file.count)
        }
        return try JPEGDecoder.header(UnsafeRawBufferPointer(rebasing: file[range]))
    }

    public static func header(_ file: Data, range: Range<Int>) throws(JPEGDecodeError) -> JPEGHeader {
        try JPEGDecoder.withBytes(file) { bytes throws(JPEGDecodeError) in try header(bytes, range: range) }
    }
}
