import Foundation

/// Pixels for a preview of at least a given size, made the cheapest way that gives them:
/// the EXIF-embedded thumbnail when it is big enough and has the photo's shape, otherwise a
/// DCT-scaled decode of the photo (never full size unless the photo is small). Orientation is
/// applied.
public enum PreviewImage {
    /// Why a preview could not be made, in a few words for a placeholder.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Loads `path` and returns pixels covering `minWidth`×`minHeight` display pixels.
    public static func load(path: String, minWidth: Int, minHeight: Int, orientation: Int) throws(Failure) -> DecodedImage {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw Failure(error.isMissing ? "file missing" : "cannot read the file: \(error)")
        }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(Failure) in
                try make(from: raw, minWidth: minWidth, minHeight: minHeight, orientation: orientation)
            }
        }
        return try result.get()
    }

    /// The same from bytes already in memory (the importer has them).
    ///
    /// With `fitting`, `minWidth`×`minHeight` is a box: the pixels must cover the photo scaled
    /// to fit inside it (a 4:3 photo in a 160×160 box needs 160×120).
    public static func make(from raw: UnsafeRawBufferPointer, minWidth: Int, minHeight: Int,
                            orientation: Int, fitting: Bool = false) throws(Failure) -> DecodedImage {
        do {
            let header = try JPEGDecoder.header(raw)
            let storedMin = storedTarget(header, minWidth: minWidth, minHeight: minHeight,
                                         orientation: orientation, fitting: fitting)
            if let thumbnail = usableThumbnail(raw, header: header, storedMin: storedMin),
               let image = try? EmbeddedThumbnail.decode(raw, range: thumbnail, atLeast: storedMin.0, storedMin.1,
                                                         orientation: orientation, fast: true) {
                return image
            }
            return try JPEGDecoder.decode(raw, atLeast: storedMin.0, storedMin.1, orientation: orientation, fast: true)
        } catch {
            throw Failure(shortReason(error))
        }
    }

    /// The byte range of the embedded thumbnail `make` would use for the same arguments, or nil
    /// when it would decode the photo itself (no thumbnail, too small, or another shape).
    public static func usableEmbeddedThumbnail(in raw: UnsafeRawBufferPointer, minWidth: Int, minHeight: Int,
                                               orientation: Int, fitting: Bool = false) -> Range<Int>? {
        guard let header = try? JPEGDecoder.header(raw) else { return nil }
        return usableThumbnail(raw, header: header, storedMin: storedTarget(
            header, minWidth: minWidth, minHeight: minHeight, orientation: orientation, fitting: fitting))
    }

    /// The pixels needed, in stored (unrotated) pixels: targets are given in display pixels,
    /// and with `fitting` they are a box the photo is fitted into.
    private static func storedTarget(_ header: JPEGHeader, minWidth: Int, minHeight: Int,
                                     orientation: Int, fitting: Bool) -> (Int, Int) {
        let swaps = (5...8).contains(orientation)
        var target = (minWidth, minHeight)
        if fitting {
            let display = swaps ? (header.height, header.width) : (header.width, header.height)
            let fitted = ImageTransform.fittedSize(width: display.0, height: display.1, toFit: minWidth, minHeight)
            target = (fitted.width, fitted.height)
        }
        return swaps ? (target.1, target.0) : target
    }

    /// Big enough (in stored pixels) and the photo's shape.
    private static func usableThumbnail(_ raw: UnsafeRawBufferPointer, header: JPEGHeader,
                                        storedMin: (Int, Int)) -> Range<Int>? {
        guard let thumbnail = MetadataReader.read(raw).embeddedThumbnail,
              let small = try? EmbeddedThumbnail.header(raw, range: thumbnail),
              small.width >= storedMin.0, small.height >= storedMin.1,
              sameShape(small.width, small.height, header.width, header.height) else { return nil }
        return thumbnail
    }

    /// Thumbnails padded with black bars (a 160×120 thumbnail of a 16:9 photo) are not used.
    static func sameShape(_ w1: Int, _ h1: Int, _ w2: Int, _ h2: Int) -> Bool {
        guard w1 > 0, h1 > 0, w2 > 0, h2 > 0 else { return false }
        let a = Double(w1) / Double(h1), b = Double(w2) / Double(h2)
        return abs(a - b) / b < 0.03
    }

    static func shortReason(_ error: JPEGDecodeError) -> String {
        switch error {
        case .notJPEG: "not a JPEG"
        case .zeroSize: "no image data"
        case let .tooLarge(w, h): "too large (\(w)×\(h))"
        case .unsupportedSubsampling: "unsupported chroma layout"
        case .unsupportedColorspace: "unsupported colours"
        case .corrupt: "cannot decode: corrupt data"
        case .thumbnailOutOfBounds: "bad thumbnail"
        case .decoderUnavailable: "out of memory"
        }
    }
}
