/// The formats photory reads, and the one place that picks a format for a file's bytes.
public enum PhotoFormats {
    /// Every format, in the order they are tried: their signatures never overlap, but for
    /// classic TIFF headers, which `RAWFormat` takes first and hands over to `TIFFFormat` when
    /// the file is no camera's raw file (BigTIFF reaches `TIFFFormat` directly).
    public static let all: [any PhotoFormat] = [JPEGFormat(), HEIFFormat(), PNGFormat(), WebPFormat(), VideoFormat(), RAWFormat(),
                                                GIFFormat(), TIFFFormat()]

    /// How many leading bytes `format(of:)` looks at: enough for an ISO-BMFF `ftyp` box with
    /// its list of compatible brands, and for the sync bytes of a video transport stream.
    public static let sniffLength = VideoContainer.sniffLength

    /// Most pixels a full decode allocates for (400 MB of RGBA). Formats that cannot decode at
    /// a reduced size refuse larger images before decoding (an embedded preview still works).
    public static let maxDecodedPixels = 100_000_000

    /// The format of a file starting with `prefix`, or nil when no format recognises it.
    public static func format(of prefix: UnsafeRawBufferPointer) -> (any PhotoFormat)? {
        let head = UnsafeRawBufferPointer(rebasing: prefix.prefix(sniffLength))
        return all.first { $0.matches(head) }
    }

    /// "audio (WAV), not a photo" for a file we can name (see `NonPhotoFile`), else
    /// "unsupported format (starts with 0x47 0x49 0x46)": the outcome of a file no format knows.
    static func unknownFormatReason(_ prefix: UnsafeRawBufferPointer) -> String {
        if let known = NonPhotoFile.recognise(prefix) { return known.reason }
        let shown = prefix.prefix(4).map { byte in
            let hex = String(byte, radix: 16)
            return "0x" + (hex.count < 2 ? "0" + hex : hex)
        }
        return shown.isEmpty ? "unsupported format" : "unsupported format (starts with \(shown.joined(separator: " ")))"
    }
}
