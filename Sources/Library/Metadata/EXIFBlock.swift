/// Reads EXIF that a container stores as a block of its own (HEIF `Exif` items, PNG `eXIf`
/// chunks and ImageMagick's hex "Raw profile type exif", WebP `EXIF` chunks) with `EXIFReader`.
///
/// Real files differ in what comes before the TIFF header: HEIF's block starts with a 4-byte
/// big-endian offset to it (Apple writes `00000006` + "Exif\0\0", some encoders `00000000` +
/// `II`/`MM`), some files prefix "Exif\0\0", some have the bare TIFF stream. The TIFF header is
/// found, then "Exif\0\0" is put back in front because libexif 0.6.24 rejects bare TIFF.
enum EXIFBlock {
    /// The TIFF stream's start in `block`, or nil when there is none where containers put it.
    static func tiffStart(in block: UnsafeRawBufferPointer) -> Int? {
        func isTIFF(at i: Int) -> Bool {
            guard i >= 0, i + 8 <= block.count else { return false }
            return (block[i] == 0x49 && block[i + 1] == 0x49 && block[i + 2] == 0x2A && block[i + 3] == 0)
                || (block[i] == 0x4D && block[i + 1] == 0x4D && block[i + 2] == 0 && block[i + 3] == 0x2A)
        }
        if isTIFF(at: 0) { return 0 }
        if block.starts(with: EXIFReader.signature), isTIFF(at: EXIFReader.signature.count) {
            return EXIFReader.signature.count
        }
        if block.count >= 4 {
            let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
            if offset <= block.count, isTIFF(at: 4 + offset) { return 4 + offset }
        }
        // Anything else: a short look for the header (writers that pad or mislabel the offset).
        return (0..<min(block.count, 64)).first { isTIFF(at: $0) }
    }

    /// `block` as a JPEG's APP1 payload: "Exif\0\0" and the TIFF stream; nil without a TIFF header.
    static func payload(_ block: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let start = tiffStart(in: block) else { return nil }
        return EXIFReader.signature + Array(block[start...])
    }

    /// Fills the EXIF fields of `metadata` from `block`; notes a block without a TIFF header
    /// in `warnings`. The IFD1 thumbnail is not kept: its offset is inside the block, not the file.
    static func read(_ block: UnsafeRawBufferPointer, into metadata: inout Metadata) {
        guard let payload = payload(block) else {
            metadata.warnings.append("EXIF: block without a TIFF header, ignored")
            return
        }
        payload.withUnsafeBytes { raw in
            EXIFReader.read(payload: raw, payloadOffset: 0, file: raw, into: &metadata)
        }
        metadata.embeddedThumbnail = nil
    }
}
